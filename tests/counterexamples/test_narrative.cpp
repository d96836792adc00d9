// The narrative speaks the sources' vocabulary with the scenario's names.
#include <gtest/gtest.h>

#include "model/library/presets.hpp"
#include "counterexamples/replay/narrative.hpp"

namespace bc {
namespace {

Scenario small_scenario() {
  Scenario s;
  s.name = "narrative";
  s.monsters = {{"Goblin Attack Force", 2300, 0}, {"Man-Eater Bug", 450, 600}, {"Killer Tomato Token", 0, 0}};
  s.board[0][0] = ZoneSpec{0, Position::FaceUpAttack};
  s.board[1][1] = ZoneSpec{1, Position::FaceDownDefense};
  s.cards = {CardSpec{"Rush Recklessly", EffectKind::AtkChangeQuick, Player::P2}};
  fill_preset_term(s.cards[0]);
  return s;
}

Event timing(Timing t) {
  Event e;
  e.type = EventType::TimingEnter;
  e.timing = t;
  return e;
}

TEST(Narrative, NamesPlayersAndSlots) {
  EXPECT_EQ(player_label(Player::P2), "P2");
  EXPECT_EQ(slot_label(slot_of(Player::P2, 1)), "P2 M1");
  EXPECT_EQ(slot_label(kDirect), "direct");
}

TEST(Narrative, ActivationAtBeforeDamageCalculation) {
  const Scenario s = small_scenario();
  Narrator n(s);
  Event a;
  a.type = EventType::Activate;
  a.player = Player::P2;
  a.card = 0;
  a.kind = EffectKind::AtkChangeQuick;
  a.link = 1;
  State before;
  before.timing = Timing::BeforeDamageCalculation;
  before.priority = Player::P2;
  Action act{ActionType::Activate, 0};
  const auto lines = n.step(before, act, {timing(Timing::BeforeDamageCalculation), a});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "before damage calculation: P2 activates Rush Recklessly (atk_change_quick), chain link 1");
}

TEST(Narrative, DamageCalculationThenLeavingAtTheEndOfTheDamageStep) {
  const Scenario s = small_scenario();
  Narrator n(s);
  Event calc;
  calc.type = EventType::DamageCalculation;
  calc.slot = slot_of(Player::P1, 0);
  calc.target = slot_of(Player::P2, 1);
  calc.mode = CalcMode::VsDefense;
  calc.value = 2300;
  calc.value2 = 600;
  Event destroyed;
  destroyed.type = EventType::DestroyConfirmed;
  destroyed.slot = calc.target;
  Event left;
  left.type = EventType::LeftField;
  left.slot = calc.target;
  left.monster = 1;
  left.reason = LeaveReason::Battle;
  const auto lines = n.opening({timing(Timing::DamageCalculation), calc, destroyed,
                                timing(Timing::EndOfDamageStep), left});
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0],
            "damage calculation: P1 M0 Goblin Attack Force (2300) vs P2 M1 Man-Eater Bug (DEF 600): "
            "P2 M1 destroyed by battle");
  EXPECT_EQ(lines[1], "end of the Damage Step: P2 M1 Man-Eater Bug sent to the Graveyard (destroyed by battle)");
}

TEST(Narrative, PassNamesThePlayerWithPriority) {
  const Scenario s = small_scenario();
  Narrator n(s);
  State before;
  before.timing = Timing::BattleStep;
  before.priority = Player::P2;
  const auto lines = n.step(before, Action{ActionType::Pass}, {});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "Battle Step: P2 passes");
}

TEST(Narrative, SummonedTokenIsNamedAfterwards) {
  const Scenario s = small_scenario();
  Narrator n(s);
  Event summon;
  summon.type = EventType::Summoned;
  summon.player = Player::P2;
  summon.slot = slot_of(Player::P2, 2);
  summon.monster = 2;
  Event battle_damage;
  battle_damage.type = EventType::BattleDamage;
  battle_damage.player = Player::P2;
  battle_damage.value = 2300;
  const auto lines = n.opening({timing(Timing::BattleStep), summon, battle_damage});
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "Battle Step: P2 special summons P2 M2 Killer Tomato Token");
  EXPECT_EQ(lines[1], "Battle Step: P2 takes 2300 battle damage");
}

TEST(Narrative, ReplayChoiceIsNotADeclaration) {
  const Scenario s = small_scenario();
  Narrator n(s);
  Event choice;
  choice.type = EventType::ReplayChoice;
  choice.slot = slot_of(Player::P1, 0);
  choice.target = kDirect;
  const auto lines = n.opening({timing(Timing::ReplayChoice), choice});
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "replay: P1 M0 Goblin Attack Force attacks directly instead (replay, not a declaration)");
}

}  // namespace
}  // namespace bc
