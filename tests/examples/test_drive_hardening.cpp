// Hostile engines (issue 12): children that outlive the engine, an engine
// that exits while a child holds its stdout, surplus response lines, deeply
// nested responses; and the pure response readers the fuzz target uses.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include "importers/drive/drive.hpp"
#include "tests/examples/drive_fixture.hpp"
#include "importers/drive/drive_response.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

using test::engine;
using test::kEngines;
using test::random_runs;

namespace fs = std::filesystem;
using json = nlohmann::json;

/// A scratch file name, removed at the end of the test.
struct TempPath {
  fs::path path = fs::temp_directory_path() / ("bc-drive-" + std::to_string(getpid()) + "-" +
                                               std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
  ~TempPath() {
    std::error_code ec;
    fs::remove(path, ec);
  }
};

/// True while `pid` is a live (not zombie) process.
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const std::size_t paren = text.rfind(')');
  return paren != std::string::npos && paren + 2 < text.size() && text[paren + 2] != 'Z';
}

/// Waits up to two seconds for `pid` to be gone; kills it if not (no leak from a failing test).
bool gone_soon(pid_t pid) {
  for (int i = 0; i < 100 && running(pid); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  if (!running(pid)) return true;
  kill(pid, SIGKILL);
  return false;
}

pid_t read_pid(const fs::path& file) {
  pid_t pid = 0;
  std::ifstream(file) >> pid;
  return pid;
}

TEST(DriveHardening, EngineChildrenDoNotOutliveTheDrive) {
  const TempPath pid_file;
  EngineSpec spec;
  spec.argv = {"/bin/sh", "-c",
               "sleep 60 </dev/null >/dev/null 2>&1 & echo $! > '" + pid_file.path.string() +
                   "'; exec /usr/bin/python3 '" + kEngines + "battle_engine.py'"};
  const Scenario tiny = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml");
  DriveOptions o;
  o.depth = 3;
  const DriveResult r = drive(spec, load_ruleset("mr3"), tiny, o);
  EXPECT_FALSE(r.found) << r.minimal_run.divergence.detail;
  const pid_t child = read_pid(pid_file.path);
  ASSERT_GT(child, 0);
  EXPECT_TRUE(gone_soon(child)) << "the engine's child " << child << " outlived the drive";
}

TEST(DriveHardening, EngineExitingWhileItsChildHoldsStdoutIsACrash) {
  const TempPath pid_file;
  const std::string child = "sleep 60 & echo $! > '" + pid_file.path.string() + "'; read x; ";
  for (const auto& [exit, expected] : {std::pair<std::string, std::string>{"exit 3", "exited with code 3"},
                                       {"kill -TERM $$", "killed by signal"}}) {
    EngineProcess p({"/bin/sh", "-c", child + exit}, 3000);
    const auto t0 = std::chrono::steady_clock::now();
    const EngineReply r = p.call({{"cmd", "actions"}});
    EXPECT_EQ(r.status, EngineStatus::Crashed) << r.detail;
    EXPECT_NE(r.detail.find(expected), std::string::npos) << r.detail;
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(1500)) << "waited for the timeout";
    EXPECT_FALSE(p.alive());
    const pid_t pid = read_pid(pid_file.path);
    ASSERT_GT(pid, 0);
    EXPECT_TRUE(gone_soon(pid)) << "the engine's child " << pid << " outlived it";
  }
}

TEST(DriveHardening, ExtraLineWithTheResponseIsAProtocolFault) {
  EngineProcess p({"/bin/sh", "-c", R"(read x; printf '{"a":1}\n{"b":2}\n'; read y; echo '{}'; sleep 60)"}, 2000);
  const EngineReply r = p.call({{"cmd", "actions"}});
  EXPECT_TRUE(r.ok()) << r.detail;
  EXPECT_EQ(r.surplus, R"({"b":2})");
  EXPECT_FALSE(p.alive()) << "an engine out of step is stopped at once";
  const EngineReply second = p.blame_surplus(false, r.surplus);
  EXPECT_EQ(second.status, EngineStatus::Garbage);
  EXPECT_NE(second.detail.find(R"(extra line after its response to {"cmd":"actions"}: '{"b":2}')"), std::string::npos)
      << second.detail;
}

TEST(DriveHardening, LeftoverLineReadAsTheNextAnswerIsBlamedOnTheRequestBefore) {
  EngineProcess p({"/bin/sh", "-c", R"(read x; echo '{"events":[]}'; read y; sleep 0.2; printf '{"events":[1]}\n{"actions":[]}\n'; sleep 60)"},
                  2000);
  ASSERT_TRUE(p.call({{"cmd", "apply"}}).ok());
  const EngineReply r = p.call({{"cmd", "actions"}});
  ASSERT_TRUE(r.ok()) << r.detail;
  ASSERT_FALSE(r.surplus.empty());
  EXPECT_FALSE(answers(r.body, {{"cmd", "actions"}}));
  const EngineReply blamed = p.blame_surplus(true, r.surplus);
  EXPECT_NE(blamed.detail.find(R"(extra line after its response to {"cmd":"apply"}: '{"events":[1]}' (read as the answer to {"cmd":"actions"}))"),
            std::string::npos)
      << blamed.detail;
}

TEST(DriveHardening, ExtraLineBeforeTheNextRequestIsAProtocolFault) {
  EngineProcess p({"/bin/sh", "-c", R"(read x; echo '{"a":1}'; sleep 0.1; echo '{"b":2}'; read y; echo '{}'; sleep 60)"},
                  2000);
  ASSERT_TRUE(p.call({{"cmd", "actions"}}).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  const EngineReply r = p.call({{"cmd", "quit"}});
  EXPECT_EQ(r.status, EngineStatus::Garbage) << r.detail;
  EXPECT_NE(r.detail.find(R"(extra line after its response to {"cmd":"actions"}: '{"b":2}')"), std::string::npos)
      << r.detail;
}

TEST(DriveHardening, ExtraResponseLineIsNamedWhereItHappens) {
  const DriveResult r = drive(engine("extra_line.py"), load_ruleset("mr3"), default_scenario(), random_runs(50, 1));
  ASSERT_TRUE(r.found);
  const DriveDivergence& d = r.minimal_run.divergence;
  EXPECT_EQ(d.kind, DriveKind::EngineGarbage) << d.detail;
  EXPECT_EQ(d.step, 14) << d.detail;  // the apply that reaches damage calculation, not "at load"
  EXPECT_NE(d.detail.find("extra line after its response to {\"action\":"), std::string::npos) << d.detail;
  EXPECT_NE(d.detail.find("\"cmd\":\"apply\""), std::string::npos) << d.detail;
}

/// Runs battlecheck with `args`; returns the exit code (-1 for a signal) and its output.
int run_battlecheck(const std::string& args, std::string& output) {
  const TempPath out;
  const std::string cmd = std::string("'") + BC_BINARY + "' " + args + " >'" + out.path.string() + "' 2>&1";
  const int status = std::system(cmd.c_str());
  std::ifstream in(out.path);
  std::ostringstream text;
  text << in.rdbuf();
  output = text.str();
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(DriveHardening, DeeplyNestedResponseIsAnEngineFaultNotACrash) {
  std::string output;
  const int code = run_battlecheck("drive --engine '/usr/bin/python3 " + kEngines +
                                       "deeply_nested.py' --random 1 --quiet --max-shrink-runs 2",
                                   output);
  EXPECT_EQ(code, 1) << output;
  EXPECT_NE(output.find("DISAGREEMENT (engine_garbage)"), std::string::npos) << output;
  EXPECT_NE(output.find("nested deeper than 64"), std::string::npos) << output;
  EXPECT_LT(output.size(), 20000u) << "engine text is shown in bounded form";
}

TEST(DriveResponse, ParsesOneLineIntoAnObjectOrSaysWhy) {
  EXPECT_TRUE(parse_response_line(R"({"actions":[]})").ok());
  const std::string nested = "{\"events\":" + std::string(100000, '[') + std::string(100000, ']') + "}";
  const EngineReply deep = parse_response_line(nested);
  EXPECT_EQ(deep.status, EngineStatus::Garbage);
  EXPECT_NE(deep.detail.find("nested deeper than 64"), std::string::npos) << deep.detail;
  EXPECT_LT(deep.detail.size(), 600u);
  EXPECT_EQ(parse_response_line("[1,2]").status, EngineStatus::Garbage);
  EXPECT_EQ(parse_response_line(R"({"a":1,"a":2})").status, EngineStatus::Garbage);
  EXPECT_EQ(parse_response_line("hello\x01").status, EngineStatus::Garbage);
}

TEST(DriveResponse, ReadsEventsAndActionsOrSaysWhy) {
  const Scenario& s = default_scenario();
  std::vector<json> raw;
  std::vector<Event> events;
  EXPECT_EQ(read_response_events(json::parse(R"({"events":[{"event":"timing_enter","timing":"start_step"}]})"), s, raw,
                                 events),
            "");
  ASSERT_EQ(events.size(), 1u);
  EXPECT_NE(read_response_events(json::parse(R"({"events":{}})"), s, raw, events), "");
  EXPECT_NE(read_response_events(json::parse(R"({"events":[{"event":7}]})"), s, raw, events), "");
  EXPECT_NE(read_response_events(json::array(), s, raw, events), "");
  std::vector<json> actions;
  std::set<std::string> canonical;
  EXPECT_EQ(read_response_actions(json::parse(R"({"actions":[{"action":5},3,{"action":"replay_stop","attacker":"p1_m0",
                                                "player":"p1"}]})"),
                                  actions, canonical),
            "");
  EXPECT_EQ(actions.size(), 3u);
  EXPECT_TRUE(canonical.count(R"({"action":"replay_stop"})"));
  EXPECT_NE(read_response_actions(json::parse(R"({"actions":null})"), actions, canonical), "");
  EXPECT_EQ(response_error(json::parse(R"({"error":"no"})"), {{"cmd", "actions"}}),
            R"(the engine answered an error to {"cmd":"actions"}: "no")");
  EventTypeMask omits = 0;
  EXPECT_EQ(read_response_omits(json::parse(R"({"ok":true,"omits":["stat_changed","priority"]})"), omits), "");
  EXPECT_EQ(omits, event_bit(EventType::StatChanged) | event_bit(EventType::Priority));
  EXPECT_EQ(without_omitted(events, event_bit(EventType::TimingEnter)).size(), 0u);
  EXPECT_EQ(read_response_omits(json::parse(R"({"ok":true})"), omits), "");
  EXPECT_EQ(omits, 0u);
  EXPECT_EQ(read_response_omits(json::parse(R"({"omits":["nap"]})"), omits), R"("omits" names no event type: "nap")");
  EXPECT_NE(read_response_omits(json::parse(R"({"omits":"priority"})"), omits).find("not an array"), std::string::npos);
}

}  // namespace
}  // namespace bc
