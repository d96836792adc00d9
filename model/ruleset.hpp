#pragma once
/// Rulesets are data: every permission and every contested rule is a named
/// knob whose value comes from a ruleset file with its citation. The model
/// reads knobs through Ruleset::get(); no source's reading lives in code.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/types.hpp"

namespace bc {

/// Named procedural knobs. Value names per knob live in knob_spec().
enum class Knob : std::uint8_t {
  BattlePhaseOnFirstTurn,            ///< bool
  StartStepMaySkipToEndStep,         ///< bool
  OpponentMayActBeforeDeclaration,   ///< bool
  FirstPriority,                     ///< turn_player | non_turn_player
  ChainsStartStep,                   ///< one | several (same for all Chains* knobs)
  ChainsAttackDeclaration,
  ChainsBattleStep,                  ///< battle_step_open and battle_step windows
  ChainsStartOfDamageStep,
  ChainsBeforeDamageCalculation,
  ChainsDamageCalculation,
  ChainsAfterDamageCalculation,
  ChainsEndOfDamageStep,
  ChainsEndStep,
  CalcTriggerChainAllowsCalcEffects, ///< bool: DC-only effects in a trigger chain born at damage calculation
  FaceDownFlipTiming,                ///< start_of_damage_step | before_damage_calculation | damage_calculation
  FlipTriggersChainWithDamageTriggers, ///< bool: one chain with battle-damage triggers (MR3) or a later chain (MR2)
  BattleDestroyedLeaveTiming,        ///< damage_calculation | after_damage_calculation | end_of_damage_step
  DamageStepExit,                    ///< battle_step | end_step
  ReplayEnabled,                     ///< bool
  ReplayInDamageStep,                ///< bool
  ReplayCheck,                       ///< chain_end | each_link
  ReplayReopensDeclarationWindow,    ///< bool
  NegatedAttackEntersDamageStep,     ///< bool
  DeclarationsPerMonster,            ///< one | two
  AttackRequiresAttackPosition,      ///< bool
  DirectAttackRequiresEmptyField,    ///< bool
  DamageCalcWhenBattlerLeft,         ///< bool
  DamageStepContinuesAfterBattlerLeaves, ///< bool
  DestroyedByBattleTargetable,       ///< bool
  DestroyedByBattleMayActivateQuick, ///< bool
  EqualAtkDestroysBoth,              ///< bool
  ZeroAtkBattleDestroys,             ///< bool
  BattlePhaseEndGoesTo,              ///< end_step | main_phase_2
  HasAttackedOn,                     ///< damage_step | declaration
  Count
};
inline constexpr int kKnobCount = static_cast<int>(Knob::Count);

/// Values of the one|several knobs.
enum class Chains : std::uint8_t { One = 0, Several = 1 };

/// Static description of a knob: its file name and the names of its values.
struct KnobSpec {
  Knob knob;
  std::string_view name;
  std::array<std::string_view, 3> values;  ///< index = stored value; empty = unused
  std::string_view summary;
};

const KnobSpec& knob_spec(Knob k);
std::optional<Knob> parse_knob(std::string_view name);
/// True for knobs whose values are false/true (written as TOML booleans in files).
bool is_bool_knob(Knob k);
/// Number of values a knob can take (2 or 3).
int knob_value_count(Knob k);

/// Where a knob's value comes from, kept for reports.
struct Provenance {
  std::vector<std::string> sources;  ///< e.g. "S2 §FAQ 14/03/26"
  std::string note;                  ///< disagreements between sources, etc.
};

/// Timing bitmask: bit t set = allowed at Timing t.
using TimingMask = std::uint16_t;
constexpr TimingMask bit(Timing t) { return static_cast<TimingMask>(1u << static_cast<int>(t)); }

struct Ruleset {
  std::string name;
  std::string description;
  std::string extends;                       ///< parent ruleset name, empty for a root
  std::string mutant_of;                     ///< for mutants: the ruleset it distorts
  std::string expect_violation;              ///< for mutants: the property that must catch it
  int max_counterexample_length = 0;         ///< for mutants: bound asserted by the tests
  std::string scenario;                      ///< for mutants: scenario file in scenarios/ that shows it; empty = default
  std::array<std::uint8_t, kKnobCount> knobs{};
  std::array<TimingMask, kEffectKindCount> permissions{};
  std::array<Provenance, kKnobCount> knob_sources;
  std::array<Provenance, kEffectKindCount> permission_sources;

  std::uint8_t get(Knob k) const { return knobs[static_cast<int>(k)]; }
  bool flag(Knob k) const { return get(k) != 0; }
  bool several(Knob k) const { return get(k) == static_cast<std::uint8_t>(Chains::Several); }
  bool allowed(EffectKind kind, Timing t) const { return (permissions[static_cast<int>(kind)] & bit(t)) != 0; }
};

/// Names of the built-in rulesets and mutants (model/rulesets/, embedded at build time).
std::vector<std::string> builtin_ruleset_names();
std::vector<std::string> builtin_mutant_names();
/// Raw TOML text of a built-in ruleset or mutant; empty if unknown.
std::string_view builtin_ruleset_text(std::string_view name);

}  // namespace bc
