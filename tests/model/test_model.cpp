#include "tests/model/model_fixture.hpp"

namespace bc::test {
namespace {

const Ruleset& mr3() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

constexpr std::uint8_t p1_m0 = 0, p1_m1 = 1, p2_m0 = 5, p2_m1 = 6;

/// P1: Goblin 2300/0 and Swordsman 900/0; P2: Bug 450/600 face-down and Dandylion 300/300.
struct Board : ScenarioBuilder {
  std::uint8_t goblin, swordsman, bug, dandy, token;
  Board() {
    goblin = place(Player::P1, 0, "Goblin Attack Force", 2300, 0, Position::FaceUpAttack);
    swordsman = place(Player::P1, 1, "Mystic Swordsman LV2", 900, 0, Position::FaceUpAttack);
    bug = place(Player::P2, 0, "Man-Eater Bug", 450, 600, Position::FaceDownDefense);
    dandy = place(Player::P2, 1, "Dandylion", 300, 300, Position::FaceUpAttack);
    token = monster("Fluff Token", 0, 0);
  }
};

Driver into_battle_step(const Scenario& sc, const Ruleset& r = mr3()) {
  Driver d(sc, r);
  d.act([](const Action& a) { return a.type == ActionType::EnterBattlePhase; });
  d.pass_until(Timing::BattleStepOpen);
  return d;
}

TEST(State, IsSmallValue) {
  EXPECT_LE(sizeof(State), 84u);
  State a, b;
  EXPECT_EQ(a, b);
  EXPECT_EQ(hash_state(a), hash_state(b));
  b.zones[3].bits = kDeclared;
  EXPECT_NE(a, b);
  EXPECT_NE(hash_state(a), hash_state(b));
}

TEST(Model, FirstTurnHasNoBattlePhase) {
  Board b;
  b.s.first_turn = true;
  Driver d(b.s, mr3());
  EXPECT_FALSE(d.can([](const Action& a) { return a.type == ActionType::EnterBattlePhase; }));
  EXPECT_TRUE(d.can([](const Action& a) { return a.type == ActionType::SkipBattlePhase; }));
}

TEST(Model, ActionsAreDeterministic) {
  Board b;
  b.card("Jar", EffectKind::FreeChainQuick, Player::P1);
  Driver d = into_battle_step(b.s);
  const ActionList x = d.legal(), y = d.legal();
  ASSERT_EQ(x.size(), y.size());
  for (int i = 0; i < x.size(); ++i) EXPECT_EQ(x[i], y[i]);
  // Pass first, then declarations: 2 attackers x 2 targets, then the quick effect.
  ASSERT_EQ(x.size(), 6);
  EXPECT_EQ(x[0].type, ActionType::Pass);
  EXPECT_EQ(x[1], (Action{ActionType::DeclareAttack, kNoCard, p1_m0, p2_m0}));
  EXPECT_EQ(x[5].type, ActionType::Activate);
}

TEST(Model, StartStepGivesTurnPlayerPriorityAndCannotSkipToEndStep) {
  Board b;
  Driver d(b.s, mr3());
  const auto ev = d.act([](const Action& a) { return a.type == ActionType::EnterBattlePhase; });
  ASSERT_EQ(ev.back().type, EventType::Priority);
  EXPECT_EQ(ev.back().player, Player::P1);
  EXPECT_FALSE(d.can([](const Action& a) { return a.type == ActionType::SkipToEndStep; }));
}

TEST(Model, SummonInBattleStepCausesReplayAfterTheChain) {
  Board b;
  const auto call = b.card("Call of the Haunted", EffectKind::SpecialSummonQuick, Player::P2, kNoMonster, 0, b.token);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, p2_m1);
  d.pass_until(Timing::BattleStep);
  d.pass();  // P1 passes, P2 may act
  d.activate(call);
  d.pass();
  const auto ev = d.pass();  // chain resolves
  ASSERT_TRUE(has_event(ev, EventType::Summoned));
  ASSERT_TRUE(has_event(ev, EventType::Replay));
  EXPECT_EQ(d.state().timing, Timing::ReplayChoice);
  // Re-choice: three targets (two monsters and the token) or no attack; not a declaration.
  EXPECT_EQ(d.legal().size(), 4);
  const auto re = d.act([](const Action& a) { return a.type == ActionType::ReplayTarget; });
  EXPECT_FALSE(has_event(re, EventType::AttackDeclared));
  EXPECT_EQ(d.state().timing, Timing::BattleStep);
}

// Found by random mode under mr3 (docs/random.md, Findings): the attacker is
// identified by more than its zone. Goblin is destroyed at the attack
// declaration and P1's token is summoned into Goblin's zone in the same
// chain: the token is not the attacker, the attack stops.
TEST(Model, MonsterSummonedIntoTheZoneTheAttackerLeftIsNotTheAttacker) {
  Board b;
  const auto call = b.card("Call of the Haunted", EffectKind::SpecialSummonQuick, Player::P1, kNoMonster, 0, b.token);
  const auto armor = b.card("Sakuretsu Armor", EffectKind::AttackDestroyTrap, Player::P2);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, p2_m1);
  d.activate(call);   // P1, chain link 1: resolves last, into the zone Goblin will have left
  d.activate(armor);  // P2, chain link 2: destroys Goblin
  d.pass();
  const auto ev = d.pass();  // the chain resolves
  const Event* summoned = find_event(ev, EventType::Summoned);
  ASSERT_NE(summoned, nullptr);
  EXPECT_EQ(summoned->slot, p1_m0);  // the token now stands in the attacker's zone
  // The Battle Step goes on until both players pass (knob stopped_attack_keeps_window, S1 §战斗步骤).
  EXPECT_FALSE(has_event(ev, EventType::AttackStopped));
  EXPECT_EQ(d.state().timing, Timing::BattleStep);
  d.pass();
  const auto closed = d.pass();
  EXPECT_TRUE(has_event(closed, EventType::AttackStopped));
  EXPECT_EQ(d.state().timing, Timing::BattleStepOpen);
  EXPECT_EQ(d.state().attacker, kNoSlot);
}

// Found by random mode under mr3: an effect that ends the Battle Phase
// outranks the replay a summon in the same chain causes (S1 §结束步骤=战斗阶段结束时).
TEST(Model, EndedBattlePhaseGoesToTheEndStepBeforeAnyReplay) {
  Board b;
  const auto fader = b.card("Battle Fader", EffectKind::EndBattlePhaseQuick, Player::P2);
  const auto call = b.card("Call of the Haunted", EffectKind::SpecialSummonQuick, Player::P2, kNoMonster, 0, b.token);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, p2_m1);
  d.pass();            // P1
  d.activate(fader);   // P2, chain link 1
  d.pass();            // P1
  d.activate(call);    // P2, chain link 2: its summon changes P2's monster count
  d.pass();
  const auto ev = d.pass();  // the chain resolves
  EXPECT_TRUE(has_event(ev, EventType::Summoned));
  EXPECT_TRUE(has_event(ev, EventType::BattlePhaseEnded));
  EXPECT_FALSE(has_event(ev, EventType::Replay));
  EXPECT_EQ(d.state().timing, Timing::EndStep);
}

TEST(Model, FaceDownTargetFlipsBeforeDamageCalculationAndFlipEffectWaits) {
  Board b;
  b.card("Man-Eater Bug", EffectKind::FlipTrigger, Player::P2, b.bug);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, p2_m0);
  d.pass_until(Timing::StartOfDamageStep);
  EXPECT_EQ(d.state().zones[p2_m0].position(), Position::FaceDownDefense);
  const auto before = [&] { for (;;) { auto ev = d.pass(); if (d.state().timing == Timing::BeforeDamageCalculation) return ev; } }();
  EXPECT_TRUE(has_event(before, EventType::FlippedFaceUp));
  EXPECT_FALSE(has_event(before, EventType::Activate));
  d.pass_until(Timing::DamageCalculation);
  std::vector<Event> calc;
  while (d.state().timing == Timing::DamageCalculation) { auto ev = d.pass(); calc.insert(calc.end(), ev.begin(), ev.end()); }
  const Event* dc = find_event(calc, EventType::DamageCalculation);
  ASSERT_NE(dc, nullptr);
  EXPECT_EQ(dc->mode, CalcMode::VsDefense);
  EXPECT_EQ(dc->value, 2300);
  EXPECT_EQ(dc->value2, 600);
  EXPECT_FALSE(has_event(calc, EventType::BattleDamage));
  const Event* act = find_event(calc, EventType::Activate);
  ASSERT_NE(act, nullptr);  // the flip effect, now at after damage calculation
  EXPECT_EQ(act->kind, EffectKind::FlipTrigger);
  EXPECT_EQ(d.state().timing, Timing::AfterDamageCalculation);
  EXPECT_TRUE(d.state().zones[p2_m0].has(kDestroyConfirmed));  // still on the field
}

TEST(Model, BattleDestroyedMonsterLeavesAtEndOfDamageStepAndItsTokenCausesNoReplay) {
  Board b;
  b.card("Dandylion", EffectKind::SentToGraveTrigger, Player::P2, b.dandy, 0, b.token);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, p2_m1);
  d.pass_until(Timing::AfterDamageCalculation);
  EXPECT_TRUE(d.state().zones[p2_m1].occupied());
  d.pass_until(Timing::EndOfDamageStep);
  const std::vector<Event> end = d.events();
  EXPECT_FALSE(d.state().zones[p2_m1].occupied());
  const Event* left = find_event(end, EventType::LeftField);
  ASSERT_NE(left, nullptr);
  EXPECT_EQ(left->reason, LeaveReason::Battle);
  d.pass_until(Timing::BattleStepOpen);
  EXPECT_FALSE(has_event(d.events(), EventType::Replay));
  EXPECT_TRUE(d.state().zones[p2_m1].occupied());  // the token took the free zone
}

TEST(Model, DamageCalculationTable) {
  struct Case { int atk; int other; Position pos; int dmg_p1; int dmg_p2; bool a_dies; bool t_dies; };
  const Case cases[] = {
      {2000, 1500, Position::FaceUpAttack, 0, 500, false, true},
      {1000, 1500, Position::FaceUpAttack, 500, 0, true, false},
      {1500, 1500, Position::FaceUpAttack, 0, 0, true, true},
      {0, 0, Position::FaceUpAttack, 0, 0, false, false},
      {2000, 1500, Position::FaceUpDefense, 0, 0, false, true},
      {1000, 1500, Position::FaceUpDefense, 500, 0, false, false},
      {1500, 1500, Position::FaceUpDefense, 0, 0, false, false},
  };
  for (const Case& c : cases) {
    ScenarioBuilder b;
    b.place(Player::P1, 0, "A", c.atk, 0, Position::FaceUpAttack);
    const bool vs_attack = c.pos == Position::FaceUpAttack;
    b.place(Player::P2, 0, "T", vs_attack ? c.other : 0, vs_attack ? 0 : c.other, c.pos);
    Driver d = into_battle_step(b.s);
    d.declare(p1_m0, p2_m0);
    d.pass_until(Timing::AfterDamageCalculation);
    int dmg[2] = {0, 0};
    bool dies[2] = {false, false};
    for (const Event& e : d.events()) {
      if (e.type == EventType::BattleDamage) dmg[index_of(e.player)] += e.value;
      if (e.type == EventType::DestroyConfirmed) dies[e.slot == p1_m0 ? 0 : 1] = true;
    }
    SCOPED_TRACE(testing::Message() << c.atk << " vs " << c.other << " " << name(c.pos));
    EXPECT_EQ(dmg[0], c.dmg_p1);
    EXPECT_EQ(dmg[1], c.dmg_p2);
    EXPECT_EQ(dies[0], c.a_dies);
    EXPECT_EQ(dies[1], c.t_dies);
  }
}

TEST(Model, DirectAttackOnlyOnEmptyField) {
  ScenarioBuilder b;
  b.place(Player::P1, 0, "A", 1200, 0, Position::FaceUpAttack);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, kDirect);
  d.pass_until(Timing::AfterDamageCalculation);
  const Event* dmg = find_event(d.events(), EventType::BattleDamage);
  ASSERT_NE(dmg, nullptr);
  EXPECT_EQ(dmg->player, Player::P2);
  EXPECT_EQ(dmg->value, 1200);
  Board full;
  Driver e = into_battle_step(full.s);
  EXPECT_FALSE(e.can([](const Action& a) { return a.type == ActionType::DeclareAttack && a.target == kDirect; }));
}

TEST(Model, CounterTrapDestroyingABattlerAtDamageCalculationCancelsIt) {
  // S3 §Damage Calculation, Example 2: Divine Wrath on Injection Fairy Lily.
  ScenarioBuilder b;
  b.place(Player::P1, 0, "Goyo Guardian", 2800, 2000, Position::FaceUpAttack);
  const auto lily = b.place(Player::P2, 0, "Injection Fairy Lily", 400, 1500, Position::FaceUpAttack);
  const auto lily_fx = b.card("Injection Fairy Lily", EffectKind::DamageCalcAtkChange, Player::P2, lily, 3000);
  const auto wrath = b.card("Divine Wrath", EffectKind::CounterTrap, Player::P1);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, p2_m0);
  d.pass_until(Timing::DamageCalculation);
  d.pass();
  d.activate(lily_fx);
  d.activate(wrath);
  d.pass();
  const auto ev = d.pass();
  EXPECT_TRUE(has_event(ev, EventType::Negated));
  EXPECT_TRUE(has_event(ev, EventType::NoDamageCalculation));
  EXPECT_FALSE(has_event(ev, EventType::DamageCalculation));
  EXPECT_EQ(d.state().timing, Timing::AfterDamageCalculation);  // the rest of the Damage Step still runs
}

TEST(Model, OnlyOneChainAtDamageCalculation) {
  ScenarioBuilder b;
  b.place(Player::P1, 0, "D.D. Warrior Lady", 1500, 1600, Position::FaceUpAttack);
  b.place(Player::P2, 0, "Blue-Eyes", 3000, 2500, Position::FaceUpAttack);
  const auto honest1 = b.card("Honest", EffectKind::DamageCalcAtkChange, Player::P1, kNoMonster, 3000);
  const auto honest2 = b.card("Honest", EffectKind::DamageCalcAtkChange, Player::P2, kNoMonster, 1500);
  Driver d = into_battle_step(b.s);
  d.declare(p1_m0, p2_m0);
  d.pass_until(Timing::DamageCalculation);
  d.activate(honest1);
  d.pass();  // P2 declines to chain (S3 Example 4) ...
  d.pass();  // ... and the chain resolves: damage calculation follows at once
  EXPECT_EQ(d.state().timing, Timing::AfterDamageCalculation);
  EXPECT_FALSE(d.can_activate(honest2));
}

}  // namespace
}  // namespace bc::test
