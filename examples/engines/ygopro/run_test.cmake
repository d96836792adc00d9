# One host test (tests.cmake): HOST, BATTLECHECK, SCRIPTS, SPECS, OUT.
file(REMOVE_RECURSE ${OUT})
execute_process(COMMAND ${HOST} --spec ${SPECS}/basic.toml --scripts ${SCRIPTS} --out ${OUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "host: ${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the host failed (exit ${rc})")
endif()
foreach(ext bin responses.txt cards.json)
  if(NOT EXISTS ${OUT}/basic-p000.${ext})
    message(FATAL_ERROR "no ${OUT}/basic-p000.${ext}")
  endif()
endforeach()
execute_process(COMMAND ${BATTLECHECK} verify-trace --from ygopro --cards ${OUT}/basic-p000.cards.json ${OUT}/basic-p000.bin
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "battlecheck: ${out}${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "battlecheck verify-trace --from ygopro does not hold on the recording (exit ${rc})")
endif()
# The same run again: refused without --force (exit 2), then overwritten with it.
execute_process(COMMAND ${HOST} --spec ${SPECS}/basic.toml --scripts ${SCRIPTS} --out ${OUT} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc EQUAL 2 OR NOT err MATCHES "exists already")
  message(FATAL_ERROR "an existing recording was not refused (exit ${rc}): ${err}")
endif()
execute_process(COMMAND ${HOST} --spec ${SPECS}/basic.toml --scripts ${SCRIPTS} --out ${OUT} --force RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--force did not overwrite (exit ${rc})")
endif()
# A bad spec: exit 2, naming the file, the line and the field.
execute_process(COMMAND ${HOST} --spec ${SPECS}/bad_passcode.toml --scripts ${SCRIPTS} --out ${OUT}
                RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc EQUAL 2 OR NOT err MATCHES "bad_passcode.toml:12: p1.monsters\\[0\\].code: unknown passcode 99999998")
  message(FATAL_ERROR "the bad spec was not refused as expected (exit ${rc}): ${err}")
endif()
