// The battlecheck binary end to end: exit codes (0 all hold, 1 violation,
// 2 bad usage/input), --help everywhere, JSON output, bad input named by file
// and line, and files never overwritten without --force.
#include <cstdlib>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;

struct Output {
  int code = -1;
  std::string out;
  std::string err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// A scratch directory per test; the binary runs with it as working directory.
class Cli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("bc_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Run `battlecheck ARGS` in the scratch directory, capturing both streams.
  Output run(const std::string& args) const {
    const fs::path out = dir_ / "stdout.txt";
    const fs::path err = dir_ / "stderr.txt";
    const std::string cmd = "cd '" + dir_.string() + "' && '" + std::string(BC_BINARY) + "' " + args + " >'" +
                            out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(cmd.c_str());
    Output o;
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    o.out = slurp(out);
    o.err = slurp(err);
    return o;
  }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name) << text;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

// A mutant caught on the tiny scenario in a few milliseconds.
constexpr const char* kMutant = "battle-destroyed-leave-at-damage-calculation";
constexpr const char* kProperty = "battle_destroyed_leave_at_end_of_damage_step";
const std::string kTiny = "--scenario '" + std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml'";
const std::string kStem = std::string("tiny.") + kMutant + "." + kProperty;
const std::string kCheckMutant = "check " + kTiny + " --mutant " + kMutant + " --no-liveness --out cx";

TEST_F(Cli, NoSubcommandIsBadUsage) {
  const Output o = run("");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("battlecheck: error:"), std::string::npos) << o.err;
}

TEST_F(Cli, UnknownSubcommandOrOptionIsBadUsage) {
  EXPECT_EQ(run("frobnicate").code, 2);
  EXPECT_EQ(run("check --no-such-flag").code, 2);
  EXPECT_EQ(run("check --max-depth lots").code, 2);
  EXPECT_EQ(run("replay").code, 2);  // FILE is required
  EXPECT_EQ(run("check --ruleset mr3 --mutant no-replay").code, 2);
  EXPECT_EQ(run("check --mutant no-such-mutant").code, 2);
  EXPECT_EQ(run("rulesets show").code, 2);
}

TEST_F(Cli, HelpWorksForEverySubcommand) {
  for (const std::string sub : {"", "check", "replay", "properties", "rulesets", "rulesets show", "graph"}) {
    const Output o = run(sub + " --help");
    EXPECT_EQ(o.code, 0) << sub;
    EXPECT_NE(o.out.find("Usage"), std::string::npos) << sub << ": " << o.out;
    EXPECT_NE(o.out.find("--help"), std::string::npos) << sub;
  }
}

TEST_F(Cli, PropertiesJsonListsCitedProperties) {
  const Output o = run("properties --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const auto doc = nlohmann::json::parse(o.out);
  ASSERT_GE(doc.size(), 30u);
  for (const auto& p : doc) {
    EXPECT_FALSE(p.at("id").get<std::string>().empty());
    EXPECT_FALSE(p.at("statement").get<std::string>().empty()) << p.at("id");
    EXPECT_FALSE(p.at("citations").empty()) << p.at("id");
  }
}

TEST_F(Cli, RulesetsListMr3AndTheMutants) {
  const Output o = run("rulesets --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const auto doc = nlohmann::json::parse(o.out);
  EXPECT_EQ(doc.at("rulesets").at(0).at("name"), "mr3");
  EXPECT_GE(doc.at("mutants").size(), 12u);
  for (const auto& m : doc.at("mutants")) EXPECT_FALSE(m.at("expect_violation").get<std::string>().empty());
}

TEST_F(Cli, RulesetsShowPrintsEveryKnobWithSources) {
  const Output o = run("rulesets show mr3");
  ASSERT_EQ(o.code, 0) << o.err;
  for (const char* knob : {"battle_phase_on_first_turn", "chains_damage_calculation", "has_attacked_on"})
    EXPECT_NE(o.out.find(knob), std::string::npos) << knob;
  EXPECT_NE(o.out.find("sources: "), std::string::npos);
  EXPECT_EQ(run("rulesets show no-such-ruleset").code, 2);
}

TEST_F(Cli, CheckDefaultScenarioHoldsAndJsonParses) {
  const Output o = run("check --json");
  ASSERT_EQ(o.code, 0) << o.out << o.err;
  const auto doc = nlohmann::json::parse(o.out);
  EXPECT_GE(doc.at("stats").at("states").get<std::uint64_t>(), 100000u);
  EXPECT_TRUE(doc.at("stats").at("complete").get<bool>());
  for (const auto& p : doc.at("properties")) {
    const std::string v = p.at("verdict");
    const bool disputed = v == "disputed" && p.at("id") == "flip_effect_starts_its_own_chain";  // mr3's one dispute
    EXPECT_TRUE(v == "holds" || v == "witnessed" || disputed) << p.at("id") << " " << v;
  }
  EXPECT_EQ(doc.at("exit_code"), 0);
  EXPECT_FALSE(fs::exists(dir_ / "battlecheck-out"));  // nothing to write, nothing created
}

TEST_F(Cli, MutantViolatesWritesACounterexampleThatReplays) {
  const Output o = run(kCheckMutant);
  ASSERT_EQ(o.code, 1) << o.out << o.err;
  EXPECT_NE(o.out.find("VIOLATED"), std::string::npos) << o.out;
  const fs::path file = dir_ / "cx" / (kStem + ".json");
  ASSERT_TRUE(fs::exists(file)) << o.out;
  EXPECT_TRUE(fs::exists(fs::path(file).replace_extension(".txt")));

  const Output r = run("replay '" + file.string() + "'");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("VIOLATED"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("reproduces"), std::string::npos) << r.out;

  const Output j = run("replay --json '" + file.string() + "'");
  EXPECT_EQ(j.code, 1);
  EXPECT_TRUE(nlohmann::json::parse(j.out).at("reproduces").get<bool>());
}

TEST_F(Cli, ExistingCounterexampleIsNotOverwrittenWithoutForce) {
  const std::string stem = kStem;
  fs::create_directories(dir_ / "cx");
  write("cx/" + stem + ".json", "precious");
  const Output o = run(kCheckMutant);
  EXPECT_EQ(o.code, 2) << o.out << o.err;
  EXPECT_NE(o.err.find("--force"), std::string::npos) << o.err;
  EXPECT_EQ(slurp(dir_ / "cx" / (stem + ".json")), "precious");
  EXPECT_FALSE(fs::exists(dir_ / "cx" / (stem + ".txt")));
  EXPECT_FALSE(fs::exists(dir_ / "cx" / (stem + ".json.tmp")));

  const Output forced = run(kCheckMutant + " --force");
  EXPECT_EQ(forced.code, 1) << forced.err;
  EXPECT_NO_THROW((void)nlohmann::json::parse(slurp(dir_ / "cx" / (stem + ".json"))));
}

TEST_F(Cli, MalformedScenarioNamesFileAndLine) {
  const std::string path = write("bad.toml", "name = \"bad\"\nfirst_turn = tru\n");
  const Output o = run("check --scenario bad.toml");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("bad.toml:2"), std::string::npos) << o.err;
  EXPECT_EQ(o.out, "");
}

TEST_F(Cli, MissingScenarioFileIsBadInput) {
  const Output o = run("check --scenario no-such-file.toml");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("no-such-file.toml"), std::string::npos) << o.err;
}

TEST_F(Cli, UnknownKnobInRulesetFileIsBadInput) {
  write("bad-rules.toml", "name = \"bad\"\nextends = \"mr3\"\n\n[knobs]\nno_such_knob = true\n");
  const Output o = run("check --ruleset bad-rules.toml");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("bad-rules.toml:5"), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("no_such_knob"), std::string::npos) << o.err;
}

TEST_F(Cli, CorruptCounterexampleIsBadInput) {
  write("cx.json", "{\"format\": \"battlecheck-counterexample\", \"version\": 7}");
  const Output o = run("replay cx.json");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("cx.json:1: field 'version'"), std::string::npos) << o.err;
}

TEST_F(Cli, GraphWritesDotAndKeepsExistingFiles) {
  const Output o = run("graph " + kTiny + " -o timings.dot");
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string dot = slurp(dir_ / "timings.dot");
  EXPECT_NE(dot.find("digraph"), std::string::npos);
  const Output again = run("graph " + kTiny + " -o timings.dot");
  EXPECT_EQ(again.code, 2);
  EXPECT_EQ(slurp(dir_ / "timings.dot"), dot);
  EXPECT_EQ(run("graph " + kTiny + " -o timings.dot --force").code, 0);
}

TEST_F(Cli, GraphDrawsSvgWithGraphviz) {
  if (std::system("command -v dot >/dev/null 2>&1") != 0) GTEST_SKIP() << "Graphviz's dot is not installed (ci/setup installs it)";
  const Output o = run("graph " + kTiny + " --svg -o timings.svg");
  ASSERT_EQ(o.code, 0) << o.err;
  const std::string svg = slurp(dir_ / "timings.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("attack_declaration"), std::string::npos) << "the nodes are timing windows";
  EXPECT_EQ(run("graph " + kTiny + " --svg -o timings.svg").code, 2) << "an existing file is kept";
}

}  // namespace

// ---------------------------------------------------------------- issue 12 regressions

TEST_F(Cli, NegativeCountsAndSeedsAreBadUsageNotWrapped) {
  for (const std::string args : {"check --max-states -5", "check --max-depth -1", "random --seed -1 --runs 1",
                                 "random --runs 3 --max-steps -3", "drive --engine true --seed -1"}) {
    const Output o = run(args);
    EXPECT_EQ(o.code, 2) << args << "\n" << o.out << o.err;
    EXPECT_NE(o.err.find(args.substr(args.rfind(" -"), 3)), std::string::npos) << args << "\n" << o.err;
    EXPECT_EQ(o.err.find("18446744073709551"), std::string::npos) << "not wrapped: " << o.err;
  }
}

TEST_F(Cli, MemoryBoundStopsTheRunAndNamesTheOption) {
  const Output o = run("check --max-memory 40 --no-liveness");
  // 0 or 1: how many "sometimes" properties a cut-short run witnesses depends on
  // where the bound falls (a sanitized build starts with more resident memory).
  EXPECT_TRUE(o.code == 0 || o.code == 1) << o.code << o.err;
  EXPECT_NE(o.out.find("(cut short by --max-memory 40 MiB"), std::string::npos) << o.out;
  const Output j = run("check --max-memory 40 --no-liveness --json");
  EXPECT_EQ(nlohmann::json::parse(j.out)["stats"]["bound_hit"], "max_memory") << j.out;
}

TEST_F(Cli, LongScenarioNameKeepsItsCounterexample) {
  std::ifstream in(std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  text = std::regex_replace(text, std::regex("^name = .*$", std::regex::multiline),
                            "name = \"" + std::string(300, 'n') + "\"", std::regex_constants::format_first_only);
  write("long.toml", text);
  const Output o = run(std::string("check --scenario long.toml --mutant ") + kMutant + " --no-liveness --out cx");
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_EQ(o.err.find("too long"), std::string::npos) << o.err;
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir_ / "cx")) files += e.path().extension() == ".json";
  EXPECT_EQ(files, 1);
}

TEST_F(Cli, DirectoriesAreNamedNotReadAsEmpty) {
  fs::create_directories(dir_ / "d");
  for (const std::string args : {"check --scenario d", "check --ruleset d", "replay d", "verify-trace d",
                                 "import ygopro --cards d x.bin"}) {
    const Output o = run(args);
    EXPECT_EQ(o.code, 2) << args << "\n" << o.out << o.err;
    EXPECT_NE(o.err.find("d: "), std::string::npos) << args << "\n" << o.err;
    EXPECT_NE(o.err.find("directory"), std::string::npos) << args << "\n" << o.err;
  }
}

TEST_F(Cli, OutOfMemoryStopsLikeABoundAndSaysTheStatesStored) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer reserves more address space than the limit allows";
#endif
  // Address space capped below what the full default run needs, memory bound out of the way.
  const std::string cmd = "ulimit -v 120000; '" + std::string(BC_BINARY) + "' check --max-memory 100000 >'" +
                          (dir_ / "o.txt").string() + "' 2>'" + (dir_ / "e.txt").string() + "'";
  const int status = std::system(("/bin/bash -c \"" + cmd + "\"").c_str());
  ASSERT_TRUE(WIFEXITED(status));
  // Issue 29: the search stops as under a bound (the verdicts found so far
  // stand), says how many states it stored, and skips the graph analysis.
  EXPECT_TRUE(WEXITSTATUS(status) == 0 || WEXITSTATUS(status) == 1) << WEXITSTATUS(status);
  const std::string out = slurp(dir_ / "o.txt"), err = slurp(dir_ / "e.txt");
  EXPECT_TRUE(std::regex_search(out, std::regex("states +[1-9][0-9]* \\(cut short by running out of memory: bound "
                                                "the run with a lower --max-memory, --max-states or --max-depth\\)")))
      << out;
  EXPECT_NE(out.find("graph: not analysed (out of memory after "), std::string::npos) << out;
  EXPECT_TRUE(std::regex_search(out, std::regex("battle_phase_can_end +eventually +N/A"))) << out;
  EXPECT_EQ(err.find("std::bad_alloc"), std::string::npos) << err;
}

// ---------------------------------------------------------------- issue 29: --all-violations

TEST_F(Cli, AllViolationsGroupsEveryFaultAndWritesEachRootsRun) {
  const std::string ruleset = std::string(BC_SOURCE_DIR) + "/tests/checker/fixtures/three-faults.toml";
  const Output o = run("check --ruleset '" + ruleset + "' --all-violations --no-liveness --quiet --out cx");
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_NE(o.out.find("violations by root (--all-violations): 17 roots"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("  one_declaration_per_monster: 1 root\n    declare_attack at battle_step_open: 40146 states, "
                       "shortest 9 actions (cx/default.three-faults.one_declaration_per_monster.json)"),
            std::string::npos)
      << o.out;
  // A root beyond its property's counterexample has a file of its own, which replays.
  const std::string second = "cx/default.three-faults.no_replay_in_damage_step.2.json";
  ASSERT_TRUE(fs::exists(dir_ / second)) << o.out;
  const Output r = run("replay " + second);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("no_replay_in_damage_step VIOLATED"), std::string::npos) << r.out;

  const Output j = run("check --ruleset '" + ruleset + "' --all-violations --no-liveness --json --out cx2");
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  ASSERT_EQ(doc["violation_groups"].size(), 17u) << j.out;
  EXPECT_EQ(doc["violation_groups"][0]["property"], "one_declaration_per_monster");
  EXPECT_EQ(doc["violation_groups"][0]["action"], "declare_attack");
  EXPECT_EQ(doc["violation_groups"][0]["timing"], "battle_step_open");
  EXPECT_TRUE(doc["violation_groups"][0]["effect_class"].is_null());
  EXPECT_EQ(doc["violation_groups"][0]["states"], 40146);
  EXPECT_EQ(run("check --no-liveness --json").out.find("violation_groups"), std::string::npos) << "only when asked";
  const Output mpi = run("check --mpi --all-violations");
  EXPECT_EQ(mpi.code, 2) << mpi.err;
  EXPECT_NE(mpi.err.find("--all-violations is not available under --mpi"), std::string::npos) << mpi.err;
}

TEST_F(Cli, HtmlReportShowsTheVerdictsAndEveryRootWithLinksAndNeverOverwrites) {
  const std::string ruleset = std::string(BC_SOURCE_DIR) + "/tests/checker/fixtures/three-faults.toml";
  const std::string args = "check --ruleset '" + ruleset + "' --all-violations --no-liveness --quiet --out cx";
  const Output o = run(args + " --html pages/report.html");
  EXPECT_EQ(o.code, 1) << o.err;
  const std::string html = slurp(dir_ / "pages" / "report.html");
  EXPECT_NE(html.find("<p class=\"verdict\">6 FAILING (91 properties), exit code 1</p>"), std::string::npos) << html;
  EXPECT_NE(html.find("<h2>Violations by root (17 roots)</h2>"), std::string::npos) << html;
  EXPECT_NE(html.find("<td>one_declaration_per_monster</td><td>declare_attack at battle_step_open</td><td>40146</td>"
                      "<td>9 actions</td><td><a href=\"../cx/default.three-faults.one_declaration_per_monster.json\">"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<tr><th>symmetry</th><td>zones of P2</td></tr>"), std::string::npos) << html;
  // An existing page is refused before the run (exit 2, untouched) unless --force.
  const Output again = run(args + " --html pages/report.html");
  EXPECT_EQ(again.code, 2) << again.err;
  EXPECT_NE(again.err.find("pages/report.html: file exists (use --force to overwrite)"), std::string::npos) << again.err;
  EXPECT_EQ(slurp(dir_ / "pages" / "report.html"), html);
  EXPECT_EQ(run("check --scenario " + std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml --html pages/report.html --force").code, 0);
  EXPECT_EQ(slurp(dir_ / "pages" / "report.html").find("Violations by root"), std::string::npos) << "only when asked";
}
