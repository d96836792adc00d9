#pragma once
/// Where the host's card data and scripts come from (README.md, "Cards"):
/// a ygopro cards.cdb (SQLite, table `datas`, names from `texts`), the
/// spec's [[cards]] entries (which override the database), and the built-in
/// deck filler; the scripts from a script tree (--scripts).
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "examples/engines/ygopro/host.hpp"

namespace bc::host {

/// Card data by passcode.
class CardDb {
 public:
  /// Read every card of a cards.cdb. Throws HostError when the file cannot be
  /// read or the host was built without SQLite.
  void load_cdb(const std::string& path);
  /// Add or replace a card (the spec's data wins over the database).
  void put(const CardData& c) { cards_[c.code] = c; }
  /// The card, or nullptr.
  const CardData* find(std::uint32_t code) const;
  /// Whether a cdb was loaded (for messages).
  const std::string& cdb_path() const { return cdb_; }

 private:
  std::map<std::uint32_t, CardData> cards_;
  std::string cdb_;
};

/// The deck filler both hosts create 5 of per player: a vanilla 500/500
/// level 4 LIGHT Warrior Normal Monster, passcode 10000003, no script.
CardData builtin_filler(std::uint32_t code);

/// TYPE_* names for cards.json ("MONSTER", "NORMAL", ...), in bit order.
std::string type_names_json(std::uint32_t type);

/// A script tree (--scripts): Fluorohydride/ygopro-scripts keeps c<code>.lua
/// at its root, ProjectIgnis/CardScripts under official/ (and other folders).
class ScriptTree {
 public:
  explicit ScriptTree(std::string root = {}) : root_(std::move(root)) {}
  const std::string& root() const { return root_; }
  /// The path (relative to the root) of a script name such as "c40640057.lua",
  /// "./script/constant.lua" or "proc_normal.lua", or empty when not found.
  std::string find(const std::string& name) const;
  /// The file's bytes, or nullopt.
  std::optional<std::string> read(const std::string& name) const;
  /// Scripts the host will not serve (cards that must run without one).
  void deny(std::uint32_t code) { denied_[code] = true; }
  bool denied(const std::string& name) const;

 private:
  std::string root_;
  std::map<std::uint32_t, bool> denied_;
};

}  // namespace bc::host
