// `battlecheck corpus run DIR` (docs/corpus.md, "Running a corpus as a test
// suite") and `replay` of a corpus case, on a small corpus of tiny.toml made
// once: green on the model's own corpus, red at exactly the case that was
// tampered with, exit 2 on a bad index naming its line and field; case ids
// that a glob cannot mistake. And the corpus of docs/ci-gate.md played on the
// example engines: green on the reference engine, red on each buggy one at
// the timing its bug is about.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "tests/cli/shell.hpp"

namespace {

namespace fs = std::filesystem;
using bc::test::sh;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class CorpusRun : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    base_ = new fs::path(fs::temp_directory_path() / ("bc_corpus_run_" + std::to_string(::getpid())));
    fs::remove_all(*base_);
    fs::create_directories(*base_);
    const auto r = sh("cd '" + base_->string() + "' && '" BC_BINARY "' corpus --out c --scenario '" BC_SOURCE_DIR
                      "/scenarios/tiny.toml' --quiet");
    ASSERT_EQ(r.code, 0) << r.out;
  }
  static void TearDownTestSuite() {
    fs::remove_all(*base_);
    delete base_;
  }
  /// A fresh copy of the corpus for one test.
  void SetUp() override {
    dir_ = *base_ / ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy(*base_ / "c", dir_ / "c", fs::copy_options::recursive);
    index_ = nlohmann::json::parse(read(dir_ / "c" / "index.json"));
  }
  bc::test::ShellResult run(const std::string& args) {
    return sh("cd '" + dir_.string() + "' && '" BC_BINARY "' " + args);
  }
  /// The first case of the given polarity in the index.
  nlohmann::json first(const std::string& polarity) const {
    for (const auto& c : index_["cases"])
      if (c["polarity"] == polarity) return c;
    return {};
  }

  static fs::path* base_;
  fs::path dir_;
  nlohmann::json index_;
};
fs::path* CorpusRun::base_ = nullptr;

TEST_F(CorpusRun, TheModelsCorpusIsGreenOneLineACase) {
  const auto r = run("corpus run c --junit junit.xml");
  ASSERT_EQ(r.code, 0) << r.out;
  std::size_t pass = 0;
  for (const auto& c : index_["cases"]) {
    const std::string id = c["id"];
    EXPECT_NE(r.out.find("PASS " + id + ": "), std::string::npos) << id << "\n" << r.out;
    ++pass;
  }
  EXPECT_GT(pass, 2u);
  EXPECT_NE(r.out.find(std::to_string(pass) + " case(s): " + std::to_string(pass) + " pass, 0 fail"), std::string::npos)
      << r.out;
  const std::string junit = read(dir_ / "junit.xml");
  EXPECT_NE(junit.find("tests=\"" + std::to_string(pass) + "\" failures=\"0\""), std::string::npos) << junit;
  EXPECT_NE(junit.find("classname=\"battlecheck.corpus.negative\""), std::string::npos) << junit;
  EXPECT_EQ(run("corpus run c --junit junit.xml").code, 2);  // never overwritten without --force
  EXPECT_EQ(run("corpus run c --junit junit.xml --force").code, 0);
  const auto j = run("corpus run c --json 2>/dev/null");
  ASSERT_EQ(j.code, 0) << j.out;
  const nlohmann::json doc = nlohmann::json::parse(j.out);
  EXPECT_EQ(doc["summary"]["fail"], 0);
  EXPECT_EQ(doc["cases"].size(), pass);
}

TEST_F(CorpusRun, CaseIdsCannotBeMistakenUnderAGlob) {
  std::size_t negatives = 0;
  for (const auto& c : index_["cases"]) {
    const std::string id = c["id"];
    EXPECT_TRUE(std::regex_match(id, std::regex(c["polarity"] == "negative" ? "neg-tiny-[0-9]{3}" : "pos-tiny-[0-9]{3}")))
        << id;
    negatives += c["polarity"] == "negative";
  }
  ASSERT_GT(negatives, 0u);
  const auto r = sh("cd '" + dir_.string() + "' && ls c/cases/neg-*.jsonl | wc -l");
  EXPECT_EQ(std::stoul(r.out), negatives) << r.out;
}

TEST_F(CorpusRun, ATamperedCaseFailsAloneAtItsLine) {
  // A negative case whose refused line is moved, and a positive trace with its last event cut.
  const nlohmann::json neg = first("negative"), pos = first("positive");
  const fs::path expected = dir_ / "c" / neg["expected"].get<std::string>();
  nlohmann::json e = nlohmann::json::parse(read(expected));
  const std::size_t line = e["refusal"]["line"];
  e["refusal"]["line"] = line - 1;
  std::ofstream(expected) << e.dump(2);
  const fs::path trace = dir_ / "c" / pos["trace"].get<std::string>();
  std::string text = read(trace);
  text.erase(text.rfind('\n', text.size() - 2) + 1);
  std::ofstream(trace) << text;
  const auto r = run("corpus run c --junit junit.xml");
  EXPECT_EQ(r.code, 1) << r.out;
  const std::string nid = neg["id"], pid = pos["id"];
  EXPECT_NE(r.out.find("FAIL " + nid + ": refused at line " + std::to_string(line) + ", expected refused at line " +
                       std::to_string(line - 1)),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("FAIL " + pid + ": "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" 2 fail"), std::string::npos) << r.out;
  EXPECT_NE(read(dir_ / "junit.xml").find("failures=\"2\""), std::string::npos);
}

TEST_F(CorpusRun, BadInputNamesFileLineAndField) {
  auto r = run("corpus run nowhere");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("nowhere/index.json"), std::string::npos) << r.out;
  nlohmann::json index = index_;
  index["cases"][0]["polarity"] = "maybe";
  std::ofstream(dir_ / "c" / "index.json") << index.dump(2);
  r = run("corpus run c");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_TRUE(std::regex_search(r.out, std::regex("c/index.json:[0-9]+: field 'cases\\[0\\]\\.polarity'"))) << r.out;
  std::ofstream(dir_ / "c" / "index.json") << "{\"format\": \"battlecheck-corpus\", \"cases\": [{\"id\": \"x\"}]}";
  r = run("corpus run c");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("field 'cases[0].polarity': missing"), std::string::npos) << r.out;
  EXPECT_EQ(run("corpus --quiet").code, 2);  // --out is still required to write one
}

TEST_F(CorpusRun, ReplayAcceptsACaseByEitherFile) {
  for (const char* polarity : {"positive", "negative"}) {
    const nlohmann::json c = first(polarity);
    for (const std::string& file : {c["expected"].get<std::string>(), c["trace"].get<std::string>()}) {
      const auto r = run("replay c/" + file);
      EXPECT_EQ(r.code, 0) << file << "\n" << r.out;
      EXPECT_NE(r.out.find("corpus case: " + c["id"].get<std::string>() + " (" + polarity + ")"), std::string::npos)
          << r.out;
    }
  }
  // A positive trace the model no longer gives: exit 1, naming the first line that differs.
  const nlohmann::json pos = first("positive");
  const fs::path trace = dir_ / "c" / pos["trace"].get<std::string>();
  std::string text = read(trace);
  text.erase(text.rfind('\n', text.size() - 2) + 1);
  std::ofstream(trace) << text;
  const auto r = run("replay --json c/" + pos["trace"].get<std::string>());
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_EQ(nlohmann::json::parse(r.out)["reproduces"], false);
}

TEST(CorpusRunEngine, TheGuidesCorpusCatchesEachBuggyEngineAtItsTiming) {
  const fs::path dir = fs::temp_directory_path() / ("bc_corpus_engine_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::create_directory_symlink(fs::path(BC_SOURCE_DIR) / "examples", dir / "examples");
  const std::string at = "cd '" + dir.string() + "' && '" BC_BINARY "' ";
  // The commands of docs/ci-gate.md, "Golden corpora".
  auto r = sh(at + "corpus --out corpus --random 100 --seed 5 --quiet");
  ASSERT_EQ(r.code, 0) << r.out;
  const std::string run = "corpus run corpus --engine '/usr/bin/python3 examples/engines/";
  r = sh(at + run + "battle_engine.py'");
  EXPECT_EQ(r.code, 0) << r.out;
  const std::map<std::string, std::string> bugs = {
      {"bug_atk_change_at_damage_calculation", "damage_calculation"},
      {"bug_damage_step_to_end_step", "end_of_damage_step"},
      {"bug_flip_effect_before_damage_calculation", "start_of_damage_step"},
      {"bug_replay_in_damage_step", "after_damage_calculation"},
      {"bug_second_chain_at_damage_calculation", "damage_calculation"},
      {"bug_sent_to_gy_at_damage_calculation", "damage_calculation"}};
  for (const auto& [engine, timing] : bugs) {
    r = sh(at + run + engine + ".py'");
    EXPECT_EQ(r.code, 1) << engine << "\n" << r.out;
    std::istringstream lines(r.out);
    int failed = 0;
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("FAIL ", 0) != 0) continue;
      ++failed;
      EXPECT_NE(line.find(", at " + timing), std::string::npos) << engine << ": " << line;
    }
    EXPECT_GT(failed, 0) << engine;
  }
  fs::remove_all(dir);
}

}  // namespace
