// Sometimes properties: each is witnessed by a trace that shows it, and a
// quiet battle witnesses only what it really shows.
#include <functional>

#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

struct Witness {
  std::string_view id;
  std::function<void(Trace&)> build;
};

void activation_at(Trace& t, Timing timing) {
  t.to_battle_step().declared(P1M0, P2M0);
  for (Timing w : {Timing::AttackDeclaration, Timing::BattleStep}) {  // the windows before `timing`
    if (w == timing) break;
    t.window(w);
  }
  if (in_damage_step(timing)) {
    t.step(Step::DamageStep).damage_step_begin().timing(Timing::StartOfDamageStep);
    if (timing != Timing::StartOfDamageStep) t.passes().enter(timing);
  } else {
    t.enter(timing);
  }
  t.priority(Player::P1).activate_kind(Player::P1, EffectKind::CounterTrap);
}

std::vector<Witness> witnesses() {
  return {
      {"sometimes_activation_at_start_step",
       [](Trace& t) { t.enter(Timing::StartStep).priority(Player::P1).activate(kBoost); }},
      {"sometimes_activation_at_attack_declaration", [](Trace& t) { activation_at(t, Timing::AttackDeclaration); }},
      {"sometimes_activation_at_battle_step", [](Trace& t) { activation_at(t, Timing::BattleStep); }},
      {"sometimes_activation_at_start_of_damage_step", [](Trace& t) { activation_at(t, Timing::StartOfDamageStep); }},
      {"sometimes_activation_at_before_damage_calculation",
       [](Trace& t) { activation_at(t, Timing::BeforeDamageCalculation); }},
      {"sometimes_activation_at_damage_calculation", [](Trace& t) { activation_at(t, Timing::DamageCalculation); }},
      {"sometimes_activation_at_after_damage_calculation",
       [](Trace& t) { activation_at(t, Timing::AfterDamageCalculation); }},
      {"sometimes_activation_at_end_of_damage_step", [](Trace& t) { activation_at(t, Timing::EndOfDamageStep); }},
      {"sometimes_activation_at_end_step",
       [](Trace& t) { t.to_battle_step().enter(Timing::EndStep).trigger(kGoblinAttacked); }},
      {"sometimes_replay",
       [](Trace& t) {
         t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).passes().activate(kCall);
         t.priority(Player::P2).resolve_link().summoned(P2M2, Player::P2).chain_end().replay();
       }},
      {"sometimes_flip",
       [](Trace& t) {
         t.to_battle_step().declare(P1M0, P2M1).to_damage_step().enter(Timing::BeforeDamageCalculation).flipped(P2M1);
       }},
      {"sometimes_battle_destroyed_sent", [](Trace& t) { t.to_battle_step().standard_battle(); }},
      {"sometimes_attack_negated",
       [](Trace& t) {
         t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).passes().activate(kNegateAttack);
         t.priority(Player::P2).resolve_link().attack_negated();
       }},
      {"sometimes_direct_attack", [](Trace& t) { t.to_battle_step().declared(P1M0, kDirect); }},
      {"sometimes_no_damage_calculation",
       [](Trace& t) {
         t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
         t.window(Timing::DamageCalculation).no_calc();
       }},
      {"sometimes_damage_calculation",
       [](Trace& t) {
         t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
         t.window(Timing::DamageCalculation).calc(CalcMode::VsAttack, 1800, 1500);
       }},
      {"sometimes_trigger_chain_at_damage_calculation",
       [](Trace& t) {
         t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
         t.enter(Timing::DamageCalculation).priority(Player::P1).activate(kLily).priority(Player::P1).resolve();
         t.trigger_kind(Player::P2, EffectKind::SentToGraveTrigger);
       }},
  };
}

TEST(Sometimes, EachPropertyHasAWitnessTrace) {
  for (const Witness& w : witnesses()) {
    Trace t;
    w.build(t);
    const Verdicts v = t.run();
    EXPECT_TRUE(witnessed(v, w.id)) << w.id << " witnessed: " << ::testing::PrintToString(witnessed_ids(v));
  }
}

TEST(Sometimes, EveryWitnessTraceShowsOnlyItsOwnActivationTiming) {
  for (const Witness& w : witnesses()) {
    if (w.id.find("sometimes_activation_at_") != 0) continue;
    Trace t;
    w.build(t);
    int activation_witnesses = 0;
    for (const std::string& id : witnessed_ids(t.run()))
      if (id.find("sometimes_activation_at_") == 0) ++activation_witnesses;
    EXPECT_EQ(activation_witnesses, 1) << w.id;
  }
}

TEST(Sometimes, AQuietBattleWitnessesOnlyDamageCalculationAndTheBattleDestroyedMonster) {
  Trace t;
  t.to_battle_step().standard_battle().end_battle_phase();
  EXPECT_EQ(witnessed_ids(t.run(true)),
            (std::vector<std::string>{"sometimes_battle_destroyed_sent", "sometimes_damage_calculation"}));
}

TEST(Sometimes, AChainAfterAnotherStartedByAPlayerIsNotATriggerChain) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.enter(Timing::DamageCalculation).priority(Player::P1).activate(kLily).priority(Player::P1).resolve();
  t.priority(Player::P1).priority(Player::P2).activate(kKuriboh);
  EXPECT_FALSE(witnessed(t.run(), "sometimes_trigger_chain_at_damage_calculation"));
}

}  // namespace
}  // namespace bc::test
