// Outcomes read from the stream (docs/engines/ygopro.md, "Outcomes from the
// stream"): an opaque ATK change learnt from the damage calculation, on the
// committed real runs of batch 2; and the term text's grid for amounts.
#include <gtest/gtest.h>

#include "model/terms/effect_text.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

using testing::import_real;

const CardSpec& card_named(const ImportResult& r, const std::string& name) {
  for (const CardSpec& c : r.header.scenario.cards)
    if (c.name == name) return c;
  ADD_FAILURE() << "no card " << name;
  return r.header.scenario.cards.front();
}

/// The card has one operation, `code` on `object`.
void expect_one_op(const CardSpec& c, OpCode code, Object object) {
  ASSERT_EQ(c.term.op_count, 1);
  EXPECT_EQ(c.term.ops[0].code, code);
  EXPECT_EQ(c.term.ops[0].object, object);
}

/// The card's one operation is a change of `amount` ATK on `object`, for the turn.
void expect_atk_change(const CardSpec& c, Object object, int amount) {
  expect_one_op(c, OpCode::ChangeAtk, object);
  EXPECT_EQ(c.term.ops[0].duration, Duration::Turn);
  EXPECT_EQ(c.term.ops[0].amount, amount);
}

/// Limiter Removal resolves before damage calculation: the damage calculation
/// shows Mechanicalchaser at 3700, not its 1850, so its opaque doubling is a
/// change of +1850 on its controller's battling monster for the turn (the run
/// holds: RealRuns pins it).
TEST(YgoproOutcomes, AnOpaqueAtkChangeIsLearntFromTheDamageCalculation) {
  const ImportResult r = import_real("batch2/fluoro/fluoro-limiter_removal-p001");
  expect_atk_change(card_named(r, "Limiter Removal"), Object::OwnBattler, 1850);
}

/// Mirror Wall (p2's) has no ATK category; its field effect sets the attackers'
/// ATK (EFFECT_SET_ATTACK_FINAL): Luster Dragon attacks at 950, not 1900.
TEST(YgoproOutcomes, AFieldAtkEffectMakesTheOutcomeAnAtkChangeOnTheOpponentsMonster) {
  const ImportResult r = import_real("batch2/edo/edo-mirror_wall-p002");
  expect_atk_change(card_named(r, "Mirror Wall"), Object::OpponentBattler, -950);
}

/// Resolved in the Start Step, before any attack: the monster whose ATK the
/// damage calculation shows changed is named as the activation's target (no
/// battle role names it then), for the turn.
TEST(YgoproOutcomes, AnAtkOutcomeResolvedBeforeTheBattleNamesItsMonsterAsTheTarget) {
  const ImportResult r = import_real("batch2/fluoro/fluoro-limiter_removal-p006");
  const CardSpec& c = card_named(r, "Limiter Removal");
  expect_atk_change(c, Object::Target, 1850);
  EXPECT_EQ(c.term.target.kind, TargetKind::Monster);
  bool named = false;
  for (const TraceRecord& rec : r.records)
    if (rec.kind == RecordKind::Event && rec.event.type == EventType::Activate) named = rec.event.target == 0;  // p1_m0
  EXPECT_TRUE(named);
}

/// Resolved in Main Phase 1 (Mirror Wall, batch 6): no activation record, so
/// the halved attacker is the target it resolved with (`resolved_target`).
TEST(YgoproOutcomes, AnAtkOutcomeOfACardResolvedInMainPhase1IsItsResolvedTarget) {
  const ImportResult r = import_real("batch6/fluoro/fluoro-mirror_wall_against_two_attackers-p010");
  const CardSpec& c = card_named(r, "Mirror Wall");
  expect_atk_change(c, Object::Target, -950);
  EXPECT_TRUE(c.resolved_before);
  EXPECT_EQ(c.resolved_target, 0);  // p1_m0, Luster Dragon
}

/// Hallowed Life Barrier's operation registers EFFECT_CHANGE_DAMAGE on its
/// player with a value function the file does not give, and
/// EFFECT_INDESTRUCTABLE_BATTLE over its Monster Zone, both reset at the End
/// Phase. The damage calculation after it shows p2 taking none of the 500 the
/// values give, so the outcome is no battle damage to it, and no destruction
/// by battle, for the turn (the run holds: RealRuns pins it).
TEST(YgoproOutcomes, AChangeOfDamageIsLearntFromTheDamageCalculation) {
  const ImportResult r = import_real("batch2/fluoro/fluoro-hallowed_life_barrier-p003");
  const CardSpec& c = card_named(r, "Hallowed Life Barrier");
  expect_one_op(c, OpCode::NoBattleDamage, Object::You);
  EXPECT_EQ(c.term.ops[0].duration, Duration::Turn);
  EXPECT_TRUE(c.term.ops[0].flag);
}

/// Threatening Roar's operation registers EFFECT_CANNOT_ATTACK_ANNOUNCE on a
/// player (EFFECT_FLAG_PLAYER_TARGET): the term's ban on the opponent's
/// declarations for the turn (S1 §战斗步骤), not an opaque operation.
TEST(YgoproOutcomes, APlayersBanOnDeclarationsIsReadFromTheOperation) {
  const ImportResult r = import_real("batch2/edo/edo-threatening_roar-p006");
  expect_one_op(card_named(r, "Threatening Roar"), OpCode::CannotDeclareAttacks, Object::Opponent);
}

/// Mirage Dragon's field EFFECT_CANNOT_ACTIVATE on the opponent alone
/// (SetTargetRange(0,1)), whose value names Trap activations (EDOPro's
/// :IsTrap) and whose condition the Battle Phase: the continuous
/// opponent_no_trap_activation, so the engine's withholding of Waboku conforms.
TEST(YgoproOutcomes, ALockOnTheOpponentsTrapsInTheBattlePhaseIsRead) {
  const ImportResult r = import_real("batch3/edo/edo-mirage_dragon-p000");
  EXPECT_EQ(card_named(r, "Mirage Dragon").term.continuous.kind, ContinuousKind::OpponentNoTrapActivation);
}

/// A token the cards file does not list (a Sheep Token of Scapegoat's, batch 6)
/// is learnt from the stream: a monster of its own, its ATK and DEF from the
/// damage calculation it is in.
TEST(YgoproOutcomes, ATokenTheCardsFileDoesNotListIsLearntFromTheStream) {
  const ImportResult r = import_real("batch6/fluoro/fluoro-scapegoat_against_limiter_removal-p003");
  int tokens = 0;
  for (const MonsterSpec& m : r.header.scenario.monsters) tokens += m.name.rfind("card 7391505", 0) == 0;
  EXPECT_EQ(tokens, 4);
  bool warned = false;
  for (const std::string& w : r.warnings) warned = warned || w.find("learnt from the stream") != std::string::npos;
  EXPECT_TRUE(warned);
}

/// The model keeps DEF, set_atk and ATK changes outlasting the battle in steps
/// of 50 (a learnt outcome writes -950), the battle's ATK changes and Life
/// Point amounts in steps of 100.
TEST(YgoproOutcomes, TermAmountsInStepsOfFiftyOnlyWhereTheModelKeepsThem) {
  const std::vector<std::string> none;
  auto parses = [&](const std::string& op) {
    TermError error;
    return parse_term({TermField{"activation", {"quick"}, 0, FieldShape::Value}, TermField{"ops", {op}, 0, FieldShape::List}},
                      none, error)
        .has_value();
  };
  EXPECT_TRUE(parses("change_atk opponent_battler -950 turn"));
  EXPECT_TRUE(parses("change_atk own_battler 1850 battle_phase"));
  EXPECT_TRUE(parses("set_atk own_battler 950"));
  EXPECT_TRUE(parses("change_def own_battler 50"));
  EXPECT_FALSE(parses("change_atk own_battler 1850 battle"));
  EXPECT_FALSE(parses("change_atk own_battler 1850"));
  EXPECT_FALSE(parses("inflict_damage opponent 250"));
  EXPECT_FALSE(parses("change_atk own_battler 1825 turn"));
}

/// A card finding is a true statement about the script (issue 27): an outcome is held against every
/// category the card's script declares, read or not, and a departure the model reads as banished
/// against the category of where it went. Gorg the Strong's return to the Deck (CATEGORY_TODECK) and
/// Blade Rabbit's destruction (declared by its trigger on EVENT_CHANGE_POS, which is not read) were
/// findings at the twenty-second freeze and are none; Changing Destiny's position change, which its
/// script declares by no category, is one.
TEST(YgoproOutcomes, ACardFindingHoldsAnOutcomeAgainstEveryCategoryOfTheScript) {
  EXPECT_TRUE(import_real("batch23/fluoro/fluoro-gorg_the_strong_returns_a_monster_to_the_deck-p000").card_findings.empty());
  EXPECT_TRUE(import_real("batch23/fluoro/fluoro-desert_sunlight_turns_blade_rabbit_to_defense-p001").card_findings.empty());
  const ImportResult d = import_real("batch17/fluoro/fluoro-dark_bribe_on_changing_destiny-p001");
  ASSERT_EQ(d.card_findings.size(), 1u);
  EXPECT_NE(d.card_findings[0].find("Changing Destiny: its resolution did change_position"), std::string::npos);
}

}  // namespace
}  // namespace bc::ygopro
