// Engines that crash, hang, babble or cannot start: reported as such, never
// hanging battlecheck; and the argv splitting of --engine.
#include <gtest/gtest.h>

#include <string>

#include "importers/drive/drive.hpp"
#include "tests/examples/drive_fixture.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

using test::engine;
using test::kEngines;
using test::random_runs;

TEST(SplitCommand, SplitsLikeAShellWithoutOne) {
  using V = std::vector<std::string>;
  EXPECT_EQ(split_command("python3 engine.py --fast"), (V{"python3", "engine.py", "--fast"}));
  EXPECT_EQ(split_command("  a\t b  "), (V{"a", "b"}));
  EXPECT_EQ(split_command("run 'two words' \"x y\""), (V{"run", "two words", "x y"}));
  EXPECT_EQ(split_command(R"(a\ b c\\d)"), (V{"a b", R"(c\d)"}));
  EXPECT_EQ(split_command(R"("say \"hi\" \$HOME" 'it''s')"), (V{R"(say "hi" $HOME)", "its"}));
  EXPECT_EQ(split_command("x '' y"), (V{"x", "", "y"}));
  EXPECT_EQ(split_command("echo $HOME|cat"), (V{"echo", "$HOME|cat"}));  // no shell: taken literally
}

TEST(SplitCommand, RefusesBrokenCommands) {
  EXPECT_THROW(split_command(""), InputError);
  EXPECT_THROW(split_command("   "), InputError);
  EXPECT_THROW(split_command("a 'b"), InputError);
  EXPECT_THROW(split_command("a \"b"), InputError);
  EXPECT_THROW(split_command("a\\"), InputError);
}

TEST(EngineProcess, AnswersLineByLine) {
  EngineProcess p({"/usr/bin/python3", kEngines + "battle_engine.py"}, 5000);
  const EngineReply r = p.call({{"cmd", "actions"}});
  ASSERT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.body.dump(), R"({"error":"no scenario loaded"})");
  EXPECT_TRUE(p.alive());
}

TEST(EngineProcess, ProgramThatCannotRunIsNotStarted) {
  EngineProcess p({"/nonexistent/engine-binary"}, 1000);
  const EngineReply r = p.call({{"cmd", "actions"}});
  EXPECT_EQ(r.status, EngineStatus::NotStarted);
  EXPECT_NE(r.detail.find("cannot execute '/nonexistent/engine-binary'"), std::string::npos) << r.detail;
}

TEST(EngineProcess, EngineExitingAtOnceIsACrash) {
  EngineProcess p({"/bin/sh", "-c", "echo oops >&2; exit 3"}, 2000);
  const EngineReply r = p.call({{"cmd", "actions"}});
  EXPECT_EQ(r.status, EngineStatus::Crashed);
  EXPECT_NE(r.detail.find("exited with code 3"), std::string::npos) << r.detail;
  EXPECT_NE(r.detail.find("oops"), std::string::npos) << r.detail;
  EXPECT_FALSE(p.alive());
}

TEST(EngineProcess, SilentEngineIsHungAndKilled) {
  EngineProcess p({"/bin/sleep", "600"}, 200);
  const EngineReply r = p.call({{"cmd", "actions"}});
  EXPECT_EQ(r.status, EngineStatus::Hung);
  EXPECT_NE(r.detail.find("no response within 200 ms"), std::string::npos) << r.detail;
  EXPECT_FALSE(p.alive());
}

TEST(EngineProcess, EngineThatIgnoresItsInputIsHung) {
  // Never reads stdin: a big request fills the pipe; the write is bounded too.
  EngineProcess p({"/bin/sleep", "600"}, 200);
  const EngineReply r = p.call({{"cmd", "load"}, {"padding", std::string(1 << 20, 'x')}});
  EXPECT_EQ(r.status, EngineStatus::Hung);
}

TEST(EngineProcess, NonJsonLineIsGarbage) {
  EngineProcess p({"/bin/sh", "-c", "read x; echo 'hello world'; sleep 600"}, 2000);
  const EngineReply r = p.call({{"cmd", "actions"}});
  EXPECT_EQ(r.status, EngineStatus::Garbage);
  EXPECT_NE(r.detail.find("'hello world'"), std::string::npos) << r.detail;
}

TEST(DriveRobustness, CrashingEngineIsReportedWithItsTraceback) {
  const DriveResult r = drive(engine("crashing.py"), load_ruleset("mr3"), default_scenario(), random_runs(50, 1));
  ASSERT_TRUE(r.found);
  const DriveDivergence& d = r.minimal_run.divergence;
  EXPECT_EQ(d.kind, DriveKind::EngineCrashed);
  EXPECT_EQ(d.timing, Timing::DamageCalculation);
  EXPECT_EQ(d.step, 14);
  EXPECT_NE(d.detail.find("exited with code 1"), std::string::npos) << d.detail;
  EXPECT_NE(d.detail.find("damage calculation is not implemented yet"), std::string::npos) << d.detail;
}

TEST(DriveRobustness, HangingEngineIsReportedAndKilled) {
  DriveOptions o = random_runs(50, 1);
  o.max_shrink_runs = 4;
  // 1.5 s: long enough that a slow answer under a loaded machine is not read
  // as the hang (300 ms was, now and then), short enough for 5 runs that hang.
  const DriveResult r = drive(engine("hanging.py", 1500), load_ruleset("mr3"), default_scenario(), o);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.minimal_run.divergence.kind, DriveKind::EngineHung);
  EXPECT_EQ(r.minimal_run.divergence.timing, Timing::DamageCalculation);
  EXPECT_LE(r.shrink_runs, 4);
}

TEST(DriveRobustness, BabblingEngineIsReportedAsGarbage) {
  const DriveResult r = drive(engine("garbage.py"), load_ruleset("mr3"), default_scenario(), random_runs(50, 1));
  ASSERT_TRUE(r.found);
  const DriveDivergence& d = r.minimal_run.divergence;
  EXPECT_EQ(d.kind, DriveKind::EngineGarbage);
  EXPECT_EQ(d.step, 14);
  EXPECT_NE(d.detail.find("'DEBUG: calculating damage'"), std::string::npos) << d.detail;
}

TEST(DriveRobustness, UnstartableEngineIsBadUsage) {
  EngineSpec spec;
  spec.argv = {"/nonexistent/engine-binary"};
  EXPECT_THROW(drive(spec, load_ruleset("mr3"), default_scenario(), random_runs(1, 1)), InputError);
}

TEST(DriveRobustness, EngineRefusingTheRulesetIsAnEngineError) {
  EngineSpec spec = engine("battle_engine.py");
  spec.ruleset_name = "s1";
  const DriveResult r = drive(spec, load_ruleset("mr3"), default_scenario(), random_runs(1, 1));
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.minimal_run.divergence.kind, DriveKind::EngineError);
  EXPECT_EQ(r.minimal_run.divergence.step, 0);
  EXPECT_NE(r.minimal_run.divergence.detail.find("implements only mr3"), std::string::npos);
}

}  // namespace
}  // namespace bc
