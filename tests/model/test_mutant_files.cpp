// The built-in mutants as data: each loads, says it is deliberately wrong,
// and differs from mr3 in exactly the knob or permission the brief names.
// (tests/cli and tests/checker assert that the checker catches each one.)
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "model/loaders/loader.hpp"

namespace bc {
namespace {

/// What a mutant distorts: a knob or an effect kind's permission.
struct Distortion {
  std::optional<Knob> knob;
  std::optional<EffectKind> kind;
  std::string property;
  std::string scenario;
  std::optional<EffectKind> also;  ///< a second entry that gives the wrong rule a chance to show
};

Distortion knob(Knob k, std::string p, std::string scenario = "") { return {k, std::nullopt, std::move(p), std::move(scenario)}; }
Distortion perm(EffectKind k, std::string p) { return {std::nullopt, k, std::move(p), ""}; }

// Mutants the default scenario cannot show name a scenario of their own.

/// The mutant list of the project brief (quick-effects-in-damage-step uses
/// special summoning, which the default scenario holds).
const std::map<std::string, Distortion>& expected() {
  static const std::map<std::string, Distortion> m = {
      {"replay-in-damage-step", knob(Knob::ReplayInDamageStep, "no_replay_in_damage_step")},
      {"second-chain-at-damage-calculation", knob(Knob::ChainsDamageCalculation, "one_chain_at_damage_calculation")},
      {"battle-destroyed-leave-at-damage-calculation",
       knob(Knob::BattleDestroyedLeaveTiming, "battle_destroyed_leave_at_end_of_damage_step")},
      {"atk-change-at-damage-calculation",
       perm(EffectKind::AtkChangeQuick, "atk_change_only_until_before_damage_calculation")},
      {"flip-effect-before-damage-calculation", perm(EffectKind::FlipTrigger, "flip_effects_after_damage_calculation")},
      {"damage-step-to-end-step", knob(Knob::DamageStepExit, "damage_step_returns_to_battle_step")},
      {"battle-phase-on-first-turn",
       knob(Knob::BattlePhaseOnFirstTurn, "no_battle_phase_on_first_turn", "first-turn.toml")},
      {"negated-attack-enters-damage-step",
       knob(Knob::NegatedAttackEntersDamageStep, "negated_attack_has_no_damage_step")},
      {"replay-choice-is-declaration",
       knob(Knob::ReplayReopensDeclarationWindow, "replay_choice_is_not_declaration")},
      {"effect-negation-in-damage-step", perm(EffectKind::NegateEffectQuick, "no_effect_negation_in_damage_step")},
      {"flip-at-start-of-damage-step",
       knob(Knob::FaceDownFlipTiming, "face_down_flipped_before_damage_calculation")},
      {"no-replay", knob(Knob::ReplayEnabled, "replay_when_count_changes")},
      {"replay-mid-chain", knob(Knob::ReplayCheck, "replay_after_chain_resolves")},
      {"double-declaration", knob(Knob::DeclarationsPerMonster, "one_declaration_per_monster")},
      {"attack-from-defense-position",
       knob(Knob::AttackRequiresAttackPosition, "attacker_face_up_attack_position")},
      {"target-destroyed-monster",
       {Knob::DestroyedByBattleTargetable, std::nullopt, "destroyed_by_battle_not_targeted", "",
        EffectKind::RemoveMonsterQuick}},
      {"damage-calculation-after-battler-left",
       knob(Knob::DamageCalcWhenBattlerLeft, "no_damage_calculation_without_both_battlers")},
      {"opponent-priority-first", knob(Knob::FirstPriority, "turn_player_priority_first")},
      {"equal-atk-no-destruction", knob(Knob::EqualAtkDestroysBoth, "battle_destruction_matches_calculation")},
      {"second-chain-at-start-of-damage-step",
       knob(Knob::ChainsStartOfDamageStep, "one_chain_at_start_of_damage_step")},
      // Special summoning quick effects: S1 §伤害步骤 names them as forbidden in the Damage Step.
      {"quick-effects-in-damage-step", perm(EffectKind::SpecialSummonQuick, "damage_step_activation_whitelist")},
      {"attack-trap-after-declaration", perm(EffectKind::AttackNegateTrap, "attack_traps_only_at_declaration")},
      {"skip-timings-after-battler-left",
       knob(Knob::DamageStepContinuesAfterBattlerLeaves, "damage_step_completes_after_battler_leaves")},
      {"calc-effects-in-trigger-chain",
       knob(Knob::CalcTriggerChainAllowsCalcEffects, "one_chain_at_damage_calculation")},
      {"destroyed-monster-quick-effect",
       knob(Knob::DestroyedByBattleMayActivateQuick, "destroyed_by_battle_no_quick_effects", "destroyed-negator.toml")},
      {"zero-atk-destroys", knob(Knob::ZeroAtkBattleDestroys, "zero_attack_battle_destroys_nothing", "zero-atk.toml")},
      {"battle-phase-end-to-main-phase-2",
       knob(Knob::BattlePhaseEndGoesTo, "battle_phase_end_enters_end_step", "battle-fader.toml")},
      {"has-attacked-on-declaration", knob(Knob::HasAttackedOn, "has_attacked_requires_damage_step")},
      {"destroy-without-calc-late",
       perm(EffectKind::DestroyNoCalcTrigger, "destroy_without_calc_at_start_of_damage_step")},
      {"start-step-to-end-step", knob(Knob::StartStepMaySkipToEndStep, "start_step_leads_to_battle_step")},
      {"no-opponent-window", knob(Knob::OpponentMayActBeforeDeclaration, "battle_step_ends_after_both_pass")},
      {"flip-after-battle-cancelled",
       knob(Knob::FlipAfterBattleCancelled, "no_flip_after_battle_cancelled", "flip-after-attacker-left.toml")},
      // Rules the effect terms open (properties/monitors/effects.cpp).
      {"costs-paid-again-on-replay",
       knob(Knob::CostsPaidAgainOnReplay, "cost_paid_once_on_activation", "tribute-cost.toml")},
      {"attack-restrictions-ignored-on-replay",
       knob(Knob::AttackRestrictionsApplyOnReplay, "cannot_be_attacked_never_targeted", "cannot-be-attacked.toml")},
      {"mandatory-trigger-skipped", knob(Knob::MandatoryTriggersActivate, "mandatory_end_of_battle_triggers_activate")},
      // Rules a judge's rulings need (issue 28).
      {"attacker-in-defense-battles",
       knob(Knob::AttackRequiresAttackPosition, "attacker_in_attack_position_at_damage_calculation",
            "attacker-to-defense.toml")},
      {"position-change-destroyed-monster",
       knob(Knob::DestroyedByBattlePositionChangeable, "destroyed_by_battle_position_unchanged",
            "position-change-after-damage.toml")},
      {"flip-effect-lost-with-host",
       knob(Knob::FlipEffectAfterHostLeft, "mandatory_triggers_activate", "flip-host-leaves.toml")},
      {"piercing-ignored", knob(Knob::PiercingBattleDamage, "battle_damage_matches_calculation", "piercing.toml")},
      {"battle-damage-modifiers-ignored",
       knob(Knob::BattleDamageModifiers, "battle_damage_matches_calculation", "damage-modifiers.toml")},
      {"redirection-bounces",
       knob(Knob::BattleDamageRedirectedOnce, "battle_damage_matches_calculation", "damage-modifiers.toml")},
      {"battle-phase-changes-expire-early",
       knob(Knob::BattlePhaseChangesExpire, "battle_phase_changes_end_with_it", "ego-boost.toml")},
      {"tribute-destroyed-monster",
       knob(Knob::DestroyedByBattleUsableForCost, "destroyed_by_battle_not_tributed", "tribute-after-battle.toml")},
      {"flip-summon-in-battle-phase",
       knob(Knob::FlipSummonInBattlePhase, "no_normal_or_flip_summon_in_battle_phase", "flip-summon.toml")},
      {"flip-is-flip-summon",
       knob(Knob::FlipIsFlipSummon, "flip_summon_triggers_need_a_flip_summon", "flip-summon.toml")},
      {"effect-damage-as-battle-damage",
       knob(Knob::EffectDamageIsBattleDamage, "battle_damage_matches_calculation", "effect-damage.toml")},
      {"cannot-attack-ignored",
       knob(Knob::CannotAttackStopsAttack, "cannot_attack_is_obeyed", "cannot-attack.toml")},
      {"replay-stop-gives-declaration-back",
       knob(Knob::ReplayStopKeepsDeclaration, "one_declaration_per_monster", "second-attack.toml")},
      {"direct-attack-restriction-ignored-on-replay",
       knob(Knob::AttackRestrictionsApplyOnReplay, "cannot_attack_directly_is_obeyed", "cannot-attack-directly.toml")},
      {"attack-all-counts-only-damage-steps",
       knob(Knob::AttackAllCountsEveryDeclaration, "each_monster_attacked_once", "attack-all.toml")},
      {"must-attack-ignored", knob(Knob::MustAttackBinds, "must_attack_is_obeyed", "must-attack.toml")},
      {"must-attack-battle-phase-skippable",
       knob(Knob::MustAttackEntersBattlePhase, "must_attack_is_obeyed", "must-attack.toml")},
      {"declaration-locks-ignored",
       knob(Knob::DeclarationLocksBind, "declaration_locks_are_obeyed", "declaration-locks.toml")},
      {"control-change-keeps-attack", knob(Knob::ControlChangeStopsAttack, "attack_stops_when_attacker_changes_control",
                                           "control-change.toml")},
      {"stopped-attack-ends-at-once",
       knob(Knob::StoppedAttackKeepsWindow, "stopped_attack_ends_after_battle_step_round")},
      {"forced-target-without-replay",
       knob(Knob::ForcedTargetCausesReplay, "forced_attack_target_is_obeyed", "forced-target.toml")},
      {"direct-attack-past-unattackable",
       knob(Knob::UnattackableMonstersBlockDirectAttacks, "direct_attack_only_on_empty_field",
            "unattackable-monsters.toml")},
      {"flip-triggers-own-chain",
       knob(Knob::FlipTriggersChainWithDamageTriggers, "flip_effect_chains_with_battle_triggers",
            "flip-and-battle-triggers.toml")},
      {"battle-phase-changes-last-the-turn",
       knob(Knob::BattlePhaseChangesExpire, "battle_phase_changes_end_with_it", "ego-boost.toml")},
  };
  return m;
}

TEST(MutantFiles, ExactlyTheBriefsMutantsAreBuiltIn) {
  std::vector<std::string> want;
  for (const auto& [n, d] : expected()) want.push_back(n);
  EXPECT_EQ(builtin_mutant_names(), want);
  EXPECT_GE(want.size(), 12u);
}

TEST(MutantFiles, EachLoadsAndDiffersFromMr3InExactlyWhatItNames) {
  const Ruleset base = load_ruleset("mr3");
  for (const auto& [mutant, want] : expected()) {
    SCOPED_TRACE(mutant);
    const Ruleset r = load_mutant(mutant);
    EXPECT_EQ(load_ruleset(mutant).knobs, r.knobs);
    EXPECT_EQ(r.name, mutant);
    EXPECT_EQ(r.extends, "mr3");
    EXPECT_EQ(r.mutant_of, "mr3");
    EXPECT_EQ(r.expect_violation, want.property);
    EXPECT_EQ(r.scenario, want.scenario);
    EXPECT_GT(r.max_counterexample_length, 0);
    EXPECT_NE(r.description.find("Deliberately wrong"), std::string::npos);
    std::vector<std::string> diffs;
    for (int k = 0; k < kKnobCount; ++k)
      if (r.knobs[k] != base.knobs[k]) diffs.emplace_back(knob_spec(static_cast<Knob>(k)).name);
    for (int k = 0; k < kEffectKindCount; ++k)
      if (r.permissions[k] != base.permissions[k]) diffs.emplace_back(name(static_cast<EffectKind>(k)));
    const std::string named = want.knob ? std::string(knob_spec(*want.knob).name) : std::string(name(*want.kind));
    std::vector<std::string> names{named};
    if (want.also) names.emplace_back(name(*want.also));
    EXPECT_EQ(diffs, names);
    if (want.knob) { EXPECT_FALSE(r.knob_sources[static_cast<int>(*want.knob)].note.empty()); }
    if (want.kind) { EXPECT_FALSE(r.permission_sources[static_cast<int>(*want.kind)].note.empty()); }
  }
}

TEST(MutantFiles, ScenariosTheyNameExist) {
  for (const auto& name : builtin_mutant_names()) {
    const Ruleset r = load_mutant(name);
    if (r.scenario.empty()) continue;
    const auto path = std::filesystem::path(BC_SOURCE_DIR) / "scenarios" / r.scenario;
    EXPECT_TRUE(std::filesystem::is_regular_file(path)) << name << ": " << path;
  }
}

TEST(MutantFiles, PermissionMutantsAddOrMoveTimings) {
  const Ruleset& atk = load_mutant("atk-change-at-damage-calculation");
  EXPECT_TRUE(atk.allowed(EffectKind::AtkChangeQuick, Timing::DamageCalculation));
  EXPECT_TRUE(atk.allowed(EffectKind::AtkChangeQuick, Timing::BeforeDamageCalculation));
  const Ruleset late = load_mutant("destroy-without-calc-late");
  EXPECT_EQ(late.permissions[static_cast<int>(EffectKind::DestroyNoCalcTrigger)], bit(Timing::BeforeDamageCalculation));
  const Ruleset quick = load_mutant("quick-effects-in-damage-step");
  for (const Timing t : {Timing::StartOfDamageStep, Timing::BeforeDamageCalculation, Timing::DamageCalculation,
                         Timing::AfterDamageCalculation, Timing::EndOfDamageStep})
    EXPECT_TRUE(quick.allowed(EffectKind::SpecialSummonQuick, t)) << name(t);
}

}  // namespace
}  // namespace bc
