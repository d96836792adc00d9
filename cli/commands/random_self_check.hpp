#pragma once
/// `battlecheck random --self-check` (docs/random.md "The self-check"): the
/// part of the `random` command that runs checker/random's self_check() and
/// reports it (one line per ruleset, the shrunk defects written like `check`'s
/// counterexamples, the source findings apart; --json).
#include <cstdint>
#include <string>
#include <vector>

namespace bc::cli {

struct SelfCheckCliOptions {
  std::uint64_t seed = 0;
  bool seed_given = false;
  int boards = 100;                   ///< --runs
  std::uint64_t max_states = 200000;  ///< --max-states
  std::vector<std::string> rulesets;  ///< --ruleset (default: mr3 and every source ruleset)
  std::string out_dir;
  bool force = false;
  bool json = false;
  bool quiet = false;
  bool progress = false;
  bool no_shrink = false;
};

/// Runs the self-check; returns the exit code (0 no defect, 1 a defect, 2 bad usage or input).
int run_self_check(const SelfCheckCliOptions& opts);

}  // namespace bc::cli
