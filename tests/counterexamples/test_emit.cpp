// check --emit-tests (issue 29): the emitted GoogleTest source embeds what it
// needs to rebuild the run (scenario TOML, ruleset, actions) and asserts the
// step of the first violation; the trace fixture is the run's events and its
// expectation names the line of the violating event; raw strings survive a
// text that contains their delimiter; files are never overwritten without
// force. (tests/CMakeLists.txt compiles and runs an emitted file: Emitted.*)
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "checker/parallel/explorer.hpp"
#include "counterexamples/emit/emit_tests.hpp"
#include "model/loaders/loader.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;

struct Case {
  Ruleset rules = load_mutant("second-chain-at-damage-calculation");
  Model model{default_scenario(), rules};
  RulesetRef ref = make_ruleset_ref("", "second-chain-at-damage-calculation");
  int property = property_index("one_chain_at_damage_calculation");
  std::vector<std::uint8_t> actions;
  ::bc::Run run;
  Case() {
    Bounds b;
    b.liveness = false;
    const CheckResult r = explore(model, b);
    for (const Counterexample& c : r.counterexamples)
      if (c.property == property) actions = c.actions;
    run = replay(model, actions);
  }
};

TEST(Emit, TheTestRebuildsTheRunAndAssertsTheViolatingStep) {
  const Case c;
  ASSERT_EQ(c.actions.size(), 17u);
  const EmittedTest t = emit_test(c.model, c.ref, c.property, c.run, c.actions);
  EXPECT_NE(t.test_cpp.find("bc::load_ruleset_ref(kRuleset)"), std::string::npos);
  EXPECT_NE(t.test_cpp.find("{\"second-chain-at-damage-calculation\", \"mutant\""), std::string::npos) << t.test_cpp;
  EXPECT_NE(t.test_cpp.find("TEST(EmittedDefaultSecondChainAtDamageCalculation, "
                            "OneChainAtDamageCalculationViolatedAtStep17)"),
            std::string::npos)
      << t.test_cpp;
  EXPECT_NE(t.test_cpp.find("bc::property_index(\"one_chain_at_damage_calculation\")), 16);"), std::string::npos);
  std::ostringstream list;
  for (std::size_t k = 0; k < c.actions.size(); ++k) list << (k == 0 ? "" : ", ") << int(c.actions[k]);
  EXPECT_NE(t.test_cpp.find("kActions = {" + list.str() + "};"), std::string::npos) << t.test_cpp;
  // The embedded scenario is the scenario.
  const std::size_t from = t.test_cpp.find("R\"bc(") + 5, to = t.test_cpp.find(")bc\"");
  const Scenario again = parse_scenario(t.test_cpp.substr(from, to - from), "emitted");
  EXPECT_EQ(scenario_to_toml(again), scenario_to_toml(c.model.scenario()));
}

TEST(Emit, TheFixtureIsTheRunsTraceAndNamesTheViolatingLine) {
  const Case c;
  const EmittedTest t = emit_test(c.model, c.ref, c.property, c.run, c.actions);
  EXPECT_EQ(t.trace, write_trace(c.model.scenario(), "second-chain-at-damage-calculation", c.run.all_events()));
  const auto lines = static_cast<int>(std::count(t.trace.begin(), t.trace.end(), '\n'));
  EXPECT_GT(t.violating_line, 1);
  EXPECT_LE(t.violating_line, lines);
  const nlohmann::json e = nlohmann::json::parse(t.expected);
  EXPECT_EQ(e["exit_code"], 1);
  EXPECT_EQ(e["property"], "one_chain_at_damage_calculation");
  EXPECT_EQ(e["line"], t.violating_line);
}

TEST(Emit, RawStringsAvoidTheirDelimiterAndFilesAreNotOverwritten) {
  Case c;
  c.ref = RulesetRef{"odd", "file", "odd.toml", "# a comment with )bc\" in it\n" + std::string("extends = \"mr3\"\n")};
  const EmittedTest t = emit_test(c.model, c.ref, c.property, c.run, c.actions);
  EXPECT_NE(t.test_cpp.find("R\"bc0(# a comment with )bc\" in it"), std::string::npos) << t.test_cpp;
  const fs::path dir = fs::temp_directory_path() / ("bc_emit_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ASSERT_TRUE(write_emitted_test(dir.string(), "a.b-c", t, false).ok);
  EXPECT_TRUE(fs::exists(dir / "a.b_c_test.cpp"));
  EXPECT_TRUE(fs::exists(dir / "a.b_c.trace.jsonl"));
  EXPECT_TRUE(fs::exists(dir / "a.b_c.expected.json"));
  const WriteResult again = write_emitted_test(dir.string(), "a.b-c", t, false);
  EXPECT_FALSE(again.ok);
  EXPECT_NE(again.error.find("use --force"), std::string::npos) << again.error;
  EXPECT_TRUE(write_emitted_test(dir.string(), "a.b-c", t, true).ok);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace bc
