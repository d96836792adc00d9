// The genuine contradictions between the seed sources (model/rulesets/s*.toml),
// pinned: each finding's root, kind, shortest length and first pair, and each
// one reproduced by replaying its situation. The scenarios and bounds are the
// ones `battlecheck contradictions` uses by default.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checker/contradictions/contradictions.hpp"
#include "checker/differential/differential.hpp"
#include "model/loaders/loader.hpp"
#include "properties/catalog/property.hpp"

namespace bc {
namespace {

std::vector<NamedScenario> default_set() {
  std::vector<NamedScenario> out{{"default", "built-in", default_scenario()}};
  for (const char* stem :
       {"tiny", "battle-fader", "destroyed-negator", "zero-atk", "first-turn", "flip-and-battle-triggers"}) {
    const std::string path = std::string(BC_SOURCE_DIR) + "/scenarios/" + stem + ".toml";
    out.push_back({stem, path, load_scenario_file(path)});
  }
  return out;
}

const ContradictionResult& seeds() {
  static const ContradictionResult r = [] {
    std::vector<Ruleset> sources;
    for (const std::string& n : builtin_source_ruleset_names()) sources.push_back(load_ruleset(n));
    ContradictionOptions o;
    o.bounds.max_depth = 24;
    o.bounds.max_pairs = 2000000;
    return find_contradictions(sources, load_ruleset("mr3"), default_set(), o);
  }();
  return r;
}

struct Pinned {
  FindingType type;
  std::string root;      ///< atom names joined with ", "
  std::string property;  ///< claims only
  std::size_t length;    ///< shortest situation
  std::string first, second, scenario;  ///< the shortest case
  std::size_t pairs;     ///< ruleset pairs showing it
};

std::string root_text(const Finding& f) {
  std::string out;
  for (const RuleAtom& a : f.root) out += (out.empty() ? "" : ", ") + atom_name(a);
  return out;
}

/// The seeds' findings, in report order (regenerate with `battlecheck contradictions --json`).
const std::vector<Pinned> kPinned = {
#include "tests/checker/fixtures/seed_findings.inc"
};

TEST(ContradictionsSeeds, FindingsArePinned) {
  const ContradictionResult& r = seeds();
  ASSERT_EQ(r.findings.size(), kPinned.size());
  for (std::size_t i = 0; i < kPinned.size(); ++i) {
    const Finding& f = r.findings[i];
    const Pinned& p = kPinned[i];
    SCOPED_TRACE("finding " + std::to_string(i + 1) + ": " + p.root + " " + p.property);
    EXPECT_EQ(f.type, p.type);
    EXPECT_EQ(root_text(f), p.root);
    EXPECT_EQ(f.property < 0 ? "" : std::string(properties()[f.property].id), p.property);
    EXPECT_EQ(f.shortest(), p.length);
    EXPECT_EQ(r.rulesets[f.cases.front().first].name, p.first);
    EXPECT_EQ(r.rulesets[f.cases.front().second].name, p.second);
    EXPECT_EQ(r.scenarios[f.cases.front().scenario].name, p.scenario);
    EXPECT_EQ(f.cases.size(), p.pairs);
  }
}

TEST(ContradictionsSeeds, EachFindingReproduces) {
  const ContradictionResult& r = seeds();
  for (const Finding& f : r.findings) {
    for (const FindingCase& c : f.cases) {
      SCOPED_TRACE(root_text(f) + ": " + r.rulesets[c.first].name + " vs " + r.rulesets[c.second].name);
      const Scenario& scn = r.scenarios[c.scenario].scenario;
      const Ruleset& one = r.rulesets[c.first];
      const Ruleset two = with_atoms(r.rulesets[c.second], one, c.aligned);
      if (f.property < 0) {
        EXPECT_FALSE(resolves(scn, one, two, c.situation));
        std::vector<RuleAtom> fixed = c.aligned;
        fixed.insert(fixed.end(), f.root.begin(), f.root.end());
        EXPECT_TRUE(resolves(scn, one, with_atoms(r.rulesets[c.second], one, fixed), c.situation));
      } else {
        EXPECT_TRUE(run_violates(scn, r.rulesets[c.second], c.situation.path, f.property));
        if (f.type == FindingType::ClaimBroken)
          EXPECT_FALSE(run_violates(scn, with_atoms(r.rulesets[c.second], one, f.root), c.situation.path, f.property));
      }
    }
  }
}

TEST(ContradictionsSeeds, EverySourceIsCompared) {
  const ContradictionResult& r = seeds();
  ASSERT_EQ(r.sources, 6u);
  EXPECT_EQ(r.rulesets[0].name, "s0");
  EXPECT_EQ(r.rulesets[3].name, "s2-mr2");
  std::size_t pairs = 0;
  for (const PairStats& s : r.stats) pairs += s.first < 6 && s.second < 6 ? 1 : 0;
  EXPECT_EQ(pairs, 15u * r.scenarios.size());
}

}  // namespace
}  // namespace bc
