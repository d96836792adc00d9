#pragma once
/// Driving an engine (issue 4 §3): the same run through the model and through
/// an engine process (importers/drive/drive_engine.hpp), compared state by
/// state: the legal actions as sets and the events of each action exactly.
/// Exploration is exhaustive to a depth (BFS over the model, one engine
/// session per maximal path) or random (generated scenarios and choices);
/// the first disagreement is shrunk with RapidCheck to a minimal scenario and
/// action list (drive_shrink.cpp). Protocol: docs/engine-protocol.md.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/conformance/conformance.hpp"
#include "importers/drive/drive_engine.hpp"
#include "importers/drive/drive_handle.hpp"
#include "model/rules/model.hpp"
#include "trace/format/trace_record.hpp"

namespace bc {

/// The first point where model and engine part.
struct DriveDivergence {
  DriveKind kind = DriveKind::None;
  int step = 0;                 ///< actions applied before the divergence (0 = at load)
  Timing timing = Timing::MainPhase1;   ///< the model's timing at that point
  Player priority = Player::P1;        ///< who holds priority there (in the model)
  std::vector<nlohmann::json> only_model;   ///< Actions: legal in the model, not offered by the engine
  std::vector<nlohmann::json> only_engine;  ///< Actions: offered by the engine, illegal in the model
  std::vector<Event> model_events;          ///< Events: what the model produced for the action
  std::vector<nlohmann::json> engine_events;  ///< Events: what the engine answered
  int first_event_diff = -1;                ///< Events: index of the first differing event
  std::vector<std::string> properties;      ///< properties the engine's events violate (ids)
  std::string rule;                         ///< the ruleset entry that forbids the engine's choice, with citations
  std::string detail;                       ///< engine failures: what happened; Trace: the finding
  std::size_t trace_line = 0;               ///< Trace: the line of the run's trace where it is seen
};

/// A run: a scenario plus choices; choice i picks model action (choice % n)
/// of the i-th state. The run stops when the choices end or the Battle Phase does.
struct DriveCase {
  Scenario scenario;
  std::vector<std::uint32_t> choices;
};

/// The outcome of one run.
struct DriveRun {
  DriveDivergence divergence;
  std::vector<Action> actions;  ///< the model actions taken, in order (up to the divergence)
  std::vector<Event> model_events;  ///< the model's events of the run, opening included
  int states_compared = 0;
  /// An engine failure on a reused process that this case does not reproduce on
  /// a fresh one: the previous run on that process left it (see drive_case).
  std::string stray;
  /// --judge trace: the run as trace records (what the engine reported and
  /// offered), the event types they leave out, and the verdict on them.
  std::vector<TraceRecord> records;
  EventTypeMask trace_omits = 0;
  std::optional<Scenario> trace_scenario;  ///< the engine's own header scenario ("trace_scenario"), if it gave one
  ConformanceResult conformance;
  bool agrees() const { return divergence.kind == DriveKind::None; }
};

/// Run one case through the model and the engine. Engine failures become a
/// DriveDivergence; a program that cannot be started at all is thrown as
/// InputError (bad usage, exit 2). An engine failure seen on a reused process
/// is confirmed on a fresh one, so a failure is always this case's own; when
/// the fresh run agrees, the run agrees with `stray` set (the fault came from
/// what an earlier run left behind). `settle_ms` > 0 waits that long after the
/// last response for output the engine should not have written.
DriveRun drive_case(EngineHandle& engine, const Ruleset& rules, const DriveCase& c, int settle_ms = 0);

/// Exploration settings and counters.
struct DriveOptions {
  int depth = 0;               ///< exhaustive: BFS depth bound (actions); 0 = random mode
  std::uint64_t max_states = 200000;  ///< exhaustive: stop after this many model states
  int random_runs = 0;         ///< random: number of runs
  std::uint64_t seed = 1;
  int max_steps = 200;         ///< random: actions per run
  bool random_scenarios = true;  ///< random: generate scenarios (else use the given one)
  int max_shrink_runs = 3000;  ///< engine runs spent on shrinking
  std::function<void(const std::string&)> progress;  ///< stderr lines; may be empty
  DriveJudge judge = DriveJudge::Exact;
};

/// --judge trace: one kind of failure (same finding, same cards), shrunk.
struct DriveFinding {
  DriveCase minimal;       ///< the fewest choices that still show it
  DriveRun run;            ///< the minimal case's run
  std::size_t original_choices = 0;
  int shrink_runs = 0;
  std::uint64_t failing_runs = 0;  ///< explored runs that showed it
};

/// The whole drive: exploration, then shrinking of the first divergence.
struct DriveResult {
  bool found = false;
  DriveCase original;          ///< the first failing case as found
  DriveCase minimal;           ///< after shrinking
  DriveRun minimal_run;        ///< the minimal case's run (its divergence is the report's)
  int shrink_runs = 0;         ///< candidate runs tried while shrinking
  int shrink_steps = 0;        ///< successful shrink steps
  std::uint64_t runs = 0;      ///< engine sessions (loads) during exploration
  std::uint64_t states = 0;    ///< model states compared with the engine
  std::uint64_t engine_calls = 0;
  double seconds = 0;
  bool truncated = false;      ///< exhaustive: max_states reached
  std::uint32_t timings_reached = 0;  ///< bit per Timing: a compared model state was at it
  /// Exhaustive: per Timing, the fewest actions a random walk of the scenario took to reach it (-1: none did).
  std::array<int, kTimingCount> timing_actions{};
  DriveJudge judge = DriveJudge::Exact;
  /// --judge trace: every kind of failure, in the order found (at most kMaxFindings);
  /// the first is also `minimal` / `minimal_run`.
  std::vector<DriveFinding> findings;
  static constexpr std::size_t kMaxFindings = 12;
  std::uint64_t failing_runs = 0;       ///< --judge trace: explored runs that do not hold
  std::uint64_t unchecked_offers = 0;   ///< --judge trace: ConformanceResult's counters, summed over the runs
  std::uint64_t withheld_after_offer = 0;
  std::uint64_t offered_again = 0;
  std::uint64_t closing_prompts = 0;
};

/// Exhaustive to opts.depth over `scenario`, or opts.random_runs random runs.
DriveResult drive(const EngineSpec& engine, const Ruleset& rules, const Scenario& scenario, const DriveOptions& opts);

/// Shrink a failing case (drive_shrink.cpp): fewer cards and monsters, fewer
/// and smaller choices, while the run still diverges with the same kind.
/// `settle_ms` as in drive_case (for faults seen only after a run's last
/// response). found is false when `failing` does not fail again.
DriveResult shrink_case(EngineHandle& engine, const Ruleset& rules, const DriveCase& failing, int max_runs,
                        int settle_ms = 0);

/// The canonical protocol JSON of a model action (docs/engine-protocol.md).
nlohmann::json protocol_action(const Action& a);

}  // namespace bc
