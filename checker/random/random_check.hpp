#pragma once
/// Random exploration (issue 3): RapidCheck generates (scenario, choices)
/// pairs, each run goes through the Model with every property checked at
/// every step by the monitor, and the first failing pair is shrunk by
/// RapidCheck's own shrinking to a minimal counterexample. Returns values;
/// nothing here throws.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "checker/random/random_gen.hpp"
#include "model/rules/model.hpp"
#include "properties/catalog/property.hpp"

namespace bc {

/// Progress of a random search, for the CLI's stderr line.
struct RandomProgress {
  int runs = 0;          ///< test cases run so far (before any failure)
  int shrink_steps = 0;  ///< accepted shrinks so far
  int shrink_tries = 0;  ///< shrink candidates tried so far
  bool shrinking = false;
};
using RandomProgressFn = std::function<void(const RandomProgress&)>;

/// How to search.
struct RandomOptions {
  std::uint64_t seed = 0;         ///< RapidCheck's seed: same seed, same result
  int runs = 1000;                ///< test cases before declaring that everything holds
  int max_size = 100;             ///< RapidCheck's size ramp (scenario and choice list sizes grow with it)
  bool shrink = true;             ///< shrink the first failure
  GenBounds bounds;               ///< what scenarios and runs may contain (bounds.max_steps caps a run)
  std::optional<Scenario> fixed;  ///< a fixed board: only the actions are random
  int property = -1;              ///< index into properties(): only this one counts; -1 = any Always/Eventually
  /// After RapidCheck's shrinking, search the shrunk board, then the first
  /// failing board and the seed boards, exhaustively (BFS, depth below the
  /// current length, at most this many states each) for a shorter run of the
  /// same property; 0 = off. RapidCheck shrinks the board; BFS then finds the
  /// shortest run on it.
  std::uint64_t polish_states = 1000000;
  RandomProgressFn progress;      ///< called every `progress_every` runs and shrinks; may be empty
  int progress_every = 100;
};

/// Outcome of a random search.
struct RandomResult {
  bool found = false;            ///< an Always or Eventually property was violated
  std::string error;             ///< RapidCheck could not run the search (empty when it did)
  std::uint64_t seed = 0;
  int runs = 0;                  ///< test cases run, the failing one included
  int shrink_steps = 0;          ///< accepted shrinks
  int shrink_tries = 0;          ///< shrink candidates tried
  int property = -1;             ///< index into properties() of the violated property
  Scenario scenario;             ///< the shrunk counterexample's board
  std::vector<std::uint32_t> choices;  ///< its shrunk choices
  std::vector<std::uint8_t> actions;   ///< its action indices, up to the violating step
  int original_size = 0;         ///< scenario_size() of the first failing board
  int original_length = 0;       ///< action count of the first failing run
  int shrunk_length = 0;         ///< action count after RapidCheck's shrinking (before the BFS polish)
  bool polished = false;         ///< the BFS polish found a shorter run (now in `actions`)
  PropertyBits witnessed;        ///< Sometimes properties seen on the runs (reported, never failures)
  double seconds = 0;            ///< wall time of the search and the shrinking
};

/// One (scenario, choices) run through the model and the monitor.
struct RunVerdict {
  PropertyBits violated;                ///< Always/Eventually properties violated (up to `stop_at`)
  PropertyBits witnessed;               ///< Sometimes properties witnessed
  std::vector<std::uint8_t> actions;    ///< action indices taken (cut after the stopping step)
  bool terminal = false;                ///< the run ended the Battle Phase
};

/// Run `choices` on `model` (choice i or 0, modulo the legal actions, at most
/// max_steps actions), observing every event. Stops at the first step that
/// violates `stop_at` (-1: any Always/Eventually property); finish() runs at the end.
RunVerdict run_choices(const Model& model, const std::vector<std::uint32_t>& choices, int max_steps, int stop_at);

/// Properties whose violation is a failure in random mode (Always and Eventually).
const PropertyBits& failure_mask();

/// Search with RapidCheck and shrink the first failure.
RandomResult random_check(const Ruleset& rules, const RandomOptions& opts);

}  // namespace bc
