// Optional triggers (issue 28): a "you can" trigger waits for its controller's
// choice (activate / decline_trigger), the turn player's first, before the
// chain of simultaneous triggers forms; a mandatory one is never asked about.
// "Change to Defense Position" leaves a face-down monster as it is.
#include <gtest/gtest.h>

#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"
#include "model/rulesets/ruleset_loader.hpp"

namespace bc {
namespace {

const std::string kBoth = R"(name = "both-destroyed"
[[monster]]
name = "Rat"
atk = 1400
def = 1000
player = "p1"
[[monster]]
name = "Tomato"
atk = 1400
def = 1000
player = "p2"
[[card]]
name = "Rat"
host = "Rat"
effect = { activation = "trigger", card_type = "monster", trigger = "destroyed_by_battle", ops = ["opaque"] }
[[card]]
name = "Tomato"
host = "Tomato"
effect = { activation = "trigger", card_type = "monster", trigger = "destroyed_by_battle", ops = ["opaque"] }
[[card]]
name = "Curse"
host = "Tomato"
effect = { activation = "trigger", mandatory = true, card_type = "monster", trigger = "sent_to_graveyard", ops = ["opaque"] }
)";

/// Plays Pass (or the first attack) until an optional trigger's controller chooses.
State until_choice(const Model& m, State s) {
  ActionList list;
  EventBuffer ev;
  for (int i = 0; i < 60 && !Model::is_terminal(s) && s.resume == TriggerResume::None; ++i) {
    m.actions(s, list);
    Action pick = list[0];
    for (const Action& a : list)
      if (a.type == ActionType::DeclareAttack || a.type == ActionType::EnterBattlePhase) pick = a;
    ev.clear();
    s = m.next(s, pick, ev);
  }
  return s;
}

TEST(OptionalTriggers, EachControllerChoosesTurnPlayerFirstAndMandatoryOnesAreNotAsked) {
  const Scenario sc = parse_scenario(kBoth, "both.toml");
  const Ruleset rules = load_ruleset("mr3");
  const Model m(sc, rules);
  State s = until_choice(m, m.initial());
  ASSERT_NE(s.resume, TriggerResume::None);
  EXPECT_EQ(s.timing, Timing::EndOfDamageStep);
  ActionList list;
  m.actions(s, list);
  ASSERT_EQ(list.size(), 2);
  EXPECT_EQ(list[0], (Action{ActionType::Activate, 0}));
  EXPECT_EQ(list[1], (Action{ActionType::DeclineTrigger, 0}));
  EXPECT_EQ(s.priority, Player::P1);
  EXPECT_EQ(m.describe(s, list[1]), "P1 does not activate Rat (optional trigger)");
  EventBuffer ev;
  s = m.next(s, list[1], ev);  // P1 declines Rat
  EXPECT_EQ(ev.size(), 0);     // a choice shows no event of its own
  m.actions(s, list);
  ASSERT_EQ(list.size(), 2);
  EXPECT_EQ(list[0], (Action{ActionType::Activate, 1}));
  EXPECT_EQ(s.priority, Player::P2);
  ev.clear();
  s = m.next(s, list[0], ev);  // P2 activates Tomato: the chain forms, the mandatory Curse with it
  EXPECT_EQ(s.resume, TriggerResume::None);
  EXPECT_EQ(s.chain_len, 2);
  EXPECT_EQ(s.chain[0].card, 1);
  EXPECT_EQ(s.chain[1].card, 2);
  EXPECT_EQ(s.accepted, 0);
  EXPECT_EQ(s.used & 1u, 0u);  // Rat was declined, not used
}

TEST(OptionalTriggers, ChangeToDefenseLeavesAFaceDownMonsterFaceDown) {
  const Scenario sc = parse_scenario(R"(name = "hidden"
[[monster]]
name = "A"
atk = 1000
def = 1000
player = "p1"
position = "facedown"
[[card]]
name = "A"
host = "A"
kind = "end_of_battle_trigger"
[[card]]
name = "A flip"
host = "A"
kind = "flip_trigger"
)", "hidden.toml");
  const Ruleset rules = load_ruleset("mr3");
  const Model m(sc, rules);
  State s = m.initial();
  ActionList list;
  EventBuffer ev;
  for (int i = 0; i < 40 && !Model::is_terminal(s); ++i) {
    m.actions(s, list);
    s = m.next(s, list[0], ev);
  }
  bool resolved = false;  // the end-of-Battle-Phase trigger did resolve: its change found nothing to do
  for (const Event& e : ev) {
    resolved = resolved || (e.type == EventType::Resolve && e.card == 0);
    EXPECT_NE(e.type, EventType::PositionChanged);
    EXPECT_FALSE(e.type == EventType::Activate && e.card == 1) << "the flip effect started";
  }
  EXPECT_TRUE(resolved);
  EXPECT_EQ(s.zones[slot_of(Player::P1, 0)].position(), Position::FaceDownDefense);
}

/// A diagnosis runs a changed model on the engine's states: a state left
/// mid-choice by one model may hold no choice for the other (both triggers
/// now mandatory). Its one action resumes, and the chain forms.
TEST(OptionalTriggers, AStateLeftMidChoiceByAnotherModelResumes) {
  const Scenario sc = parse_scenario(kBoth, "both.toml");
  const Ruleset rules = load_ruleset("mr3");
  const State s = until_choice(Model(sc, rules), Model(sc, rules).initial());
  ASSERT_NE(s.resume, TriggerResume::None);
  Scenario all_mandatory = sc;
  for (CardSpec& c : all_mandatory.cards) c.term.mandatory = true;
  const Model m(all_mandatory, rules);
  ActionList list;
  m.actions(s, list);
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].card, kNoCard);
  EventBuffer ev;
  const State n = m.next(s, list[0], ev);
  EXPECT_EQ(n.resume, TriggerResume::None);
  EXPECT_EQ(n.accepted, 0u);
  EXPECT_GT(n.chain_len, 0);
}

}  // namespace
}  // namespace bc
