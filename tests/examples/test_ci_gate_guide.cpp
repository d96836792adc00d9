// The commands of docs/ci-gate.md run as written: every ```sh block is run
// with /bin/sh -e in a scratch directory where examples/ is the repository's
// and `battlecheck` on PATH is the binary under test. A block starting with
// "# expect exit 1" must exit 1, every other block 0. Also the CLI of
// `drive`: exit codes, --json, --out and --force.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The bodies of the ```sh blocks of a markdown text.
std::vector<std::string> sh_blocks(const std::string& md) {
  std::vector<std::string> blocks;
  std::istringstream in(md);
  std::string line, body;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line == "```sh") {
      inside = true;
      body.clear();
    } else if (inside && line == "```") {
      inside = false;
      blocks.push_back(body);
    } else if (inside) {
      body += line + "\n";
    }
  }
  return blocks;
}

/// A scratch directory with examples/ and bin/battlecheck linked in.
struct Scratch {
  fs::path dir;
  Scratch() {
    char tmpl[] = "/tmp/bc-guide-XXXXXX";
    dir = mkdtemp(tmpl);
    fs::create_directory_symlink(fs::path(BC_SOURCE_DIR) / "examples", dir / "examples");
    fs::create_directories(dir / "bin");
    fs::create_symlink(BC_BINARY, dir / "bin" / "battlecheck");
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  /// Run a shell script there; returns its exit code, fills `output`.
  int run(const std::string& script, std::string& output) const {
    std::ofstream(dir / "script.sh") << script;
    const std::string cmd = "cd '" + dir.string() + "' && PATH='" + (dir / "bin").string() +
                            "':\"$PATH\" /bin/sh -e script.sh > output.txt 2>&1";
    const int status = std::system(cmd.c_str());
    output = read_file(dir / "output.txt");
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
};

TEST(CiGateGuide, EveryShellBlockRunsAsWritten) {
  const auto blocks = sh_blocks(read_file(fs::path(BC_SOURCE_DIR) / "docs" / "ci-gate.md"));
  ASSERT_GE(blocks.size(), 5u);  // the drive and trace sections; later sections may add more
  Scratch scratch;
  for (const std::string& block : blocks) {
    const int expected = block.rfind("# expect exit 1", 0) == 0 ? 1 : 0;
    std::string output;
    EXPECT_EQ(scratch.run(block, output), expected) << block << "\n--- output:\n" << output;
  }
  EXPECT_TRUE(fs::exists(scratch.dir / "battlecheck-junit.xml"));
  EXPECT_NE(read_file(scratch.dir / "corpus-junit.xml").find("failures=\"0\""), std::string::npos);
  EXPECT_NE(read_file(scratch.dir / "corpus-engine-junit.xml").find("failures=\"0\""), std::string::npos);
  EXPECT_TRUE(fs::exists(scratch.dir / "drive-report" / "drive-report.json"));
  EXPECT_TRUE(fs::exists(scratch.dir / "drive-report" / "repro-scenario.toml"));
  EXPECT_TRUE(fs::exists(scratch.dir / "judged-report" / "finding-2.trace.jsonl"));
}

TEST(CiGateGuide, CiJobsUseTheTestedCommands) {
  const std::string md = read_file(fs::path(BC_SOURCE_DIR) / "docs" / "ci-gate.md");
  for (const char* cmd : {"battlecheck verify-trace --junit battlecheck-junit.xml run.jsonl",
                          "battlecheck drive --engine \"$ENGINE\" --depth 8 --quiet --out drive-report",
                          "/usr/bin/python3 examples/engines/emit_trace.py --seed 1 > run.jsonl",
                          "battlecheck corpus --out corpus --random 100 --seed 5 --quiet",
                          "battlecheck corpus run corpus --engine \"$ENGINE\" --junit corpus-junit.xml"}) {
    std::size_t count = 0;
    for (std::size_t at = md.find(cmd); at != std::string::npos; at = md.find(cmd, at + 1)) ++count;
    EXPECT_GE(count, 2u) << cmd;  // once in the GitHub job, once in the GitLab job
  }
}

const std::string kEngine = "'/usr/bin/python3 " + std::string(BC_SOURCE_DIR) + "/examples/engines/";

TEST(DriveCli, AgreeingEngineExitsZeroWithJson) {
  Scratch s;
  std::string out;
  ASSERT_EQ(s.run("battlecheck drive --engine " + kEngine + "battle_engine.py' --scenario " BC_SOURCE_DIR
                  "/scenarios/tiny.toml --depth 40 --json --quiet\n", out), 0) << out;
  const auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "agree");
  EXPECT_EQ(j["states"], 134);
  EXPECT_TRUE(j["timings_not_reached"].empty()) << j["timings_not_reached"];
  EXPECT_EQ(j["timings_reached"].size(), 13u) << j["timings_reached"];
}

TEST(DriveCli, AShallowRunSaysWhatItNeverReached) {
  Scratch s;
  std::string out;
  ASSERT_EQ(s.run("battlecheck drive --engine " + kEngine + "battle_engine.py' --scenario " BC_SOURCE_DIR
                  "/scenarios/tiny.toml --depth 6 --quiet\n", out), 0) << out;
  EXPECT_NE(out.find("warning: never reached, though walks of the model reach them"), std::string::npos) << out;
  EXPECT_NE(out.find("damage_calculation ("), std::string::npos) << out;
  EXPECT_NE(out.find("raise --depth to "), std::string::npos) << out;
}

TEST(DriveCli, BuggyEngineExitsOneWithTheMinimalReproduction) {
  Scratch s;
  std::string out;
  ASSERT_EQ(s.run("battlecheck drive --engine " + kEngine + "bug_damage_step_to_end_step.py' --random 100 --seed 1 "
                  "--json --quiet\n", out), 1) << out;
  const auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["verdict"], "disagree");
  EXPECT_EQ(j["minimal"]["actions"].size(), 18u);
  EXPECT_EQ(j["minimal"]["divergence"]["kind"], "events");
  EXPECT_EQ(j["minimal"]["divergence"]["timing"], "end_of_damage_step");
  EXPECT_EQ(j["minimal"]["divergence"]["properties"][0], "damage_step_returns_to_battle_step");
}

TEST(DriveCli, TextReportShowsBothSides) {
  Scratch s;
  std::string out;
  ASSERT_EQ(s.run("battlecheck drive --engine " + kEngine + "bug_flip_effect_before_damage_calculation.py' "
                  "--random 500 --seed 1 --quiet\n", out), 1) << out;
  EXPECT_NE(out.find("DISAGREEMENT (events) after 10 actions, at start_of_damage_step"), std::string::npos) << out;
  EXPECT_NE(out.find("  the model says:\n    {\"event\":\"priority\",\"player\":\"p1\"}\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\"event\":\"activate\",\"kind\":\"flip_trigger\""), std::string::npos) << out;
  EXPECT_NE(out.find("property violated by the engine: flip_effects_after_damage_calculation"), std::string::npos);
  EXPECT_NE(out.find("verdict: DISAGREE"), std::string::npos);
}

TEST(DriveCli, OutRefusesToOverwriteWithoutForce) {
  Scratch s;
  std::string out;
  const std::string cmd = "battlecheck drive --engine " + kEngine + "crashing.py' --random 20 --seed 1 --quiet --out rep";
  ASSERT_EQ(s.run(cmd + "\n", out), 1) << out;
  EXPECT_NE(out.find("DISAGREEMENT (engine_crashed)"), std::string::npos) << out;
  EXPECT_EQ(s.run(cmd + "\n", out), 2) << out;
  EXPECT_NE(out.find("exists; pass --force"), std::string::npos) << out;
  EXPECT_EQ(s.run(cmd + " --force\n", out), 1) << out;
  EXPECT_TRUE(fs::exists(s.dir / "rep" / "repro-model-trace.jsonl"));
}

TEST(DriveCli, BadUsageExitsTwo) {
  Scratch s;
  std::string out;
  EXPECT_EQ(s.run("battlecheck drive --engine /nonexistent/engine --depth 2 --quiet\n", out), 2) << out;
  EXPECT_NE(out.find("cannot execute '/nonexistent/engine'"), std::string::npos) << out;
  EXPECT_EQ(s.run("battlecheck drive --engine \"'unterminated\" --depth 2\n", out), 2) << out;
  EXPECT_NE(out.find("unterminated ' quote"), std::string::npos) << out;
  EXPECT_EQ(s.run("battlecheck drive --engine x --depth 2 --random 3\n", out), 2) << out;
  EXPECT_EQ(s.run("battlecheck drive --engine x --judge trace --random 3\n", out), 2) << out;
  EXPECT_EQ(s.run("battlecheck drive --engine x --judge both --depth 2\n", out), 2) << out;
  EXPECT_EQ(s.run("battlecheck drive --depth 2\n", out), 2) << out;
}

}  // namespace
