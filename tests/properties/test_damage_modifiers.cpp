// Battle damage modifiers (issue 31; docs/effects.md "Battle damage
// modifiers"): halving, doubling and redirection change the damage that
// battle_damage_matches_calculation expects, in the order of
// model/terms/damage.hpp. Warrior (1800) attacks Dragon (1500): P2 would take 300.
#include "model/terms/damage.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// The test scenario with `card` rewritten as an activated trap at damage
/// calculation whose one operation is `code` on its controller's damage.
Scenario with_damage_op(Card card, OpCode code, Player owner) {
  Scenario s = test_scenario();
  CardSpec& c = s.cards[card];
  c.owner = owner;
  c.host = kNoMonster;
  c.custom = true;
  c.term = EffectTerm{};
  c.term.activation = Activation::Quick;
  c.term.card_type = CardType::Trap;
  c.term.window = Window::DamageCalculation;
  c.term.ops[0] = Op{code, Object::You};
  c.term.op_count = 1;
  c.kind = class_of(c.term);
  return s;
}

/// `s` with `card` rewritten as a continuous effect `k` of monster `host`.
Scenario with_continuous(Scenario s, Card card, ContinuousKind k, std::uint8_t host, Player owner) {
  CardSpec& c = s.cards[card];
  c.owner = owner;
  c.host = host;
  c.custom = true;
  c.term = EffectTerm{};
  c.term.activation = Activation::Continuous;
  c.term.card_type = CardType::Monster;
  c.term.continuous = ContinuousSpec{k, 0};
  c.kind = class_of(c.term);
  return s;
}

/// Warrior attacks Dragon; at damage calculation `card` (if any) is activated
/// by `owner` and resolved.
Trace& to_calc(Trace& t, std::uint8_t card = kNoCard, Player owner = Player::P2) {
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.enter(Timing::DamageCalculation).passes();
  if (card != kNoCard) t.activate(static_cast<Card>(card)).priority(owner).resolve();
  return t.calc(CalcMode::VsAttack, 1800, 1500);
}

Trace& after_calc(Trace& t) {
  t.destroyed(P2M0).window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep);
  return t.left(P2M0, LeaveReason::Battle).passes().open();
}

TEST(BattleDamageModifiers, HalvedDamageIsExpected) {
  Trace ok(with_damage_op(kKuriboh, OpCode::HalveBattleDamage, Player::P2));
  after_calc(to_calc(ok, kKuriboh).damage(Player::P2, 150));
  EXPECT_CLEAN(ok.run());
  Trace full(with_damage_op(kKuriboh, OpCode::HalveBattleDamage, Player::P2));
  after_calc(to_calc(full, kKuriboh).damage(Player::P2, 300));
  EXPECT_EQ(violated_ids(full.run()), std::vector<std::string>{"battle_damage_matches_calculation"});
}

TEST(BattleDamageModifiers, RedirectedDamageGoesToTheOtherPlayer) {
  Trace ok(with_damage_op(kKuriboh, OpCode::RedirectBattleDamage, Player::P2));
  after_calc(to_calc(ok, kKuriboh).damage(Player::P1, 300));
  EXPECT_CLEAN(ok.run());
  Trace kept(with_damage_op(kKuriboh, OpCode::RedirectBattleDamage, Player::P2));
  after_calc(to_calc(kept, kKuriboh).damage(Player::P2, 300));
  EXPECT_VIOLATES(kept.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageModifiers, AnAttackersDoublingAppliesToTheDamageItInflicts) {
  const Scenario s = with_continuous(test_scenario(), kGoblinBattled, ContinuousKind::DoubleBattleDamage, kWarrior, Player::P1);
  Trace ok(s);
  after_calc(to_calc(ok).damage(Player::P2, 600));
  EXPECT_CLEAN(ok.run());
  Trace plain(s);
  after_calc(to_calc(plain).damage(Player::P2, 300));
  EXPECT_VIOLATES(plain.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageModifiers, ADefendersRedirectionSendsItsDamageToTheAttacker) {
  const Scenario s = with_continuous(test_scenario(), kGoblinBattled, ContinuousKind::RedirectBattleDamage, kDragon, Player::P2);
  Trace ok(s);
  after_calc(to_calc(ok).damage(Player::P1, 300));
  EXPECT_CLEAN(ok.run());
}

TEST(BattleDamageModifiers, ARedirectionAppliesOnce) {
  // Dragon's controller sends the damage to P1; P1's own redirection does not send it back.
  const Scenario s = with_continuous(with_damage_op(kKuriboh, OpCode::RedirectBattleDamage, Player::P1), kGoblinBattled,
                                     ContinuousKind::RedirectBattleDamage, kDragon, Player::P2);
  Trace ok(s);
  after_calc(to_calc(ok, kKuriboh, Player::P1).damage(Player::P1, 300));
  EXPECT_CLEAN(ok.run());
  Trace bounced(s);
  after_calc(to_calc(bounced, kKuriboh, Player::P1).damage(Player::P2, 300));
  EXPECT_VIOLATES(bounced.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageModifiers, DoublingAndHalvingTogetherLeaveTheDamage) {
  const Scenario s = with_continuous(with_damage_op(kKuriboh, OpCode::HalveBattleDamage, Player::P2), kGoblinBattled,
                                     ContinuousKind::DoubleBattleDamage, kWarrior, Player::P1);
  Trace ok(s);
  after_calc(to_calc(ok, kKuriboh).damage(Player::P2, 300));
  EXPECT_CLEAN(ok.run());
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
}

}  // namespace
}  // namespace bc::test
