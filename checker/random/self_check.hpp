#pragma once
/// The self-check (`battlecheck random --self-check`, docs/random.md "The
/// self-check"): generated boards checked exhaustively (explore(), a state
/// bound, one thread, no liveness) under each ruleset, every Always or
/// Eventually violation sorted into
///   - a defect: under mr3 every violation (the model and the monitors
///     disagree); under a source ruleset, a violation whose path is also an
///     mr3 run with the same events;
///   - a source finding: under a source ruleset, a violation whose path is
///     not an mr3 run (an action mr3 does not offer, or other events): the
///     source's own reading contradicts the property's rule; or a path that is
///     an mr3 run but whose property mr3 disputes.
/// The first defect of each (ruleset, property) is shrunk, board and term
/// (term_gen.hpp), to the smallest board that still shows it.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "checker/random/random_gen.hpp"

namespace bc {

/// Progress, for the CLI's stderr line.
struct SelfCheckProgress {
  int board = 0;              ///< boards checked so far
  int boards = 0;             ///< boards to check
  int defects = 0;            ///< defect violations so far
  int findings = 0;           ///< source findings so far
  bool shrinking = false;     ///< shrinking a defect
  int shrink_steps = 0;
  int shrink_tries = 0;
  std::string ruleset;        ///< the ruleset being checked or shrunk under
};
using SelfCheckProgressFn = std::function<void(const SelfCheckProgress&)>;

struct SelfCheckOptions {
  std::uint64_t seed = 1;          ///< board i is drawn from (seed, i): the same seed, the same boards
  int boards = 100;
  std::uint64_t max_states = 200000;  ///< explore()'s state bound per board and ruleset
  /// What the boards may hold: random's bounds (up to 5 monsters a side, 8
  /// cards a player); at 200000 states about 1 board in 20 is cut short.
  GenBounds bounds;
  bool shrink = true;              ///< shrink the first defect of each (ruleset, property)
  int max_shrink_tries = 400;      ///< shrink candidates explored per defect at most
  SelfCheckProgressFn progress;    ///< called after every board and shrink candidate; may be empty

};

enum class FindingKind : std::uint8_t {
  Defect,         ///< the model and the monitors disagree
  Contradiction,  ///< a source's reading contradicts the property's rule (not an mr3 run)
  Disputed,       ///< an mr3 run, but mr3 disputes the property (its [[disputes]])
};
std::string_view name(FindingKind k);

/// One (ruleset, property) the self-check saw violated.
struct SelfCheckFinding {
  FindingKind kind = FindingKind::Defect;
  std::string ruleset;
  int property = -1;                    ///< index into properties()
  int board = 0;                        ///< the first board that showed it
  std::vector<int> boards;              ///< every board that showed it, in order
  Scenario scenario;                    ///< that board; shrunk for a defect
  std::vector<std::uint8_t> actions;    ///< the path (action indices under `ruleset`) on `scenario`
  std::string reason;                   ///< a source finding: where the path leaves mr3's runs
  int original_size = 0;                ///< scenario_size() of the first board
  int original_length = 0;              ///< its path length
  int shrink_steps = 0;
  int shrink_tries = 0;
};

struct SelfCheckRulesetSummary {
  std::string ruleset;
  int boards = 0;
  std::uint64_t states = 0;
  int incomplete = 0;    ///< boards the state bound cut short
  int defects = 0;       ///< violations that are defects (boards x properties)
  int findings = 0;      ///< violations that are source findings
  double seconds = 0;    ///< exploring (shrinking not included)
};

struct SelfCheckResult {
  std::vector<SelfCheckRulesetSummary> rulesets;  ///< in the order given
  std::vector<SelfCheckFinding> defects;          ///< one per (ruleset, property), shrunk
  std::vector<SelfCheckFinding> findings;         ///< source findings, one per (ruleset, property)
  double seconds = 0;
};

/// Where the path `actions` under `rules` leaves mr3's runs on `scenario`: an
/// action mr3 does not offer, or different events at a step (or at the start,
/// or a run that ends under one only); "" when it is an mr3 run with the same events.
std::string mr3_departure(const Scenario& scenario, const Ruleset& rules, const Ruleset& mr3,
                          const std::vector<std::uint8_t>& actions);

/// The self-check of `rulesets` (each a built-in non-mutant ruleset, or any
/// ruleset compared with `mr3` like a source) on opts.boards generated boards.
SelfCheckResult self_check(const std::vector<Ruleset>& rulesets, const Ruleset& mr3, const SelfCheckOptions& opts);

}  // namespace bc
