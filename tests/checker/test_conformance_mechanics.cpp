/// Conformance on the Battle Phase mechanics of issue 31 (tests/checker/test_conformance.cpp has the rest).
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>

#include "checker/conformance/conformance.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

// Issue 31: an engine that deals Magic Cylinder's damage as battle damage
// departs at that event, and the divergence stays there: the card's
// resolution shows nothing conformance could learn as its operations, and a
// term of another class would only refuse the card's own activation.
TEST(ConformanceRules, EffectDamageDealtAsBattleDamageDivergesAtThatEvent) {
  const Scenario sc = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/effect-damage.toml");
  const Ruleset wrong = load_ruleset("effect-damage-as-battle-damage");
  const Model engine(sc, wrong);
  // Enter, both pass the Start Step, Gemini Elf attacks, P1 passes, P2
  // activates Magic Cylinder, both pass: it resolves; then passes to the end.
  const std::vector<std::string_view> path = {"enters the Battle Phase", "passes", "passes", "Gemini Elf (p1_m0) ->",
                                              "passes", "activates Magic Cylinder", "passes", "passes"};
  std::vector<std::uint8_t> choices;
  EventBuffer buf;
  State s = engine.initial(buf);
  ActionList list;
  for (std::string_view want : path) {
    engine.actions(s, list);
    std::uint8_t pick = 0;
    while (pick < list.size() && engine.describe(s, list[pick]).find(want) == std::string::npos) ++pick;
    ASSERT_LT(pick, list.size()) << want;
    choices.push_back(pick);
    s = engine.next(s, list[pick], buf);
  }
  // The engine's trace: that path, then passes (always the first action) to the end.
  std::vector<TraceRecord> records;
  buf.clear();
  s = engine.initial(buf);
  auto add = [&] {
    for (const Event& e : buf) {
      TraceRecord r;
      r.event = e;
      r.line = records.size() + 2;
      records.push_back(r);
    }
    buf.clear();
  };
  add();
  for (std::size_t i = 0; !Model::is_terminal(s); ++i) {
    engine.actions(s, list);
    s = engine.next(s, list[i < choices.size() ? choices[i] : 0], buf);
    add();
  }
  const Ruleset mr3 = load_ruleset("mr3");
  const Model model(sc, mr3);
  const ConformanceResult r = check_conformance(model, 0, records);
  ASSERT_FALSE(r.conforms());
  const auto damage = std::find_if(records.begin(), records.end(),
                                   [](const TraceRecord& t) { return t.event.type == EventType::BattleDamage; });
  ASSERT_NE(damage, records.end());
  EXPECT_EQ(r.divergence.line, damage->line);
  EXPECT_TRUE(r.card_resyncs.empty());
  ASSERT_FALSE(r.divergence.rules.empty());
  EXPECT_NE(r.divergence.rules.front().find("knob effect_damage_is_battle_damage = false"), std::string::npos)
      << r.divergence.rules.front();
}

}  // namespace
}  // namespace bc
