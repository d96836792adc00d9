// `battlecheck cards`, the source rulesets on the command line, and scenarios
// that name library cards, end to end.
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
  std::string out, err;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class SourcesCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bc_sources_cli_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  Output run(const std::string& args) const {
    const fs::path out = dir_ / "stdout.txt", err = dir_ / "stderr.txt";
    const std::string cmd = "cd '" + dir_.string() + "' && '" + std::string(BC_BINARY) + "' " + args + " >'" +
                            out.string() + "' 2>'" + err.string() + "'";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(out), slurp(err)};
  }
  fs::path dir_;
};

const std::string kFlip = "--scenario '" + std::string(BC_SOURCE_DIR) + "/scenarios/sources-flip-vs-battled.toml'";

TEST_F(SourcesCli, CardsListsTheLibrary) {
  const Output o = run("cards --json");
  ASSERT_EQ(o.code, 0) << o.err;
  const auto doc = nlohmann::json::parse(o.out);
  ASSERT_EQ(doc["cards"].size(), 221u);
  EXPECT_EQ(doc["cards"][0]["name"], "Kuriboh");
  EXPECT_EQ(doc["cards"][0]["kind"], "damage_calc_no_damage");
  const Output text = run("cards");
  EXPECT_EQ(text.code, 0);
  EXPECT_NE(text.out.find("S3 §Honest Issues differs"), std::string::npos) << text.out;
  // A simplified card says so in both listings; a card written as printed does not.
  for (const auto& c : doc["cards"]) {
    if (c["name"] == "Solemn Judgment") {
      EXPECT_TRUE(c["simplified"].is_string());
    }
    if (c["name"] == "Mirror Force") {
      EXPECT_TRUE(c["simplified"].is_null());
    }
  }
  const auto cylinder = text.out.find("Solemn Judgment (trap)");
  ASSERT_NE(cylinder, std::string::npos);
  std::size_t end = text.out.find('\n', cylinder);
  while (end != std::string::npos && end + 1 < text.out.size() && text.out[end + 1] == ' ') end = text.out.find('\n', end + 1);
  const std::string block = text.out.substr(cylinder, end - cylinder);
  EXPECT_NE(block.find("\n    simplified: "), std::string::npos) << block;
}

TEST_F(SourcesCli, RulesetsListsTheSources) {
  const Output o = run("rulesets --json");
  ASSERT_EQ(o.code, 0) << o.err;
  std::vector<std::string> names;
  const auto doc = nlohmann::json::parse(o.out);
  for (const auto& r : doc["rulesets"]) names.push_back(r["name"]);
  EXPECT_EQ(names, (std::vector<std::string>{"mr3", "s0", "s1", "s2", "s2-mr2", "s3", "s4"}));
}

TEST_F(SourcesCli, S3ClaimFailsUnderS0RulesAndHoldsUnderItsOwn) {
  const Output s0 = run("check --ruleset s0 " + kFlip + " --no-liveness --quiet --out cx");
  EXPECT_EQ(s0.code, 1);
  EXPECT_NE(s0.out.find("flip_effect_starts_its_own_chain"), std::string::npos) << s0.out;
  const Output mr2 = run("check --ruleset s2-mr2 " + kFlip + " --no-liveness --quiet --out cx");
  EXPECT_EQ(mr2.out.find("flip_effect_starts_its_own_chain"), std::string::npos) << mr2.out;
  const Output s3 = run("check --ruleset s3 " + kFlip + " --no-liveness --quiet --out cx");
  EXPECT_EQ(s3.code, 1);  // S3's own Start Step reading breaks S1's claim start_step_leads_to_battle_step
  EXPECT_NE(s3.out.find("start_step_leads_to_battle_step"), std::string::npos) << s3.out;
  EXPECT_EQ(s3.out.find("flip_effect_starts_its_own_chain"), std::string::npos) << s3.out;
}

TEST_F(SourcesCli, Mr3ReportsTheS3ClaimItDisputesAsDisputedNeverAsAFailure) {
  const Output text = run("check " + kFlip + " --no-liveness --out cx");
  EXPECT_NE(text.out.find("DISPUTED [the ruleset contradicts this claim on purpose: mr3 follows S0 §6.3.4.3.4; "
                          "S1 §伤害计算后; S4 §2.4.3.4]"),
            std::string::npos)
      << text.out;
  const Output o = run("check " + kFlip + " --no-liveness --json --out cx");
  const auto doc = nlohmann::json::parse(o.out);
  bool seen = false;
  for (const auto& p : doc["properties"])
    if (p["id"] == "flip_effect_starts_its_own_chain") {
      EXPECT_EQ(p["verdict"], "disputed");
      seen = true;
    } else if (p["kind"] == "always") {
      EXPECT_EQ(p["verdict"], "holds") << p["id"];
    }
  EXPECT_TRUE(seen);
  EXPECT_FALSE(fs::exists(dir_ / "cx" / "sources-flip-vs-battled.mr3.flip_effect_starts_its_own_chain.json"));
}

TEST_F(SourcesCli, UnknownCardIsBadInputWithFileAndLine) {
  std::ofstream(dir_ / "bad.toml") << "[[card]]\ncard = \"Kuribo\"\nplayer = \"p2\"\n";
  const Output o = run("check --scenario bad.toml");
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("bad.toml:2: card[0].card: unknown card \"Kuribo\" (did you mean \"Kuriboh\"?)"), std::string::npos)
      << o.err;
}

}  // namespace
