# Run at build time by tests/CMakeLists.txt (issue 29, check --emit-tests):
# emit the reproducers of a built-in mutant's counterexample into DIR, and a
# copy of its GoogleTest file whose ruleset is mr3 (the rule fixed), which
# must fail. The files in DIR change only when their text does, so an
# unchanged emission does not rebuild the tests.
# Usage: cmake -DBC_BINARY=... -DDIR=... -P emit.cmake
set(work "${DIR}/work")
file(REMOVE_RECURSE "${work}")
execute_process(COMMAND "${BC_BINARY}" check --mutant second-chain-at-damage-calculation --no-liveness --quiet
                        --out "${work}/cx" --emit-tests "${work}"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "battlecheck check --emit-tests: expected exit 1 (a violation), got ${rc}")
endif()
set(stem "default.second_chain_at_damage_calculation.one_chain_at_damage_calculation")
foreach(suffix _test.cpp .trace.jsonl .expected.json)
  if(NOT EXISTS "${work}/${stem}${suffix}")
    message(FATAL_ERROR "check --emit-tests did not write ${work}/${stem}${suffix}")
  endif()
  file(COPY_FILE "${work}/${stem}${suffix}" "${DIR}/${stem}${suffix}" ONLY_IF_DIFFERENT)
endforeach()
file(READ "${work}/${stem}_test.cpp" text)
string(REPLACE "{\"second-chain-at-damage-calculation\", \"mutant\"" "{\"mr3\", \"builtin\"" fixed "${text}")
if(fixed STREQUAL text)
  message(FATAL_ERROR "the emitted test does not name its ruleset as expected")
endif()
file(WRITE "${work}/fixed_test.cpp" "${fixed}")
file(COPY_FILE "${work}/fixed_test.cpp" "${DIR}/fixed_test.cpp" ONLY_IF_DIFFERENT)
