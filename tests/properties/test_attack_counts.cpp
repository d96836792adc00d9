// Attack counts and restrictions read from a monster's own continuous effect
// (issue 31; properties/monitors/attacks.cpp): a second attack and never a
// third, "cannot attack directly", and the two kinds of "cannot be targeted
// for attacks" (one still blocks direct attacks, the other lets them
// through), and a forced attack target. Each has a violating trace and a near
// miss that holds.
#include "model/terms/effect_text.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// The test scenario with its last card (Gladiator Beast) replaced by a
/// continuous effect of `kind` hosted by `host`: the header's card masks cover 16 cards.
Scenario with_continuous(const std::string& kind, std::uint8_t host, Player owner) {
  Scenario s = test_scenario();
  std::vector<std::string> monsters;
  for (const MonsterSpec& m : s.monsters) monsters.push_back(m.name);
  TermError error;
  const auto term =
      parse_term({{"activation", {"continuous"}}, {"card_type", {"monster"}}, {"continuous", {kind}}}, monsters, error);
  EXPECT_TRUE(term.has_value()) << error.field << ": " << error.message;
  CardSpec& c = s.cards.back();
  c = CardSpec{};
  c.name = kind;
  c.owner = owner;
  c.host = host;
  c.custom = true;
  if (term) c.term = *term;
  c.kind = class_of(c.term);
  return s;
}

/// P1 M0 (Warrior) declares on P2 M0 and the attack is negated, `times` times.
Trace negated_attacks(const Scenario& s, int times) {
  Trace t(s);
  t.to_battle_step();
  for (int i = 0; i < times; ++i) t.declared(P1M0, P2M0).attack_negated().window(Timing::AttackDeclaration).open();
  return t;
}

TEST(SecondAttack, TwoDeclarationsHoldForItsHost) {
  const Trace t = negated_attacks(with_continuous("second_attack", kWarrior, Player::P1), 2);
  EXPECT_HOLDS(t.run(false), "one_declaration_per_monster");
}

TEST(SecondAttack, TheThirdDeclarationViolates) {
  const Trace t = negated_attacks(with_continuous("second_attack", kWarrior, Player::P1), 3);
  EXPECT_VIOLATES(t.run(false), "one_declaration_per_monster");
}

TEST(SecondAttack, AnotherMonstersEffectGivesNoSecondDeclaration) {
  const Trace t = negated_attacks(with_continuous("second_attack", kKnight, Player::P1), 2);
  EXPECT_VIOLATES(t.run(false), "one_declaration_per_monster");
}

/// P2's field emptied (both its monsters banished), then `attacker` declares a direct attack.
Trace direct_on_empty_field(const Scenario& s, std::uint8_t attacker) {
  Trace t(s);
  t.to_battle_step().left(P2M0, LeaveReason::Banish).left(P2M1, LeaveReason::Banish).declared(attacker, kDirect);
  return t;
}

TEST(CannotAttackDirectly, ItsHostsDirectAttackViolates) {
  const Trace t = direct_on_empty_field(with_continuous("cannot_attack_directly", kWarrior, Player::P1), P1M0);
  EXPECT_VIOLATES(t.run(false), "cannot_attack_directly_is_obeyed");
}

TEST(CannotAttackDirectly, AnotherMonsterMayAttackDirectly) {
  const Trace t = direct_on_empty_field(with_continuous("cannot_attack_directly", kWarrior, Player::P1), P1M1);
  EXPECT_HOLDS(t.run(false), "cannot_attack_directly_is_obeyed");
}

TEST(CannotAttackDirectly, ItsHostMayStillAttackAMonster) {
  Trace t(with_continuous("cannot_attack_directly", kWarrior, Player::P1));
  t.to_battle_step().declared(P1M0, P2M0);
  EXPECT_HOLDS(t.run(false), "cannot_attack_directly_is_obeyed");
}

TEST(CannotAttackDirectly, ViolatedByTheReChoiceAfterAReplay) {
  Trace t(with_continuous("cannot_attack_directly", kWarrior, Player::P1));
  t.to_battle_step().declared(P1M0, P2M0).left(P2M0, LeaveReason::Banish).left(P2M1, LeaveReason::Banish);
  t.replay().replay_choice(kDirect);
  EXPECT_VIOLATES(t.run(false), "cannot_attack_directly_is_obeyed");
}

/// P2's face-down Bug banished: only the Dragon (P2 M0) is left, with the given effect; P1 M0 attacks directly.
Trace direct_past_dragon(const std::string& kind) {
  Trace t(with_continuous(kind, kDragon, Player::P2));
  t.to_battle_step().left(P2M1, LeaveReason::Banish).declared(P1M0, kDirect);
  return t;
}

TEST(UnattackableMonsters, OneThatLetsDirectAttacksThroughDoesNotBlockThem) {
  EXPECT_HOLDS(direct_past_dragon("ignored_as_attack_target").run(false), "direct_attack_only_on_empty_field");
}

TEST(UnattackableMonsters, OneThatCannotBeAttackedStillBlocksDirectAttacks) {
  EXPECT_VIOLATES(direct_past_dragon("cannot_be_attacked").run(false), "direct_attack_only_on_empty_field");
}

TEST(UnattackableMonsters, NeitherKindIsEverTheTarget) {
  for (const std::string kind : {"ignored_as_attack_target", "cannot_be_attacked"}) {
    Trace t(with_continuous(kind, kDragon, Player::P2));
    t.to_battle_step().declared(P1M0, P2M0);
    EXPECT_VIOLATES(t.run(false), "cannot_be_attacked_never_targeted") << kind;
  }
}

/// An attack P1 M0 -> `target`, then P2 forces attacks onto the Dragon (P2 M0) in the Battle Step.
Trace forced_onto_dragon(std::uint8_t target) {
  Trace t;
  t.to_battle_step().declared(P1M0, target).window(Timing::AttackDeclaration).enter(Timing::BattleStep);
  Event e;
  e.type = EventType::AttackTargetForced;
  e.slot = P2M0;
  e.monster = kDragon;
  t.add(e);
  return t;
}

TEST(ForcedAttackTarget, AnAttackOnAnotherMonsterThatEntersTheDamageStepViolates) {
  Trace t = forced_onto_dragon(P2M1);
  t.passes().step(Step::DamageStep).damage_step_begin();
  EXPECT_VIOLATES(t.run(false), "forced_attack_target_is_obeyed");
}

TEST(ForcedAttackTarget, TheReplayThatFollowsMayChooseOnlyThatMonster) {
  Trace t = forced_onto_dragon(P2M1);
  t.replay().replay_choice(P2M0);
  EXPECT_HOLDS(t.run(false), "forced_attack_target_is_obeyed");
  EXPECT_HOLDS(t.run(false), "replay_requires_count_change");
}

TEST(ForcedAttackTarget, ReChoosingAnotherMonsterViolates) {
  Trace t = forced_onto_dragon(P2M1);
  t.replay().replay_choice(P2M1);
  EXPECT_VIOLATES(t.run(false), "forced_attack_target_is_obeyed");
}

TEST(ForcedAttackTarget, ADirectAttackAfterItViolates) {
  Trace t = forced_onto_dragon(kDirect);
  t.replay().replay_choice(kDirect);
  EXPECT_VIOLATES(t.run(false), "forced_attack_target_is_obeyed");
}

TEST(ForcedAttackTarget, AnAttackAlreadyOnThatMonsterGoesOn) {
  Trace t = forced_onto_dragon(P2M0);
  t.passes().step(Step::DamageStep).damage_step_begin();
  EXPECT_HOLDS(t.run(false), "forced_attack_target_is_obeyed");
}

TEST(ForcedAttackTarget, EndsWhenItsMonsterLeaves) {
  Trace t = forced_onto_dragon(P2M1);
  t.left(P2M0, LeaveReason::Banish).replay().replay_choice(P2M1);
  EXPECT_HOLDS(t.run(false), "forced_attack_target_is_obeyed");
}

/// P1 M0 (Warrior) attacks each opponent's monster once: its attack on
/// `first` is negated, then it declares on `second`.
Trace attack_all_twice(std::uint8_t first, std::uint8_t second) {
  Trace t(with_continuous("attack_all_once_each", kWarrior, Player::P1));
  t.to_battle_step().declared(P1M0, first).attack_negated().window(Timing::AttackDeclaration).open();
  t.declared(P1M0, second);
  return t;
}

TEST(EachMonsterOnce, AnotherMonsterAfterANegatedAttackHolds) {
  const Verdicts v = attack_all_twice(P2M0, P2M1).run(false);
  EXPECT_HOLDS(v, "each_monster_attacked_once");
  EXPECT_HOLDS(v, "one_declaration_per_monster");
}

TEST(EachMonsterOnce, TheSameMonsterAgainViolates) {
  EXPECT_VIOLATES(attack_all_twice(P2M0, P2M0).run(false), "each_monster_attacked_once");
}

TEST(EachMonsterOnce, ADirectAttackAfterAnAttackViolates) {
  EXPECT_VIOLATES(attack_all_twice(P2M0, kDirect).run(false), "each_monster_attacked_once");
}

TEST(EachMonsterOnce, NothingAfterADirectAttack) {
  EXPECT_VIOLATES(attack_all_twice(kDirect, P2M0).run(false), "each_monster_attacked_once");
}

TEST(MustAttack, EndingTheBattlePhaseWhileItCanAttackViolates) {
  Trace t(with_continuous("must_attack", kWarrior, Player::P1));
  t.to_battle_step().passes().end_battle_phase();
  EXPECT_VIOLATES(t.run(false), "must_attack_is_obeyed");
}

TEST(MustAttack, HoldsOnceItHasDeclared) {
  Trace t(with_continuous("must_attack", kWarrior, Player::P1));
  t.to_battle_step().declared(P1M0, P2M0).attack_negated().window(Timing::AttackDeclaration).open();
  t.passes().end_battle_phase();
  EXPECT_HOLDS(t.run(false), "must_attack_is_obeyed");
}

TEST(MustAttack, HoldsWhenAnotherMonsterMustAttackButItIsInDefense) {
  Trace t(with_continuous("must_attack", kGuard, Player::P1));  // the Guard stands in Defense Position
  t.to_battle_step().passes().end_battle_phase();
  EXPECT_HOLDS(t.run(false), "must_attack_is_obeyed");
}

}  // namespace
}  // namespace bc::test
