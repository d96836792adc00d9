// Battle damage modifiers (issue 31; docs/effects.md "Battle damage
// modifiers"): halving, doubling and redirection change the damage that
// battle_damage_matches_calculation expects, in the order of
// model/terms/damage.hpp. Warrior (1800) attacks Dragon (1500): P2 would take 300.
#include "model/terms/damage.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// `s` with `card` held by `owner` (hosted by `host`) and its term `t`.
Scenario with_card(Scenario s, Card card, Player owner, std::uint8_t host, const EffectTerm& t) {
  CardSpec& c = s.cards[card];
  c.owner = owner;
  c.host = host;
  c.custom = true;
  c.term = t;
  c.kind = class_of(t);
  return s;
}

/// The test scenario with `card` an activated trap at damage calculation
/// whose one operation is `code` on its controller's damage.
Scenario with_damage_op(Card card, OpCode code, Player owner) {
  EffectTerm t;
  t.activation = Activation::Quick;
  t.card_type = CardType::Trap;
  t.window = Window::DamageCalculation;
  t.ops[0] = Op{code, Object::You};
  t.op_count = 1;
  return with_card(test_scenario(), card, owner, kNoMonster, t);
}

/// `s` with `card` a continuous effect `k` of monster `host`.
Scenario with_continuous(Scenario s, Card card, ContinuousKind k, std::uint8_t host, Player owner) {
  EffectTerm t;
  t.activation = Activation::Continuous;
  t.card_type = CardType::Monster;
  t.continuous = ContinuousSpec{k, 0};
  return with_card(std::move(s), card, owner, host, t);
}

/// Warrior attacks Dragon; at damage calculation `card` (if any) is activated
/// by `owner` and resolved.
Trace& to_calc(Trace& t, std::uint8_t card = kNoCard, Player owner = Player::P2) {
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.enter(Timing::DamageCalculation).passes();
  if (card != kNoCard) t.activate(static_cast<Card>(card)).priority(owner).resolve();
  return t.calc(CalcMode::VsAttack, 1800, 1500);
}

/// The monitors' verdicts on that battle when `to` takes `amount` battle damage.
Verdicts damage_run(const Scenario& s, Player to, int amount, std::uint8_t card = kNoCard, Player owner = Player::P2) {
  Trace t(s);
  to_calc(t, card, owner).damage(to, amount).destroyed(P2M0).window(Timing::AfterDamageCalculation);
  t.enter(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle).passes().open();
  return t.run();
}

constexpr const char* kDamage = "battle_damage_matches_calculation";

TEST(BattleDamageModifiers, HalvedDamageIsExpected) {
  const Scenario s = with_damage_op(kKuriboh, OpCode::HalveBattleDamage, Player::P2);
  EXPECT_CLEAN(damage_run(s, Player::P2, 150, kKuriboh));
  EXPECT_EQ(violated_ids(damage_run(s, Player::P2, 300, kKuriboh)), std::vector<std::string>{kDamage});
}

TEST(BattleDamageModifiers, RedirectedDamageGoesToTheOtherPlayer) {
  const Scenario s = with_damage_op(kKuriboh, OpCode::RedirectBattleDamage, Player::P2);
  EXPECT_CLEAN(damage_run(s, Player::P1, 300, kKuriboh));
  EXPECT_VIOLATES(damage_run(s, Player::P2, 300, kKuriboh), kDamage);
}

TEST(BattleDamageModifiers, AnAttackersDoublingAppliesToTheDamageItInflicts) {
  const Scenario s = with_continuous(test_scenario(), kGoblinBattled, ContinuousKind::DoubleBattleDamage, kWarrior, Player::P1);
  EXPECT_CLEAN(damage_run(s, Player::P2, 600));
  EXPECT_VIOLATES(damage_run(s, Player::P2, 300), kDamage);
}

TEST(BattleDamageModifiers, ADefendersRedirectionSendsItsDamageToTheAttacker) {
  const Scenario s = with_continuous(test_scenario(), kGoblinBattled, ContinuousKind::RedirectBattleDamage, kDragon, Player::P2);
  EXPECT_CLEAN(damage_run(s, Player::P1, 300));
  EXPECT_VIOLATES(damage_run(s, Player::P2, 300), kDamage);
}

TEST(BattleDamageModifiers, ARedirectionAppliesOnce) {
  // Dragon's controller sends the damage to P1; P1's own redirection does not send it back.
  const Scenario s = with_continuous(with_damage_op(kKuriboh, OpCode::RedirectBattleDamage, Player::P1), kGoblinBattled,
                                     ContinuousKind::RedirectBattleDamage, kDragon, Player::P2);
  EXPECT_CLEAN(damage_run(s, Player::P1, 300, kKuriboh, Player::P1));
  EXPECT_VIOLATES(damage_run(s, Player::P2, 300, kKuriboh, Player::P1), kDamage);
}

TEST(BattleDamageModifiers, DoublingAndHalvingTogetherLeaveTheDamage) {
  const Scenario s = with_continuous(with_damage_op(kKuriboh, OpCode::HalveBattleDamage, Player::P2), kGoblinBattled,
                                     ContinuousKind::DoubleBattleDamage, kWarrior, Player::P1);
  EXPECT_CLEAN(damage_run(s, Player::P2, 300, kKuriboh));
  EXPECT_VIOLATES(damage_run(s, Player::P2, 600, kKuriboh), kDamage);
}

TEST(ModifiedBattleDamage, FollowsTheCoresOrder) {
  DamageModifiers m;
  EXPECT_EQ(modified_battle_damage(Player::P2, 300, m).amount, 300);
  m.halve = player_bit(Player::P2);
  EXPECT_EQ(modified_battle_damage(Player::P2, 350, m).amount, 175);
  EXPECT_EQ(modified_battle_damage(Player::P2, 50, m).amount, 25);
  m.twice = player_bit(Player::P2);
  EXPECT_EQ(modified_battle_damage(Player::P2, 350, m).amount, 350);  // both: neither
  m = DamageModifiers{};
  m.redirect = player_bit(Player::P1) | player_bit(Player::P2);
  EXPECT_EQ(modified_battle_damage(Player::P1, 300, m).to, Player::P2);         // once
  EXPECT_EQ(modified_battle_damage(Player::P1, 300, m, false).to, Player::P1);  // the mutant's bounce
  m.twice = player_bit(Player::P2);
  EXPECT_EQ(modified_battle_damage(Player::P1, 300, m).amount, 300);  // redirected damage is not doubled
  m.zero = player_bit(Player::P2);
  EXPECT_EQ(modified_battle_damage(Player::P1, 300, m).amount, 0);  // the taker's "no damage" comes last
  m.reverse = player_bit(Player::P2);
  EXPECT_FALSE(modified_battle_damage(Player::P1, 300, m).gain);  // no damage, nothing to reverse
  m.zero = 0;
  m.halve = player_bit(Player::P2);
  const DamageOutcome g = modified_battle_damage(Player::P1, 300, m);  // redirected, halved, then a gain (order 1-4)
  EXPECT_TRUE(g.gain);
  EXPECT_EQ(g.to, Player::P2);
  EXPECT_EQ(g.amount, 150);  // redirected damage is not doubled: halved only
  EXPECT_FALSE(modified_battle_damage(Player::P2, 300, DamageModifiers{.reverse = player_bit(Player::P1)}).gain);
}

}  // namespace
}  // namespace bc::test
