# Lua 5.4 for the ygopro cores (README.md, "Lua"). Both cores include <lua.h>
# from C++ with no extern "C": they expect Lua compiled as C++, as their own
# builds do (errors unwind as C++ exceptions, destructors run). Debian ships
# exactly that as liblua5.4-c++ (package liblua5.4-dev). When only a C Lua
# is found, wrapper headers (lua_c/) give its declarations C linkage; a Lua
# error then longjmps over C++ frames, which the cores tolerate only in part.
if(TARGET bc_ygopro_lua)
  return()
endif()
find_package(PkgConfig QUIET)
if(PkgConfig_FOUND)
  pkg_check_modules(BC_LUA_CXX QUIET IMPORTED_TARGET lua5.4-c++)
endif()
add_library(bc_ygopro_lua INTERFACE)
if(BC_LUA_CXX_FOUND)
  message(STATUS "battlecheck ygopro host: Lua 5.4 compiled as C++ (lua5.4-c++)")
  target_link_libraries(bc_ygopro_lua INTERFACE PkgConfig::BC_LUA_CXX)
else()
  find_package(Lua 5.4 EXACT REQUIRED)
  message(STATUS "battlecheck ygopro host: Lua 5.4 with C linkage (${LUA_LIBRARIES}), through lua_c/ wrappers")
  target_include_directories(bc_ygopro_lua INTERFACE ${CMAKE_CURRENT_LIST_DIR}/lua_c ${LUA_INCLUDE_DIR})
  target_link_libraries(bc_ygopro_lua INTERFACE ${LUA_LIBRARIES})
endif()
