// Attack declarations, negated attacks, attack traps, "has attacked" and
// "has battled": one violating trace and one near miss per property.
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// Warrior attacks the face-down Bug; Mystic Swordsman's trigger destroys the
/// Bug at the start of the Damage Step, so damage calculation is skipped.
Trace& mystic_battle(Trace& t) {
  t.swordsman_destroys_target();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation).no_calc();
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep);
  return t.open();
}

/// Knight attacks; P2 negates the attack with Negate Attack; back to battle_step_open.
Trace& negated_attack(Trace& t, std::uint8_t attacker) {
  t.declared(attacker, P2M0).enter(Timing::AttackDeclaration).passes().activate(kNegateAttack).priority(Player::P2);
  return t.resolve_link().attack_negated().chain_end().window(Timing::BattleStep);
}

/// The End Step with one of P1's end-of-Battle-Phase triggers, then Main Phase 2.
Trace& end_step_trigger(Trace& t, Card card, std::uint8_t host) {
  t.enter(Timing::EndStep).trigger(card).passes().resolve_link().position_changed(host, Position::FaceUpDefense);
  return t.chain_end().passes().enter(Timing::MainPhase2);
}

Scenario empty_defender() {
  Scenario s = test_scenario();
  s.board[1] = {};
  return s;
}

TEST(AttackerFaceUpAttackPosition, ViolatedByADefensePositionAttacker) {
  Trace t;
  t.to_battle_step().declare(P1M2, P2M0);
  EXPECT_VIOLATES(t.run(), "attacker_face_up_attack_position");
}

TEST(AttackerFaceUpAttackPosition, ViolatedByAnEmptyZone) {
  Trace t;
  t.to_battle_step().declare(P1M3, P2M0);
  EXPECT_VIOLATES(t.run(), "attacker_face_up_attack_position");
}

TEST(AttackerFaceUpAttackPosition, ViolatedAfterAChangeToDefensePosition) {
  Trace t;
  t.to_battle_step().position_changed(P1M1, Position::FaceUpDefense).declare(P1M1, P2M0);
  EXPECT_VIOLATES(t.run(), "attacker_face_up_attack_position");
}

TEST(AttackerFaceUpAttackPosition, HoldsForAnAttackPositionMonster) {
  Trace t;
  t.to_battle_step().declare(P1M1, P2M0);
  EXPECT_CLEAN(t.run());
}

TEST(DirectAttackOnlyOnEmptyField, ViolatedWhileTheOpponentHasMonsters) {
  Trace t;
  t.to_battle_step().declare(P1M0, kDirect);
  EXPECT_VIOLATES(t.run(), "direct_attack_only_on_empty_field");
}

TEST(DirectAttackOnlyOnEmptyField, HoldsOnAnEmptyField) {
  Trace t(empty_defender());
  t.to_battle_step().declare(P1M0, kDirect).to_damage_step();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(CalcMode::Direct, 1800, 0).damage(Player::P2, 1800);
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open().end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(DirectAttackOnlyOnEmptyField, ViolatedByAReplayChoiceWhileTheOpponentHasMonsters) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).passes().activate(kCall).priority(Player::P2);
  t.resolve_link().summoned(P2M2, Player::P2).chain_end();
  t.replay().enter(Timing::ReplayChoice).replay_choice(kDirect);
  EXPECT_VIOLATES(t.run(), "direct_attack_only_on_empty_field");
}

TEST(DirectAttackOnlyOnEmptyField, HoldsForAReplayChoiceOnceTheFieldIsEmpty) {
  Scenario s = empty_defender();
  s.board[1][0] = {kDragon, Position::FaceUpAttack};
  Trace t(s);
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate(kEvacuation, P2M0).priority(Player::P1).resolve_link().left(P2M0, LeaveReason::Banish).chain_end();
  t.replay().enter(Timing::ReplayChoice).replay_choice(kDirect).window(Timing::BattleStep);
  EXPECT_CLEAN(t.run());
}

TEST(OneDeclarationPerMonster, ViolatedByASecondDeclaration) {
  Trace t;
  t.to_battle_step().standard_battle().declare(P1M0, P2M1);
  EXPECT_VIOLATES(t.run(), "one_declaration_per_monster");
}

TEST(OneDeclarationPerMonster, ViolatedAfterANegatedAttack) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M1).open().declare(P1M1, P2M0);
  EXPECT_VIOLATES(t.run(), "one_declaration_per_monster");
}

TEST(OneDeclarationPerMonster, HoldsForAnotherMonster) {
  Trace t;
  t.to_battle_step().standard_battle().declare(P1M1, P2M1);
  EXPECT_CLEAN(t.run());
}

TEST(OneDeclarationPerMonster, HoldsForANewMonsterInTheSameZone) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M1).open();
  t.left(P1M1, LeaveReason::EffectDestroy).summoned(P1M1, Player::P1).declare(P1M1, P2M0);
  EXPECT_HOLDS(t.run(), "one_declaration_per_monster");
}

TEST(OneAttackAtATime, ViolatedByADeclarationDuringAnotherAttack) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1).declared(P1M1, P2M0);
  EXPECT_VIOLATES(t.run(), "one_attack_at_a_time");
}

TEST(OneAttackAtATime, HoldsAfterTheFirstAttackIsOver) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M0).open().declare(P1M1, P2M0);
  EXPECT_CLEAN(t.run());
}

TEST(NegatedAttackHasNoDamageStep, ViolatedByANegatedAttackEnteringTheDamageStep) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M0).to_damage_step();
  EXPECT_VIOLATES(t.run(), "negated_attack_has_no_damage_step");
}

TEST(NegatedAttackHasNoDamageStep, ViolatedByAStoppedAttackEnteringTheDamageStep) {
  Trace t;
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes();
  t.activate(kSakuretsu).priority(Player::P2).resolve_link().left(P1M0, LeaveReason::EffectDestroy).chain_end();
  t.attack_stopped().to_damage_step();
  EXPECT_VIOLATES(t.run(), "negated_attack_has_no_damage_step");
}

TEST(NegatedAttackHasNoDamageStep, HoldsWhenTheNegatedAttackGoesBackToTheBattleStep) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M0).open().end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(AttackTrapsOnlyAtDeclaration, ViolatedByAnAttackTrapLaterInTheBattleStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).passes().activate(kNegateAttack);
  EXPECT_VIOLATES(t.run(), "attack_traps_only_at_declaration");
}

TEST(AttackTrapsOnlyAtDeclaration, ViolatedByAnAttackTrapInTheDamageStep) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().enter(Timing::BeforeDamageCalculation).passes();
  t.activate(kSakuretsu);
  EXPECT_VIOLATES(t.run(), "attack_traps_only_at_declaration");
}

TEST(AttackTrapsOnlyAtDeclaration, HoldsAtTheDeclaration) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M0).open();
  EXPECT_CLEAN(t.run());
}

TEST(OneChainAtAttackDeclaration, ViolatedByASecondChain) {
  Trace t;
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes();
  t.activate_kind(Player::P2, EffectKind::FreeChainQuick).priority(Player::P2).resolve().passes();
  t.activate(kSakuretsu);
  EXPECT_VIOLATES(t.run(), "one_chain_at_attack_declaration");
}

TEST(OneChainAtAttackDeclaration, HoldsForLinksOfTheSameChainAndATriggerChain) {
  Trace t;
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes();
  t.activate_kind(Player::P2, EffectKind::FreeChainQuick).activate(kBoost).activate(kSakuretsu).priority(Player::P2);
  t.resolve_link().left(P1M0, LeaveReason::EffectDestroy).resolve_link().resolve_link().chain_end();
  t.trigger_kind(Player::P1, EffectKind::SentToGraveTrigger).passes().resolve_link().summoned(P1M0, Player::P1);
  t.chain_end().window(Timing::BattleStep).attack_stopped().open();
  EXPECT_CLEAN(t.run());
}

TEST(StoppedAttackEndsAfterBattleStepRound, ViolatedByAnAttackEndingStraightFromTheDeclarationWindow) {
  Trace t;
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes();
  t.activate(kSakuretsu).priority(Player::P2).resolve_link().left(P1M0, LeaveReason::EffectDestroy).chain_end();
  t.attack_stopped().open();
  EXPECT_VIOLATES(t.run(), "stopped_attack_ends_after_battle_step_round");
}

TEST(StoppedAttackEndsAfterBattleStepRound, HoldsWhenTheBattleStepRoundComesFirst) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M0).open().declare(P1M1, P2M0);
  EXPECT_HOLDS(t.run(), "stopped_attack_ends_after_battle_step_round");
  Trace u;
  u.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes().enter(Timing::BattleStep);
  u.passes().to_damage_step();
  EXPECT_HOLDS(u.run(), "stopped_attack_ends_after_battle_step_round");
}

TEST(HasAttackedRequiresDamageStep, ViolatedByANegatedAttackerCountingAsHavingAttacked) {
  Trace t;
  t.to_battle_step();
  negated_attack(t, P1M1).open();
  end_step_trigger(t, kGoblinAttacked, P1M1);
  EXPECT_VIOLATES(t.run(true), "has_attacked_requires_damage_step");
}

TEST(HasAttackedRequiresDamageStep, HoldsForAnAttackerThatEnteredTheDamageStep) {
  Trace t;
  t.to_battle_step().declare(P1M1, P2M1).to_damage_step();
  t.enter(Timing::BeforeDamageCalculation).flipped(P2M1).passes().window(Timing::DamageCalculation);
  t.calc(CalcMode::VsDefense, 1200, 1300).damage(Player::P1, 100);
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  end_step_trigger(t, kGoblinAttacked, P1M1);
  EXPECT_CLEAN(t.run(true));
}

TEST(HasAttackedRequiresDamageStep, HoldsWhenDamageCalculationWasSkipped) {
  Scenario s = test_scenario();
  s.cards[kGoblinAttacked].host = kWarrior;  // the Warrior enters the Damage Step, without damage calculation
  Trace t(s);
  t.to_battle_step();
  mystic_battle(t);
  end_step_trigger(t, kGoblinAttacked, P1M0);
  EXPECT_CLEAN(t.run(true));
}

TEST(HasBattledRequiresDamageCalculation, ViolatedWithoutDamageCalculation) {
  Trace t;
  t.to_battle_step();
  mystic_battle(t);
  end_step_trigger(t, kGoblinBattled, P1M0);
  EXPECT_VIOLATES(t.run(true), "has_battled_requires_damage_calculation");
}

TEST(HasBattledRequiresDamageCalculation, ViolatedByABattledTriggerWithoutDamageCalculation) {
  Trace t;
  t.to_battle_step().swordsman_destroys_target();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation).no_calc();
  t.enter(Timing::AfterDamageCalculation).trigger_kind(Player::P1, EffectKind::BattledTrigger, P1M0);
  EXPECT_VIOLATES(t.run(), "has_battled_requires_damage_calculation");
}

TEST(HasBattledRequiresDamageCalculation, HoldsAfterDamageCalculation) {
  Trace t;
  t.to_battle_step().standard_battle();
  end_step_trigger(t, kGoblinBattled, P1M0);
  EXPECT_CLEAN(t.run(true));
}

}  // namespace
}  // namespace bc::test
