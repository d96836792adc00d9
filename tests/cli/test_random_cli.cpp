// `battlecheck random` end to end: exit codes, the printed seed, the same
// result for the same seed, counterexample files that `replay` reproduces,
// no overwrite without --force, bad usage; and `random --self-check`.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

class RandomCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bc_random_cli_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

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
  fs::path dir_;
};

const std::string kFirstTurn = "random --seed 1 --mutant battle-phase-on-first-turn --out cx";
const std::string kFile = "cx/random-seed-1.battle-phase-on-first-turn.no_battle_phase_on_first_turn";

TEST_F(RandomCli, MutantIsCaughtWrittenAndReplayable) {
  const Output o = run(kFirstTurn);
  EXPECT_EQ(o.code, 1) << o.out << o.err;
  EXPECT_NE(o.out.find("seed:    1"), std::string::npos) << o.out;
  EXPECT_NE(o.err.find("seed 1"), std::string::npos) << o.err;
  EXPECT_NE(o.out.find("VIOLATED no_battle_phase_on_first_turn"), std::string::npos) << o.out;
  ASSERT_TRUE(fs::exists(dir_ / (kFile + ".json")));
  ASSERT_TRUE(fs::exists(dir_ / (kFile + ".txt")));
  const Output r = run("replay " + kFile + ".json");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("the counterexample reproduces"), std::string::npos) << r.out;
}

TEST_F(RandomCli, SameSeedSameResult) {
  // The mutant's own property: generated terms also reach mr3's open defects
  // (docs/random.md, "With generated terms"), which another property would report first.
  const std::string args = "random --seed 11 --mutant no-replay --property replay_when_count_changes --json --quiet";
  const Output a = run(args + " --out a");
  const Output b = run(args + " --out b");
  ASSERT_EQ(a.code, 1) << a.out << a.err;
  auto ja = nlohmann::json::parse(a.out);
  auto jb = nlohmann::json::parse(b.out);
  for (const char* k : {"runs", "length", "shrink_steps", "property", "scenario_size", "original_length"})
    EXPECT_EQ(ja[k], jb[k]) << k;
  EXPECT_EQ(ja["seed"], 11);
  EXPECT_EQ(ja["property"], "replay_when_count_changes");
  const auto strip = [](nlohmann::json j) {
    j.erase("json_file");
    j.erase("text_file");
    j.erase("seconds");
    return j;
  };
  EXPECT_EQ(strip(ja), strip(jb));
}

TEST_F(RandomCli, NoOverwriteWithoutForce) {
  ASSERT_EQ(run(kFirstTurn).code, 1);
  const Output again = run(kFirstTurn);
  EXPECT_EQ(again.code, 2) << again.out << again.err;
  EXPECT_NE(again.err.find("battlecheck: error:"), std::string::npos) << again.err;
  EXPECT_EQ(run(kFirstTurn + " --force").code, 1);
}

TEST_F(RandomCli, HoldingPropertyExitsZero) {
  const Output o = run("random --seed 2 --runs 200 --property turn_player_priority_first");
  EXPECT_EQ(o.code, 0) << o.out << o.err;
  EXPECT_NE(o.out.find("ALL HOLD on 200 random runs"), std::string::npos) << o.out;
  EXPECT_FALSE(fs::exists(dir_ / "battlecheck-out"));
}

TEST_F(RandomCli, BadUsageExitsTwo) {
  EXPECT_EQ(run("random --runs 0").code, 2);
  EXPECT_EQ(run("random --max-steps -3").code, 2);
  EXPECT_EQ(run("random --mutant no-such-mutant").code, 2);
  EXPECT_EQ(run("random --property sometimes_replay").code, 2);
  EXPECT_EQ(run("random --property no_such_property").code, 2);
  EXPECT_EQ(run("random --ruleset mr3 --mutant no-replay").code, 2);
}

TEST_F(RandomCli, SelfCheckSourceFindingsAreNotFailures) {
  // Board 0 of seed 1 under s3: S3 lets the Start Step go straight to the End
  // Step, against start_step_leads_to_battle_step: a source finding, exit 0.
  const Output o = run("random --self-check --runs 5 --seed 1 --ruleset s3 --json --quiet --out cx");
  ASSERT_EQ(o.code, 0) << o.out << o.err;
  const auto j = nlohmann::json::parse(o.out);
  ASSERT_EQ(j["rulesets"].size(), 1u);
  EXPECT_EQ(j["rulesets"][0]["ruleset"], "s3");
  EXPECT_EQ(j["rulesets"][0]["boards"], 5);
  EXPECT_TRUE(j["defects"].empty());
  bool found = false;
  for (const auto& f : j["source_findings"])
    found |= f["property"] == "start_step_leads_to_battle_step" && f["kind"] == "contradiction";
  EXPECT_TRUE(found) << o.out;
  EXPECT_FALSE(fs::exists(dir_ / "cx"));
}

TEST_F(RandomCli, SelfCheckDefectsAreWrittenAndReplayable) {
  // Exit 1 exactly when there is a defect, each written like check's
  // counterexamples and reproduced by replay (no defect once the model is fixed).
  const Output o = run("random --self-check --runs 20 --seed 1 --ruleset mr3 --json --quiet --out cx");
  ASSERT_TRUE(o.code == 0 || o.code == 1) << o.out << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(o.code, j["defects"].empty() ? 0 : 1);
  for (const auto& d : j["defects"]) {
    const std::string file = d["json_file"];
    ASSERT_TRUE(fs::exists(dir_ / file)) << file;
    const Output r = run("replay " + file);
    EXPECT_EQ(r.code, 1) << r.out << r.err;
    EXPECT_NE(r.out.find("the counterexample reproduces"), std::string::npos) << r.out;
    EXPECT_LE(d["scenario_size"].get<int>(), d["original_size"].get<int>());
  }
}

TEST_F(RandomCli, SelfCheckTextSummaryHasALinePerRuleset) {
  const Output o = run("random --self-check --runs 2 --seed 3 --ruleset mr3,s0 --quiet --out cx");
  ASSERT_TRUE(o.code == 0 || o.code == 1) << o.out << o.err;
  EXPECT_NE(o.out.find("\nmr3 "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\ns0 "), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("seed:    3"), std::string::npos) << o.out;
}

TEST_F(RandomCli, SelfCheckBadUsageExitsTwo) {
  EXPECT_EQ(run("random --self-check --mutant no-replay").code, 2);
  EXPECT_EQ(run("random --self-check --scenario x.toml").code, 2);
  EXPECT_EQ(run("random --self-check --property battle_phase_can_end").code, 2);
  EXPECT_EQ(run("random --self-check --ruleset no-replay --runs 1").code, 2);
  EXPECT_EQ(run("random --self-check --ruleset no-such-ruleset --runs 1").code, 2);
  EXPECT_EQ(run("random --self-check --max-states 0").code, 2);
  EXPECT_EQ(run("random --ruleset mr3,s0 --runs 1").code, 2);
}

}  // namespace
