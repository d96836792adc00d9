// What may be activated in the Damage Step, and when: one violating trace and
// one near miss per property.
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// Declaration on `target` by `attacker`, then the Damage Step up to before
/// damage calculation with both players passing at the start of the Damage Step.
Trace& to_before_calc(Trace& t, std::uint8_t attacker = P1M0, std::uint8_t target = P2M0) {
  return t.to_battle_step().declare(attacker, target).to_damage_step().enter(Timing::BeforeDamageCalculation);
}

/// Warrior (1800) vs Dragon (1500): damage calculation with its events.
Trace& warrior_beats_dragon(Trace& t) {
  return t.calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
}

/// From after damage calculation (window already entered and passed) to the
/// next battle_step_open, the Dragon leaving by battle.
Trace& finish_dragon_battle(Trace& t) {
  return t.enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle).passes().open();
}

/// Warrior vs the face-down Bug: flipped at before damage calculation, 1800 vs
/// 1300 DEF destroys it; ends after the DamageCalculation events.
Trace& warrior_beats_bug(Trace& t) {
  t.to_battle_step().declare(P1M0, P2M1).to_damage_step();
  t.enter(Timing::BeforeDamageCalculation).flipped(P2M1).passes().window(Timing::DamageCalculation);
  return t.calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
}

TEST(DamageStepActivationWhitelist, ViolatedByAFreeChainQuickEffect) {
  Trace t;
  to_before_calc(t).priority(Player::P1).activate_kind(Player::P1, EffectKind::FreeChainQuick);
  EXPECT_VIOLATES(t.run(), "damage_step_activation_whitelist");
}

TEST(DamageStepActivationWhitelist, ViolatedByASpecialSummonQuickEffect) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step();
  t.enter(Timing::BeforeDamageCalculation).passes().activate(kCall);
  EXPECT_VIOLATES(t.run(), "damage_step_activation_whitelist");
}

TEST(DamageStepActivationWhitelist, HoldsForBoostsCountersAndActivationNegation) {
  Trace t;
  to_before_calc(t).priority(Player::P1).activate(kBoost).activate(kStardust);
  t.activate_kind(Player::P1, EffectKind::CounterTrap).priority(Player::P1);
  t.resolve_link().negated(2).resolve_link().resolve_link().chain_end().passes();
  t.window(Timing::DamageCalculation);
  warrior_beats_dragon(t).window(Timing::AfterDamageCalculation);
  finish_dragon_battle(t);
  EXPECT_CLEAN(t.run());
}

TEST(AtkChangeOnlyUntilBeforeDamageCalculation, ViolatedAtDamageCalculation) {
  Trace t;
  to_before_calc(t).passes().enter(Timing::DamageCalculation).priority(Player::P1).activate(kBoost);
  EXPECT_VIOLATES(t.run(), "atk_change_only_until_before_damage_calculation");
}

TEST(AtkChangeOnlyUntilBeforeDamageCalculation, ViolatedAfterDamageCalculation) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).enter(Timing::AfterDamageCalculation).priority(Player::P1).activate(kBoost);
  EXPECT_VIOLATES(t.run(), "atk_change_only_until_before_damage_calculation");
}

TEST(AtkChangeOnlyUntilBeforeDamageCalculation, HoldsAtTheStartAndBeforeDamageCalculation) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).window(Timing::BattleStep).step(Step::DamageStep).damage_step_begin();
  t.timing(Timing::StartOfDamageStep).priority(Player::P1).activate(kBoost).priority(Player::P1).resolve().passes();
  t.enter(Timing::BeforeDamageCalculation).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::AtkChangeQuick, kNoSlot).priority(Player::P1).resolve();
  t.priority(Player::P1).activate_kind(Player::P1, EffectKind::AtkChangeQuick).priority(Player::P1).resolve().passes();
  t.window(Timing::DamageCalculation);
  t.calc(CalcMode::VsAttack, 3200, 1500).damage(Player::P2, 1700).destroyed(P2M0);
  t.window(Timing::AfterDamageCalculation);
  finish_dragon_battle(t);
  EXPECT_CLEAN(t.run());
}

TEST(NoEffectNegationInDamageStep, ViolatedByAnEffectNegatorInTheDamageStep) {
  Trace t;
  to_before_calc(t).priority(Player::P1).activate(kBoost).activate(kShootingStar);
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "no_effect_negation_in_damage_step");
}

TEST(NoEffectNegationInDamageStep, HoldsForAnActivationNegatorInTheDamageStep) {
  Trace t;
  to_before_calc(t).priority(Player::P1).activate(kBoost).activate(kStardust).priority(Player::P2);
  t.resolve_link().negated(1).resolve_link().chain_end();
  EXPECT_CLEAN(t.run());
}

TEST(NoEffectNegationInDamageStep, HoldsForAnEffectNegatorInTheBattleStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate(kBoost).activate(kShootingStar).priority(Player::P2);
  t.resolve_link().negated(1, Negation::Effect).resolve_link().chain_end().passes();
  EXPECT_CLEAN(t.run());
}

TEST(DamageCalcEffectsOnlyAtDamageCalculation, ViolatedBeforeDamageCalculation) {
  Trace t;
  to_before_calc(t).priority(Player::P1).activate(kLily);
  EXPECT_VIOLATES(t.run(), "damage_calc_effects_only_at_damage_calculation");
}

TEST(DamageCalcEffectsOnlyAtDamageCalculation, ViolatedInTheBattleStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).passes().activate(kKuriboh);
  EXPECT_VIOLATES(t.run(), "damage_calc_effects_only_at_damage_calculation");
}

TEST(DamageCalcEffectsOnlyAtDamageCalculation, HoldsAtDamageCalculation) {
  Trace t;
  to_before_calc(t).passes().enter(Timing::DamageCalculation).priority(Player::P1);
  t.activate(kLily).activate(kKuriboh).priority(Player::P2).resolve();
  t.calc(CalcMode::VsAttack, 4800, 1500).destroyed(P2M0).window(Timing::AfterDamageCalculation);
  finish_dragon_battle(t);
  EXPECT_CLEAN(t.run());
}

TEST(FaceDownFlippedBeforeDamageCalculation, ViolatedByAFlipAtTheStartOfTheDamageStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M1).window(Timing::BattleStep).step(Step::DamageStep).damage_step_begin();
  t.timing(Timing::StartOfDamageStep).flipped(P2M1);
  EXPECT_VIOLATES(t.run(), "face_down_flipped_before_damage_calculation");
}

TEST(FaceDownFlippedBeforeDamageCalculation, ViolatedByDamageCalculationAgainstAFaceDownMonster) {
  Trace t;
  to_before_calc(t, P1M0, P2M1).passes().window(Timing::DamageCalculation);
  t.calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
  EXPECT_VIOLATES(t.run(), "face_down_flipped_before_damage_calculation");
}

TEST(FaceDownFlippedBeforeDamageCalculation, HoldsForAFlipBeforeDamageCalculation) {
  Trace t;
  warrior_beats_bug(t).window(Timing::AfterDamageCalculation);
  t.enter(Timing::EndOfDamageStep).left(P2M1, LeaveReason::Battle).passes().open();
  EXPECT_CLEAN(t.run());
}

TEST(NoFlipAfterBattleCancelled, ViolatedByAFlipAfterTheAttackerLeft) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M1).window(Timing::BattleStep).step(Step::DamageStep).damage_step_begin();
  t.timing(Timing::StartOfDamageStep).left(P1M0, LeaveReason::Banish).passes();
  t.enter(Timing::BeforeDamageCalculation).flipped(P2M1);
  EXPECT_VIOLATES(t.run(), "no_flip_after_battle_cancelled");
}

TEST(NoFlipAfterBattleCancelled, HoldsWhenTheFaceDownTargetStaysFaceDown) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M1).window(Timing::BattleStep).step(Step::DamageStep).damage_step_begin();
  t.timing(Timing::StartOfDamageStep).left(P1M0, LeaveReason::Banish).passes();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation).no_calc();
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  EXPECT_CLEAN(t.run());
}

TEST(NoFlipAfterBattleCancelled, HoldsForAFlipInAnOngoingBattle) {
  Trace t;
  warrior_beats_bug(t).window(Timing::AfterDamageCalculation);
  EXPECT_CLEAN(t.run());
}

TEST(FlipEffectsAfterDamageCalculation, ViolatedByAFlipEffectWhenTheMonsterFlips) {
  Trace t;
  to_before_calc(t, P1M0, P2M1).flipped(P2M1).trigger(kManEater, P1M0);
  EXPECT_VIOLATES(t.run(), "flip_effects_after_damage_calculation");
}

TEST(FlipEffectsAfterDamageCalculation, HoldsAfterDamageCalculation) {
  Trace t;
  warrior_beats_bug(t).enter(Timing::AfterDamageCalculation).trigger(kManEater, P1M0).passes();
  t.resolve_link().left(P1M0, LeaveReason::EffectDestroy).chain_end();
  t.enter(Timing::EndOfDamageStep).left(P2M1, LeaveReason::Battle).passes().open();
  EXPECT_CLEAN(t.run());
}

TEST(BattleDestroyedLeaveAtEndOfDamageStep, ViolatedByLeavingAtDamageCalculation) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).left(P2M0, LeaveReason::Battle);
  EXPECT_VIOLATES(t.run(), "battle_destroyed_leave_at_end_of_damage_step");
}

TEST(BattleDestroyedLeaveAtEndOfDamageStep, ViolatedByLeavingAfterDamageCalculation) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).enter(Timing::AfterDamageCalculation).left(P2M0, LeaveReason::Battle);
  EXPECT_VIOLATES(t.run(), "battle_destroyed_leave_at_end_of_damage_step");
}

TEST(BattleDestroyedLeaveAtEndOfDamageStep, HoldsAtTheEndOfTheDamageStep) {
  Trace t;
  t.to_battle_step().standard_battle();
  EXPECT_CLEAN(t.run());
}

TEST(BattleDestroyedAllLeaveByEnd, ViolatedWhenAConfirmedMonsterStays) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  EXPECT_VIOLATES(t.run(), "battle_destroyed_all_leave_by_end");
}

TEST(BattleDestroyedAllLeaveByEnd, ViolatedWhenAnUnconfirmedMonsterLeavesByBattle) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).window(Timing::AfterDamageCalculation);
  t.enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle).left(P1M0, LeaveReason::Battle);
  EXPECT_VIOLATES(t.run(), "battle_destroyed_all_leave_by_end");
}

TEST(BattleDestroyedAllLeaveByEnd, HoldsWhenAnEffectBanishesTheConfirmedMonsterFirst) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).enter(Timing::AfterDamageCalculation);
  t.trigger_kind(Player::P1, EffectKind::BattledTrigger, P1M0).passes();
  t.resolve_link().left(P2M0, LeaveReason::Banish).left(P1M0, LeaveReason::Banish).chain_end();
  t.window(Timing::EndOfDamageStep).open();
  EXPECT_CLEAN(t.run());
}

TEST(DestroyedByBattleNotTargeted, ViolatedByTargetingTheConfirmedMonster) {
  Trace t;
  warrior_beats_bug(t).enter(Timing::AfterDamageCalculation).trigger(kManEater, P2M1);
  EXPECT_VIOLATES(t.run(), "destroyed_by_battle_not_targeted");
}

TEST(DestroyedByBattleNotTargeted, HoldsForAnotherTarget) {
  Trace t;
  warrior_beats_bug(t).enter(Timing::AfterDamageCalculation).trigger(kManEater, P1M1).passes();
  t.resolve_link().left(P1M1, LeaveReason::EffectDestroy).chain_end();
  t.enter(Timing::EndOfDamageStep).left(P2M1, LeaveReason::Battle).passes().open();
  EXPECT_CLEAN(t.run());
}

TEST(DestroyedByBattleNoQuickEffects, ViolatedByAQuickEffectOfTheConfirmedMonster) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).enter(Timing::AfterDamageCalculation).trigger(kReaper).priority(Player::P1);
  t.priority(Player::P2).activate(kStardust);
  EXPECT_VIOLATES(t.run(), "destroyed_by_battle_no_quick_effects");
}

TEST(DestroyedByBattleNoQuickEffects, HoldsForAMonsterThatSurvived) {
  Trace t;
  to_before_calc(t, P1M1, P2M0).passes().window(Timing::DamageCalculation);
  t.calc(CalcMode::VsAttack, 1200, 1500).damage(Player::P1, 300).destroyed(P1M1);
  t.enter(Timing::AfterDamageCalculation).trigger_kind(Player::P2, EffectKind::BattledTrigger, P2M0).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::NegateActivationQuick, P1M0).priority(Player::P1);
  t.resolve_link().negated(1).resolve_link().chain_end();
  t.enter(Timing::EndOfDamageStep).left(P1M1, LeaveReason::Battle).passes().open();
  EXPECT_CLEAN(t.run());
}

TEST(NoDamageCalculationWithoutBothBattlers, ViolatedWhenTheTargetLeft) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(P1M0, kDirect, CalcMode::Direct, 1800, 0).damage(Player::P2, 1800);
  EXPECT_VIOLATES(t.run(), "no_damage_calculation_without_both_battlers");
}

TEST(NoDamageCalculationWithoutBothBattlers, ViolatedWhenTheAttackerLeft) {
  Trace t;
  to_before_calc(t).passes().enter(Timing::DamageCalculation).priority(Player::P1);
  t.activate(kLily).activate(kCounter).priority(Player::P2);
  t.resolve_link().negated(1).left(P1M0, LeaveReason::EffectDestroy).resolve_link().chain_end();
  t.calc(CalcMode::VsAttack, 0, 1500);
  EXPECT_VIOLATES(t.run(), "no_damage_calculation_without_both_battlers");
}

TEST(NoDamageCalculationWithoutBothBattlers, HoldsWhenCalculationIsSkipped) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation).no_calc();
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  EXPECT_CLEAN(t.run());
}

TEST(DamageStepCompletesAfterBattlerLeaves, ViolatedByReturningAtOnce) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target().open();
  EXPECT_VIOLATES(t.run(), "damage_step_completes_after_battler_leaves");
}

TEST(DamageStepCompletesAfterBattlerLeaves, ViolatedBySkippingToTheEndOfTheDamageStep) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target().window(Timing::EndOfDamageStep).open();
  EXPECT_VIOLATES(t.run(), "damage_step_completes_after_battler_leaves");
}

TEST(DamageStepCompletesAfterBattlerLeaves, HoldsWhenNoBattlerLeft) {
  // A shortened Damage Step is another property's business when nobody left.
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().open();
  const Verdicts v = t.run();
  EXPECT_HOLDS(v, "damage_step_completes_after_battler_leaves");
  EXPECT_VIOLATES(v, "damage_step_timings_in_order");
}

TEST(BattleDamageTriggersAfterDamageCalculation, ViolatedAtTheEndOfTheDamageStep) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).window(Timing::AfterDamageCalculation);
  t.enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle).trigger(kReaper);
  EXPECT_VIOLATES(t.run(), "battle_damage_triggers_after_damage_calculation");
}

TEST(BattleDamageTriggersAfterDamageCalculation, ViolatedWithoutBattleDamage) {
  Trace t;
  warrior_beats_bug(t).enter(Timing::AfterDamageCalculation).trigger(kReaper);
  EXPECT_VIOLATES(t.run(), "battle_damage_triggers_after_damage_calculation");
}

TEST(BattleDamageTriggersAfterDamageCalculation, HoldsAfterBattleDamage) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).enter(Timing::AfterDamageCalculation).trigger(kReaper).passes().resolve();
  finish_dragon_battle(t);
  EXPECT_CLEAN(t.run());
}

TEST(BattleDestroyedTriggersAtEndOfDamageStep, ViolatedAfterDamageCalculation) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).enter(Timing::AfterDamageCalculation);
  t.trigger_kind(Player::P2, EffectKind::BattleDestroyedTrigger);
  EXPECT_VIOLATES(t.run(), "battle_destroyed_triggers_at_end_of_damage_step");
}

TEST(BattleDestroyedTriggersAtEndOfDamageStep, ViolatedWhenNoMonsterOfItsSideLeftByBattle) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep);
  t.left(P2M0, LeaveReason::Battle).trigger_kind(Player::P1, EffectKind::BattleDestroyedTrigger);
  EXPECT_VIOLATES(t.run(), "battle_destroyed_triggers_at_end_of_damage_step");
}

TEST(BattleDestroyedTriggersAtEndOfDamageStep, HoldsAtTheEndOfTheDamageStep) {
  Trace t;
  to_before_calc(t).passes().window(Timing::DamageCalculation);
  warrior_beats_dragon(t).window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep);
  t.left(P2M0, LeaveReason::Battle).trigger_kind(Player::P2, EffectKind::BattleDestroyedTrigger).passes();
  t.resolve_link().summoned(P2M0, Player::P2).chain_end().open();
  EXPECT_CLEAN(t.run());
}

TEST(DestroyWithoutCalcAtStartOfDamageStep, ViolatedBeforeDamageCalculation) {
  Trace t;
  to_before_calc(t, P1M0, P2M1).trigger(kMystic, P2M1);
  EXPECT_VIOLATES(t.run(), "destroy_without_calc_at_start_of_damage_step");
}

TEST(DestroyWithoutCalcAtStartOfDamageStep, HoldsAtTheStartOfTheDamageStep) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target();
  EXPECT_CLEAN(t.run());
}

}  // namespace
}  // namespace bc::test
