#pragma once
/// What an exhaustive search is given and what it returns: bounds, progress
/// reports, counterexamples and the result. Shared by the one-state-at-a-time
/// search (checker/search/bfs.hpp), the threaded search
/// (checker/parallel/explorer.hpp) and the MPI search (checker/mpi/).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/rules/model.hpp"
#include "properties/catalog/property.hpp"

namespace bc {

/// Exploration bounds; 0 means unbounded.
struct Bounds {
  std::uint32_t max_depth = 0;
  std::uint64_t max_states = 0;
  /// Stop (cut short, like max_states) once the resident memory passes 3/4 of
  /// this, leaving room for the next doubling of a table: a run ends with a
  /// report, never with the machine out of memory. 0 = unbounded.
  std::uint64_t max_memory_bytes = 0;
  bool liveness = true;  ///< keep the edge list and run the Boost.Graph analysis
  /// Threads exploring (0 = every core). Results do not depend on it
  /// (checker/parallel/parallel_bfs.hpp).
  int threads = 0;
  /// Count every violating state and group them by root (ViolationGroup),
  /// not only the first counterexample of each property (check --all-violations).
  bool all_violations = false;
  /// Fingerprint states by their canonical representative where the
  /// scenario has interchangeable zones, monsters or cards the model treats
  /// alike (checker/symmetry/symmetry.hpp); false: check --no-symmetry.
  bool symmetry = true;
};

/// A shortest run violating (or, for Sometimes properties, witnessing) a property:
/// indices into Model::actions() from the initial state.
struct Counterexample {
  int property = -1;
  std::vector<std::uint8_t> actions;
};

/// Where a violation's rule is broken: the property, and the step at which
/// its monitor sees it broken - the kind of action taken, the timing it was
/// taken at, and the acting card's effect class (-1: the action names no
/// card). Violations with one root are one fault reached from many states;
/// two faults of a ruleset show as two roots (TLC's -continue and SPIN's -e
/// keep going too, but list every violating state).
struct ViolationRoot {
  int property = -1;
  ActionType action{};
  Timing timing{};
  int effect_class = -1;
  auto operator<=>(const ViolationRoot&) const = default;
};

/// A root's violations: how many distinct violating states, and the first
/// found (breadth first: the shortest run; ties: the least, as for the
/// counterexamples).
struct ViolationGroup {
  ViolationRoot root;
  std::uint64_t states = 0;
  Counterexample shortest;
};

/// Periodic progress report for the stderr progress line.
struct ProgressInfo {
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::uint32_t depth = 0;
  std::uint64_t queued = 0;
  double seconds = 0;
};
using ProgressFn = std::function<void(const ProgressInfo&)>;

struct CheckResult {
  std::uint64_t states = 0;        ///< distinct (model state, monitor context) pairs
  std::uint64_t transitions = 0;
  std::uint32_t depth = 0;         ///< deepest BFS level reached
  double seconds = 0;              ///< wall-clock time
  double cpu_seconds = 0;          ///< user + system CPU time of this process during the run
  std::uint64_t stored_bytes = 0;  ///< bytes of the visited set in memory (fingerprint table)
  std::uint64_t link_bytes = 0;    ///< parent links (5 bytes a state), in a temporary file
  bool links_on_disk = true;       ///< false if no temporary file could be made: the links were in memory
  int threads = 1;                 ///< threads that explored (under MPI: over every rank)
  int ranks = 1;                   ///< processes that explored (MPI ranks; 1 without --mpi)
  std::uint64_t graph_bytes = 0;   ///< edge list + state flags kept for the liveness analysis
  std::uint64_t peak_rss_bytes = 0;
  bool complete = true;            ///< false if a bound cut the exploration short
  std::string bound_hit;  ///< the bound that did: "max_depth", "max_states", "max_memory", "out_of_memory" (or "")
  PropertyBits violated;
  PropertyBits witnessed;
  std::vector<Counterexample> counterexamples;  ///< first (shortest) per violated property
  std::vector<Counterexample> witnesses;        ///< first (shortest) per witnessed Sometimes property
  // Boost.Graph analysis of the explored graph (when Bounds::liveness):
  std::uint64_t dead_ends = 0;         ///< non-terminal states with no action
  std::uint64_t cannot_end = 0;        ///< states from which the Battle Phase can never end
  std::uint64_t nontrivial_sccs = 0;   ///< cycles in the state graph
  Counterexample stuck;                ///< shortest run to a state that cannot end, if any
  /// With Bounds::all_violations: every root found, in the order first found.
  std::vector<ViolationGroup> violation_groups;
  bool graph_out_of_memory = false;    ///< the analysis was asked for but the system refused its memory
  /// Symmetry reduction in force: what was interchangeable ("" = none, every
  /// state counted as is), and what was left alone and why.
  std::string symmetry;
  std::string symmetry_left_out;
};

}  // namespace bc
