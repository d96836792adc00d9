// `battlecheck corpus` from the command line: exit codes, no overwrite
// without --force, the same seed giving the same random corpus, --json.
#include <gtest/gtest.h>

#include "model/vocabulary/types.hpp"
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;

class CorpusCli : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("bc_corpus_cli_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// Run `battlecheck corpus ARGS` in the temp dir; returns the exit code, fills out_/err_.
  int run(const std::string& args) {
    const std::string cmd = "cd '" + dir_.string() + "' && '" + std::string(BC_BINARY) + "' corpus " + args +
                            " >out.txt 2>err.txt";
    const int status = std::system(cmd.c_str());
    out_ = read(dir_ / "out.txt");
    err_ = read(dir_ / "err.txt");
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  static std::string read(const fs::path& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static std::string tiny() { return std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml"; }

  fs::path dir_;
  std::string out_, err_;
};

TEST_F(CorpusCli, WritesACorpusAndRefusesToOverwriteWithoutForce) {
  ASSERT_EQ(run("--out c --scenario '" + tiny() + "' --quiet"), 0) << err_;
  EXPECT_NE(out_.find("0 uncovered but reachable"), std::string::npos) << out_;
  EXPECT_TRUE(fs::exists(dir_ / "c" / "index.json"));
  EXPECT_TRUE(fs::exists(dir_ / "c" / "scenarios" / "tiny.toml"));
  const std::string before = read(dir_ / "c" / "index.json");
  EXPECT_EQ(run("--out c --scenario '" + tiny() + "' --quiet"), 2);
  EXPECT_NE(err_.find("already exists"), std::string::npos) << err_;
  EXPECT_EQ(read(dir_ / "c" / "index.json"), before);
  EXPECT_EQ(run("--out c --scenario '" + tiny() + "' --quiet --force"), 0) << err_;
}

TEST_F(CorpusCli, BadUsageExitsTwo) {
  EXPECT_EQ(run("--out c --bogus"), 2);
  EXPECT_EQ(run(""), 2);  // --out is required
  EXPECT_EQ(run("--out c --random 0"), 2);
  EXPECT_EQ(run("--out c --random 3 --scenario '" + tiny() + "'"), 2);  // random mode generates its own boards
  EXPECT_EQ(run("--out c --scenario missing.toml"), 2);
  EXPECT_NE(err_.find("missing.toml"), std::string::npos) << err_;
  EXPECT_EQ(run("--out c --ruleset no-such-ruleset"), 2);
  EXPECT_FALSE(fs::exists(dir_ / "c" / "index.json"));
}

TEST_F(CorpusCli, SameSeedSameRandomCorpus) {
  ASSERT_EQ(run("--out a --random 6 --seed 11 --quiet"), 0) << err_;
  ASSERT_EQ(run("--out b --random 6 --seed 11 --quiet"), 0) << err_;
  EXPECT_EQ(read(dir_ / "a" / "index.json"), read(dir_ / "b" / "index.json"));
  const nlohmann::json index = nlohmann::json::parse(read(dir_ / "a" / "index.json"));
  for (const auto& c : index["cases"])
    EXPECT_EQ(read(dir_ / "a" / c["trace"].get<std::string>()), read(dir_ / "b" / c["trace"].get<std::string>()));
  ASSERT_EQ(run("--out c --random 6 --seed 12 --quiet"), 0) << err_;
  EXPECT_NE(read(dir_ / "a" / "index.json"), read(dir_ / "c" / "index.json"));
}

TEST_F(CorpusCli, JsonSummaryOnStdout) {
  ASSERT_EQ(run("--out c --scenario '" + tiny() + "' --quiet --json --no-mutants"), 0) << err_;
  const nlohmann::json j = nlohmann::json::parse(out_);
  EXPECT_EQ(j["format"], "battlecheck-corpus-coverage");
  EXPECT_EQ(j["counts"]["uncovered_reachable"], 0);
  EXPECT_EQ(j["pairs"].size(), static_cast<std::size_t>(bc::kTimingCount * bc::kEffectKindCount));
  EXPECT_GT(j["cases"].get<int>(), 0);
}

}  // namespace
