// Cards resolved before the Battle Phase (CardSpec::resolved_before,
// docs/scenario-format.md): used for the turn, their lasting operations applied
// as the Battle Phase begins; written and read back in TOML and in a trace
// header; a monitor reads their protection from the header.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"
#include "model/rulesets/ruleset_loader.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"
#include "tests/model/input_error.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

const std::string kText = R"(name = "reinforced"

[[monster]]
name = "A"
atk = 1000
def = 1000
player = "p1"
zone = 0

[[monster]]
name = "B"
atk = 1200
def = 1000
player = "p2"
zone = 0

[[card]]
name = "Reinforcements"
effect = { activation = "quick", card_type = "trap", target = "monster own face_up", ops = ["change_atk target 500 turn"] }
player = "p1"
resolved_before = true
resolved_target = "A"

[[card]]
name = "Waboku"
effect = { activation = "quick", card_type = "trap", ops = ["no_battle_damage you turn indestructible"] }
player = "p2"
resolved_before = true
)";

TEST(ResolvedBefore, UsedAndItsTurnLongOperationsApplyFromTheStart) {
  const Scenario sc = parse_scenario(kText, "reinforced.toml");
  ASSERT_EQ(sc.cards.size(), 2u);
  EXPECT_TRUE(sc.cards[0].resolved_before);
  EXPECT_EQ(sc.cards[0].resolved_target, slot_of(Player::P1, 0));
  EXPECT_EQ(sc.cards[1].resolved_target, kNoSlot);
  const Ruleset rules = load_ruleset("mr3");
  const Model model(sc, rules);
  const State s = model.initial();
  EXPECT_EQ(s.used, 0x3);                               // neither is activated again this turn
  EXPECT_EQ(s.atk_mod[slot_of(Player::P1, 0)], 10);     // +500, in steps of 50
  EXPECT_TRUE(s.has(kNoDamageTurnP2));
  EXPECT_TRUE(s.has(kSafeTurnP2));
  Scenario plain = sc;
  for (CardSpec& c : plain.cards) c.resolved_before = false;
  const State p = Model(plain, rules).initial();
  EXPECT_EQ(p.used, 0);
  EXPECT_EQ(p.atk_mod[slot_of(Player::P1, 0)], 0);
}

TEST(ResolvedBefore, RoundTripsThroughTomlAndTheTraceHeader) {
  const Scenario sc = parse_scenario(kText, "reinforced.toml");
  EXPECT_EQ(parse_scenario(scenario_to_toml(sc), "again.toml"), sc);
  const nlohmann::json header = trace_header(sc, "mr3");
  EXPECT_EQ(header["scenario"]["cards"][0]["resolved_target"], "p1_m0");
  EXPECT_EQ(header_from_json(header).scenario, sc);
}

TEST(ResolvedBefore, BadInputNamesTheField) {
  std::string no_flag = kText;
  no_flag.replace(no_flag.find("resolved_before = true\nresolved_target"), 23, "");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(no_flag, "bad.toml"); }), "bad.toml:",
                     "card[0].resolved_target: only a card with resolved_before = true has one");
  std::string unknown = kText;
  unknown.replace(unknown.find("resolved_target = \"A\""), 21, "resolved_target = \"Z\"");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(unknown, "bad.toml"); }), "bad.toml:", "unknown monster");
}

// A Continuous Spell or Trap resolved before the Battle Phase (continuous_after_activation):
// its part applies from the start; "every face-up monster in Attack Position" is refused
// on a board it would already have changed, and on a card on the field from the start.
TEST(ResolvedBefore, AContinuousTrapsPartAppliesFromTheStart) {
  const std::string board = R"(name = "ordered"
[[monster]]
name = "A"
atk = 1900
def = 1600
level = 4
player = "p1"
zone = 0
[[monster]]
name = "B"
atk = 800
def = 2000
player = "p2"
zone = 0
position = "defense"
)";
  // A Continuous Trap resolved in Main Phase 1, with its continuous part.
  const auto resolved = [&board](const std::string& name, const std::string& part) {
    return board + "[[card]]\nname = \"" + name + "\"\nplayer = \"p2\"\neffect = { activation = \"quick\", "
                   "card_type = \"trap\", continuous = \"" + part + "\" }\nresolved_before = true\n";
  };
  const std::string bind = resolved("Gravity Bind", "cannot_attack_level_at_least 4");
  const Scenario sc = parse_scenario(bind, "bind.toml");
  const Ruleset mr3 = load_ruleset("mr3");
  const Model model(sc, mr3);
  EventBuffer events;
  const State s = model.initial(events);
  EXPECT_EQ(s.resolved, 1u);
  EXPECT_EQ(s.used, 1u);
  const std::string orders = resolved("Final Attack Orders", "face_up_attack_position");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(orders, "bad.toml"); }), "bad.toml:",
                     "card[0].resolved_before: face_up_attack_position changed the position of each face-up "
                     "monster it names when it resolved: \"B\" is still in defense");
  std::string always_on = orders;
  always_on.replace(always_on.find("\"quick\""), 7, "\"continuous\"");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(always_on, "bad.toml"); }), "bad.toml:",
                     "applies from a Continuous Spell or Trap's activation");
}

TEST(ResolvedBefore, MonitorsReadTheProtectionFromTheHeader) {
  const Scenario sc = parse_scenario(kText, "reinforced.toml");
  const TraceContext c = start_context(sc);
  EXPECT_TRUE(c.has(kCtxNoDamageTurnP2));
  EXPECT_TRUE(c.has(kCtxSafeTurnP2));
  EXPECT_FALSE(c.has(kCtxNoDamageTurnP1));
  Scenario plain = sc;
  plain.cards[1].resolved_before = false;
  EXPECT_FALSE(start_context(plain).has(kCtxNoDamageTurnP2));
}

}  // namespace
}  // namespace bc
