/// The C++ side of the script stub: one Lua state per script tree, card
/// scripts read one at a time, Lua tables turned into the cards file's JSON.
#include "importers/scripts/script_reader.hpp"

#include <array>
#include <filesystem>

#include <lua.hpp>

#include "model/toml/input_error.hpp"

namespace bc::scripts {

extern const char* const kScriptStub;  // script_stub.lua, embedded at build time (importers/CMakeLists.txt)

/// The Lua state, behind a pointer so that the header needs no Lua.
struct LuaState {
  lua_State* L = nullptr;
  ~LuaState() {
    if (L) lua_close(L);
  }
};

namespace {

namespace fs = std::filesystem;

/// Where each flavour keeps its card scripts, searched in order.
constexpr std::array<const char*, 7> kEdoFolders = {"official/", "pre-release/", "pre-errata/", "goat/",
                                                     "unofficial/", "rush/", "skill/"};

/// bc_new_userdata(mt): a fresh userdata with metatable mt. The stub makes
/// its cards and effects with it, since the cores' are userdata and
/// utility.lua tells them from tables by their type.
int new_userdata(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_newuserdatauv(L, 1, 0);
  lua_pushvalue(L, 1);
  lua_setmetatable(L, -2);
  return 1;
}

/// Message handler: the error with the call stack that led to it, bounded.
int with_traceback(lua_State* L) {
  const char* message = lua_tostring(L, 1);
  luaL_traceback(L, L, message ? message : "unknown Lua error", 1);
  std::string text = lua_tostring(L, -1);
  if (text.size() > 600) text = text.substr(0, 600) + " ...";
  lua_pushstring(L, text.c_str());
  return 1;
}

/// Load and run one Lua chunk named NAME (errors as text; empty when it ran).
std::string run_chunk(lua_State* L, const std::string& text, const std::string& name) {
  lua_pushcfunction(L, with_traceback);
  const int handler = lua_gettop(L);
  std::string error;
  if (luaL_loadbuffer(L, text.data(), text.size(), ("@" + name).c_str()) != LUA_OK ||
      lua_pcall(L, 0, 0, handler) != LUA_OK) {
    error = lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown Lua error";
    lua_pop(L, 1);
  }
  lua_pop(L, 1);  // the handler
  return error;
}

/// The value at the top of the stack as JSON: strings, integers, booleans, flat tables.
nlohmann::json to_json(lua_State* L, int index, int depth = 0) {
  switch (lua_type(L, index)) {
    case LUA_TSTRING: return std::string(lua_tostring(L, index));
    case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0;
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) return static_cast<std::int64_t>(lua_tointeger(L, index));
      return lua_tonumber(L, index);
    case LUA_TTABLE: {
      if (depth > 4) return nullptr;
      const int t = lua_absindex(L, index);
      const lua_Unsigned n = lua_rawlen(L, t);
      if (n > 0) {
        nlohmann::json out = nlohmann::json::array();
        for (lua_Unsigned i = 1; i <= n; ++i) {
          lua_rawgeti(L, t, static_cast<lua_Integer>(i));
          out.push_back(to_json(L, -1, depth + 1));
          lua_pop(L, 1);
        }
        return out;
      }
      nlohmann::json out = nlohmann::json::object();
      lua_pushnil(L);
      while (lua_next(L, t) != 0) {
        if (lua_type(L, -2) == LUA_TSTRING) out[lua_tostring(L, -2)] = to_json(L, -1, depth + 1);
        lua_pop(L, 1);
      }
      return out;
    }
    default: return nullptr;
  }
}

std::string read_text(const fs::path& p) {
  return read_input_file(p.string());
}

}  // namespace

const char* name(Flavour f) { return f == Flavour::Edo ? "edo" : "fluoro"; }

ScriptTree::ScriptTree(const std::string& dir) : dir_(dir), lua_(std::make_unique<LuaState>()) {
  const fs::path root(dir);
  if (!fs::is_directory(root)) throw InputError(dir + ": not a directory (expected a ygopro script tree)");
  for (const char* f : {"constant.lua", "utility.lua"})
    if (!fs::is_regular_file(root / f))
      throw InputError((root / f).string() + ": missing (a script tree has constant.lua and utility.lua at its root)");
  flavour_ = fs::is_directory(root / "official") ? Flavour::Edo : Flavour::Fluoro;
  lua_State* L = luaL_newstate();
  lua_->L = L;
  luaL_openlibs(L);
  lua_register(L, "bc_new_userdata", new_userdata);
  if (std::string e = run_chunk(L, kScriptStub, "script_stub.lua"); !e.empty())
    throw InputError("script_stub.lua: " + e);  // a build defect, said plainly
  lua_getglobal(L, "bc_state");
  lua_pushstring(L, dir.c_str());
  lua_setfield(L, -2, "root");
  lua_pop(L, 1);
  if (std::string e = run_chunk(L, read_text(root / "constant.lua"), "constant.lua"); !e.empty())
    throw InputError((root / "constant.lua").string() + ": does not load under the script stub: " + e);
  lua_getglobal(L, "bc_index_constants");
  lua_pcall(L, 0, 0, 0);
  // The base scripts each core loads before any card: Fluorohydride's also procedure.lua.
  for (const char* base : {"utility.lua", "procedure.lua"}) {
    if (!fs::is_regular_file(root / base)) continue;
    if (std::string e = run_chunk(L, read_text(root / base), base); !e.empty())
      throw InputError((root / base).string() + ": does not load under the script stub: " + e);
  }
}

ScriptTree::~ScriptTree() = default;

ScriptRead ScriptTree::read(std::uint32_t code, const nlohmann::json& card) {
  ScriptRead r;
  r.code = code;
  r.effects = nlohmann::json::array();
  const std::string file = "c" + std::to_string(code) + ".lua";
  if (flavour_ == Flavour::Fluoro) {
    if (fs::is_regular_file(fs::path(dir_) / file)) r.file = file;
  } else {
    for (const char* folder : kEdoFolders)
      if (fs::is_regular_file(fs::path(dir_) / (folder + file))) {
        r.file = folder + file;
        break;
      }
  }
  if (r.file.empty()) {
    r.error = "no script " + file + " in " + dir_;
    return r;
  }
  lua_State* L = lua_->L;
  lua_getglobal(L, "bc_read_card");
  lua_pushinteger(L, code);
  lua_pushstring(L, r.file.c_str());
  lua_newtable(L);
  for (const char* key : {"level", "type", "attribute", "race", "atk", "def"})
    if (card.is_object() && card.contains(key) && card[key].is_number_integer()) {
      lua_pushinteger(L, card[key].get<lua_Integer>());
      lua_setfield(L, -2, key);
    }
  if (lua_pcall(L, 3, 2, 0) != LUA_OK) {
    r.error = lua_tostring(L, -1) ? lua_tostring(L, -1) : "unknown Lua error";
    lua_pop(L, 1);
    return r;
  }
  if (lua_toboolean(L, -2)) {
    r.effects = to_json(L, -1);
    if (!r.effects.is_array()) r.effects = nlohmann::json::array();  // an empty table reads as an object
    for (nlohmann::json& e : r.effects)
      for (auto& [key, value] : e.items())
        if (key.ends_with("_uses") && value.is_object()) value = nlohmann::json::array();
  } else {
    r.error = lua_tostring(L, -1) ? lua_tostring(L, -1) : "the script failed";
  }
  lua_pop(L, 2);
  return r;
}

nlohmann::json ScriptTree::script_object(const ScriptRead& r) {
  nlohmann::json s = nlohmann::json::object();
  if (!r.file.empty()) s["file"] = r.file;
  if (!r.ok()) s["error"] = r.error;
  s["effects"] = r.effects;
  return s;
}

}  // namespace bc::scripts
