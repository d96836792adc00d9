// Issue 29, "memory bounded for every option": the chunk buffers of the
// multi-core search grow with the thread count, not its square; more threads
// than cores are allowed and said; numbers past an option's range are
// refused, not saturated; --max-memory 0 is unbounded and says so.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/cli/shell.hpp"

extern char** environ;

namespace bc {
namespace {

using test::sh;

const std::string kBin = BC_BINARY;
const std::string kTiny = std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml";

/// Run battlecheck with `args` (output to /dev/null, in a scratch
/// directory); its exit code and its own peak resident memory (wait4).
std::pair<int, long> peak_of(std::vector<std::string> args) {
  const auto dir = std::filesystem::temp_directory_path() / ("bc-bounds-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  args.insert(args.begin(), kBin);
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addchdir_np(&fa, dir.c_str());
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, kBin.c_str(), &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (spawned != 0) return {-1, 0};
  int status = 0;
  rusage ru{};
  ::wait4(pid, &status, 0, &ru);
  std::filesystem::remove_all(dir);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, ru.ru_maxrss};  // KiB
}

TEST(Bounds, ManyThreadsOnTheTinyScenarioStayUnderOneHundredMiB) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer keeps shadow memory per thread";
#endif
  // 256 threads took 690 MiB (a chunk output per thread and round, each with
  // a list per thread); 999 threads took 9.8 GiB.
  for (const char* threads : {"256", "999"}) {
    const auto [code, kib] = peak_of({"check", "--scenario", kTiny, "--threads", threads, "--quiet"});
    EXPECT_EQ(code, 0) << threads;
    EXPECT_LT(kib, 100 * 1024) << threads << " threads: " << kib << " KiB";
  }
}

TEST(Bounds, MoreThreadsThanCoresAreAllowedAndSaid) {
  const auto r = sh("'" + kBin + "' check --scenario '" + kTiny + "' --threads 300 --quiet --out /dev/null");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("battlecheck: note: 300 threads on "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("states       58 (complete)"), std::string::npos) << r.out;
}

TEST(Bounds, NumbersPastTheirRangeAreRefusedNotSaturated) {
  for (const std::string args : {"check --max-states 18446744073709551616", "random --seed 18446744073709551616",
                                 "check --max-memory 1073741825", "check --max-depth 4294967296",
                                 "check --threads 1025"}) {
    const auto r = sh("'" + kBin + "' " + args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.out;
    const std::string option = args.substr(args.find("--"), args.rfind(' ') - args.find("--"));
    EXPECT_NE(r.out.find("battlecheck: error: " + option), std::string::npos) << args << "\n" << r.out;
  }
  const auto top = sh("'" + kBin + "' random --seed 18446744073709551615 --runs 1 --max-steps 5");
  EXPECT_EQ(top.code, 0) << "2^64 - 1 is in range\n" << top.out;
}

TEST(Bounds, HelpSaysThatMaxMemoryZeroIsUnbounded) {
  const auto r = sh("'" + kBin + "' check --help");
  EXPECT_NE(r.out.find("0 = unbounded; default: 90% of the memory available at start"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace bc
