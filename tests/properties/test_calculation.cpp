// Damage calculation outcomes (S0 §6.3.4.3.3): battle damage, destruction by
// battle and the 0 ATK battle. The DamageCalculation event states the compared
// values; the monitors check what follows it.
#include "tests/properties/negator.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// Declaration, Battle Step and Damage Step up to (and including) the damage
/// calculation window where both players passed; a face-down target is flipped.
Trace& to_calc(Trace& t, std::uint8_t attacker, std::uint8_t target) {
  t.to_battle_step().declare(attacker, target).to_damage_step().enter(Timing::BeforeDamageCalculation);
  if (target == P2M1) t.flipped(P2M1);
  return t.passes().window(Timing::DamageCalculation);
}

/// After the calculation events: the rest of the Damage Step, sending `gone` away by battle.
Trace& after_calc(Trace& t, std::vector<std::uint8_t> gone) {
  t.window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep);
  for (std::uint8_t slot : gone) t.left(slot, LeaveReason::Battle);
  return t.passes().open();
}

/// Kuriboh at damage calculation; `negate` adds P1's counter trap negating it.
Trace& kuriboh(Trace& t, bool negate) {
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.enter(Timing::DamageCalculation).passes().activate(kKuriboh);
  if (!negate) return t.priority(Player::P2).resolve();
  t.activate_kind(Player::P1, EffectKind::CounterTrap).priority(Player::P1);
  return t.resolve_link().negated(1).resolve_link().chain_end();
}

TEST(BattleDamageMatchesCalculation, ViolatedByTheWrongAmount) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 500).destroyed(P2M0);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageMatchesCalculation, ViolatedByTheWrongPlayer) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P1, 300).destroyed(P2M0);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageMatchesCalculation, ViolatedByMissingDamage) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).destroyed(P2M0);
  after_calc(t, {P2M0});
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "battle_damage_matches_calculation");
  EXPECT_EQ(violated_ids(v), std::vector<std::string>{"battle_damage_matches_calculation"});
}

TEST(BattleDamageMatchesCalculation, ViolatedByDamageTwice) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).damage(Player::P2, 300);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageMatchesCalculation, ViolatedByDamageOnEqualAtk) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1500, 1500).damage(Player::P2, 100);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageMatchesCalculation, ViolatedByDamageToADefendingPlayer) {
  Trace t;
  to_calc(t, P1M0, P2M1).calc(CalcMode::VsDefense, 1800, 1300).damage(Player::P2, 500);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageMatchesCalculation, ViolatedByDamageWithoutCalculation) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).enter(Timing::BattleStep).damage(Player::P2, 300);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageMatchesCalculation, ViolatedByDamageThroughKuriboh) {
  Trace t;
  kuriboh(t, false).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

TEST(BattleDamageMatchesCalculation, HoldsWhenKuribohProtects) {
  Trace t;
  kuriboh(t, false).calc(CalcMode::VsAttack, 1800, 1500).destroyed(P2M0);
  after_calc(t, {P2M0});
  EXPECT_CLEAN(t.run());
}

TEST(BattleDamageMatchesCalculation, HoldsWhenKuribohIsNegated) {
  Trace t;
  kuriboh(t, true).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  after_calc(t, {P2M0});
  EXPECT_CLEAN(t.run());
}

TEST(BattleDamageMatchesCalculation, HoldsForAHigherDefense) {
  Trace t;
  to_calc(t, P1M1, P2M1).calc(CalcMode::VsDefense, 1200, 1300).damage(Player::P1, 100);
  after_calc(t, {});
  EXPECT_CLEAN(t.run());
}

TEST(BattleDamageMatchesCalculation, HoldsForALowerAttack) {
  Trace t;
  to_calc(t, P1M1, P2M0).calc(CalcMode::VsAttack, 1200, 1500).damage(Player::P1, 300).destroyed(P1M1);
  after_calc(t, {P1M1});
  EXPECT_CLEAN(t.run());
}

/// The test scenario with a continuous part `k` on `host` in place of its
/// 16th card (Gladiator Beast, unused here): a trace file holds at most
/// kMaxCards cards, and the monitors read that many.
Scenario with_continuous(std::uint8_t host, ContinuousKind k) {
  Scenario s = test_scenario();
  s.cards.pop_back();
  CardSpec c;
  c.name = "Gaia Knight";
  c.owner = Player::P1;
  c.host = host;
  c.custom = true;
  c.term.activation = Activation::Continuous;
  c.term.card_type = CardType::Monster;
  c.term.continuous = ContinuousSpec{k, 0};
  c.kind = class_of(c.term);
  s.cards.push_back(c);
  return s;
}

Scenario with_piercing(std::uint8_t host) { return with_continuous(host, ContinuousKind::Piercing); }

TEST(BattleDamageMatchesCalculation, HoldsWhenAPiercingAttackerDealsTheDifference) {
  Trace t(with_piercing(kWarrior));
  to_calc(t, P1M0, P2M1).calc(CalcMode::VsDefense, 1800, 1300).damage(Player::P2, 500).destroyed(P2M1);
  after_calc(t, {P2M1});
  EXPECT_CLEAN(t.run());
}

TEST(BattleDamageMatchesCalculation, ViolatedWhenAPiercingAttackerDealsNone) {
  Trace t(with_piercing(kWarrior));
  to_calc(t, P1M0, P2M1).calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
  after_calc(t, {P2M1});
  const Verdicts v = t.run();
  EXPECT_EQ(violated_ids(v), std::vector<std::string>{"battle_damage_matches_calculation"});
}

TEST(BattleDamageMatchesCalculation, ViolatedByPiercingFromAnotherMonstersEffect) {
  // The piercing effect is the Knight's own; the Warrior attacks.
  Trace t(with_piercing(kKnight));
  to_calc(t, P1M0, P2M1).calc(CalcMode::VsDefense, 1800, 1300).damage(Player::P2, 500).destroyed(P2M1);
  EXPECT_VIOLATES(t.run(), "battle_damage_matches_calculation");
}

// A battler's own "cannot be destroyed by battle" (S0 §6.3.4.3.3): the
// damage still follows the calculation, the destruction it gives does not.
TEST(BattleDestructionMatchesCalculation, AMonsterThatCannotBeDestroyedByBattleStays) {
  Trace held(with_continuous(kDragon, ContinuousKind::IndestructibleByBattle));
  to_calc(held, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300);
  after_calc(held, {});
  EXPECT_CLEAN(held.run());
  Trace destroyed(with_continuous(kDragon, ContinuousKind::IndestructibleByBattle));
  to_calc(destroyed, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  after_calc(destroyed, {P2M0});
  EXPECT_EQ(violated_ids(destroyed.run()), std::vector<std::string>{"battle_destruction_matches_calculation"});
  // Another monster's: the Dragon is destroyed as usual.
  Trace other(with_continuous(kWarrior, ContinuousKind::IndestructibleByBattle));
  to_calc(other, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300);
  after_calc(other, {});
  EXPECT_VIOLATES(other.run(), "battle_destruction_matches_calculation");
}

// A part another card of the header may negate (card_negatable): the trace
// cannot tell whether it applies, so destroyed or not, the battle reads as right.
TEST(BattleDestructionMatchesCalculation, APartAnotherCardMayNegateIsReadEitherWay) {
  const Scenario s = with_monster_negator(with_continuous(kDragon, ContinuousKind::IndestructibleByBattle));
  Trace held(s);
  to_calc(held, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300);
  after_calc(held, {});
  EXPECT_CLEAN(held.run());
  Trace destroyed(s);
  to_calc(destroyed, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0);
  after_calc(destroyed, {P2M0});
  EXPECT_CLEAN(destroyed.run());
  // A piercing attacker's damage is not checked either; without the negator it is.
  Trace none(with_monster_negator(with_piercing(kWarrior)));
  to_calc(none, P1M0, P2M1).calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
  after_calc(none, {P2M1});
  EXPECT_CLEAN(none.run());
  Trace plain(with_piercing(kWarrior));
  to_calc(plain, P1M0, P2M1).calc(CalcMode::VsDefense, 1800, 1300).destroyed(P2M1);
  after_calc(plain, {P2M1});
  EXPECT_VIOLATES(plain.run(), "battle_damage_matches_calculation");
}

TEST(BattleDestructionMatchesCalculation, ViolatedWhenEqualAtkDestroysNothing) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1500, 1500);
  after_calc(t, {});
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "battle_destruction_matches_calculation");
  EXPECT_EQ(violated_ids(v), std::vector<std::string>{"battle_destruction_matches_calculation"});
}

TEST(BattleDestructionMatchesCalculation, ViolatedWhenEqualAtkDestroysOnlyOne) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1500, 1500).destroyed(P2M0);
  after_calc(t, {P2M0});
  EXPECT_VIOLATES(t.run(), "battle_destruction_matches_calculation");
}

TEST(BattleDestructionMatchesCalculation, ViolatedWhenTheWeakerSurvives) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300);
  after_calc(t, {});
  EXPECT_VIOLATES(t.run(), "battle_destruction_matches_calculation");
}

TEST(BattleDestructionMatchesCalculation, ViolatedByDestroyingTheStrongerDefender) {
  Trace t;
  to_calc(t, P1M1, P2M1).calc(CalcMode::VsDefense, 1200, 1300).damage(Player::P1, 100).destroyed(P2M1);
  EXPECT_VIOLATES(t.run(), "battle_destruction_matches_calculation");
}

TEST(BattleDestructionMatchesCalculation, ViolatedByDestructionWithoutCalculation) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().destroyed(P2M0);
  EXPECT_VIOLATES(t.run(), "battle_destruction_matches_calculation");
}

TEST(BattleDestructionMatchesCalculation, ViolatedByDestroyingAMonsterNotInBattle) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M1);
  EXPECT_VIOLATES(t.run(), "battle_destruction_matches_calculation");
}

TEST(BattleDestructionMatchesCalculation, HoldsWhenEqualAtkDestroysBoth) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 1500, 1500).destroyed(P1M0).destroyed(P2M0);
  after_calc(t, {P1M0, P2M0});
  EXPECT_CLEAN(t.run());
}

TEST(BattleDestructionMatchesCalculation, HoldsWhenEqualDefenseDestroysNothing) {
  Trace t;
  to_calc(t, P1M0, P2M1).calc(CalcMode::VsDefense, 1300, 1300);
  after_calc(t, {});
  EXPECT_CLEAN(t.run());
}

TEST(BattleDestructionMatchesCalculation, HoldsForADirectAttack) {
  Scenario s = test_scenario();
  s.board[1] = {};
  Trace t(s);
  // Warrior, not Knight: Knight's mandatory "if this card attacked" trigger would be due in the End Step.
  t.to_battle_step().declare(P1M0, kDirect).to_damage_step().window(Timing::BeforeDamageCalculation);
  t.window(Timing::DamageCalculation).calc(CalcMode::Direct, 1800, 0).damage(Player::P2, 1800);
  after_calc(t, {}).end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(ZeroAttackBattleDestroysNothing, ViolatedWhenZeroAgainstZeroDestroys) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 0, 0).destroyed(P1M0).destroyed(P2M0);
  after_calc(t, {P1M0, P2M0});
  const Verdicts v = t.run();
  EXPECT_VIOLATES(v, "zero_attack_battle_destroys_nothing");
  EXPECT_HOLDS(v, "battle_destruction_matches_calculation");
}

TEST(ZeroAttackBattleDestroysNothing, HoldsWhenNothingIsDestroyed) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 0, 0);
  after_calc(t, {});
  EXPECT_CLEAN(t.run());
}

TEST(ZeroAttackBattleDestroysNothing, HoldsForZeroAgainstAnAttackOfHundred) {
  Trace t;
  to_calc(t, P1M0, P2M0).calc(CalcMode::VsAttack, 0, 100).damage(Player::P1, 100).destroyed(P1M0);
  after_calc(t, {P1M0});
  EXPECT_CLEAN(t.run());
}

}  // namespace
}  // namespace bc::test
