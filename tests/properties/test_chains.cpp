// Chains: LIFO resolution, spell speeds, simultaneous triggers and the
// one-chain timings. One violating trace and one near miss per property.
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

Event resolve_event(std::uint8_t link) {
  Event e;
  e.type = EventType::Resolve;
  e.link = link;
  return e;
}

Event chain_end_event() {
  Event e;
  e.type = EventType::ChainEnd;
  return e;
}

/// The Battle Step after a declaration, P1 holding priority.
Trace& battle_step(Trace& t) {
  return t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
}

/// Up to the damage calculation window, P1 holding priority.
Trace& at_calc(Trace& t) {
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  return t.enter(Timing::DamageCalculation).priority(Player::P1);
}

/// Warrior beats Dragon after damage calculation, the after-calculation window entered.
Trace& after_calc(Trace& t) {
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.window(Timing::DamageCalculation).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  return t.enter(Timing::AfterDamageCalculation);
}

TEST(ChainResolvesLastInFirstOut, ViolatedByResolvingTheFirstLinkFirst) {
  Trace t;
  battle_step(t).activate(kBoost).activate(kCall).priority(Player::P2);
  t.add(resolve_event(1)).add(resolve_event(2)).add(chain_end_event());
  EXPECT_VIOLATES(t.run(), "chain_resolves_last_in_first_out");
}

TEST(ChainResolvesLastInFirstOut, ViolatedByALinkNumberOutOfOrder) {
  Trace t;
  battle_step(t);
  Event e;
  e.type = EventType::Activate;
  e.player = Player::P1;
  e.kind = EffectKind::FreeChainQuick;
  e.link = 2;
  t.add(e);
  EXPECT_VIOLATES(t.run(), "chain_resolves_last_in_first_out");
}

TEST(ChainResolvesLastInFirstOut, ViolatedByAnActivationDuringResolution) {
  Trace t;
  battle_step(t).activate(kBoost).activate(kCall).priority(Player::P2).resolve_link();
  t.activate_kind(Player::P1, EffectKind::FreeChainQuick);
  EXPECT_VIOLATES(t.run(), "chain_resolves_last_in_first_out");
}

TEST(ChainResolvesLastInFirstOut, ViolatedByEndingTheChainEarly) {
  Trace t;
  battle_step(t).activate(kBoost).activate(kCall).priority(Player::P2).resolve_link().add(chain_end_event());
  EXPECT_VIOLATES(t.run(), "chain_resolves_last_in_first_out");
}

TEST(ChainResolvesLastInFirstOut, ViolatedByNegatingAResolvedLink) {
  Trace t;
  battle_step(t).activate(kBoost).activate(kCall).priority(Player::P2).resolve_link().negated(2);
  EXPECT_VIOLATES(t.run(), "chain_resolves_last_in_first_out");
}

TEST(ChainResolvesLastInFirstOut, HoldsForLastInFirstOut) {
  Trace t;
  battle_step(t).activate(kBoost).activate(kStardust).activate_kind(Player::P1, EffectKind::CounterTrap);
  t.priority(Player::P1).resolve_link().negated(2).resolve_link().resolve_link().chain_end().passes();
  EXPECT_CLEAN(t.run());
}

TEST(SpellSpeedRespected, ViolatedByAQuickEffectAnsweringACounterTrap) {
  Trace t;
  battle_step(t).activate(kBoost).activate(kCounter).activate_kind(Player::P1, EffectKind::FreeChainQuick);
  EXPECT_VIOLATES(t.run(), "spell_speed_respected");
}

TEST(SpellSpeedRespected, ViolatedByATriggerAnsweringAQuickEffect) {
  Trace t;
  after_calc(t).trigger(kReaper).priority(Player::P1).priority(Player::P2);
  t.activate_kind(Player::P2, EffectKind::NegateActivationQuick, P2M1).trigger_kind(Player::P1, EffectKind::BattledTrigger, P1M0);
  EXPECT_VIOLATES(t.run(), "spell_speed_respected");
}

TEST(SpellSpeedRespected, HoldsForGatheredTriggersAndFasterAnswers) {
  Trace t;
  after_calc(t).trigger(kReaper).trigger_kind(Player::P1, EffectKind::BattledTrigger, P1M0);
  t.trigger_kind(Player::P2, EffectKind::BattledTrigger, P2M0).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::CounterTrap).activate(kCounter).priority(Player::P2).resolve();
  EXPECT_CLEAN(t.run());
}

TEST(SimultaneousTriggersTurnPlayerFirst, ViolatedWhenTheOpponentsTriggerComesFirst) {
  Trace t;
  after_calc(t).trigger_kind(Player::P2, EffectKind::BattledTrigger, P2M0).trigger(kReaper);
  EXPECT_VIOLATES(t.run(), "simultaneous_triggers_turn_player_first");
}

TEST(SimultaneousTriggersTurnPlayerFirst, HoldsWhenTheTurnPlayersTriggersComeFirst) {
  Trace t;
  after_calc(t).trigger(kReaper).trigger_kind(Player::P2, EffectKind::BattledTrigger, P2M0).passes().resolve();
  EXPECT_CLEAN(t.run());
}

TEST(SimultaneousTriggersTurnPlayerFirst, HoldsForATurnPlayerResponseAfterPriority) {
  Trace t;
  after_calc(t).trigger_kind(Player::P2, EffectKind::BattledTrigger, P2M0).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::CounterTrap).priority(Player::P1).resolve_link().negated(1);
  t.resolve_link().chain_end();
  EXPECT_CLEAN(t.run());
}

TEST(OneChainAtDamageCalculation, ViolatedByASecondPlayerChain) {
  Trace t;
  at_calc(t).activate(kLily).priority(Player::P1).resolve().passes().activate(kKuriboh);
  EXPECT_VIOLATES(t.run(), "one_chain_at_damage_calculation");
}

/// At damage calculation P1's Lily is negated by Divine Wrath, which destroys
/// the Warrior; its "sent to the GY" trigger starts a chain of its own.
Trace& trigger_chain_at_calc(Trace& t) {
  at_calc(t).activate(kLily).activate(kCounter).priority(Player::P2);
  t.resolve_link().negated(1).left(P1M0, LeaveReason::EffectDestroy).resolve_link().chain_end();
  return t.trigger_kind(Player::P1, EffectKind::SentToGraveTrigger).priority(Player::P1).priority(Player::P2);
}

TEST(OneChainAtDamageCalculation, ViolatedByACalculationEffectInTheTriggerChain) {
  Trace t;
  trigger_chain_at_calc(t).activate(kKuriboh);
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "one_chain_at_damage_calculation");
  EXPECT_HOLDS(v, "damage_calc_effects_only_at_damage_calculation");
}

TEST(OneChainAtDamageCalculation, HoldsForOneChainAndAnAnswerInTheTriggerChain) {
  Trace t;
  trigger_chain_at_calc(t).activate(kStardust).priority(Player::P2);
  t.resolve_link().negated(1).resolve_link().chain_end().no_calc();
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  const Verdicts v = t.run();
  EXPECT_CLEAN(v);
  EXPECT_TRUE(witnessed(v, "sometimes_trigger_chain_at_damage_calculation"));
}

TEST(OneChainAtDamageCalculation, HoldsForSeveralLinksInTheOneChain) {
  Trace t;
  at_calc(t).activate(kLily).activate(kKuriboh).priority(Player::P2).resolve();
  t.calc(CalcMode::VsAttack, 4800, 1500).destroyed(P2M0);
  EXPECT_CLEAN(t.run());
}

TEST(OneChainAtStartOfDamageStep, ViolatedByASecondChain) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).window(Timing::BattleStep).step(Step::DamageStep).damage_step_begin();
  t.timing(Timing::StartOfDamageStep).priority(Player::P1).activate(kBoost).priority(Player::P1).resolve();
  t.priority(Player::P1).activate_kind(Player::P1, EffectKind::AtkChangeQuick);
  EXPECT_VIOLATES(t.run(), "one_chain_at_start_of_damage_step");
}

TEST(OneChainAtStartOfDamageStep, HoldsForATriggerChainAndSeveralChainsBeforeCalculation) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M1).window(Timing::BattleStep).step(Step::DamageStep).damage_step_begin();
  t.timing(Timing::StartOfDamageStep).priority(Player::P1).activate(kBoost).priority(Player::P1).resolve();
  t.trigger(kMystic, P2M1).passes().resolve_link().left(P2M1, LeaveReason::EffectDestroy).chain_end();
  t.enter(Timing::BeforeDamageCalculation).priority(Player::P1).activate_kind(Player::P1, EffectKind::AtkChangeQuick);
  t.priority(Player::P1).resolve().priority(Player::P1).activate_kind(Player::P1, EffectKind::AtkChangeQuick);
  t.priority(Player::P1).resolve().passes();
  EXPECT_CLEAN(t.run());
}

TEST(OneChainAfterDamageCalculation, ViolatedByAPlayerChainAfterTheTriggerChain) {
  Trace t;
  after_calc(t).trigger(kReaper).passes().resolve().priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::NegateActivationQuick, P1M1);
  EXPECT_VIOLATES(t.run(), "one_chain_after_damage_calculation");
}

TEST(OneChainAfterDamageCalculation, HoldsForASecondChainOfTriggers) {
  Trace t;
  after_calc(t).trigger(kReaper).passes().resolve();
  t.trigger_kind(Player::P1, EffectKind::BattledTrigger, P1M0).passes().resolve();
  t.enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle).passes().open();
  EXPECT_CLEAN(t.run());
}

TEST(OneChainAtEndOfDamageStep, ViolatedByAPlayerChainAfterTheTriggerChain) {
  Trace t;
  after_calc(t).passes().enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle);
  t.trigger_kind(Player::P2, EffectKind::BattleDestroyedTrigger).passes().resolve().priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::CounterTrap);
  EXPECT_VIOLATES(t.run(), "one_chain_at_end_of_damage_step");
}

TEST(OneChainAtEndOfDamageStep, HoldsForTriggerChainsOnly) {
  Trace t;
  after_calc(t).passes().enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle);
  t.trigger_kind(Player::P2, EffectKind::BattleDestroyedTrigger).passes();
  t.resolve_link().summoned(P2M0, Player::P2).chain_end();
  t.trigger_kind(Player::P2, EffectKind::SentToGraveTrigger).passes().resolve().open();
  EXPECT_CLEAN(t.run());
}

}  // namespace
}  // namespace bc::test

namespace bc::test {
namespace {

TEST(ChainResolvesAfterBothPass, ViolatedWhenOnlyOnePlayerPassed) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::FreeChainQuick).resolve();  // P2 had priority, P1 never again
  EXPECT_VIOLATES(t.run(), "chain_resolves_after_both_pass");
}

TEST(ChainResolvesAfterBothPass, ViolatedWhenATriggerChainSkipsTheTurnPlayersPass) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.trigger_kind(Player::P1, EffectKind::SentToGraveTrigger).priority(Player::P2).resolve();
  EXPECT_VIOLATES(t.run(), "chain_resolves_after_both_pass");
}

TEST(ChainResolvesAfterBothPass, HoldsAfterBothPassed) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).priority(Player::P1);
  t.activate_kind(Player::P1, EffectKind::FreeChainQuick).passes().resolve();
  EXPECT_HOLDS(t.run(), "chain_resolves_after_both_pass");
}

}  // namespace
}  // namespace bc::test
