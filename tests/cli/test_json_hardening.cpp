// Issue 12 regressions for untrusted JSON end to end: nesting that crashed the
// process (stack overflow, exit 139) now exits 2 naming file and line, from a
// file and from stdin; duplicate keys, numbers out of range and field errors
// name the line; untrusted values are shown in bounded form.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "trace/input/json_input.hpp"
#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"
#include "tests/cli/shell.hpp"

namespace bc {
namespace {

using Result = test::ShellResult;
using test::sh;

std::string write(const std::string& name, const std::string& text) {
  const auto d = std::filesystem::temp_directory_path() / ("bc-json-" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  const std::string path = (d / name).string();
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

const std::string kBin = BC_BINARY;

/// A header line of a valid trace of the default scenario (no events).
std::string header() {
  const std::string t = write_trace(default_scenario(), "mr3", {});
  return t.substr(0, t.find('\n') + 1);
}

std::string nested(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(UntrustedJson, DeepNestingIsRefusedWithItsLine) {
  nlohmann::json out;
  const std::string deep = "{\"a\":" + nested(100000) + "}";
  const std::string e = parse_untrusted_json("\n\n" + deep, "f.json", out);
  EXPECT_EQ(e.rfind("f.json:3: ", 0), 0u) << e;
  EXPECT_NE(e.find("nested deeper than 64"), std::string::npos) << e;
  EXPECT_TRUE(parse_untrusted_json(nested(64), "f.json", out).empty());
  EXPECT_FALSE(parse_untrusted_json(nested(65), "f.json", out).empty());
}

TEST(UntrustedJson, DuplicateKeysAndHugeNumbersAreNamed) {
  nlohmann::json out;
  EXPECT_NE(parse_untrusted_json(R"({"a":1,"a":2})", "f", out).find("duplicate key \"a\""), std::string::npos);
  EXPECT_NE(parse_untrusted_json(R"({"a":1,"\u0061":2})", "f", out).find("duplicate key"), std::string::npos)
      << "an escaped spelling is the same key";
  const std::string big = parse_untrusted_json("{\n\"atk\": 1e400}", "f", out);
  EXPECT_EQ(big.rfind("f:2: ", 0), 0u) << big;
  EXPECT_NE(big.find("1e400"), std::string::npos) << big;
}

/// Regression (found by fuzzing): decoded escaped keys were kept in a stack
/// frame that moved when deeper nesting grew the stack, leaving the keys'
/// views dangling (heap-use-after-free under ASan, a missed duplicate without).
TEST(UntrustedJson, EscapedKeysSurviveDeeperNesting) {
  const std::string key = R"(\u0061_a_key_long_enough_to_live_on_the_heap)";
  std::string text = "{\"" + key + "\":" + nested(60);
  for (int i = 0; i < 20; ++i) text += ",\"\\u0062_another_long_escaped_key_" + std::to_string(i) + "\":1";
  text += ",\"" + key + "\":2}";
  nlohmann::json out;
  EXPECT_NE(parse_untrusted_json(text, "f", out).find("duplicate key"), std::string::npos);
}

TEST(UntrustedJson, BriefCutsLongValues) {
  const nlohmann::json v = std::string(10000, 'x');
  EXPECT_LE(brief(v, 80).size(), 90u);
  EXPECT_EQ(brief_text("a\x01" "b", 80).find('\x01'), std::string::npos);
}

TEST(JsonHardeningCli, DeeplyNestedTraceLineExitsTwoFromFileAndStdin) {
  const std::string f = write("deep.jsonl", header() + "{\"event\":" + nested(80000) + "}\n");
  const Result r = sh(kBin + " verify-trace " + f);
  EXPECT_EQ(r.code, 2) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("deep.jsonl:2: "), std::string::npos) << r.out.substr(0, 500);
  EXPECT_LT(r.out.size(), 4000u) << "the value is not printed whole";
  const Result s = sh(kBin + " verify-trace - < " + f);
  EXPECT_EQ(s.code, 2) << s.out.substr(0, 500);
  EXPECT_NE(s.out.find("<stdin>:2: "), std::string::npos) << s.out.substr(0, 500);
}

TEST(JsonHardeningCli, DuplicateKeysInATraceAreRefused) {
  const std::string f = write("dup.jsonl", header() + R"({"event":"step_enter","event":"step_enter","step":"main_phase_1"})" "\n");
  const Result r = sh(kBin + " verify-trace " + f);
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("dup.jsonl:2: duplicate key \"event\""), std::string::npos) << r.out;
}

TEST(JsonHardeningCli, NestedCardsFileExitsTwo) {
  const std::string cards = write("deep.cards.json", "{\"cards\":" + nested(80000) + "}");
  const Result r = sh(kBin + " import ygopro --cards " + cards + " /dev/null");
  EXPECT_EQ(r.code, 2) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("deep.cards.json:1: "), std::string::npos) << r.out.substr(0, 500);
}

TEST(JsonHardeningCli, CardsFieldErrorsNameTheLine) {
  const std::string cards = write("line.cards.json", "{\"cards\": [\n  {\"code\": 1},\n  {\"code\": 2,\n   \"controller\": 7}\n]}\n");
  const Result r = sh(kBin + " import ygopro --cards " + cards + " /dev/null");
  EXPECT_EQ(r.code, 2) << r.out;
  EXPECT_NE(r.out.find("line.cards.json:4: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("controller"), std::string::npos) << r.out;
  const std::string huge = write("huge.cards.json", "{\"cards\": [{\"code\": 1e400}]}");
  const Result h = sh(kBin + " import ygopro --cards " + huge + " /dev/null");
  EXPECT_EQ(h.code, 2) << h.out;
  EXPECT_NE(h.out.find("huge.cards.json:1: "), std::string::npos) << h.out;
}

}  // namespace
}  // namespace bc
