#pragma once
/// Cards read from real ygopro card scripts (docs/engines/ygopro.md, "Cards
/// read from the scripts"): each script's initial_effect runs under a stub of
/// the core's Lua API (script_stub.lua, Debian's liblua5.4) with the tree's
/// own constant.lua and utility.lua, and every effect it registers is
/// captured: type, code, property flags, range, category, count limit, hint
/// timings, and the source of its condition, cost, target and operation.
#include <cstdint>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

namespace bc::scripts {

/// Which core's script tree: Fluorohydride/ygopro-scripts keeps c<code>.lua
/// at its root; ProjectIgnis/CardScripts (EDOPro) in official/ and siblings.
enum class Flavour { Fluoro, Edo };

/// What the stub read from one card's script.
struct ScriptRead {
  std::uint32_t code = 0;
  std::string file;        ///< the script, relative to the tree; empty when there is none
  std::string error;       ///< why it could not be read; empty when it was
  nlohmann::json effects;  ///< the registered effects, in order (the "script" object's "effects")
  bool ok() const { return error.empty(); }
};

struct LuaState;

/// One script tree with its constant.lua and utility.lua loaded, ready to
/// read card scripts one after another. Not copyable; one thread.
class ScriptTree {
 public:
  /// Opens DIR. Throws InputError naming the file when DIR holds no
  /// constant.lua / utility.lua, or when they fail to load under the stub.
  explicit ScriptTree(const std::string& dir);
  ~ScriptTree();
  ScriptTree(const ScriptTree&) = delete;
  ScriptTree& operator=(const ScriptTree&) = delete;

  Flavour flavour() const { return flavour_; }
  const std::string& dir() const { return dir_; }
  /// Run c<code>.lua's initial_effect and capture its effects. `card` is the
  /// cards file's entry when there is one: its level, type, attribute, race,
  /// atk and def answer the script's getters (0 otherwise). Never throws.
  ScriptRead read(std::uint32_t code, const nlohmann::json& card = {});
  /// The "script" object of the cards file for a read: {"file", "effects"} or {"error"}.
  static nlohmann::json script_object(const ScriptRead& r);

 private:
  std::string dir_;
  Flavour flavour_ = Flavour::Fluoro;
  std::unique_ptr<LuaState> lua_;
};

/// Name of a flavour: "fluoro" or "edo".
const char* name(Flavour f);

}  // namespace bc::scripts
