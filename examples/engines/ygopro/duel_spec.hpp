#pragma once
/// The duel spec (README.md, "The duel spec"): a TOML file naming each
/// player's monsters and other cards, card data the database lacks, and
/// the duel options. Errors name the file, line and field (exit 2).
#include <cstdint>
#include <string>
#include <vector>

#include "examples/engines/ygopro/card_db.hpp"
#include "examples/engines/ygopro/host.hpp"

namespace bc::host {

/// One card placed in the duel, as the spec writes it.
struct Placement {
  std::uint32_t code = 0;
  std::uint8_t player = 0;
  std::string where;             ///< "mzone", "hand" or "set"
  std::uint8_t zone = 0;         ///< monster or spell/trap zone (mzone, set)
  std::uint8_t position = 0x1;   ///< POS_* (mzone)
  std::optional<std::int32_t> atk, def;
  std::optional<std::uint32_t> level;
  std::string field;             ///< "p0.monsters[0]" for messages
  int line = 0;
};

/// Card data given in the spec ([[cards]]), with where it was written.
struct SpecCardData {
  CardData data;
  bool has_type = false;
  bool no_script = false;        ///< script = false: the card runs without one
  std::string field;
  int line = 0;
};

/// A whole spec.
struct DuelSpec {
  std::string path;
  std::string name;              ///< run name stem (default: the file's stem)
  DuelOptions options;
  std::uint32_t filler = 10000003;
  std::uint32_t fillers = 5;     ///< deck fillers per player
  std::vector<SpecCardData> cards;
  std::vector<Placement> placements;  ///< creation order: p0 monsters, p1 monsters, p0 cards, p1 cards
};

/// Read a spec file. Throws InputError / HostError naming file:line: field.
DuelSpec load_spec(const std::string& path);

/// Put the spec's card data into `db` (over the cdb's), check that every
/// placed card has data and (unless a Normal Monster or script = false) a
/// script, and list the cards to create in order, fillers first.
/// Throws HostError naming the spec's file, line and field.
std::vector<NewCard> resolve_cards(const DuelSpec& spec, CardDb& db, ScriptTree& scripts);

}  // namespace bc::host
