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

}  // namespace
