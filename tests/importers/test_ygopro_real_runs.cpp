// The real-card recordings (tests/importers/real_runs, batch 1): each run's
// verdict under `verify-trace --from ygopro` is pinned in verdicts.tsv with
// its reason, so a change in the importer, the mapping or the model that
// turns a verdict shows here, run by run.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

const std::string kDir = std::string(BC_SOURCE_DIR) + "/tests/importers/real_runs/";

struct PinnedRun {
  std::string run;      ///< folder/name
  bool holds = false;
  std::string reason;
};

std::vector<PinnedRun> pinned(const std::string& folder) {
  std::vector<PinnedRun> out;
  std::ifstream in(kDir + "verdicts.tsv");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream f(line);
    PinnedRun p;
    std::string verdict;
    std::getline(f, p.run, '\t');
    std::getline(f, verdict, '\t');
    std::getline(f, p.reason);
    p.holds = verdict == "holds";
    if (p.run.rfind(folder + "/", 0) == 0) out.push_back(p);
  }
  return out;
}

/// 0: holds, 1: a violation (the CLI's exit codes); anything else is a failure of its own.
int verify(const std::string& run) {
  const std::string base = kDir + run;
  const std::string cmd = std::string(BC_BINARY) + " verify-trace --from ygopro --cards " + base + ".cards.json " +
                          base + ".bin > /dev/null 2>&1";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

class RealRuns : public ::testing::TestWithParam<std::string> {};

TEST_P(RealRuns, EveryVerdictIsAsPinned) {
  const std::vector<PinnedRun> runs = pinned(GetParam());
  ASSERT_EQ(runs.size(), 79u) << "batch 1 has 79 paths per configuration";
  int holding = 0;
  for (const PinnedRun& p : runs) {
    const int rc = verify(p.run);
    EXPECT_EQ(rc, p.holds ? 0 : 1) << p.run << " (pinned: " << (p.holds ? "holds" : "violation") << ", " << p.reason
                                   << ")";
    holding += rc == 0;
  }
  EXPECT_EQ(holding, 79) << "runs that hold in " << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Batch1, RealRuns, ::testing::Values("fluoro", "edo", "edo-single"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

}  // namespace
