// Mutants prove the properties can fail: every built-in mutant (a deliberately
// wrong rule) is caught by the property it names, with a short counterexample
// that replays to the same violation; the default ruleset violates nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "checker/parallel/explorer.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

/// Always properties that no mutant trips but a dedicated test trace in
/// tests/properties/ does: a hand-written event trace the monitor must reject.
/// The test below checks that each id appears in an EXPECT_VIOLATES there.
const std::vector<std::string> kTrippedByDedicatedTraces = {
    // Sources' claims (tests/properties/test_source_claims.cpp; flip_effect_starts_its_own_chain
    // is also tripped by the s0 ruleset on scenarios/sources-flip-vs-battled.toml).
    "main_phase_2_only_after_battle_phase",
    "damage_step_ends_after_its_chains",
    "flip_effect_starts_its_own_chain",
    // Issue 28: a target outside its selector (tests/properties/test_effect_terms.cpp).
    "target_matches_selector",
    "end_step_leads_to_main_phase_2",
    "damage_step_timings_in_order",
    "no_opponent_action_before_declaration",
    "direct_attack_only_on_empty_field",
    "one_attack_at_a_time",
    "one_chain_at_attack_declaration",
    "replay_requires_count_change",
    "damage_calc_effects_only_at_damage_calculation",
    "one_chain_after_damage_calculation",
    "one_chain_at_end_of_damage_step",
    "battle_destroyed_all_leave_by_end",
    "battle_damage_matches_calculation",
    "has_battled_requires_damage_calculation",
    "battle_damage_triggers_after_damage_calculation",
    "battle_destroyed_triggers_at_end_of_damage_step",
    "chain_resolves_last_in_first_out",
    "spell_speed_respected",
    "simultaneous_triggers_turn_player_first",
    // Code mutants kill it (bench/README.md): tests/properties/test_obligations.cpp, one trace per trigger event.
    "mandatory_triggers_activate",
    // A code mutant kills it (bench/README.md: flow.cpp, the turn player's priority after a trigger chain).
    "chain_resolves_after_both_pass",
};

Scenario scenario_for(const Ruleset& rules) {
  if (rules.scenario.empty()) return default_scenario();
  return load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/" + rules.scenario);
}

const Counterexample* counterexample_for(const CheckResult& r, int property) {
  for (const Counterexample& c : r.counterexamples)
    if (c.property == property) return &c;
  return nullptr;
}

class Mutant : public ::testing::TestWithParam<std::string> {};

TEST_P(Mutant, IsCaughtByItsPropertyWithAShortReplayableCounterexample) {
  const Ruleset rules = load_mutant(GetParam());
  EXPECT_EQ(rules.mutant_of, "mr3");
  const int property = property_index(rules.expect_violation);
  ASSERT_GE(property, 0) << "unknown expect_violation '" << rules.expect_violation << "'";
  ASSERT_GT(rules.max_counterexample_length, 0);
  const Scenario scenario = scenario_for(rules);
  const Model model(scenario, rules);
  // Breadth first to the stated length finds a shortest counterexample if one
  // that short exists, so the bound is also the exploration depth.
  Bounds bounds;
  bounds.liveness = false;
  bounds.max_depth = static_cast<std::uint32_t>(rules.max_counterexample_length);
  const CheckResult result = explore(model, bounds);
  ASSERT_TRUE(result.violated[property]) << GetParam() << " is not caught by " << rules.expect_violation;
  const Counterexample* c = counterexample_for(result, property);
  ASSERT_NE(c, nullptr);
  // BFS gives the shortest counterexample; each mutant file states its exact length.
  EXPECT_EQ(static_cast<int>(c->actions.size()), rules.max_counterexample_length);

  const ::bc::Run run = replay(model, c->actions);
  ASSERT_TRUE(run.ok()) << run.error;
  EXPECT_TRUE(run.verdicts.violated[property]) << "the counterexample does not reproduce";
  // Shortest: nothing before the last step shows the violation.
  EXPECT_GE(run.first_violation(property), static_cast<int>(c->actions.size()) - 1);
}

TEST_P(Mutant, DiffersFromMr3) {
  const Ruleset mutant = load_mutant(GetParam());
  const Ruleset mr3 = load_ruleset("mr3");
  EXPECT_TRUE(mutant.knobs != mr3.knobs || mutant.permissions != mr3.permissions);
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param;
  std::replace(n.begin(), n.end(), '-', '_');
  return n;
}

INSTANTIATE_TEST_SUITE_P(Builtin, Mutant, ::testing::ValuesIn(builtin_mutant_names()), test_name);

TEST(Mutants, AtLeastTwelveShip) { EXPECT_GE(builtin_mutant_names().size(), 12u); }

TEST(Mutants, Mr3OnTheDefaultScenarioViolatesNothing) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const CheckResult result = explore(model, Bounds{});
  EXPECT_TRUE(result.complete);
  for (int i = 0; i < static_cast<int>(properties().size()); ++i) {
    EXPECT_FALSE(result.violated[i]) << properties()[i].id;
    if (properties()[i].kind == PropertyKind::Sometimes) {
      EXPECT_TRUE(result.witnessed[i]) << properties()[i].id;
    }
  }
  EXPECT_EQ(result.dead_ends, 0u);
  EXPECT_EQ(result.cannot_end, 0u);
}

/// Text of every test source in tests/properties/.
std::string property_test_sources() {
  std::string all;
  const std::filesystem::path dir = std::filesystem::path(BC_SOURCE_DIR) / "tests" / "properties";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::ifstream in(entry.path());
    std::ostringstream text;
    text << in.rdbuf();
    all += text.str();
  }
  return all;
}

TEST(Mutants, EveryAlwaysPropertyIsTrippedByAMutantOrADedicatedTrace) {
  std::set<std::string> tripped(kTrippedByDedicatedTraces.begin(), kTrippedByDedicatedTraces.end());
  for (const std::string& name : builtin_mutant_names()) tripped.insert(load_mutant(name).expect_violation);
  for (const PropertyInfo& p : properties()) {
    if (p.kind == PropertyKind::Always) {
      EXPECT_TRUE(tripped.count(std::string(p.id))) << p.id << " is tripped by no mutant and no dedicated trace";
    }
  }
}

TEST(Mutants, DedicatedTraceListNamesPropertiesViolatedInTestsProperties) {
  const std::string sources = property_test_sources();
  for (const std::string& id : kTrippedByDedicatedTraces) {
    EXPECT_GE(property_index(id), 0) << id;
    const std::regex violates("EXPECT_VIOLATES\\s*\\([^;]*\"" + id + "\"");
    EXPECT_TRUE(std::regex_search(sources, violates)) << id << ": no EXPECT_VIOLATES trace in tests/properties/";
  }
}

}  // namespace
}  // namespace bc
