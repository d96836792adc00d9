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
  MonsterAttribute attribute = MonsterAttribute::None;  ///< read by ATK changes by Attribute only
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
  /// model finds legal, the offer is "not checked (condition)", not a fault;
  /// its mandatory trigger may go unactivated, as its controller's choice
  /// (Stepper::trigger_choice), and no obligation binds it.
  bool hidden_condition = false;
  /// Activated and resolved before the Battle Phase (in Main Phase 1): it is
  /// not activated again this turn, and what it does for the rest of the turn
  /// (a change lasting the turn, no battle damage or no destruction by battle
  /// this turn) applies from the start, on `resolved_target` when it targets
  /// (docs/scenario-format.md, "Cards resolved before the Battle Phase").
  bool resolved_before = false;
  std::uint8_t resolved_target = kNoSlot;  ///< the slot its target stands in as the Battle Phase begins
  /// A Continuous (or Equip, or Field) Spell or Trap card: once its activation
  /// has resolved it stays on the field face-up, where an effect may target it
  /// (TargetKind::SpellTrap), even when its term has no continuous part (the
  /// importers learn what it does from the stream; docs/scenario-format.md).
  bool stays_on_field = false;
  /// A Spell set face-down on the field before the Battle Phase, where an
  /// effect may target it (TargetKind::SpellTrap). A Spell not set is read
  /// as in the hand; a Trap is always read as set (docs/scenario-format.md).
  bool set = false;
  /// Destroyed before the Battle Phase (in Main Phase 1, on the field or on
  /// the chain): not on the field as the Battle Phase begins, never activated
  /// there, its continuous part never in force. What it resolved before
  /// (resolved_before) that lasts the turn still applies.
  bool destroyed_before = false;
  /// An effect of another card once that card is face-up: the index of the
  /// card (an earlier one, a Continuous Spell or Trap activated during the
  /// duel) whose activation must have resolved before this effect can be
  /// activated, trigger or apply (Begone, Knave!'s return after its
  /// activation; docs/scenario-format.md, "Effects of a face-up card").
  /// kNoCard: a card of its own.
  std::uint8_t effect_of = kNoCard;
  bool operator==(const CardSpec&) const = default;
};

/// What is wrong with card `i`'s `effect_of` among `cards` (an empty string:
/// nothing): it names an earlier card of the same player, a Spell or Trap
/// activated during the duel that is a card of its own, and the effect is an
/// activated one with no host. Both loaders (scenario TOML, trace header) read it through this.
inline std::string effect_of_problem(const std::vector<CardSpec>& cards, std::size_t i) {
  const CardSpec& c = cards[i];
  if (c.effect_of == kNoCard) return {};
  if (c.effect_of >= i) return "names a card that does not come before this one";
  const CardSpec& of = cards[c.effect_of];
  if (of.effect_of != kNoCard) return "names " + of.name + ", itself an effect of another card";
  if (of.owner != c.owner) return "names " + of.name + ", which the other player holds";
  if (of.term.card_type == CardType::Monster || of.term.activation == Activation::Continuous || of.host != kNoMonster)
    return "names " + of.name + ", which is not a Spell or Trap activated during the duel";
  if (c.host != kNoMonster) return "an effect of a face-up Spell or Trap has no host";
  if (c.term.activation == Activation::Continuous)
    return "an effect of a face-up card is activated: a continuous part goes on the card's own term";
  return {};
}

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
