// The self-check (checker/random/self_check.hpp): violations sorted into
// defects and source findings, a defect's board shrunk, and the bounded
// self-check of the suite.
#include <gtest/gtest.h>

#include "checker/random/self_check.hpp"
#include "checker/random/term_gen.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

const Ruleset& mr3() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

SelfCheckOptions small(int boards, std::uint64_t seed) {
  SelfCheckOptions o;
  o.seed = seed;
  o.boards = boards;
  o.max_states = 20000;
  return o;
}

TEST(SelfCheck, AnMr3RunLeavesNothing) {
  const Model model(default_scenario(), mr3());
  EventBuffer events;
  State s = model.initial(events);
  std::vector<std::uint8_t> path;
  ActionList legal;
  for (int i = 0; i < 12 && !Model::is_terminal(s); ++i) {
    model.actions(s, legal);
    path.push_back(static_cast<std::uint8_t>(i % legal.size()));
    s = model.next(s, legal[path.back()], events);
  }
  EXPECT_EQ(mr3_departure(default_scenario(), mr3(), mr3(), path), "");
}

TEST(SelfCheck, AnActionMr3DoesNotOfferIsASourceFinding) {
  // Entering the Battle Phase on the first turn: the mutant offers it, mr3 does not.
  const Ruleset mutant = load_mutant("battle-phase-on-first-turn");
  Scenario s = default_scenario();
  s.first_turn = true;
  const std::string why = mr3_departure(s, mutant, mr3(), {0});
  EXPECT_NE(why.find("mr3 does not offer it"), std::string::npos) << why;
}

TEST(SelfCheck, ASourceReadingIsNotADefect) {
  // The mutant stands for a source whose reading contradicts a property: its
  // violations leave mr3's runs, so they are findings, never defects.
  const Ruleset mutant = load_mutant("battle-phase-on-first-turn");
  const int property = property_index("no_battle_phase_on_first_turn");
  const SelfCheckResult r = self_check({mutant}, mr3(), small(40, 3));
  ASSERT_EQ(r.rulesets.size(), 1u);
  EXPECT_EQ(r.rulesets[0].boards, 40);
  const auto is_first_turn = [&](const SelfCheckFinding& f) { return f.property == property; };
  EXPECT_TRUE(std::none_of(r.defects.begin(), r.defects.end(), is_first_turn));
  const auto it = std::find_if(r.findings.begin(), r.findings.end(), is_first_turn);
  ASSERT_NE(it, r.findings.end());
  EXPECT_EQ(it->kind, FindingKind::Contradiction);
  EXPECT_TRUE(it->scenario.first_turn);
}

TEST(SelfCheck, ADefectIsShrunkBoardAndTerms) {
  // The same mutant named mr3: every violation is then a defect, shrunk to
  // the smallest board that still shows it (an empty first-turn board).
  Ruleset as_mr3 = load_mutant("battle-phase-on-first-turn");
  as_mr3.name = "mr3";
  const int property = property_index("no_battle_phase_on_first_turn");
  const SelfCheckResult r = self_check({as_mr3}, mr3(), small(40, 3));
  const auto it = std::find_if(r.defects.begin(), r.defects.end(), [&](const SelfCheckFinding& f) { return f.property == property; });
  ASSERT_NE(it, r.defects.end());
  EXPECT_EQ(it->kind, FindingKind::Defect);
  EXPECT_TRUE(it->scenario.first_turn);
  EXPECT_EQ(scenario_size(it->scenario), 0);
  EXPECT_EQ(it->actions, std::vector<std::uint8_t>{0});
  const Model model(it->scenario, as_mr3);
  const bc::Run run = replay(model, it->actions);
  ASSERT_TRUE(run.ok()) << run.error;
  EXPECT_TRUE(run.verdicts.violated[property]);
}

TEST(SelfCheck, SameSeedSameBoardsAndResult) {
  const SelfCheckResult a = self_check({mr3()}, mr3(), small(15, 9));
  const SelfCheckResult b = self_check({mr3()}, mr3(), small(15, 9));
  EXPECT_EQ(a.rulesets[0].states, b.rulesets[0].states);
  ASSERT_EQ(a.defects.size(), b.defects.size());
  for (std::size_t i = 0; i < a.defects.size(); ++i) {
    EXPECT_EQ(a.defects[i].scenario, b.defects[i].scenario);
    EXPECT_EQ(a.defects[i].actions, b.defects[i].actions);
  }
}

// The bounded self-check: 100 boards under mr3 and 20 under each source
// ruleset, no defect. NEEDS THE MODEL FIXES ON MAIN (the window read by the
// model, no end of the Battle Phase in the Damage Step, the Damage Step
// monitors and triggers' ATK-change bits, negation with no link below,
// battle-scoped effects ending with their battle, position changes kept out
// of the Damage Step, the end-of-Battle-Phase obligation, continuous effects
// of summoned monsters): until they are merged it fails on this branch, and
// its message lists each defect with its shrunk board.
TEST(SelfCheck, BoundedSelfCheckFindsNoDefect) {
  std::vector<Ruleset> sources;
  for (const std::string& n : builtin_source_ruleset_names()) sources.push_back(load_ruleset(n));
  SelfCheckOptions o;
  o.seed = 2026;
  o.boards = 100;
  o.max_shrink_tries = 150;
  const SelfCheckResult under_mr3 = self_check({mr3()}, mr3(), o);
  o.boards = 20;
  const SelfCheckResult under_sources = self_check(sources, mr3(), o);
  for (const SelfCheckResult* r : {&under_mr3, &under_sources})
    for (const SelfCheckFinding& f : r->defects)
      ADD_FAILURE() << f.ruleset << " " << properties()[f.property].id << " on " << f.boards.size()
                    << " board(s), path " << ::testing::PrintToString(std::vector<int>(f.actions.begin(), f.actions.end()))
                    << "\n" << scenario_to_toml(f.scenario);
}

}  // namespace
}  // namespace bc
