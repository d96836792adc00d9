// Random exploration end to end: every built-in mutant is caught and shrunk
// close to the exhaustive shortest, the same seed gives the same result,
// and the shrunk run replays to the same violation.
#include <gtest/gtest.h>

#include <algorithm>

#include "checker/random/random_check.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/embed/embedded.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

/// Runs allowed per mutant search in the tests (each run takes tens of microseconds).
constexpr int kTestRuns = 30000;
/// calc-effects-in-trigger-chain needs a rare combination (a damage-calculation
/// effect negated, the negator destroyed, its graveyard trigger chained, a
/// calculation effect in that chain): about 60,000 runs (bench/README.md).
constexpr int kHardRuns = 200000;

int runs_for(const std::string& mutant) {
  return mutant == "calc-effects-in-trigger-chain" ? kHardRuns : kTestRuns;
}

/// Search options for a mutant: its expected property, the default scenario and the
/// mutant's own scenario as seed boards.
RandomOptions mutant_options(const Ruleset& rules, std::uint64_t seed) {
  RandomOptions o;
  o.seed = seed;
  o.runs = runs_for(rules.name);
  o.property = property_index(rules.expect_violation);
  o.bounds.seeds = {default_scenario()};
  if (!rules.scenario.empty())
    o.bounds.seeds.push_back(load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/" + rules.scenario));
  return o;
}

std::vector<std::string> mutant_names() {
  std::vector<std::string> out;
  for (const auto& [stem, text] : embedded::mutants()) out.emplace_back(stem);
  return out;
}

class RandomMutant : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomMutant, IsCaughtAndShrunkWithinOneAndAHalfTimesTheShortest) {
  const Ruleset rules = load_mutant(GetParam());
  const RandomOptions opts = mutant_options(rules, 1);
  ASSERT_GE(opts.property, 0) << rules.expect_violation;
  const RandomResult r = random_check(rules, opts);
  ASSERT_TRUE(r.error.empty()) << r.error;
  ASSERT_TRUE(r.found) << GetParam() << " not caught in " << opts.runs << " runs";
  EXPECT_EQ(r.property, opts.property);
  EXPECT_LE(2 * r.actions.size(), 3u * static_cast<std::size_t>(rules.max_counterexample_length))
      << "shrunk to " << r.actions.size() << " actions; shortest " << rules.max_counterexample_length;
  EXPECT_LE(r.actions.size(), static_cast<std::size_t>(r.original_length));
  // The board is the shrunk one, or the first failing or a seed board when BFS
  // found a run over a third shorter there.
  int largest = r.original_size;
  for (const Scenario& seed : opts.bounds.seeds) largest = std::max(largest, scenario_size(seed));
  EXPECT_LE(scenario_size(r.scenario), largest);
  // The shrunk run replays to the same violation.
  const Model model(r.scenario, rules);
  const bc::Run run = replay(model, r.actions);
  ASSERT_TRUE(run.ok()) << run.error;
  EXPECT_TRUE(run.verdicts.violated[r.property]);
  EXPECT_EQ(run.first_violation(r.property) + 1, static_cast<int>(r.actions.size()));
}

INSTANTIATE_TEST_SUITE_P(Builtin, RandomMutant, ::testing::ValuesIn(mutant_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

TEST(RandomCheck, SameSeedSameResult) {
  const Ruleset rules = load_mutant("double-declaration");
  const RandomOptions opts = mutant_options(rules, 7);
  const RandomResult a = random_check(rules, opts);
  const RandomResult b = random_check(rules, opts);
  ASSERT_TRUE(a.found);
  EXPECT_EQ(a.runs, b.runs);
  EXPECT_EQ(a.shrink_steps, b.shrink_steps);
  EXPECT_EQ(a.actions, b.actions);
  EXPECT_EQ(a.choices, b.choices);
  EXPECT_EQ(a.scenario, b.scenario);
}

TEST(RandomCheck, PinnedResultForSeedOne) {
  // battle-phase-on-first-turn from fresh boards only: pinned numbers change
  // only when the generators, the model or RapidCheck change.
  const Ruleset rules = load_mutant("battle-phase-on-first-turn");
  RandomOptions opts;
  opts.seed = 1;
  opts.runs = 1000;
  const RandomResult r = random_check(rules, opts);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(properties()[r.property].id, "no_battle_phase_on_first_turn");
  EXPECT_EQ(r.actions, std::vector<std::uint8_t>{0});
  EXPECT_TRUE(r.scenario.first_turn);
  EXPECT_EQ(scenario_size(r.scenario), 0);  // shrunk to an empty first-turn board
  EXPECT_EQ(r.runs, 15);
}

TEST(RandomCheck, HoldsWhenNothingIsViolatedAndCountsEveryRun) {
  // opponent-priority-first's property under mr3 itself: never violated.
  const Ruleset rules = load_ruleset("mr3");
  RandomOptions opts;
  opts.seed = 3;
  opts.runs = 300;
  opts.property = property_index("turn_player_priority_first");
  const RandomResult r = random_check(rules, opts);
  EXPECT_FALSE(r.found);
  EXPECT_TRUE(r.error.empty());
  EXPECT_EQ(r.runs, 300);
  EXPECT_TRUE(r.witnessed.any());  // Sometimes properties are seen, never failures
}

TEST(RandomCheck, FixedBoardRandomizesOnlyTheActions) {
  const Ruleset rules = load_mutant("opponent-priority-first");
  RandomOptions opts;
  opts.seed = 5;
  opts.runs = 100;
  opts.fixed = default_scenario();
  const RandomResult r = random_check(rules, opts);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.scenario, default_scenario());
  EXPECT_EQ(r.actions.size(), 1u);
}

TEST(RandomCheck, RunChoicesStopsAtTheWatchedProperty) {
  const Ruleset rules = load_mutant("battle-phase-on-first-turn");
  Scenario s = default_scenario();
  s.first_turn = true;
  const Model model(s, rules);
  const RunVerdict v = run_choices(model, {}, kDefaultMaxSteps, -1);
  EXPECT_TRUE(v.violated[property_index("no_battle_phase_on_first_turn")]);
  EXPECT_EQ(v.actions.size(), 1u);
  EXPECT_FALSE(failure_mask()[property_index("sometimes_replay")]);
  EXPECT_TRUE(failure_mask()[property_index("battle_phase_can_end")]);
}

}  // namespace
}  // namespace bc
