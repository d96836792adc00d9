// Properties the effect terms open (properties/monitors/effects.cpp): a cost is paid
// once, on activation; a monster that cannot be attacked is never chosen; a
// mandatory end-of-Battle-Phase trigger whose condition holds is activated;
// no Normal or Flip Summon in the Battle Phase, and a "when Flip Summoned"
// trigger only after a Flip Summon (issue 31). Each has a violating trace and
// a near miss that holds.
#include "model/terms/effect_text.hpp"
#include "tests/properties/negator.hpp"
#include "tests/properties/trace_builder.hpp"

namespace bc::test {
namespace {

/// The test scenario plus one card written as a term (appended last).
Scenario with_card(const std::string& name, const std::vector<TermField>& fields, std::uint8_t host = kNoMonster) {
  Scenario s = test_scenario();
  CardSpec c;
  c.name = name;
  c.owner = Player::P2;
  c.host = host;
  c.custom = true;
  std::vector<std::string> monsters;
  for (const MonsterSpec& m : s.monsters) monsters.push_back(m.name);
  TermError error;
  const auto term = parse_term(fields, monsters, error);
  EXPECT_TRUE(term.has_value()) << error.field << ": " << error.message;
  if (term) c.term = *term;
  c.kind = class_of(c.term);
  s.cards.push_back(c);
  return s;
}

constexpr auto kLast = static_cast<Card>(kGoblinBattled + 1);

Scenario tribute_scenario() {
  return with_card("Enemy Controller", {{"activation", {"quick"}}, {"card_type", {"spell"}}, {"cost", {"tribute"}}, {"ops", {"opaque"}}});
}

TEST(CostPaidOnceOnActivation, HoldsWhenTheCostFollowsItsActivation) {
  Trace t(tribute_scenario());
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).priority(Player::P1);
  // The cost is paid right after the Activate event (trigger(): no priority event yet).
  t.priority(Player::P2).trigger(kLast).left(P2M1, LeaveReason::Cost);
  t.priority(Player::P1).priority(Player::P2).resolve();
  EXPECT_CLEAN(t.run());
}

TEST(CostPaidOnceOnActivation, ViolatedByPayingAgainAtTheReplay) {
  Trace t(tribute_scenario());
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).priority(Player::P1);
  t.priority(Player::P2).trigger(kLast).left(P2M1, LeaveReason::Cost);
  t.priority(Player::P1).priority(Player::P2).resolve().replay().left(P2M0, LeaveReason::Cost);
  EXPECT_VIOLATES(t.run(), "cost_paid_once_on_activation");
}

/// The header's card masks cover 16 cards: the term takes the last one's place.
Scenario unattackable_dragon() {
  Scenario s = with_card("Command Knight",
                         {{"activation", {"continuous"}}, {"card_type", {"monster"}}, {"continuous", {"cannot_be_attacked"}}},
                         kDragon);
  s.cards.erase(s.cards.end() - 2);
  return s;
}

TEST(CannotBeAttackedNeverTargeted, ViolatedByADeclarationOnIt) {
  Trace t(unattackable_dragon());
  t.to_battle_step().declare(P1M0, P2M0);
  EXPECT_VIOLATES(t.run(), "cannot_be_attacked_never_targeted");
}

TEST(CannotBeAttackedNeverTargeted, HoldsForAnotherTarget) {
  Trace t(unattackable_dragon());
  t.to_battle_step().declare(P1M0, P2M1);
  EXPECT_CLEAN(t.run());
}

// With a card in the header that may negate monsters' effects (Skill Drain's
// part, negate_monster_effects), a trace cannot tell whether the Dragon's part
// applies: an attack on it is not judged (the monitors' card_negatable).
TEST(CannotBeAttackedNeverTargeted, NotJudgedWhenAnotherCardMayNegateIt) {
  Trace t(with_monster_negator(unattackable_dragon(), Player::P1));
  t.to_battle_step().declare(P1M0, P2M0);
  EXPECT_CLEAN(t.run());
}

TEST(CannotBeAttackedNeverTargeted, ViolatedByTheReChoiceAfterAReplay) {
  Trace t(unattackable_dragon());
  t.to_battle_step().declared(P1M0, P2M1).enter(Timing::AttackDeclaration).priority(Player::P1);
  t.priority(Player::P2).activate(kCall).passes().resolve();
  t.summoned(P2M2, Player::P2).replay().replay_choice(P2M0);
  EXPECT_VIOLATES(t.run(), "cannot_be_attacked_never_targeted");
}

TEST(CannotBeAttackedNeverTargeted, HoldsOnceItsMonsterHasLeft) {
  Trace t(unattackable_dragon());
  t.to_battle_step().declared(P1M0, P2M1).enter(Timing::AttackDeclaration).priority(Player::P1);
  t.left(P2M0, LeaveReason::Banish).summoned(P2M0, Player::P2).replay().replay_choice(P2M0);
  EXPECT_TRUE(t.run().violated[property_index("cannot_be_attacked_never_targeted")] == false);
}

/// Knight (host of the mandatory "if this card attacked" trigger) attacks the Dragon and bounces off.
Trace knight_attacked() {
  Trace t;
  t.to_battle_step().declare(P1M1, P2M0).to_damage_step();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(P1M1, P2M0, CalcMode::VsAttack, 1200, 1500).damage(Player::P1, 300).destroyed(P1M1);
  t.window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep).left(P1M1, LeaveReason::Battle);
  return t;
}

TEST(MandatoryEndOfBattleTriggersActivate, HoldsWhenItsMonsterLeftTheField) {
  Trace t = knight_attacked();
  t.passes().open().end_battle_phase();
  EXPECT_CLEAN(t.run(true));
}

TEST(MandatoryEndOfBattleTriggersActivate, ViolatedWhenTheTriggerNeverComes) {
  Trace t;
  t.to_battle_step().declare(P1M1, P2M1).to_damage_step();
  t.flipped(P2M1).window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(P1M1, P2M1, CalcMode::VsDefense, 1200, 1300).damage(Player::P1, 100);
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open().end_battle_phase();
  EXPECT_VIOLATES(t.run(true), "mandatory_end_of_battle_triggers_activate");
}

TEST(MandatoryEndOfBattleTriggersActivate, HoldsWhenTheTriggerIsActivatedInTheEndStep) {
  Trace t;
  t.to_battle_step().declare(P1M1, P2M1).to_damage_step();
  t.flipped(P2M1).window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(P1M1, P2M1, CalcMode::VsDefense, 1200, 1300).damage(Player::P1, 100);
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  t.enter(Timing::EndStep).trigger(kGoblinAttacked).priority(Player::P1).passes().resolve();
  t.position_changed(P1M1, Position::FaceUpDefense).passes().enter(Timing::MainPhase2);
  EXPECT_FALSE(t.run(true).violated[property_index("mandatory_end_of_battle_triggers_activate")]);
}

/// Goblin Attack Force's card needing both "attacked" and "battled" (a
/// card's conditions are all required), on `host` of `owner`.
Scenario goblin_needing_both(Player owner, std::uint8_t host) {
  Scenario s = test_scenario();
  CardSpec& g = s.cards[kGoblinAttacked];
  g.owner = owner;
  g.host = host;
  g.term.conditions |= kCondHostAttacked | kCondHostBattled;
  return s;
}

TEST(MandatoryEndOfBattleTriggersActivate, HoldsWhenOnlyOneOfItsConditionsHolds) {
  // The Dragon battles as the attack target: it battled, but never attacked.
  Trace t(goblin_needing_both(Player::P2, kDragon));
  t.to_battle_step().declare(P1M1, P2M0).to_damage_step();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(P1M1, P2M0, CalcMode::VsAttack, 1200, 1500).damage(Player::P1, 300).destroyed(P1M1);
  t.window(Timing::AfterDamageCalculation).enter(Timing::EndOfDamageStep).left(P1M1, LeaveReason::Battle);
  t.passes().open().end_battle_phase();
  EXPECT_FALSE(t.run(true).violated[property_index("mandatory_end_of_battle_triggers_activate")]);
}

TEST(MandatoryEndOfBattleTriggersActivate, ViolatedWhenBothOfItsConditionsHoldAndItNeverComes) {
  Trace t(goblin_needing_both(Player::P1, kKnight));
  t.to_battle_step().declare(P1M1, P2M1).to_damage_step();
  t.flipped(P2M1).window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  t.calc(P1M1, P2M1, CalcMode::VsDefense, 1200, 1300).damage(Player::P1, 100);
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open().end_battle_phase();
  EXPECT_VIOLATES(t.run(true), "mandatory_end_of_battle_triggers_activate");
}

// ---------------------------------------------------------------- issue 28

/// P2's Quick-Play Spell targeting a monster its selector names, in the place
/// of Compulsory Evacuation Device (the header's card masks hold 16 cards).
Scenario targeting(const std::string& selector) {
  Scenario s = with_card("Book of Moon", {{"activation", {"quick"}}, {"card_type", {"spell"}}, {"target", {selector}},
                                          {"ops", {"change_position target defense"}}});
  s.cards[kEvacuation] = s.cards.back();
  s.cards.pop_back();
  return s;
}

/// P1's Warrior attacks P2's Dragon; P2 answers with the targeting card.
Trace& answer(Trace& t, std::uint8_t target) {
  t.to_battle_step().declared(P1M0, P2M0).enter(Timing::AttackDeclaration).priority(Player::P1);
  return t.priority(Player::P2).activate(kEvacuation, target);
}

TEST(TargetMatchesSelector, HoldsForATargetTheSelectorAdmits) {
  Trace t(targeting("monster own face_up"));
  EXPECT_HOLDS(answer(t, P2M0).run(), "target_matches_selector");
}

TEST(TargetMatchesSelector, ViolatedByAFaceDownTargetOfAFaceUpSelector) {
  Trace t(targeting("monster own face_up"));
  EXPECT_VIOLATES(answer(t, P2M1).run(), "target_matches_selector");
}

TEST(TargetMatchesSelector, ViolatedByAMonsterOnTheWrongSide) {
  Trace t(targeting("monster opponent"));
  EXPECT_VIOLATES(answer(t, P2M0).run(), "target_matches_selector");
}

// A selector of any card ("card SIDE", Nightmare Penguin) admits a monster by
// its side, as the model offers it: the monitor reads it as it reads a monster selector.
TEST(TargetMatchesSelector, ACardSelectorAdmitsMonstersOfItsSide) {
  Scenario s = with_card("Returning Wind", {{"activation", {"quick"}}, {"card_type", {"trap"}}, {"target", {"card opponent"}},
                                            {"ops", {"return_to_hand target"}}});
  s.cards[kEvacuation] = s.cards.back();
  s.cards.pop_back();
  Trace foe(s);
  EXPECT_HOLDS(answer(foe, P1M0).run(), "target_matches_selector");
  Trace own(s);
  EXPECT_VIOLATES(answer(own, P2M0).run(), "target_matches_selector");
}

TEST(TargetMatchesSelector, ViolatedByAnEmptyZone) {
  Trace t(targeting("monster own"));
  EXPECT_VIOLATES(answer(t, P2M2).run(), "target_matches_selector");
}

TEST(TargetMatchesSelector, AnAttackerSelectorAdmitsOnlyTheAttacker) {
  Trace other(targeting("monster opponent attacker"));
  EXPECT_VIOLATES(answer(other, P1M1).run(), "target_matches_selector");
  Trace attacker(targeting("monster opponent attacker"));
  EXPECT_HOLDS(answer(attacker, P1M0).run(), "target_matches_selector");
}

TEST(AttackerInAttackPositionAtDamageCalculation, ViolatedByAnAttackerChangedToDefense) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().position_changed(P1M0, Position::FaceUpDefense);
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation).calc(CalcMode::VsAttack, 1800, 1500);
  EXPECT_VIOLATES(t.run(), "attacker_in_attack_position_at_damage_calculation");
}

TEST(AttackerInAttackPositionAtDamageCalculation, HoldsWhenTheCalculationIsSkipped) {
  Trace t;
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step().position_changed(P1M0, Position::FaceUpDefense);
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation).no_calc();
  t.window(Timing::AfterDamageCalculation).window(Timing::EndOfDamageStep).open();
  EXPECT_HOLDS(t.run(), "attacker_in_attack_position_at_damage_calculation");
}

/// P1's monster (1800) destroys P2's (1500) by battle: after damage calculation
/// P2M0 is confirmed destroyed, still on the field.
Trace& after_p2_destroyed(Trace& t) {
  t.to_battle_step().declare(P1M0, P2M0).to_damage_step();
  t.window(Timing::BeforeDamageCalculation).window(Timing::DamageCalculation);
  return t.calc(CalcMode::VsAttack, 1800, 1500).damage(Player::P2, 300).destroyed(P2M0).window(Timing::AfterDamageCalculation);
}

TEST(DestroyedByBattlePositionUnchanged, ViolatedByAPositionChangeOfTheDestroyedMonster) {
  Trace t;
  after_p2_destroyed(t).position_changed(P2M0, Position::FaceUpDefense);
  EXPECT_VIOLATES(t.run(), "destroyed_by_battle_position_unchanged");
}

TEST(DestroyedByBattlePositionUnchanged, HoldsForTheMonsterThatSurvived) {
  Trace t;
  after_p2_destroyed(t).position_changed(P1M0, Position::FaceUpDefense);
  EXPECT_HOLDS(t.run(), "destroyed_by_battle_position_unchanged");
}

TEST(DestroyedByBattlePositionUnchanged, HoldsOnceTheDestroyedMonsterHasLeft) {
  Trace t;
  after_p2_destroyed(t).window(Timing::EndOfDamageStep).left(P2M0, LeaveReason::Battle);
  t.step(Step::BattleStep).summoned(P2M0, Player::P2).position_changed(P2M0, Position::FaceUpDefense);
  EXPECT_HOLDS(t.run(), "destroyed_by_battle_position_unchanged");
}

// ---- summons in the Battle Phase (issue 31) -----------------------------------

constexpr std::string_view kNoSummon = "no_normal_or_flip_summon_in_battle_phase";
constexpr std::string_view kFlipSummon = "flip_summon_triggers_need_a_flip_summon";

TEST(NoSummonInBattlePhase, ViolatedByAFlipSummonInTheBattleStep) {
  Trace t(test_scenario());
  t.to_battle_step().summon_by(EventType::FlipSummoned, P1M0, Player::P1, kWarrior);
  EXPECT_VIOLATES(t.run(), kNoSummon);
}

TEST(NoSummonInBattlePhase, ViolatedByANormalSummonInTheEndStep) {
  Trace t(test_scenario());
  t.to_battle_step().step(Step::EndStep).summon_by(EventType::NormalSummoned, P1M3, Player::P1, kToken);
  EXPECT_VIOLATES(t.run(), kNoSummon);
}

TEST(NoSummonInBattlePhase, HoldsForSummonsInTheMainPhasesAndSpecialSummons) {
  Trace t(test_scenario());
  t.summon_by(EventType::NormalSummoned, P1M3, Player::P1, kToken);
  t.to_battle_step().summoned(P2M2, Player::P2).open();
  EXPECT_HOLDS(t.run(), kNoSummon);
}

/// A mandatory "when this card is Flip Summoned" trigger on P2's face-down Bug.
Scenario flip_summon_bug() {
  return with_card("Des Lacooda",
                   {{"activation", {"trigger"}}, {"mandatory", {"true"}}, {"card_type", {"monster"}},
                    {"trigger", {"flip_summoned"}}, {"ops", {"opaque"}}},
                   kBug);
}

TEST(FlipSummonTriggersNeedAFlipSummon, ViolatedAfterAFlipByAnAttack) {
  Trace t(flip_summon_bug());
  t.to_battle_step().declare(P1M0, P2M1).to_damage_step().enter(Timing::BeforeDamageCalculation).flipped(P2M1);
  t.trigger(kLast);
  EXPECT_VIOLATES(t.run(), kFlipSummon);
}

TEST(FlipSummonTriggersNeedAFlipSummon, HoldsAfterAFlipSummon) {
  Trace t(flip_summon_bug());
  t.summon_by(EventType::FlipSummoned, P2M1, Player::P2, kBug).trigger(kLast);
  EXPECT_HOLDS(t.run(), kFlipSummon);
}

// ---- attack counts and restrictions (issue 31) ----------------------------------

constexpr std::string_view kCannotAttack = "cannot_attack_is_obeyed";

/// An effect says the monster in `slot` cannot attack for the rest of the turn.
Event forbidden(std::uint8_t slot, std::uint8_t monster) {
  Event e;
  e.type = EventType::AttackForbidden;
  e.slot = slot;
  e.monster = monster;
  return e;
}

TEST(CannotAttackIsObeyed, ViolatedWhenTheStoppedAttackEntersTheDamageStep) {
  Trace t(test_scenario());
  t.to_battle_step().declare(P1M0, P2M0).add(forbidden(P1M0, kWarrior)).to_damage_step();
  EXPECT_VIOLATES(t.run(), kCannotAttack);
}

TEST(CannotAttackIsObeyed, ViolatedByALaterDeclaration) {
  Trace t(test_scenario());
  t.to_battle_step().add(forbidden(P1M1, kKnight)).declared(P1M1, P2M0);
  EXPECT_VIOLATES(t.run(), kCannotAttack);
}

TEST(CannotAttackIsObeyed, ViolatedByANewTargetAfterAReplay) {
  Trace t(test_scenario());
  t.to_battle_step().declare(P1M0, P2M0).add(forbidden(P1M0, kWarrior)).replay().replay_choice(P2M1);
  EXPECT_VIOLATES(t.run(), kCannotAttack);
}

TEST(CannotAttackIsObeyed, HoldsWhenTheAttackStopsAndAnotherMonsterAttacks) {
  Trace t(test_scenario());
  t.to_battle_step().declare(P1M0, P2M0).add(forbidden(P1M0, kWarrior)).attack_stopped().open();
  t.declare(P1M1, P2M0).to_damage_step();
  EXPECT_HOLDS(t.run(), kCannotAttack);
}

TEST(CannotAttackIsObeyed, HoldsWhenTheReplayChoiceStopsTheAttack) {
  Trace t(test_scenario());
  t.to_battle_step().declare(P1M0, P2M0).add(forbidden(P1M0, kWarrior)).replay().replay_choice(kNoSlot);
  EXPECT_HOLDS(t.run(), kCannotAttack);
}

TEST(CannotAttackIsObeyed, EndsWithItsMonsterLeavingTheField) {
  Trace t(test_scenario());
  t.to_battle_step().add(forbidden(P1M1, kKnight)).left(P1M1, LeaveReason::Banish);
  t.summoned(P1M1, Player::P1).open().declared(P1M1, P2M0);
  EXPECT_HOLDS(t.run(), kCannotAttack);
}

}  // namespace
}  // namespace bc::test
