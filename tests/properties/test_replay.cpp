// Replays: one violating trace and one near miss per property.
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// After a declaration on the Dragon: in the Battle Step, P2 special summons a
/// token (Call of the Haunted), changing its monster count. Ends at ChainEnd.
Trace& summon_in_battle_step(Trace& t) {
  t.declare(P1M0, P2M0).enter(Timing::BattleStep).passes().activate(kCall).priority(Player::P2);
  return t.resolve_link().summoned(P2M2, Player::P2).chain_end();
}

/// The rest of a battle with the token (0/0, Attack Position) as the new target.
Trace& fight_token(Trace& t) {
  t.to_damage_step().window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(CalcMode::VsAttack, 1800, 0).damage(Player::P2, 1800).destroyed(P2M2);
  t.window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep).left(P2M2, LeaveReason::Battle).passes();
  return t.open();
}

TEST(NoReplayInDamageStep, ViolatedByAReplayInTheDamageStep) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target().replay();
  EXPECT_VIOLATES(t.run(), "no_replay_in_damage_step");
}

TEST(NoReplayInDamageStep, ViolatedByAReplayChoiceWindowInTheDamageStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().timing(Timing::ReplayChoice);
  EXPECT_VIOLATES(t.run(), "no_replay_in_damage_step");
}

TEST(NoReplayInDamageStep, HoldsWhenTheCountChangesInTheDamageStep) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation).no_calc();
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  EXPECT_CLEAN(t.run());
}

TEST(ReplayAfterChainResolves, ViolatedByAReplayBetweenLinks) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate(kEvacuation, P2M0).activate(kCall).priority(Player::P2);
  t.resolve_link().summoned(P2M2, Player::P2).replay().resolve_link().left(P2M0, LeaveReason::Banish).chain_end();
  EXPECT_VIOLATES(t.run(), "replay_after_chain_resolves");
}

TEST(ReplayAfterChainResolves, HoldsForAReplayAfterTheChain) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate(kEvacuation, P2M0).activate(kCall).priority(Player::P2);
  t.resolve_link().summoned(P2M2, Player::P2).resolve_link().left(P2M0, LeaveReason::Banish).chain_end();
  t.replay().enter(Timing::ReplayChoice).replay_choice(P2M2);
  fight_token(t);
  EXPECT_CLEAN(t.run());
}

TEST(ReplayRequiresCountChange, ViolatedByAReplayWithNoChange) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1).replay();
  EXPECT_VIOLATES(t.run(), "replay_requires_count_change");
}

TEST(ReplayRequiresCountChange, ViolatedByASecondReplayForTheSameChange) {
  Trace t;
  t.to_battle_step();
  summon_in_battle_step(t).replay().enter(Timing::ReplayChoice).replay_choice(P2M0);
  t.enter(Timing::BattleStep).priority(Player::P1).replay();
  EXPECT_VIOLATES(t.run(), "replay_requires_count_change");
}

TEST(ReplayRequiresCountChange, ViolatedByAChangeOnTheAttackersSide) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::SpecialSummonQuick).priority(Player::P1);
  t.resolve_link().summoned(P1M3, Player::P1).chain_end().replay();
  EXPECT_VIOLATES(t.run(), "replay_requires_count_change");
}

TEST(ReplayRequiresCountChange, HoldsWhenOneMonsterLeftAndAnotherCame) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate(kEvacuation, P2M1).activate(kCall).priority(Player::P2);
  t.resolve_link().summoned(P2M2, Player::P2).resolve_link().left(P2M1, LeaveReason::Banish).chain_end();
  t.replay().enter(Timing::ReplayChoice).replay_choice(P2M2).window(Timing::BattleStep);
  EXPECT_CLEAN(t.run());
}

TEST(ReplayWhenCountChanges, ViolatedByEnteringTheDamageStepWithoutAReplay) {
  Trace t;
  t.to_battle_step();
  summon_in_battle_step(t).passes().step(Step::DamageStep);
  EXPECT_VIOLATES(t.run(), "replay_when_count_changes");
}

TEST(ReplayWhenCountChanges, HoldsAfterTheReplay) {
  Trace t;
  t.to_battle_step();
  summon_in_battle_step(t).replay().enter(Timing::ReplayChoice).replay_choice(P2M2);
  fight_token(t).end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(ReplayWhenCountChanges, HoldsWhenTheAttackWasNegatedInTheSameChain) {
  Trace t;
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes();
  t.activate(kCall).activate_kind(Player::P1, EffectKind::FreeChainQuick).activate(kNegateAttack).priority(Player::P2);
  t.resolve_link().attack_negated().resolve_link().resolve_link().summoned(P2M2, Player::P2).chain_end();
  t.window(Timing::BattleStep).open();
  EXPECT_CLEAN(t.run());
}

TEST(ReplayWhenCountChanges, HoldsForAChangeOnTheAttackersOwnSide) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::SpecialSummonQuick).priority(Player::P1);
  t.resolve_link().summoned(P1M3, Player::P1).chain_end().passes().step(Step::DamageStep);
  EXPECT_HOLDS(t.run(), "replay_when_count_changes");
}

TEST(ReplayChoiceIsNotDeclaration, ViolatedByADeclarationAfterTheReplay) {
  Trace t;
  t.to_battle_step();
  summon_in_battle_step(t).replay().enter(Timing::ReplayChoice).replay_choice(P2M2).declared(P1M0, P2M2);
  EXPECT_VIOLATES(t.run(), "replay_choice_is_not_declaration");
}

TEST(ReplayChoiceIsNotDeclaration, ViolatedByAnAttackDeclarationWindowAfterTheReplay) {
  Trace t;
  t.to_battle_step();
  summon_in_battle_step(t).replay().enter(Timing::ReplayChoice).replay_choice(P2M2);
  t.window(Timing::AttackDeclaration);
  EXPECT_VIOLATES(t.run(), "replay_choice_is_not_declaration");
}

TEST(ReplayChoiceIsNotDeclaration, HoldsWhenTheBattleStepContinues) {
  Trace t;
  t.to_battle_step();
  summon_in_battle_step(t).replay().enter(Timing::ReplayChoice).replay_choice(P2M2).window(Timing::BattleStep);
  EXPECT_CLEAN(t.run());
}

TEST(ReplayChoiceIsNotDeclaration, HoldsForAnotherMonstersDeclarationAfterStopping) {
  Trace t;
  t.to_battle_step();
  summon_in_battle_step(t).replay().enter(Timing::ReplayChoice).replay_choice(kNoSlot).open();
  t.declare(P1M1, P2M2);
  EXPECT_CLEAN(t.run());
}

}  // namespace
}  // namespace bc::test
