/// The commands of docs/ci-gate.md, section "Gating a ygopro-core engine",
/// run as written: every ```shell block of that section runs with /bin/sh -e
/// in a scratch directory holding duel.bin / duel.cards.json (a copy of the
/// conforming recording fluoro-basic), `battlecheck` on PATH; exit 0 expected.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "tests/importers/ygopro_fixture.hpp"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> shell_blocks_of_section(const std::string& md, const std::string& heading) {
  std::vector<std::string> blocks;
  std::istringstream in(md.substr(md.find(heading)));
  std::string line, body;
  bool inside = false;
  while (std::getline(in, line)) {
    if (!inside && line == "```shell") {
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

TEST(YgoproGuide, ShellBlocksOfTheCiGateSectionRunAsWritten) {
  const std::string md = bc::ygopro::testing::read_text(std::string(BC_SOURCE_DIR) + "/docs/ci-gate.md");
  ASSERT_NE(md.find("## Gating a ygopro-core engine"), std::string::npos);
  const auto blocks = shell_blocks_of_section(md, "## Gating a ygopro-core engine");
  ASSERT_EQ(blocks.size(), 1u);
  char tmpl[] = "/tmp/bc-ygopro-guide-XXXXXX";
  const fs::path dir = mkdtemp(tmpl);
  const std::string logs = bc::ygopro::testing::logs_dir();
  fs::copy_file(logs + "/fluoro-basic.bin", dir / "duel.bin");
  fs::copy_file(logs + "/fluoro-basic.cards.json", dir / "duel.cards.json");
  fs::create_directories(dir / "bin");
  fs::create_symlink(BC_BINARY, dir / "bin" / "battlecheck");
  for (const std::string& block : blocks) {
    std::ofstream(dir / "script.sh") << block;
    const std::string cmd = "cd '" + dir.string() + "' && PATH='" + (dir / "bin").string() +
                            "':\"$PATH\" /bin/sh -e script.sh > output.txt 2>&1";
    const int status = std::system(cmd.c_str());
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << block << bc::ygopro::testing::read_text((dir / "output.txt").string());
  }
  EXPECT_TRUE(fs::exists(dir / "duel.jsonl"));
  std::error_code ec;
  fs::remove_all(dir, ec);
}

/// The worked cards file of docs/ci-gate.md reads, and each of its five
/// effects is the term its text describes.
TEST(YgoproGuide, TheWorkedCardsFileReads) {
  const std::string md = bc::ygopro::testing::read_text(std::string(BC_SOURCE_DIR) + "/docs/ci-gate.md");
  const std::size_t at = md.find("### A worked cards file");
  ASSERT_NE(at, std::string::npos);
  const std::size_t open = md.find("```json\n", at);
  const std::size_t close = md.find("\n```", open + 8);
  ASSERT_NE(open, std::string::npos);
  const bc::ygopro::CardFile f = bc::ygopro::parse_card_file(md.substr(open + 8, close - open - 8), "ci-gate.md");
  ASSERT_EQ(f.cards.size(), 6u);
  int described = 0;
  for (const bc::ygopro::EngineCard& c : f.cards) described += c.described() ? 1 : 0;
  EXPECT_EQ(described, 5);
  EXPECT_EQ(f.cards[0].name, "Blue-Eyes White Dragon");
  EXPECT_TRUE(f.cards[1].monster);
}

}  // namespace
