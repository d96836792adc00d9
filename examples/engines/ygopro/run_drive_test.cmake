# The serve-mode test (tests.cmake): HOST, BATTLECHECK, SCRIPTS, SPECS, OUT.
# The host prints the scenario the importer derives for basic.toml, then
# `battlecheck drive` explores every path to depth 8 in the real core side by
# side with the model, and must find them in agreement (exit 0).
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})
execute_process(COMMAND ${HOST} --print-scenario --spec ${SPECS}/basic.toml --scripts ${SCRIPTS}
                RESULT_VARIABLE rc OUTPUT_FILE ${OUT}/basic.scenario.json ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--print-scenario failed (exit ${rc}): ${err}")
endif()
execute_process(COMMAND ${BATTLECHECK} drive --engine "'${HOST}' --serve --spec '${SPECS}/basic.toml' --scripts '${SCRIPTS}'"
                        --scenario ${OUT}/basic.scenario.json --depth 8
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "battlecheck drive: ${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "battlecheck drive does not agree with the served core on basic.toml (exit ${rc})")
endif()

# --judge trace: the core chooses among its own offers and each run is judged
# as verify-trace judges a recording, on basic.toml and on three real-script
# specs (the cards file completed from the scripts first); all must hold.
function(judged spec)
  get_filename_component(stem ${spec} NAME_WE)
  set(w ${OUT}/judged-${stem})
  file(MAKE_DIRECTORY ${w})
  execute_process(COMMAND ${HOST} --spec ${SPECS}/${spec} --scripts ${SCRIPTS} --out ${w}/rec --max-paths 1 --quiet
                  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "recording ${spec} failed (exit ${rc}): ${err}")
  endif()
  file(GLOB cards ${w}/rec/*.cards.json)
  execute_process(COMMAND ${BATTLECHECK} ygopro cards --scripts ${SCRIPTS} --cards ${cards} -o ${w}/cards.json
                  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "battlecheck ygopro cards failed on ${spec} (exit ${rc}): ${err}")
  endif()
  set(serve "'${HOST}' --serve --spec '${SPECS}/${spec}' --scripts '${SCRIPTS}' --cards '${w}/cards.json'")
  execute_process(COMMAND ${HOST} --print-scenario --spec ${SPECS}/${spec} --scripts ${SCRIPTS} --cards ${w}/cards.json
                  RESULT_VARIABLE rc OUTPUT_FILE ${w}/scenario.json ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "--print-scenario failed on ${spec} (exit ${rc}): ${err}")
  endif()
  execute_process(COMMAND ${BATTLECHECK} drive --engine "${serve}" --scenario ${w}/scenario.json --depth 30
                          --judge trace --quiet
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  message(STATUS "battlecheck drive --judge trace on ${spec}: ${out}${err}")
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "a run of the served core on ${spec} does not hold as a trace (exit ${rc})")
  endif()
endfunction()
judged(basic.toml)
judged(real/kuriboh.toml)
judged(real/honest.toml)
# Scapegoat from the Start Step: the core asks where to place it before its
# tokens; the host once answered that prompt with the next response (MSG_RETRY).
judged(real/scapegoat.toml)
