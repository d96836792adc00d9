# bc_subsystem(TARGET FOLDER [SOURCES extra...] [PUBLIC deps...] [PRIVATE deps...])
#
# One subsystem folder = one static library (docs/architecture.md): its
# sources are FOLDER/*.cpp plus any generated SOURCES; a folder with headers
# only becomes an INTERFACE library. Dependencies point one way; the layer
# check (ci/layers, test Layout.IncludesPointDown) fails on an include that
# the table in ci/layers.txt does not allow.
function(bc_subsystem target folder)
  cmake_parse_arguments(BC "" "" "SOURCES;PUBLIC;PRIVATE" ${ARGN})
  file(GLOB sources CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/${folder}/*.cpp)
  list(APPEND sources ${BC_SOURCES})
  if(sources)
    add_library(${target} STATIC ${sources})
    target_include_directories(${target} PUBLIC ${PROJECT_SOURCE_DIR})
    target_link_libraries(${target} PUBLIC ${BC_PUBLIC} PRIVATE ${BC_PRIVATE})
  else()
    add_library(${target} INTERFACE)
    target_include_directories(${target} INTERFACE ${PROJECT_SOURCE_DIR})
    target_link_libraries(${target} INTERFACE ${BC_PUBLIC} ${BC_PRIVATE})
  endif()
endfunction()
