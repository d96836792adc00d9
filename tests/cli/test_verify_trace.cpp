// `battlecheck verify-trace`: exit codes, the divergence report, --json,
// --junit, stdin, bad input naming file:line, and a 10-million-event trace
// streamed through stdin.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"
#include "tests/cli/shell.hpp"
#include "model/rules/model.hpp"

namespace bc {
namespace {

using Result = test::ShellResult;
using test::sh;

std::string dir() {
  const auto d = std::filesystem::temp_directory_path() / ("bc-verify-" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d.string();
}

std::string write(const std::string& name, const std::string& text) {
  const std::string path = dir() + "/" + name;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

/// A complete walk of the default scenario (action choice by seed).
std::string walk_trace(std::uint32_t seed) {
  const Ruleset rules = load_ruleset("mr3");
  const Model m(default_scenario(), rules);
  std::vector<Event> events;
  EventBuffer b;
  State s = m.initial(b);
  ActionList l;
  for (;;) {
    events.insert(events.end(), b.begin(), b.end());
    if (Model::is_terminal(s)) break;
    m.actions(s, l);
    seed = seed * 1103515245u + 12345u;
    b.clear();
    s = m.next(s, l[(seed >> 16) % l.size()], b);
  }
  return write_trace(default_scenario(), "mr3", events);
}

const std::string kBin = BC_BINARY;

TEST(VerifyTrace, ModelTracesHold) {
  const std::string a = write("a.jsonl", walk_trace(6)), b = write("b.jsonl", walk_trace(7));
  const Result r = sh(kBin + " verify-trace -j 2 " + a + " " + b);
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("2 trace(s): 2 hold, 0 violate, 0 unreadable"), std::string::npos) << r.out;
}

TEST(VerifyTrace, StdinIsRead) {
  const std::string a = write("s.jsonl", walk_trace(6));
  const Result r = sh("cat " + a + " | " + kBin + " verify-trace -");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("<stdin>: HOLDS"), std::string::npos) << r.out;
}

TEST(VerifyTrace, EventsOutOfOrderAreAViolationNamingTheLine) {
  std::string text = walk_trace(6);
  // Swap lines 2 and 3 (StepEnter and TimingEnter of Main Phase 1).
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  std::swap(lines[1], lines[2]);
  std::string out;
  for (const std::string& l : lines) out += l + "\n";
  const std::string f = write("order.jsonl", out);
  const Result r = sh(kBin + " verify-trace " + f);
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find(f + ":2: the model does not allow {\"event\":\"timing_enter\",\"timing\":\"main_phase_1\"} here"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the model allowed: {\"event\":\"step_enter\",\"step\":\"main_phase_1\"}"), std::string::npos);
  const Result j = sh(kBin + " verify-trace --json " + f);
  const nlohmann::json doc = nlohmann::json::parse(j.out.substr(0, j.out.rfind('}') + 1));
  EXPECT_EQ(doc["exit_code"], 1);
  EXPECT_EQ(doc["traces"][0]["divergence"]["line"], 2);
  EXPECT_EQ(doc["traces"][0]["divergence"]["kind"], "event");
}

TEST(VerifyTrace, BadInputExitsTwoNamingFileAndLine) {
  const std::string good = walk_trace(6);
  const std::string header = good.substr(0, good.find('\n') + 1);
  struct Case {
    std::string name, text, expect;
  };
  const std::vector<Case> cases = {
      {"trunc.jsonl", header + "{\"event\":\"step_enter\",\"st", "trunc.jsonl:2: truncated line"},
      {"json.jsonl", header + "{not json\n", "json.jsonl:2: not valid JSON"},
      {"type.jsonl", header + "{\"event\":\"nap\"}\n", "type.jsonl:2: field 'event': unknown value \"nap\""},
      {"utf8.jsonl", header + "{\"event\":\"\xff\"}\n", "utf8.jsonl:2: column 11: byte 0xff is not UTF-8"},
      {"rules.jsonl", std::string(header).replace(header.find("\"mr3\""), 5, "\"mr9\""), "rules.jsonl:1: field 'ruleset'"},
      {"empty.jsonl", "", "empty trace"},
  };
  for (const Case& c : cases) {
    const std::string f = write(c.name, c.text);
    const Result r = sh(kBin + " verify-trace " + f);
    EXPECT_EQ(r.code, 2) << c.name << r.out;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << c.name << ": " << r.out;
  }
}

TEST(VerifyTrace, JunitIsWrittenOnceWithoutForce) {
  const std::string a = write("j.jsonl", walk_trace(6)), bad = write("jbad.jsonl", "{\n");
  const std::string xml = dir() + "/report.xml";
  std::filesystem::remove(xml);
  Result r = sh(kBin + " verify-trace --junit " + xml + " " + a + " " + bad);
  EXPECT_EQ(r.code, 2) << r.out;
  std::ifstream in(xml);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("tests=\"2\" failures=\"0\" errors=\"1\""), std::string::npos) << text.str();
  EXPECT_NE(text.str().find("<testcase classname=\"battlecheck.verify-trace\" name=\"" + a + "\""), std::string::npos);
  r = sh(kBin + " verify-trace --junit " + xml + " " + a);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("use --force"), std::string::npos);
  EXPECT_EQ(sh(kBin + " verify-trace --force --junit " + xml + " " + a).code, 0);
}

TEST(VerifyTrace, TenMillionEventsStreamThroughStdin) {
  const std::string good = walk_trace(6);
  const std::string header = write("h.jsonl", good.substr(0, good.find('\n') + 1));
  const Result r = sh("( cat " + header + "; yes '{\"event\":\"priority\",\"player\":\"p1\"}' | head -n 10000000 ) | " +
                      kBin + " verify-trace --json -");
  EXPECT_EQ(r.code, 1) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("\"events\": 10000000"), std::string::npos) << r.out.substr(0, 2000);
}

}  // namespace
}  // namespace bc
