// The contradiction finder on a constructed pair of rulesets with planted
// disagreements (tests/checker/fixtures/planted-*.toml): every planted
// disagreement is recovered, exactly once, with a pinned shortest situation
// that replays; claims and second readings are found too.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "checker/contradictions/contradictions.hpp"
#include "checker/differential/differential.hpp"
#include "model/loaders/loader.hpp"
#include "properties/catalog/property.hpp"

namespace bc {
namespace {

const std::string kDir = std::string(BC_SOURCE_DIR) + "/tests/checker/fixtures/";

std::vector<NamedScenario> planted_scenarios() {
  std::vector<NamedScenario> out{{"default", "built-in", default_scenario()}};
  for (const char* stem : {"tiny", "battle-fader"}) {
    const std::string path = std::string(BC_SOURCE_DIR) + "/scenarios/" + stem + ".toml";
    out.push_back({stem, path, load_scenario_file(path)});
  }
  return out;
}

ContradictionOptions planted_options() {
  ContradictionOptions o;
  o.bounds.max_depth = 24;
  o.bounds.max_pairs = 2000000;
  return o;
}

struct Planted {
  Ruleset a = load_ruleset(kDir + "planted-a.toml");
  Ruleset b = load_ruleset(kDir + "planted-b.toml");
  Ruleset mr3 = load_ruleset("mr3");
  std::vector<NamedScenario> scenarios = planted_scenarios();
};

/// Shortest length of every planted root: root name -> (length, scenario).
const std::map<std::string, std::pair<std::size_t, std::string>> kPlanted = {
    {"first_priority", {1, "default"}},
    {"start_step_may_skip_to_end_step", {2, "default"}},
    {"replay_enabled", {7, "default"}},
    {"has_attacked_on", {8, "battle-fader"}},
    {"permissions.flip_trigger", {10, "default"}},
    {"permissions.atk_change_quick", {13, "default"}},
    {"chains_damage_calculation", {15, "default"}},
};

TEST(Contradictions, PlantedDisagreementsRecoveredExactlyOnce) {
  const Planted p;
  const ContradictionResult r = find_contradictions({p.a, p.b}, p.mr3, p.scenarios, planted_options());
  std::map<std::string, int> seen;
  for (const Finding& f : r.findings) {
    EXPECT_EQ(f.type, FindingType::RuleDisagreement);
    ASSERT_EQ(f.root.size(), 1u);
    const std::string root = atom_name(f.root.front());
    ++seen[root];
    ASSERT_EQ(f.cases.size(), 1u) << root;
    const FindingCase& c = f.cases.front();
    EXPECT_EQ(c.first, 0);
    EXPECT_EQ(c.second, 1);
    const auto it = kPlanted.find(root);
    ASSERT_NE(it, kPlanted.end()) << "reported but not planted: " << root;
    EXPECT_EQ(c.length, it->second.first) << root;
    EXPECT_EQ(r.scenarios[c.scenario].name, it->second.second) << root;
  }
  for (const auto& [root, expected] : kPlanted) EXPECT_EQ(seen[root], 1) << "planted root " << root;
  EXPECT_EQ(r.findings.size(), kPlanted.size());
}

TEST(Contradictions, PlantedSituationsReplayAndVanishWithTheirRoot) {
  const Planted p;
  const ContradictionResult r = find_contradictions({p.a, p.b}, p.mr3, p.scenarios, planted_options());
  ASSERT_EQ(r.findings.size(), kPlanted.size());
  for (const Finding& f : r.findings) {
    const FindingCase& c = f.cases.front();
    const Scenario& scn = r.scenarios[c.scenario].scenario;
    const Ruleset second = with_atoms(p.b, p.a, c.aligned);
    // The situation shows under the pair as given (earlier roots held equal) ...
    EXPECT_FALSE(resolves(scn, p.a, second, c.situation)) << atom_name(f.root.front());
    // ... and vanishes once the root is copied over, and with nothing else.
    std::vector<RuleAtom> fixed = c.aligned;
    fixed.insert(fixed.end(), f.root.begin(), f.root.end());
    EXPECT_TRUE(resolves(scn, p.a, with_atoms(p.b, p.a, fixed), c.situation));
    // The runs are replayable indices: the shared path is legal under both.
    EXPECT_GE(c.run_first.size(), c.situation.path.size());
    EXPECT_GE(c.run_second.size(), c.situation.path.size());
    EXPECT_EQ(c.run_first.size() + c.run_second.size(), 2 * c.situation.path.size() + (c.situation.kind == RuleDivergenceKind::DifferentEvents ? 2 : 1));
  }
}

TEST(Contradictions, MaskingDisagreementIsHeldEqualForTheOthers) {
  const Planted p;
  const ContradictionResult r = find_contradictions({p.a, p.b}, p.mr3, p.scenarios, planted_options());
  for (const Finding& f : r.findings) {
    const FindingCase& c = f.cases.front();
    if (atom_name(f.root.front()) == "first_priority") {
      EXPECT_TRUE(c.aligned.empty());
    } else {
      ASSERT_EQ(c.aligned.size(), 1u);
      EXPECT_EQ(atom_name(c.aligned.front()), "first_priority");
    }
  }
}

TEST(Contradictions, IdenticalRulesetsNeverDiverge) {
  const Planted p;
  const PairResult r = explore_pair(default_scenario(), p.a, p.a, {24, 0});
  EXPECT_TRUE(r.roots.empty());
  EXPECT_EQ(r.divergences, 0u);
  EXPECT_TRUE(differing_atoms(p.a, p.a).empty());
}

TEST(Contradictions, EntriesBothSidesShareAreNotCandidates) {
  const Planted p;
  std::vector<std::string> names;
  for (const RuleAtom& a : differing_atoms(p.a, p.b)) names.push_back(atom_name(a));
  EXPECT_EQ(names.size(), kPlanted.size());
  EXPECT_EQ(std::count(names.begin(), names.end(), "equal_atk_destroys_both"), 0);
}

TEST(Contradictions, OrderOfThePairDoesNotChangeTheRoots) {
  const Planted p;
  const PairResult ab = explore_pair(default_scenario(), p.a, p.b, {24, 2000000});
  const PairResult ba = explore_pair(default_scenario(), p.b, p.a, {24, 2000000});
  std::vector<std::vector<RuleAtom>> x, y;
  for (const auto& r : ab.roots) x.push_back(r.root);
  for (const auto& r : ba.roots) y.push_back(r.root);
  std::sort(x.begin(), x.end());
  std::sort(y.begin(), y.end());
  EXPECT_EQ(x, y);
}

TEST(Contradictions, ClaimBrokenByOtherRulesAndByOwnRules) {
  Planted p;
  p.a.claims.push_back({"start_step_leads_to_battle_step", "S9 §claim a", ""});
  p.b.claims.push_back({"replay_when_count_changes", "S9 §claim b", ""});
  const ContradictionResult r = find_contradictions({p.a, p.b}, p.mr3, p.scenarios, planted_options());
  const Finding* broken = nullptr;
  const Finding* own = nullptr;
  for (const Finding& f : r.findings) {
    if (f.type == FindingType::ClaimBroken) broken = &f;
    if (f.type == FindingType::OwnClaimBroken) own = &f;
  }
  ASSERT_NE(broken, nullptr);
  EXPECT_EQ(broken->claim_ruleset, 0);
  EXPECT_EQ(std::string(properties()[broken->property].id), "start_step_leads_to_battle_step");
  ASSERT_EQ(broken->root.size(), 1u);
  EXPECT_EQ(atom_name(broken->root.front()), "start_step_may_skip_to_end_step");
  EXPECT_EQ(broken->cases.front().second, 1);
  EXPECT_EQ(broken->claim_section, "S9 §claim a");
  EXPECT_TRUE(run_violates(r.scenarios[broken->cases.front().scenario].scenario, p.b,
                           broken->cases.front().situation.path, broken->property));
  ASSERT_NE(own, nullptr);  // planted-b disables replays yet claims them
  EXPECT_EQ(own->claim_ruleset, 1);
  EXPECT_EQ(std::string(properties()[own->property].id), "replay_when_count_changes");
  EXPECT_TRUE(own->root.empty());
}

TEST(Contradictions, SecondReadingOfOneSourceIsComparedWithItsMainReading) {
  Planted p;
  OtherReading other;
  other.value = 1;  // several
  other.provenance.sources = {"S9 §other reading"};
  p.a.knob_other[static_cast<int>(Knob::ChainsStartOfDamageStep)] = other;
  const ContradictionResult r = find_contradictions({p.a}, p.mr3, p.scenarios, planted_options());
  ASSERT_EQ(r.rulesets.size(), 2u);
  EXPECT_EQ(r.rulesets[1].name, "planted-a~chains_start_of_damage_step");
  ASSERT_EQ(r.findings.size(), 1u);
  const Finding& f = r.findings.front();
  EXPECT_EQ(f.type, FindingType::OwnReadingsDisagree);
  ASSERT_EQ(f.root.size(), 1u);
  EXPECT_EQ(atom_name(f.root.front()), "chains_start_of_damage_step");
  EXPECT_EQ(f.cases.front().first, 0);
  EXPECT_EQ(f.cases.front().second, 1);
}

}  // namespace
}  // namespace bc
