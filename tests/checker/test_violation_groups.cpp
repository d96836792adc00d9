// Issue 29, "every distinct violation, grouped by its root": with
// Bounds::all_violations the search counts every violating state and groups
// them by (property, action kind, timing, effect class of the step that
// breaks the rule). A ruleset with three built-in mutants' faults shows each
// fault as its own group; the groups and counts do not depend on the thread
// count; every group's shortest run replays to its property's violation at
// its last step, taken at the group's timing.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "checker/parallel/explorer.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

const Ruleset& three_faults() {
  static const Ruleset r = load_ruleset(std::string(BC_SOURCE_DIR) + "/tests/checker/fixtures/three-faults.toml");
  return r;
}

CheckResult grouped(const Model& model, int threads) {
  Bounds b;
  b.liveness = false;
  b.all_violations = true;
  b.threads = threads;
  return explore(model, b);
}

std::vector<const ViolationGroup*> of_property(const CheckResult& r, std::string_view id) {
  std::vector<const ViolationGroup*> out;
  for (const ViolationGroup& g : r.violation_groups)
    if (g.root.property == property_index(id)) out.push_back(&g);
  return out;
}

TEST(ViolationGroups, EachOfThreeFaultsIsAGroupOfItsOwn) {
  const Model model(default_scenario(), three_faults());
  const CheckResult r = grouped(model, 2);
  ASSERT_EQ(r.violation_groups.size(), 17u);  // pinned: 3 faults, each seen by the properties it breaks
  // double-declaration: the second declaration of one monster.
  const auto declare = of_property(r, "one_declaration_per_monster");
  ASSERT_EQ(declare.size(), 1u);
  EXPECT_EQ(declare[0]->root.action, ActionType::DeclareAttack);
  EXPECT_EQ(declare[0]->root.timing, Timing::BattleStepOpen);
  EXPECT_EQ(declare[0]->states, 40146u);
  EXPECT_EQ(declare[0]->shortest.actions.size(), 9u);
  // second-chain-at-damage-calculation: one group per effect class that starts the second chain.
  const auto chain = of_property(r, "one_chain_at_damage_calculation");
  ASSERT_EQ(chain.size(), 2u);
  for (const ViolationGroup* g : chain) {
    EXPECT_EQ(g->root.action, ActionType::Activate);
    EXPECT_EQ(g->root.timing, Timing::DamageCalculation);
    EXPECT_GE(g->root.effect_class, 0);
  }
  EXPECT_NE(chain[0]->root.effect_class, chain[1]->root.effect_class);
  // replay-in-damage-step: a replay where the monster count changes, at each timing it can.
  const auto replay_groups = of_property(r, "no_replay_in_damage_step");
  ASSERT_EQ(replay_groups.size(), 5u);
  for (const ViolationGroup* g : replay_groups) EXPECT_EQ(g->root.action, ActionType::Pass);
  // Every property that failed has at least one group, and nothing else does.
  for (const ViolationGroup& g : r.violation_groups) EXPECT_TRUE(r.violated.test(g.root.property));
  for (int p = 0; p < static_cast<int>(properties().size()); ++p)
    if (r.violated.test(p) && properties()[p].kind != PropertyKind::Eventually)
      EXPECT_FALSE(of_property(r, properties()[p].id).empty()) << properties()[p].id;
}

TEST(ViolationGroups, ShortestRunsReplayToTheirViolationAtTheirRoot) {
  const Model model(default_scenario(), three_faults());
  const CheckResult r = grouped(model, 2);
  for (const ViolationGroup& g : r.violation_groups) {
    const ::bc::Run run = replay(model, g.shortest.actions);
    ASSERT_TRUE(run.ok()) << run.error;
    const int step = static_cast<int>(g.shortest.actions.size()) - 1;
    EXPECT_EQ(run.first_violation(g.root.property), step) << properties()[g.root.property].id;
    ASSERT_GE(step, 0);
  }
  // The first group of each property is that property's counterexample.
  for (const Counterexample& c : r.counterexamples) {
    const auto it = std::find_if(r.violation_groups.begin(), r.violation_groups.end(),
                                 [&c](const ViolationGroup& g) { return g.root.property == c.property; });
    ASSERT_NE(it, r.violation_groups.end());
    EXPECT_EQ(it->shortest.actions, c.actions) << properties()[c.property].id;
  }
}

TEST(ViolationGroups, TheSameForEveryThreadCount) {
  const Model model(default_scenario(), three_faults());
  const CheckResult one = grouped(model, 1);
  for (int t : {2, 3, 40}) {
    const CheckResult other = grouped(model, t);
    ASSERT_EQ(one.violation_groups.size(), other.violation_groups.size()) << t;
    for (std::size_t i = 0; i < one.violation_groups.size(); ++i) {
      EXPECT_EQ(one.violation_groups[i].root, other.violation_groups[i].root) << t << " " << i;
      EXPECT_EQ(one.violation_groups[i].states, other.violation_groups[i].states) << t << " " << i;
      EXPECT_EQ(one.violation_groups[i].shortest.actions, other.violation_groups[i].shortest.actions) << t << " " << i;
    }
  }
}

TEST(ViolationGroups, OffByDefaultAndEmptyWhenEverythingHolds) {
  const Model faulty(default_scenario(), three_faults());
  Bounds b;
  b.liveness = false;
  EXPECT_TRUE(explore(faulty, b).violation_groups.empty()) << "only with all_violations";
  const Ruleset mr3 = load_ruleset("mr3");
  const Model sound(default_scenario(), mr3);
  b.all_violations = true;
  const CheckResult r = explore(sound, b);
  EXPECT_TRUE(r.violated.none());
  EXPECT_TRUE(r.violation_groups.empty());
}

}  // namespace
}  // namespace bc
