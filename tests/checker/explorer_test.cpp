// The exhaustive checker on the real model: exact counts, determinism,
// bounds, counterexamples that replay, the liveness analysis and the dot graph.
#include <gtest/gtest.h>

#include <string>

#include "checker/parallel/explorer.hpp"
#include "model/loaders/loader.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

/// mr3, kept alive for the Models that reference it.
const Ruleset& mr3_rules() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

// Pinned exploration of scenarios/tiny.toml under mr3 (liveness on). These
// numbers change whenever the model, the ruleset or the monitor context
// changes what is distinguishable; update them deliberately, never blindly.
constexpr std::uint64_t kTinyStates = 58;
constexpr std::uint64_t kTinyTransitions = 60;
constexpr std::uint32_t kTinyDepth = 23;

Scenario tiny() { return load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml"); }

Bounds no_liveness() {
  Bounds b;
  b.liveness = false;
  return b;
}

/// Re-run a counterexample with next() and the monitor; the verdicts of the
/// whole run (finish() included when it ends the Battle Phase). Fails the
/// test if an action index is out of range.
Verdicts replay(const Model& model, const Counterexample& cx) {
  Verdicts v;
  EventBuffer events;
  State s = model.initial(events);
  TraceContext ctx = start_context(model.scenario());
  for (const Event& e : events) observe(ctx, e, v);
  ActionList actions;
  for (std::uint8_t a : cx.actions) {
    actions.clear();
    model.actions(s, actions);
    EXPECT_LT(a, actions.size());
    if (a >= actions.size()) return v;
    events.clear();
    s = model.next(s, actions[a], events);
    for (const Event& e : events) observe(ctx, e, v);
  }
  if (Model::is_terminal(s)) finish(ctx, true, v);
  return v;
}

/// Occurrences of `needle` in `hay`.
std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

/// Sum of the numeric edge labels ("a->b [label=N]") of a dot text.
std::uint64_t edge_count_sum(const std::string& dot) {
  std::uint64_t sum = 0;
  for (std::size_t at = dot.find("->"); at != std::string::npos; at = dot.find("->", at + 1)) {
    const std::size_t label = dot.find("[label=", at);
    if (label == std::string::npos) break;
    sum += std::stoull(dot.substr(label + 7));
  }
  return sum;
}

TEST(Explorer, TinyScenarioCountsArePinned) {
  const Scenario sc = tiny();
  const Ruleset rules = load_ruleset("mr3");
  const CheckResult r = explore(Model(sc, rules), Bounds{});
  EXPECT_EQ(r.states, kTinyStates);
  EXPECT_EQ(r.transitions, kTinyTransitions);
  EXPECT_EQ(r.depth, kTinyDepth);
  EXPECT_TRUE(r.complete);
  EXPECT_TRUE(r.violated.none());
  EXPECT_EQ(r.dead_ends, 0u);
  EXPECT_EQ(r.cannot_end, 0u);
}

TEST(Explorer, LivenessBookkeepingChangesNoCount) {
  const Scenario sc = tiny();
  const Ruleset rules = load_ruleset("mr3");
  const Model model(sc, rules);
  const CheckResult with = explore(model, Bounds{});
  const CheckResult without = explore(model, no_liveness());
  EXPECT_EQ(with.states, without.states);
  EXPECT_EQ(with.transitions, without.transitions);
  EXPECT_GT(with.graph_bytes, 0u);
  EXPECT_EQ(without.graph_bytes, 0u);
}

TEST(Explorer, TwoRunsAreIdentical) {
  const Scenario sc = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/bench-medium.toml");
  const Ruleset rules = load_mutant("second-chain-at-damage-calculation");
  const Model model(sc, rules);
  const CheckResult a = explore(model, Bounds{});
  const CheckResult b = explore(model, Bounds{});
  ASSERT_FALSE(a.counterexamples.empty());
  EXPECT_EQ(a.states, b.states);
  EXPECT_EQ(a.transitions, b.transitions);
  EXPECT_EQ(a.depth, b.depth);
  EXPECT_EQ(a.violated, b.violated);
  EXPECT_EQ(a.witnessed, b.witnessed);
  EXPECT_EQ(a.stored_bytes, b.stored_bytes);
  EXPECT_EQ(a.cannot_end, b.cannot_end);
  ASSERT_EQ(a.counterexamples.size(), b.counterexamples.size());
  for (std::size_t i = 0; i < a.counterexamples.size(); ++i) {
    EXPECT_EQ(a.counterexamples[i].property, b.counterexamples[i].property);
    EXPECT_EQ(a.counterexamples[i].actions, b.counterexamples[i].actions);
  }
  ASSERT_EQ(a.witnesses.size(), b.witnesses.size());
  for (std::size_t i = 0; i < a.witnesses.size(); ++i) EXPECT_EQ(a.witnesses[i].actions, b.witnesses[i].actions);
}

TEST(Explorer, DepthBoundCutsTheSearch) {
  Bounds b = no_liveness();
  b.max_depth = 6;
  const CheckResult r = explore(Model(default_scenario(), mr3_rules()), b);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.depth, 6u);
}

TEST(Explorer, StateBoundCutsTheSearch) {
  Bounds b = no_liveness();
  b.max_states = 1000;
  const CheckResult r = explore(Model(default_scenario(), mr3_rules()), b);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.states, 1000u);
}

TEST(Explorer, MutantCounterexamplesReplayToTheirViolation) {
  const Ruleset rules = load_mutant("second-chain-at-damage-calculation");
  const Model model(default_scenario(), rules);
  const CheckResult r = explore(model, no_liveness());
  const int expected = property_index(rules.expect_violation);
  ASSERT_GE(expected, 0);
  EXPECT_TRUE(r.violated.test(expected));
  ASSERT_FALSE(r.counterexamples.empty());
  for (const Counterexample& cx : r.counterexamples) {
    SCOPED_TRACE(std::string(properties()[cx.property].id));
    EXPECT_TRUE(replay(model, cx).violated.test(cx.property));
  }
}

TEST(Explorer, WitnessesReplayToTheirSometimesProperty) {
  const Ruleset rules = load_ruleset("mr3");  // the Model keeps a reference
  const Model model(default_scenario(), rules);
  Bounds b = no_liveness();
  b.max_states = 200000;
  const CheckResult r = explore(model, b);
  ASSERT_FALSE(r.witnesses.empty());
  for (const Counterexample& w : r.witnesses) {
    SCOPED_TRACE(std::string(properties()[w.property].id));
    EXPECT_TRUE(replay(model, w).witnessed.test(w.property));
  }
}

TEST(Explorer, DefaultScenarioBattlePhaseAlwaysCanEnd) {
  Bounds b;
  b.max_states = 200000;
  const CheckResult r = explore(Model(default_scenario(), mr3_rules()), b);
  EXPECT_EQ(r.dead_ends, 0u);
  EXPECT_EQ(r.cannot_end, 0u);
  EXPECT_TRUE(r.stuck.actions.empty());
  const int p = property_index("battle_phase_can_end");
  ASSERT_GE(p, 0);
  EXPECT_FALSE(r.violated.test(p));
}

TEST(Explorer, TimingGraphNamesTheTimings) {
  const Scenario sc = tiny();
  const Ruleset rules = load_ruleset("mr3");
  const std::string dot = timing_graph_dot(Model(sc, rules), Bounds{});
  EXPECT_EQ(dot.rfind("digraph", 0), 0u);
  EXPECT_NE(dot.find("->"), std::string::npos);
  EXPECT_EQ(count(dot, "[label=battle_step_open]"), 1u) << "one node per timing";
  EXPECT_EQ(edge_count_sum(dot), kTinyTransitions) << "every transition is counted on one edge";
  for (const char* t : {"main_phase_1", "start_step", "battle_step_open", "attack_declaration",
                        "start_of_damage_step", "before_damage_calculation", "damage_calculation",
                        "after_damage_calculation", "end_of_damage_step", "end_step", "main_phase_2"}) {
    EXPECT_NE(dot.find(std::string("[label=") + t + "]"), std::string::npos) << t;
  }
}

}  // namespace
}  // namespace bc
