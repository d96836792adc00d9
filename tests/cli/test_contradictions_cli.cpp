// `battlecheck contradictions` end to end: exit codes (0 none found, 1 found,
// 2 bad input), Markdown and JSON on stdout, the HTML file written
// atomically and never overwritten without --force.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
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

const std::string kPlanted = std::string(BC_SOURCE_DIR) + "/tests/checker/fixtures/planted-a.toml," +
                             std::string(BC_SOURCE_DIR) + "/tests/checker/fixtures/planted-b.toml";
const std::string kTiny = std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml";

class ContradictionsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bc_contra_cli_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  Output run(const std::string& args) const {
    const fs::path out = dir_ / "stdout.txt";
    const fs::path err = dir_ / "stderr.txt";
    const std::string cmd = "cd '" + dir_.string() + "' && '" + std::string(BC_BINARY) + "' contradictions " + args +
                            " >'" + out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(cmd.c_str());
    Output o;
    o.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    o.out = slurp(out);
    o.err = slurp(err);
    return o;
  }

  fs::path dir_;
};

TEST_F(ContradictionsCli, PlantedPairExitsOneWithMarkdown) {
  const Output o = run("--quiet --sources " + kPlanted + " --scenario " + kTiny);
  EXPECT_EQ(o.code, 1) << o.err;
  EXPECT_EQ(o.out.rfind("# Contradictions between the ruling sources", 0), 0u);
  EXPECT_NE(o.out.find("### 1. first_priority: planted-a vs planted-b"), std::string::npos);
  EXPECT_TRUE(o.err.empty()) << o.err;
}

TEST_F(ContradictionsCli, OneRulesetWithoutClaimsExitsZero) {
  const Output o = run("--quiet --sources mr3 --scenario " + kTiny);
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("No contradiction found within the bounds."), std::string::npos);
}

TEST_F(ContradictionsCli, JsonOnStdout) {
  const Output o = run("--quiet --json --sources " + kPlanted + " --scenario " + kTiny);
  EXPECT_EQ(o.code, 1);
  const nlohmann::json j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["format"], "battlecheck-contradictions");
  EXPECT_EQ(j["sources"], nlohmann::json::array({"planted-a", "planted-b"}));
  EXPECT_GE(j["findings"].size(), 1u);
}

TEST_F(ContradictionsCli, HtmlWrittenOnceThenOnlyWithForce) {
  const std::string args = "--quiet --sources " + kPlanted + " --scenario " + kTiny + " --html report.html";
  EXPECT_EQ(run(args).code, 1);
  const std::string first = slurp(dir_ / "report.html");
  EXPECT_EQ(first.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_FALSE(fs::exists(dir_ / "report.html.tmp"));
  std::ofstream(dir_ / "report.html") << "keep me";
  const Output again = run(args);
  EXPECT_EQ(again.code, 2);
  EXPECT_NE(again.err.find("report.html: file exists (use --force to overwrite)"), std::string::npos);
  EXPECT_EQ(slurp(dir_ / "report.html"), "keep me");
  EXPECT_EQ(run(args + " --force").code, 1);
  EXPECT_EQ(slurp(dir_ / "report.html"), first);
}

TEST_F(ContradictionsCli, CardReadingsAreFindingsInMarkdownJsonAndHtml) {
  const std::string args = "--quiet --sources s3 --scenario " + kTiny;
  const Output md = run(args + " --html cards.html");
  EXPECT_EQ(md.code, 1) << md.err;
  EXPECT_NE(md.out.find("library cards a source reads differently"), std::string::npos);
  EXPECT_NE(md.out.find(". Honest: S3 §Honest Issues vs the library reading\n"), std::string::npos);
  EXPECT_NE(md.out.find("- The readings part at: damage_calculation\n"), std::string::npos);
  EXPECT_NE(md.out.find("| timings | SDS BDC | S0 §6.3.4.3.2; S1 §伤害计算前; S4 §2.4.3.1"), std::string::npos);
  EXPECT_NE(md.out.find("S3 §Honest Issues offers \"P1 activates Honest (atk_change_quick)\", the library reading does not"),
            std::string::npos);
  const std::string html = slurp(dir_ / "cards.html");
  EXPECT_NE(html.find("Honest: S3 §Honest Issues vs the library reading"), std::string::npos);
  EXPECT_NE(html.find("Probe board: P1: Plain Monster A"), std::string::npos);
  const Output js = run(args + " --json");
  const nlohmann::json j = nlohmann::json::parse(js.out);
  int cards = 0;
  const nlohmann::json* honest = nullptr;
  for (const nlohmann::json& f : j["findings"]) {
    if (f["type"] != "card_readings_disagree") continue;
    ++cards;
    if (f["card"]["name"] == "Honest") honest = &f;
  }
  EXPECT_EQ(cards, 4);  // the library's S3 readings: D.D. Assailant, D.D. Warrior Lady, Flashbang, Honest
  EXPECT_EQ(j["card_readings_skipped"], 10);
  ASSERT_NE(honest, nullptr);
  EXPECT_EQ((*honest)["card"]["timing"], "damage_calculation");
  EXPECT_EQ((*honest)["card"]["situation"], "parted");
  ASSERT_EQ((*honest)["cases"].size(), 1u);
  EXPECT_EQ((*honest)["cases"][0]["length"], 13);
  EXPECT_EQ((*honest)["cases"][0]["actions_second"].size(), 13u);
}

TEST_F(ContradictionsCli, CardLibraryFileOfTheUsersOwn) {
  std::ofstream(dir_ / "mine.toml") << R"([[card]]
name = "Late Booster"
type = "trap"
effect = { activation = "quick", card_type = "trap", conditions = ["own_battling"], ops = ["change_atk own_battler 400 battle"] }
timings = ["start_of_damage_step"]
note = "A test card."

[[card.differs]]
source = "S3"
section = "S3 §later"
timings = ["start_of_damage_step", "before_damage_calculation"]
note = "Also before damage calculation."
)";
  const Output o = run("--quiet --json --sources s3 --scenario " + kTiny + " --card-library mine.toml");
  EXPECT_EQ(o.code, 1) << o.err;
  const nlohmann::json j = nlohmann::json::parse(o.out);
  std::vector<std::string> names;
  for (const nlohmann::json& f : j["findings"])
    if (f["type"] == "card_readings_disagree") names.push_back(f["card"]["name"]);
  EXPECT_EQ(names, std::vector<std::string>{"Late Booster"});
  std::ofstream(dir_ / "bad.toml") << "[[card]]\nname = \"X\"\ntype = \"wizard\"\n";
  const Output bad = run("--quiet --sources s3 --scenario " + kTiny + " --card-library bad.toml");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("bad.toml:3"), std::string::npos) << bad.err;
}

TEST_F(ContradictionsCli, BadInputExitsTwo) {
  Output o = run("--sources no-such-ruleset");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("no-such-ruleset"), std::string::npos);
  o = run("--sources mr3,mr3");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("'mr3' is listed twice"), std::string::npos);
  o = run("--sources mr3, --scenario " + kTiny);
  EXPECT_EQ(o.code, 2);
  o = run("--sources mr3 --scenario missing.toml");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("missing.toml"), std::string::npos);
  o = run("--depth notanumber");
  EXPECT_EQ(o.code, 2);
}

}  // namespace
