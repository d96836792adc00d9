// Replays are values, counterexample files round-trip, writes are atomic and
// never overwrite without force, and bad files get errors naming the field.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "counterexamples/report/report.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;

/// A fresh directory per test, removed afterwards.
class ReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("bc_report_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string read(const std::string& p) {
    std::ifstream in(p);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
  }
  static void write(const std::string& p, const std::string& text) { std::ofstream(p) << text; }
  fs::path dir_;
};

/// A short run: always the first legal action.
const std::vector<std::uint8_t> kThreeSteps = {0, 0, 0};

TEST_F(ReportTest, ReplayOfAnOutOfRangeIndexIsAnErrorValue) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const ::bc::Run run = replay(model, {0, 200});
  EXPECT_FALSE(run.ok());
  EXPECT_NE(run.error.find("step 2"), std::string::npos) << run.error;
  EXPECT_NE(run.error.find("out of range"), std::string::npos) << run.error;
  EXPECT_EQ(run.steps.size(), 1u);
}

TEST_F(ReportTest, ReplayOpensWithMainPhase1) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const ::bc::Run run = replay(model, {});
  ASSERT_TRUE(run.ok());
  ASSERT_FALSE(run.opening.empty());
  EXPECT_EQ(run.opening[0].type, EventType::StepEnter);
  EXPECT_EQ(run.opening[0].step, Step::MainPhase1);
  EXPECT_FALSE(run.terminal);
}

TEST_F(ReportTest, CounterexampleRoundTrips) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const ::bc::Run run = replay(model, kThreeSteps);
  ASSERT_TRUE(run.ok()) << run.error;
  const RulesetRef ref = make_ruleset_ref("", "");
  EXPECT_EQ(ref.origin, "builtin");
  EXPECT_EQ(ref.name, "mr3");
  const int property = property_index("no_replay_in_damage_step");
  ASSERT_GE(property, 0);
  const WriteResult w = write_counterexample(path("cx"), model, ref, property, run, false);
  ASSERT_TRUE(w.ok) << w.error;
  EXPECT_FALSE(fs::exists(path("cx.json.tmp")));
  const CounterexampleRecord rec = load_counterexample(path("cx.json"));
  EXPECT_EQ(rec.property, "no_replay_in_damage_step");
  EXPECT_EQ(rec.ruleset.name, "mr3");
  EXPECT_EQ(rec.actions, kThreeSteps);
  EXPECT_EQ(rec.events, run.all_events());
  EXPECT_EQ(rec.narrative, run.all_narrative());
  EXPECT_TRUE(rec.scenario == default_scenario());
  const std::string text = read(path("cx.txt"));
  EXPECT_NE(text.find("property:  no_replay_in_damage_step (always)"), std::string::npos) << text;
}

TEST_F(ReportTest, ExistingFileIsNotOverwrittenWithoutForce) {
  write(path("out.dot"), "precious");
  WriteResult w = write_file_atomic(path("out.dot"), "new", false);
  EXPECT_FALSE(w.ok);
  EXPECT_NE(w.error.find("--force"), std::string::npos) << w.error;
  EXPECT_EQ(read(path("out.dot")), "precious");
  EXPECT_FALSE(fs::exists(path("out.dot.tmp")));
  w = write_file_atomic(path("out.dot"), "new", true);
  EXPECT_TRUE(w.ok) << w.error;
  EXPECT_EQ(read(path("out.dot")), "new");
  EXPECT_FALSE(fs::exists(path("out.dot.tmp")));
}

TEST_F(ReportTest, CounterexampleWritesNeitherFileIfOneExists) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const ::bc::Run run = replay(model, {});
  write(path("cx.txt"), "precious");
  const WriteResult w = write_counterexample(path("cx"), model, make_ruleset_ref("mr3", ""), 0, run, false);
  EXPECT_FALSE(w.ok);
  EXPECT_FALSE(fs::exists(path("cx.json")));
  EXPECT_EQ(read(path("cx.txt")), "precious");
}

TEST_F(ReportTest, LoadErrorsNameFileAndField) {
  write(path("bad.json"), "{\"format\": \"battlecheck-counterexample\", \"version\": 0,");
  try {
    load_counterexample(path("bad.json"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find(path("bad.json")), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos) << e.what();
  }
  write(path("wrong.json"), "{\"format\": \"something-else\", \"version\": 0}");
  EXPECT_THROW(load_counterexample(path("wrong.json")), InputError);
  EXPECT_THROW(load_counterexample(path("missing.json")), InputError);

  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  const ::bc::Run run = replay(model, {0});
  nlohmann::json doc = counterexample_to_json(model, make_ruleset_ref("mr3", ""), 0, run);
  doc["actions"][0]["index"] = "zero";
  write(path("index.json"), doc.dump());
  try {
    load_counterexample(path("index.json"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("actions[0].index"), std::string::npos) << e.what();
  }
  doc.erase("actions");
  write(path("noactions.json"), doc.dump());
  try {
    load_counterexample(path("noactions.json"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'actions': missing"), std::string::npos) << e.what();
  }
}

TEST_F(ReportTest, LoadRefusesUnknownTopLevelKeys) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  nlohmann::json doc = counterexample_to_json(model, make_ruleset_ref("mr3", ""), 0, replay(model, {0}));
  write(path("good.json"), doc.dump(2));
  EXPECT_NO_THROW(load_counterexample(path("good.json"))) << "every key the writer writes is read";
  doc["acitons"] = nlohmann::json::array();  // a typo, ignored until now
  write(path("typo.json"), doc.dump(2));
  try {
    load_counterexample(path("typo.json"));
    FAIL() << "no error";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(path("typo.json")), std::string::npos) << what;
    EXPECT_NE(what.find("acitons"), std::string::npos) << what;
    EXPECT_NE(what.find("unknown top-level key"), std::string::npos) << what;
  }
}

TEST_F(ReportTest, StemIsFileNameSafe) {
  EXPECT_EQ(counterexample_stem("my scenario", "mr3", "one/two"), "my_scenario.mr3.one_two");
  // Regression (issue 12): a valid 300-character scenario name gave "File name too long" after the run.
  const std::string stem = counterexample_stem(std::string(300, 'x'), "mr3", "p");
  EXPECT_LE(stem.size() + std::string(".json.tmp").size(), 255u) << stem;
  EXPECT_EQ(stem.rfind(std::string(64, 'x') + "~", 0), 0u) << stem;
  EXPECT_NE(stem, counterexample_stem(std::string(299, 'x') + "y", "mr3", "p")) << "distinct names stay distinct";
}

}  // namespace
}  // namespace bc
