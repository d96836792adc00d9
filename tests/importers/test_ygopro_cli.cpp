/// `battlecheck import ygopro` end to end: output, atomic -o, --force, bad
/// streams and bad options (exit 2 with the byte offset).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/importers/ygopro_fixture.hpp"

namespace {

struct Result {
  int code = -1;
  std::string out;
};

/// Run a shell command line; stdout (and stderr when `merge`) captured.
Result run(const std::string& args, bool merge = true) {
  const std::string cmd = std::string(BC_BINARY) + " " + args + (merge ? " 2>&1" : " 2>/dev/null");
  Result r;
  FILE* p = popen(cmd.c_str(), "r");
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  const int status = pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string logs(const std::string& file) { return bc::ygopro::testing::logs_dir() + "/" + file; }

std::filesystem::path temp_dir() {
  auto d = std::filesystem::temp_directory_path() / ("bc-ygopro-cli-" + std::to_string(::getpid()));
  std::filesystem::create_directories(d);
  return d;
}

TEST(YgoproCli, ImportWritesATraceV1) {
  const Result r = run("import ygopro --cards " + logs("fluoro-basic.cards.json") + " " + logs("fluoro-basic.bin"), false);
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("{\"format\":\"battlecheck-trace\"", 0), 0u);
  EXPECT_NE(r.out.find("\"omits\":[\"priority\",\"battle_phase_ended\"]"), std::string::npos);
  EXPECT_NE(r.out.find("\"version\":1"), std::string::npos);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 45);
}

TEST(YgoproCli, OutputFileIsNotOverwrittenWithoutForce) {
  const auto dir = temp_dir();
  const std::string out = (dir / "basic.jsonl").string();
  const std::string args = "import ygopro --cards " + logs("edo-basic.cards.json") + " " + logs("edo-basic.bin") + " -o " + out;
  EXPECT_EQ(run(args).code, 0);
  EXPECT_TRUE(std::filesystem::exists(out));
  const Result again = run(args);
  EXPECT_EQ(again.code, 2);
  EXPECT_NE(again.out.find("exists"), std::string::npos);
  EXPECT_EQ(run(args + " --force").code, 0);
  std::filesystem::remove_all(dir);
}

TEST(YgoproCli, TruncatedStreamIsExitTwoWithTheByteOffset) {
  const auto dir = temp_dir();
  const std::string cut = (dir / "cut.bin").string();
  {
    const auto bytes = bc::ygopro::testing::read_bytes(logs("fluoro-basic.bin"));
    std::ofstream o(cut, std::ios::binary);
    o.write(reinterpret_cast<const char*>(bytes.data()), 290);  // inside MSG_BATTLE (offset 279)
  }
  const Result r = run("import ygopro --framing fluoro --cards " + logs("fluoro-basic.cards.json") + " " + cut);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("byte 279: truncated MSG_BATTLE"), std::string::npos) << r.out;
  std::filesystem::remove_all(dir);
}

TEST(YgoproCli, BadOptionsAndFilesAreExitTwo) {
  const std::string cards = logs("fluoro-basic.cards.json"), bin = logs("fluoro-basic.bin");
  EXPECT_EQ(run("import ygopro --framing nope --cards " + cards + " " + bin).code, 2);
  EXPECT_EQ(run("import ygopro --cards /nonexistent.json " + bin).code, 2);
  EXPECT_EQ(run("import ygopro --cards " + cards + " /nonexistent.bin").code, 2);
  EXPECT_EQ(run("import ygopro " + bin).code, 0);  // the recording's own cards file beside it
  const std::string alone = ::testing::TempDir() + "bc-alone-basic.bin";
  std::filesystem::copy_file(bin, alone, std::filesystem::copy_options::overwrite_existing);
  const Result none = run("import ygopro " + alone);
  EXPECT_EQ(none.code, 2);  // no cards file beside it: --cards is required, and the message says so
  EXPECT_NE(none.out.find("--cards CARDS.json is required"), std::string::npos) << none.out;
  std::filesystem::remove(alone);
  const Result wrong = run("import ygopro --framing edo --cards " + cards + " " + bin);
  EXPECT_EQ(wrong.code, 2);
  EXPECT_NE(wrong.out.find("byte 0"), std::string::npos) << wrong.out;
}

}  // namespace
