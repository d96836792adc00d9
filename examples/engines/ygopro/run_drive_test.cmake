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
