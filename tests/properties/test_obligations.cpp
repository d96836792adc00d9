// mandatory_triggers_activate (properties/monitors/obligations.cpp): for every trigger
// event, a mandatory trigger whose event the trace shows must be activated
// before the Battle Phase ends, and is not owed once its monster has left
// (when the event needs it on the field) or once it was used this turn.
#include <functional>

#include "model/library/presets.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

constexpr std::string_view kId = "mandatory_triggers_activate";
constexpr Card kObliged = static_cast<Card>(0);

/// The test board with one card: a mandatory, untargeted trigger on `event`.
Scenario obliged_scenario(TriggerEvent event, Player owner, std::uint8_t host) {
  Scenario s = test_scenario();
  CardSpec c;
  c.name = "Obliged";
  c.kind = EffectKind::BattleDamageTrigger;
  c.owner = owner;
  c.host = host;
  fill_preset_term(c);
  c.term.trigger = event;
  c.term.mandatory = true;
  c.term.timings = 0;
  s.cards = {c};
  return s;
}

struct Case {
  const char* name;
  TriggerEvent event;
  Player owner;
  std::uint8_t host;
  std::function<void(Trace&)> happen;  ///< from the Battle Step up to the event, ending in battle_step_open
};

void quiet_battle(Trace& t) { t.standard_battle(); }

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      {"AttacksFaceDown", TriggerEvent::AttacksFaceDown, Player::P1, kWarrior,
       [](Trace& t) { t.declare(P1M0, P2M1).to_damage_step().open(); }},
      {"AttacksFaceUpDefense", TriggerEvent::AttacksFaceUpDefense, Player::P1, kWarrior,
       [](Trace& t) { t.position_changed(P2M0, Position::FaceUpDefense).declare(P1M0, P2M0).to_damage_step().open(); }},
      {"AttacksMonster", TriggerEvent::AttacksMonster, Player::P1, kWarrior,
       [](Trace& t) { t.declare(P1M0, P2M0).to_damage_step().open(); }},
      {"AtDamageCalculation", TriggerEvent::AtDamageCalculation, Player::P1, kWarrior,
       [](Trace& t) { t.declare(P1M0, P2M0).to_damage_step().enter(Timing::BeforeDamageCalculation).enter(Timing::DamageCalculation).open(); }},
      {"Flipped", TriggerEvent::Flipped, Player::P2, kBug,
       [](Trace& t) { t.declare(P1M0, P2M1).to_damage_step().enter(Timing::BeforeDamageCalculation).flipped(P2M1).open(); }},
      {"InflictsBattleDamage", TriggerEvent::InflictsBattleDamage, Player::P1, kWarrior, quiet_battle},
      {"Battled", TriggerEvent::Battled, Player::P1, kWarrior, quiet_battle},
      {"DestroyedByBattle", TriggerEvent::DestroyedByBattle, Player::P2, kDragon, quiet_battle},
      {"DestroyedOpponentByBattle", TriggerEvent::DestroyedOpponentByBattle, Player::P1, kWarrior, quiet_battle},
      {"SentToGraveyard", TriggerEvent::SentToGraveyard, Player::P2, kDragon, quiet_battle},
      {"AttackDeclared", TriggerEvent::AttackDeclared, Player::P2, kNoMonster,
       [](Trace& t) { t.declare(P1M0, P2M0).attack_negated().open(); }},
      {"TargetedForAttack", TriggerEvent::TargetedForAttack, Player::P2, kDragon,
       [](Trace& t) { t.declare(P1M0, P2M0).attack_negated().open(); }},
      {"SpecialSummoned", TriggerEvent::SpecialSummoned, Player::P2, kToken,
       [](Trace& t) { t.summoned(P2M2, Player::P2).open(); }},
      {"OpponentSpecialSummoned", TriggerEvent::OpponentSpecialSummoned, Player::P1, kNoMonster,
       [](Trace& t) { t.summoned(P2M2, Player::P2).open(); }},
      {"EndOfDamageStep", TriggerEvent::EndOfDamageStep, Player::P1, kWarrior, quiet_battle},
      {"BeforeDamageCalculation", TriggerEvent::BeforeDamageCalculation, Player::P1, kWarrior,
       [](Trace& t) { t.declare(P1M0, P2M0).to_damage_step().enter(Timing::BeforeDamageCalculation).open(); }},
      {"MonsterInflictsBattleDamage", TriggerEvent::MonsterInflictsBattleDamage, Player::P2, kNoMonster, quiet_battle},
      {"OpponentMonsterSentToGraveyard", TriggerEvent::OpponentMonsterSentToGraveyard, Player::P1, kNoMonster,
       quiet_battle},
      {"MonsterSummoned", TriggerEvent::MonsterSummoned, Player::P2, kNoMonster,
       [](Trace& t) { t.summoned(P2M2, Player::P2).open(); }},
      {"FlipSummoned", TriggerEvent::FlipSummoned, Player::P2, kBug,
       [](Trace& t) { t.summon_by(EventType::FlipSummoned, P2M1, Player::P2, kBug).open(); }},
  };
  return all;
}

class Obligation : public ::testing::TestWithParam<Case> {};

TEST_P(Obligation, ViolatedWhenTheTriggerNeverComes) {
  const Case& c = GetParam();
  Trace t(obliged_scenario(c.event, c.owner, c.host));
  t.to_battle_step();
  c.happen(t);
  t.end_battle_phase();
  EXPECT_VIOLATES(t.run(true), "mandatory_triggers_activate");
}

TEST_P(Obligation, HoldsWhenItIsActivated) {
  const Case& c = GetParam();
  Trace t(obliged_scenario(c.event, c.owner, c.host));
  t.to_battle_step();
  c.happen(t);
  t.trigger(kObliged).passes().resolve().open().end_battle_phase();
  EXPECT_HOLDS(t.run(true), kId);
}

TEST_P(Obligation, HoldsWhenTheEventNeverHappens) {
  const Case& c = GetParam();
  Trace t(obliged_scenario(c.event, c.owner, c.host));
  t.to_battle_step().end_battle_phase();
  EXPECT_HOLDS(t.run(true), kId);
}

INSTANTIATE_TEST_SUITE_P(EveryTriggerEvent, Obligation, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

TEST(MandatoryTriggersActivate, EveryTriggerEventButTheEndOfTheBattlePhaseHasACase) {
  std::vector<bool> seen(kTriggerEventCount, false);
  for (const Case& c : cases()) seen[static_cast<int>(c.event)] = true;
  for (int e = 1; e < kTriggerEventCount; ++e)
    if (static_cast<TriggerEvent>(e) != TriggerEvent::EndOfBattlePhase)
      EXPECT_TRUE(seen[e]) << name(static_cast<TriggerEvent>(e));
}

TEST(MandatoryTriggersActivate, NotOwedOnceItsMonsterLeftTheField) {
  Trace t(obliged_scenario(TriggerEvent::Battled, Player::P1, kWarrior));
  t.to_battle_step().standard_battle();
  t.left(P1M0, LeaveReason::Banish).open().end_battle_phase();  // "battled" triggers need their monster
  EXPECT_HOLDS(t.run(true), kId);
}

TEST(MandatoryTriggersActivate, OwedEvenWhenItsMonsterLeftIfTheEventNeedsNoMonster) {
  Trace t(obliged_scenario(TriggerEvent::DestroyedByBattle, Player::P2, kDragon));
  t.to_battle_step().standard_battle();  // the Dragon is in the Graveyard: its trigger is still owed
  t.end_battle_phase();
  EXPECT_VIOLATES(t.run(true), "mandatory_triggers_activate");
}

TEST(MandatoryTriggersActivate, OnceATurn) {
  Trace t(obliged_scenario(TriggerEvent::AttackDeclared, Player::P2, kNoMonster));
  t.to_battle_step().declare(P1M0, P2M0).attack_negated().open();
  t.trigger(kObliged).passes().resolve().open();
  t.declare(P1M1, P2M0).attack_negated().open().end_battle_phase();  // a second declaration owes nothing more
  EXPECT_HOLDS(t.run(true), kId);
}

TEST(MandatoryTriggersActivate, TheMonsterReChosenAfterAReplayIsTargetedForAnAttack) {
  Trace t(obliged_scenario(TriggerEvent::TargetedForAttack, Player::P2, kDragon));
  t.to_battle_step().declare(P1M0, P2M1).left(P2M1, LeaveReason::ReturnToHand).replay();
  t.replay_choice(P2M0).attack_negated().open().end_battle_phase();  // the Dragon's trigger never came
  EXPECT_VIOLATES(t.run(true), kId);
}

TEST(MandatoryTriggersActivate, ConditionOnBattlingIsRead) {
  Scenario s = obliged_scenario(TriggerEvent::TargetedForAttack, Player::P2, kDragon);
  s.cards[0].term.conditions = kCondHostBattled;  // the Dragon has not battled when it is chosen as target
  Trace t(s);
  t.to_battle_step().declare(P1M0, P2M0).attack_negated().open().end_battle_phase();
  EXPECT_HOLDS(t.run(true), kId);
}

TEST(MandatoryTriggersActivate, TargetingTriggersAreLeftToConformance) {
  Scenario s = obliged_scenario(TriggerEvent::AttackDeclared, Player::P2, kNoMonster);
  s.cards[0].term.target.kind = TargetKind::Monster;  // whether a target exists is not the events' to say
  Trace t(s);
  t.to_battle_step().declare(P1M0, P2M0).attack_negated().open().end_battle_phase();
  EXPECT_HOLDS(t.run(true), kId);
}

}  // namespace
}  // namespace bc::test
