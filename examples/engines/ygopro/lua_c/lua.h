#pragma once
/// lua.h of a Lua built as C, seen from the C++ of a ygopro core (lua.cmake).
extern "C" {
#include_next <lua.h>
}
