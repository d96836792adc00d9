// Effects of a face-up card (CardSpec::effect_of, docs/scenario-format.md
// "Effects of a face-up card"): a Continuous Trap's trigger is a card of its
// own, usable only once the Trap's activation has resolved; written and read
// back in TOML and in a trace header; bad references refused with their field.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"
#include "model/rulesets/ruleset_loader.hpp"
#include "tests/model/input_error.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

// P1's Celtic Guardian attacks P2's Luster Dragon and is destroyed by battle;
// P2 holds Coffin Seller set.
const std::string kText = R"toml(name = "coffin"

[[monster]]
name = "Celtic Guardian"
atk = 1400
def = 1200
player = "p1"
zone = 0

[[monster]]
name = "Luster Dragon"
atk = 1900
def = 1600
player = "p2"
zone = 0

[[card]]
name = "Coffin Seller"
player = "p2"
effect = { activation = "quick", card_type = "trap", ops = ["opaque"] }

[[card]]
name = "Coffin Seller (damage)"
player = "p2"
effect_of = "Coffin Seller"
effect = { activation = "trigger", mandatory = true, card_type = "trap", trigger = "opponent_monster_sent_to_graveyard", ops = ["inflict_damage opponent 300"] }
)toml";

/// Whether some state reachable from the initial one activates `card`.
bool ever_activated(const Model& m, std::uint8_t card) {
  std::vector<State> todo = {m.initial()};
  std::vector<State> seen;
  while (!todo.empty()) {
    const State s = todo.back();
    todo.pop_back();
    if (std::find(seen.begin(), seen.end(), s) != seen.end()) continue;
    seen.push_back(s);
    ActionList actions;
    m.actions(s, actions);
    for (const Action& a : actions) {
      EventBuffer events;
      todo.push_back(m.next(s, a, events));
      for (int i = 0; i < events.size(); ++i)
        if (events[i].type == EventType::Activate && events[i].card == card) return true;
    }
  }
  return false;
}

TEST(EffectOf, TheEffectWaitsForTheCardsActivation) {
  const Scenario sc = parse_scenario(kText, "coffin.toml");
  ASSERT_EQ(sc.cards.size(), 2u);
  EXPECT_EQ(sc.cards[0].effect_of, kNoCard);
  EXPECT_EQ(sc.cards[1].effect_of, 0);
  const Ruleset rules = load_ruleset("mr3");
  EXPECT_TRUE(ever_activated(Model(sc, rules), 1));
  // A card of its own, the trigger would come on every path; never activated, the Trap never opens it.
  Scenario never = sc;
  never.cards[0].term.timings = bit(Timing::EndStep);
  never.cards[0].custom = true;
  EXPECT_FALSE(ever_activated(Model(never, rules), 1));
  // Resolved before the Battle Phase, the card is face-up from the start.
  never.cards[0].resolved_before = true;
  EXPECT_TRUE(ever_activated(Model(never, rules), 1));
}

TEST(EffectOf, RoundTripsThroughTomlAndTheTraceHeader) {
  const Scenario sc = parse_scenario(kText, "coffin.toml");
  EXPECT_EQ(parse_scenario(scenario_to_toml(sc), "again.toml"), sc);
  const nlohmann::json header = trace_header(sc, "mr3");
  EXPECT_EQ(header["scenario"]["cards"][1]["effect_of"], 0);
  EXPECT_FALSE(header["scenario"]["cards"][0].contains("effect_of"));
  EXPECT_EQ(header_from_json(header).scenario, sc);
}

TEST(EffectOf, BadReferencesNameTheField) {
  std::string unknown = kText;
  unknown.replace(unknown.find("effect_of = \"Coffin Seller\""), 27, "effect_of = \"Coffin\"");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(unknown, "bad.toml"); }), "bad.toml:",
                     "card[1].effect_of: no earlier card is named \"Coffin\"");
  std::string other_side = kText;
  other_side.replace(other_side.rfind("player = \"p2\""), 13, "player = \"p1\"");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(other_side, "bad.toml"); }), "bad.toml:",
                     "card[1].effect_of: names Coffin Seller, which the other player holds");
  std::string continuous = kText;
  const std::string activated = "activation = \"quick\", card_type = \"trap\", ops = [\"opaque\"]";
  continuous.replace(continuous.find(activated), activated.size(),
                     "activation = \"continuous\", card_type = \"trap\", continuous = \"cannot_attack_at_least 3000\"");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(continuous, "bad.toml"); }), "bad.toml:",
                     "card[1].effect_of: names Coffin Seller, which is not a Spell or Trap activated during the duel");
  std::string lasting = kText;
  const std::string trigger = "activation = \"trigger\", mandatory = true, card_type = \"trap\", trigger = "
                              "\"opponent_monster_sent_to_graveyard\", ops = [\"inflict_damage opponent 300\"]";
  lasting.replace(lasting.find(trigger), trigger.size(),
                  "activation = \"continuous\", card_type = \"trap\", continuous = \"cannot_attack_at_least 3000\"");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(lasting, "bad.toml"); }), "bad.toml:",
                     "card[1].effect_of: an effect of a face-up card is activated");
  nlohmann::json header = trace_header(parse_scenario(kText, "coffin.toml"), "mr3");
  header["scenario"]["cards"][1]["effect_of"] = 1;
  EXPECT_INPUT_ERROR(test::error_of([&] { header_from_json(header, "run.jsonl"); }), "run.jsonl",
                     "'cards[1].effect_of': names a card that does not come before this one");
}

TEST(EffectOf, AnOptionalTriggerOnAnotherCardLeavingIsRefused) {
  std::string optional = kText;
  optional.replace(optional.find("mandatory = true, "), 18, "");
  EXPECT_INPUT_ERROR(test::error_of([&] { parse_scenario(optional, "bad.toml"); }), "bad.toml:",
                     "card[1].effect.mandatory: a trigger on a monster sent from the opponent's field is mandatory");
}

}  // namespace
}  // namespace bc
