# The host's tests (README.md, "Tests"): record a basic attack with real
# Normal Monsters and verify it with battlecheck's importer; refuse a bad
# spec. They run only when a core and its script tree are configured;
# otherwise CTest reports them skipped and says why.
foreach(engine fluoro edo)
  string(TOUPPER ${engine} upper)
  set(test ygopro_host_${engine}_basic)
  if(BC_YGOPRO_${upper}_DIR AND BC_YGOPRO_${upper}_SCRIPTS)
    if(BC_YGOPRO_BATTLECHECK)
      set(checker ${BC_YGOPRO_BATTLECHECK})
    else()
      set(checker $<TARGET_FILE:battlecheck>)
    endif()
    add_test(NAME ${test}
             COMMAND ${CMAKE_COMMAND} -DHOST=$<TARGET_FILE:bc-ygopro-host-${engine}> -DBATTLECHECK=${checker}
                     -DSCRIPTS=${BC_YGOPRO_${upper}_SCRIPTS} -DSPECS=${bc_host_dir}/specs
                     -DOUT=${CMAKE_CURRENT_BINARY_DIR}/host-test-${engine} -P ${bc_host_dir}/run_test.cmake)
    # Serve mode: battlecheck drive against the core, basic.toml, depth 8.
    add_test(NAME ygopro_host_${engine}_drive
             COMMAND ${CMAKE_COMMAND} -DHOST=$<TARGET_FILE:bc-ygopro-host-${engine}> -DBATTLECHECK=${checker}
                     -DSCRIPTS=${BC_YGOPRO_${upper}_SCRIPTS} -DSPECS=${bc_host_dir}/specs
                     -DOUT=${CMAKE_CURRENT_BINARY_DIR}/host-drive-${engine} -P ${bc_host_dir}/run_drive_test.cmake)
  else()
    foreach(t ${test} ygopro_host_${engine}_drive)
      add_test(NAME ${t}
               COMMAND sh -c "echo 'skipped: BC_YGOPRO_${upper}_DIR and BC_YGOPRO_${upper}_SCRIPTS are not both set (no ${engine} core checkout configured; examples/engines/ygopro/README.md)'; exit 77")
      set_tests_properties(${t} PROPERTIES SKIP_RETURN_CODE 77)
    endforeach()
  endif()
  set_tests_properties(${test} ygopro_host_${engine}_drive PROPERTIES LABELS ygopro_host)
endforeach()
