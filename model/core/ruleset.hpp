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

#include "model/terms/effect.hpp"
#include "model/vocabulary/types.hpp"

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
  CostsPaidAgainOnReplay,            ///< bool: a replay repeats the costs of effects already activated
  AttackRestrictionsApplyOnReplay,   ///< bool: "cannot be attacked" also limits the re-choice after a replay
  MandatoryTriggersActivate,         ///< bool: a mandatory trigger on a timed event (end of the Damage Step / Battle Phase) is activated
  FlipAfterBattleCancelled,          ///< bool: the attacked face-down monster is still turned face-up once its battle was cancelled
  DestroyedByBattlePositionChangeable, ///< bool: an effect may change the position of a monster whose destruction by battle is confirmed
  FlipEffectAfterHostLeft,           ///< bool: a flip effect is still activated when its monster left the field after flipping
  PiercingBattleDamage,              ///< bool: a piercing monster attacking a lower DEF inflicts the difference
  BattleDamageModifiers,             ///< bool: halving, doubling and redirection of battle damage apply
  BattleDamageRedirectedOnce,        ///< bool: a redirected battle damage is not redirected back
  BattlePhaseChangesExpire,          ///< end_of_battle_phase | start_of_end_step | end_of_turn
  DestroyedByBattleUsableForCost,    ///< bool: a monster whose destruction by battle is confirmed may be Tributed for a cost
  FlipSummonInBattlePhase,           ///< bool: the turn player may Flip Summon in the Battle Step's open window
  FlipIsFlipSummon,                  ///< bool: a monster flipped by an attack or an effect counts as Flip Summoned
  CannotAttackStopsAttack,           ///< bool: "cannot attack" applied to the attacker in the Battle Step stops the attack
  EffectDamageIsBattleDamage,        ///< bool: damage an effect inflicts counts as battle damage (a mutant's reading)
  ReplayStopKeepsDeclaration,        ///< bool: an attacker that stops after a replay has still used its declaration
  UnattackableMonstersBlockDirectAttacks, ///< bool: a monster that cannot be targeted for attacks still prevents a direct attack
  ForcedTargetCausesReplay,          ///< bool: a forced attack target applied after a declaration on another target replays the attack
  AttackAllCountsEveryDeclaration,   ///< bool: an "attack each monster once" attacker uses up a monster when it declares on it, even if that attack stops
  MustAttackBinds,                   ///< bool: a "must attack if able" monster keeps the turn player from ending the Battle Phase while it can attack
  DeclarationLocksBind,              ///< bool: a "cannot declare an attack" effect (by ATK, Level or Type) keeps the monsters it names from declaring
  ControlChangeStopsAttack,          ///< bool: the attacking monster changing control before the Damage Step stops its attack
  StoppedAttackKeepsWindow,          ///< bool: an attack negated or stopped in the Battle Step ends only when the step's round of priority closes
  MustAttackEntersBattlePhase,       ///< bool: a "must attack if able" monster that can attack keeps the turn player from skipping the Battle Phase
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
/// The one|several knob for how many chains a window admits (else the Battle Step's).
Knob chains_knob(Timing t);

/// Where a knob's value comes from, kept for reports.
struct Provenance {
  std::vector<std::string> sources;  ///< e.g. "S2 §FAQ 14/03/26"
  std::string note;                  ///< disagreements between sources, etc.
};


/// One explicit claim of a source (issue 5 §1): the source says this property
/// holds, at this section. The contradictions explorer checks a source's
/// claims under its own rules and under the other sources' rules. The model
/// layer cannot see the property catalog; tests check that every claimed id
/// exists (tests/properties/test_source_claims.cpp).
struct Claim {
  std::string property;  ///< property id, e.g. "one_chain_at_damage_calculation"
  std::string section;   ///< citation of the claiming source, e.g. "S3 §Damage Calculation"
  std::string note;      ///< paraphrase of the claim (optional)
};

/// A second reading that the SAME source also states for an entry, disagreeing
/// with its main reading (a contradiction inside one source, e.g. S2's quoted
/// rulebook 1.0 versus its FAQ 14/03/26). Written `[knobs.X.other_reading]` or
/// `[permissions.K.other_reading]` in a source ruleset; see alternative_readings().
struct OtherReading {
  std::uint8_t value = 0;   ///< knobs: the other value
  TimingMask timings = 0;   ///< permissions: the other timing list
  Provenance provenance;    ///< where the source says it (its own sections only)
};

/// A property this ruleset contradicts on purpose: another source's claim
/// from another era or reading, which these rules do not make (e.g. S3's
/// pre-MR3 flip-effect chain under mr3). Checks under the ruleset report it
/// as disputed, never as a failure, so an engine that follows the ruleset is
/// not flagged for it. `[[disputes]]` in a ruleset file; inherited through
/// `extends` (mutants keep mr3's), except by source rulesets, which are
/// checked against every other source's claims (issue 5).
struct Dispute {
  std::string property;   ///< property id (tests check that it exists)
  Provenance provenance;  ///< the sections the ruleset follows instead, and why
};

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
  /// Properties this ruleset contradicts on purpose (see Dispute).
  std::vector<Dispute> disputes;

  // ---- source rulesets (issue 5 §1; docs/rulesets.md "Source rulesets") ----
  /// Source id ("S0".."S4") for a ruleset that encodes one ruling source
  /// (s0..s4, s2-mr2); empty for mr3, mutants and plain user rulesets.
  std::string source;
  /// Per knob: the source states it (true) or is silent (false: the value is
  /// the fallback inherited from the parent, mr3). Read through specified():
  /// a ruleset without `source` specifies everything.
  std::array<bool, kKnobCount> knob_specified{};
  /// Per effect kind: the source states its permitted timings (true) or is silent.
  std::array<bool, kEffectKindCount> permission_specified{};
  /// The source's explicit claims, in file order.
  std::vector<Claim> claims;
  /// Second readings the same source states (contradictions inside one source).
  std::array<std::optional<OtherReading>, kKnobCount> knob_other;
  std::array<std::optional<OtherReading>, kEffectKindCount> permission_other;

  std::uint8_t get(Knob k) const { return knobs[static_cast<int>(k)]; }
  bool flag(Knob k) const { return get(k) != 0; }
  bool several(Knob k) const { return get(k) == static_cast<std::uint8_t>(Chains::Several); }
  bool allowed(EffectKind kind, Timing t) const { return (permissions[static_cast<int>(kind)] & bit(t)) != 0; }

  /// The timings at which this ruleset lets `t` be activated: the permission of every class in
  /// permission_classes(t), narrowed by what its text names (its timing list, and its window where
  /// the window did not make its class: window_decides_class). The model and the load checks read it.
  TimingMask permitted_timings(const EffectTerm& t) const;

  /// True for a ruleset that encodes one ruling source (has `source`).
  bool is_source() const { return !source.empty(); }
  /// Whether the source states this knob (false = silent, value is mr3's fallback); true for non-sources.
  bool specified(Knob k) const { return !is_source() || knob_specified[static_cast<int>(k)]; }
  /// Whether the source states the timings of this effect kind (always true
  /// for a ruleset that is not a source ruleset).
  bool specified(EffectKind k) const { return !is_source() || permission_specified[static_cast<int>(k)]; }
  /// Citations of a specified knob joined with "; " ("S3 §Start; S3 §Note"); empty when unspecified.
  std::string citation(Knob k) const;
  /// Citations of a specified permission joined with "; "; empty when unspecified.
  std::string citation(EffectKind k) const;
};

/// For a source ruleset with second readings (Ruleset::knob_other /
/// permission_other): one ruleset per second reading, equal to `r` except that
/// entry, which takes the other value and its provenance. Named
/// "<name>~<knob or kind>" (e.g. "s2~counter_trap"), same source, same claims.
/// Empty when `r` has none. The contradictions explorer compares each with `r`
/// to find a source contradicting itself.
std::vector<Ruleset> alternative_readings(const Ruleset& r);

/// Names of the built-in rulesets and mutants (model/rulesets/, embedded at build time).
std::vector<std::string> builtin_ruleset_names();
std::vector<std::string> builtin_mutant_names();
/// Raw TOML text of a built-in ruleset or mutant; empty if unknown.
std::string_view builtin_ruleset_text(std::string_view name);
/// Names of the built-in source rulesets in a stable order: s0, s1, s2,
/// s2-mr2, s3, s4 (those whose file sets `source`).
std::vector<std::string> builtin_source_ruleset_names();

}  // namespace bc
