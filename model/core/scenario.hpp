#pragma once
/// A scenario: the initial board plus the effect cards each player holds
/// (docs/scenario-format.md). Loaded from TOML at the edge; a plain value inside.
#include <array>
#include <string>
#include <vector>

#include "model/terms/effect.hpp"
#include "model/vocabulary/monster_type.hpp"
#include "model/vocabulary/types.hpp"

namespace bc {

/// A monster or token template: name and printed values. Level and Type are
/// read only by the locks on declarations that name them (printed_lock_stops);
/// 0 and None: not given, which no such condition matches.
struct MonsterSpec {
  std::string name;
  int atk = 0;
  int def = 0;
  std::uint8_t level = 0;
  MonsterType type = MonsterType::None;
  bool operator==(const MonsterSpec&) const = default;
};

/// What starts in one monster zone.
struct ZoneSpec {
  std::uint8_t monster = kNoMonster;  ///< index into Scenario::monsters
  Position position = Position::FaceUpAttack;
  bool operator==(const ZoneSpec&) const = default;
};

/// One effect card (or monster effect) a player holds. Its effect is `term`;
/// a card written with a preset `kind` keeps the preset's parameters (value,
/// summons, condition) so files round-trip, and `custom` marks a term written
/// out in full. `kind` is always class_of(term).
struct CardSpec {
  std::string name;
  EffectKind kind{};
  Player owner = Player::P1;
  std::uint8_t host = kNoMonster;     ///< monster effects: the monster that has it
  int value = 0;                      ///< ATK boosts: amount, a multiple of 100
  std::uint8_t summons = kNoMonster;  ///< summoning effects: the token template
  Condition condition = Condition::None;
  EffectTerm term;
  bool custom = false;                ///< written as `effect = {...}`, not as a preset kind
  /// The term's timings are the engine's own declaration of when the card may
  /// be activated (a ygopro script's flags): taken as given instead of the
  /// ruleset's permission for its class, so a gate judges the engine's
  /// procedure with the cards as it declares them; `--audit-cards` judges the
  /// declaration (docs/engines/ygopro.md, "Two verdicts").
  bool engine_timings = false;
  /// The engine's card has a condition the term cannot state (a script's
  /// condition or target check): when the engine withholds an activation the
  /// model finds legal, the offer is "not checked (condition)", not a fault.
  bool hidden_condition = false;
  /// Activated and resolved before the Battle Phase (in Main Phase 1): it is
  /// not activated again this turn, and what it does for the rest of the turn
  /// (a change lasting the turn, no battle damage or no destruction by battle
  /// this turn) applies from the start, on `resolved_target` when it targets
  /// (docs/scenario-format.md, "Cards resolved before the Battle Phase").
  bool resolved_before = false;
  std::uint8_t resolved_target = kNoSlot;  ///< the slot its target stands in as the Battle Phase begins
  bool operator==(const CardSpec&) const = default;
};

/// The attribute bits an activation of `c` carries (EffectAttr): its term's,
/// plus kAttrEngineTimings for an engine-declared card.
inline std::uint32_t card_attrs(const CardSpec& c) {
  return effect_attrs(c.term) | (c.engine_timings ? static_cast<std::uint32_t>(kAttrEngineTimings) : 0u);
}

struct Scenario {
  std::string name = "unnamed";
  std::string description;
  bool first_turn = false;  ///< the duel's first turn: no Battle Phase (S1, S3, S4)
  std::vector<MonsterSpec> monsters;
  std::array<std::array<ZoneSpec, kZonesPerSide>, 2> board{};
  std::vector<CardSpec> cards;
  /// Field-wise equality (scenario_to_toml round trips are tested with it).
  bool operator==(const Scenario&) const = default;
};

/// The built-in default scenario (scenarios/default.toml, embedded at build time).
const Scenario& default_scenario();
/// Text of the built-in default scenario file.
std::string_view default_scenario_text();

}  // namespace bc
