// Steps, priority and the end of the Battle Phase: one violating trace and
// one near miss per property.
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

Scenario first_turn_scenario() {
  Scenario s = test_scenario();
  s.first_turn = true;
  return s;
}

TEST(NoBattlePhaseOnFirstTurn, ViolatedWhenTheFirstTurnEntersTheStartStep) {
  Trace t(first_turn_scenario());
  t.window(Timing::StartStep);
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "no_battle_phase_on_first_turn");
  EXPECT_EQ(violated_ids(v), std::vector<std::string>{"no_battle_phase_on_first_turn"});
}

TEST(NoBattlePhaseOnFirstTurn, HoldsWhenTheFirstTurnGoesToTheEndPhase) {
  Trace t(first_turn_scenario());
  t.enter(Timing::EndPhase);
  EXPECT_CLEAN(t.run(true));
}

TEST(NoBattlePhaseOnFirstTurn, HoldsOnALaterTurn) {
  Trace t;
  t.to_battle_step().enter(Timing::EndStep).passes().enter(Timing::MainPhase2);
  EXPECT_CLEAN(t.run(true));
}

TEST(StartStepLeadsToBattleStep, ViolatedByGoingStraightToTheEndStep) {
  Trace t;
  t.window(Timing::StartStep).window(Timing::EndStep).enter(Timing::MainPhase2);
  EXPECT_VIOLATES(t.run(true), "start_step_leads_to_battle_step");
}

TEST(StartStepLeadsToBattleStep, HoldsWhenAnEffectEndsTheBattlePhase) {
  Trace t;
  t.enter(Timing::StartStep).passes().activate(kFader).priority(Player::P2);
  t.resolve_link().battle_phase_ended().chain_end();
  t.window(Timing::EndStep).enter(Timing::MainPhase2);
  EXPECT_CLEAN(t.run(true));
}

TEST(EndStepLeadsToMainPhase2, ViolatedByGoingBackToTheBattleStep) {
  Trace t;
  t.to_battle_step().window(Timing::EndStep).open();
  EXPECT_VIOLATES(t.run(), "end_step_leads_to_main_phase_2");
}

TEST(EndStepLeadsToMainPhase2, ViolatedByGoingToTheEndPhase) {
  Trace t;
  t.to_battle_step().window(Timing::EndStep).enter(Timing::EndPhase);
  EXPECT_VIOLATES(t.run(true), "end_step_leads_to_main_phase_2");
}

TEST(EndStepLeadsToMainPhase2, HoldsOnTheUsualEnd) {
  Trace t;
  t.to_battle_step().end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(DamageStepReturnsToBattleStep, ViolatedByGoingStraightToTheEndStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  t.window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle).passes();
  t.end_battle_phase();
  const Verdicts v = t.run(true);
  EXPECT_VIOLATES(v, "damage_step_returns_to_battle_step");
  EXPECT_EQ(violated_ids(v), std::vector<std::string>{"damage_step_returns_to_battle_step"});
}

TEST(DamageStepReturnsToBattleStep, HoldsWhenTheDamageStepEndsInTheBattleStep) {
  Trace t;
  t.to_battle_step().standard_battle().end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(DamageStepTimingsInOrder, ViolatedBySkippingBeforeDamageCalculation) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::DamageCalculation);
  EXPECT_VIOLATES(t.run(), "damage_step_timings_in_order");
}

TEST(DamageStepTimingsInOrder, ViolatedByLeavingBeforeTheEndOfTheDamageStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation).open();
  EXPECT_VIOLATES(t.run(), "damage_step_timings_in_order");
}

TEST(DamageStepTimingsInOrder, ViolatedByGoingBackToAnEarlierTiming) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.window(Timing::StartOfDamageStep);
  EXPECT_VIOLATES(t.run(), "damage_step_timings_in_order");
}

TEST(DamageStepTimingsInOrder, ViolatedByDamageCalculationAtAnotherTiming) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.calc(CalcMode::VsAttack, 1800, 1500);
  EXPECT_VIOLATES(t.run(), "damage_step_timings_in_order");
}

TEST(DamageStepTimingsInOrder, ViolatedByADamageStepTimingOutsideTheDamageStep) {
  Trace t;
  t.to_battle_step().timing(Timing::BeforeDamageCalculation);
  EXPECT_VIOLATES(t.run(), "damage_step_timings_in_order");
}

TEST(DamageStepTimingsInOrder, HoldsOnAFullDamageStep) {
  Trace t;
  t.to_battle_step().standard_battle();
  EXPECT_CLEAN(t.run());
}

TEST(TurnPlayerPriorityFirst, ViolatedWhenTheOpponentActsFirstInAWindow) {
  Trace t;
  t.enter(Timing::StartStep).priority(Player::P2).priority(Player::P1);
  EXPECT_VIOLATES(t.run(), "turn_player_priority_first");
}

TEST(TurnPlayerPriorityFirst, ViolatedWhenTheOpponentActsFirstAfterAChain) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::FreeChainQuick).priority(Player::P1).resolve();
  t.priority(Player::P2);
  EXPECT_VIOLATES(t.run(), "turn_player_priority_first");
}

TEST(TurnPlayerPriorityFirst, HoldsWhenTheOpponentRespondsToAnActivation) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::FreeChainQuick).priority(Player::P1).resolve();
  t.passes();
  EXPECT_CLEAN(t.run());
}

TEST(NoOpponentActionBeforeDeclaration, ViolatedByGivingTheOpponentPriority) {
  Trace t;
  t.window(Timing::StartStep).enter(Timing::BattleStepOpen).priority(Player::P2);
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "no_opponent_action_before_declaration");
}

TEST(NoOpponentActionBeforeDeclaration, ViolatedByPriorityAfterTheTurnPlayerActed) {
  Trace t;
  t.to_battle_step().activate_kind(Player::P1, EffectKind::FreeChainQuick).priority(Player::P2).resolve();
  t.priority(Player::P2);  // after the chain the turn player comes first
  EXPECT_VIOLATES(t.run(), "no_opponent_action_before_declaration");
}

TEST(NoOpponentActionBeforeDeclaration, HoldsWhenTheTurnPlayerDeclinesToAttack) {
  Trace t;
  t.to_battle_step().priority(Player::P2).activate(kCall).priority(Player::P1).priority(Player::P2);
  t.resolve_link().summoned(P2M2, Player::P2).chain_end();
  t.priority(Player::P1).declare(P1M0, P2M0);
  EXPECT_CLEAN(t.run());
}

TEST(BattleStepEndsAfterBothPass, ViolatedWhenTheTurnPlayersPassEndsIt) {
  Trace t;
  t.to_battle_step().step(Step::EndStep).timing(Timing::EndStep).passes().enter(Timing::MainPhase2);
  EXPECT_VIOLATES(t.run(true), "battle_step_ends_after_both_pass");
}

TEST(BattleStepEndsAfterBothPass, HoldsWhenTheOpponentPassedToo) {
  Trace t;
  t.to_battle_step().priority(Player::P2).step(Step::EndStep).timing(Timing::EndStep).passes();
  t.enter(Timing::MainPhase2);
  EXPECT_CLEAN(t.run(true));
}

TEST(BattleStepEndsAfterBothPass, HoldsOnATraceWithoutPriorityEvents) {
  Trace t;
  t.step(Step::StartStep).timing(Timing::StartStep).step(Step::BattleStep).timing(Timing::BattleStepOpen);
  t.step(Step::EndStep).timing(Timing::EndStep).step(Step::MainPhase2).timing(Timing::MainPhase2);
  EXPECT_CLEAN(t.run(true));
}

TEST(NoOpponentActionBeforeDeclaration, ViolatedByAnOpponentActivation) {
  Trace t;
  t.to_battle_step().activate(kCall);
  EXPECT_VIOLATES(t.run(), "no_opponent_action_before_declaration");
}

TEST(NoOpponentActionBeforeDeclaration, HoldsForAResponseToTheTurnPlayer) {
  Trace t;
  t.to_battle_step().activate(kEvacuation, P2M1).activate(kCall).priority(Player::P2);
  t.resolve_link().summoned(P2M2, Player::P2).resolve_link().left(P2M1, LeaveReason::Banish).chain_end();
  t.priority(Player::P1).declare(P1M0, P2M0);
  EXPECT_CLEAN(t.run());
}

TEST(NoOpponentActionBeforeDeclaration, HoldsForARuleTriggerOfTheOpponent) {
  Trace t;
  t.to_battle_step().trigger_kind(Player::P2, EffectKind::SentToGraveTrigger).priority(Player::P1);
  t.priority(Player::P2).resolve().priority(Player::P1);
  EXPECT_CLEAN(t.run());
}

TEST(BattlePhaseEndEntersEndStep, ViolatedWhenAnEndedBattlePhaseGoesToMainPhase2) {
  Trace t;
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes();
  t.activate(kFader).priority(Player::P2).resolve_link().battle_phase_ended().chain_end();
  t.enter(Timing::MainPhase2);
  EXPECT_VIOLATES(t.run(true), "battle_phase_end_enters_end_step");
}

TEST(BattlePhaseEndEntersEndStep, ViolatedByLeavingTheBattleStepForMainPhase2) {
  Trace t;
  t.to_battle_step().enter(Timing::MainPhase2);
  EXPECT_VIOLATES(t.run(true), "battle_phase_end_enters_end_step");
}

TEST(BattlePhaseEndEntersEndStep, HoldsWhenAnEndedBattlePhaseGoesToTheEndStep) {
  Trace t;
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes();
  t.activate(kFader).priority(Player::P2).resolve_link().battle_phase_ended().chain_end();
  t.end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(BattlePhaseCanEnd, ViolatedByACompleteTraceStuckInTheBattleStep) {
  Trace t;
  t.to_battle_step();
  EXPECT_VIOLATES(t.run(true, true), "battle_phase_can_end");
}

TEST(BattlePhaseCanEnd, HoldsOnACutTraceAndOnAFinishedOne) {
  Trace cut;
  cut.to_battle_step();
  EXPECT_CLEAN(cut.run(true, false));
  Trace done;
  done.to_battle_step().end_battle_phase();
  EXPECT_CLEAN(done.run(true, true));
}

}  // namespace
}  // namespace bc::test
