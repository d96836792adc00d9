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
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/drive/drive_engine.hpp"
#include "model/rules/model.hpp"

namespace bc {

/// What kind of disagreement a run showed.
enum class DriveKind {
  None,            ///< model and engine agree on the whole run
  OpeningEvents,   ///< the events answering "load" differ
  Actions,         ///< different sets of legal actions in some state
  Events,          ///< one action produced different events
  EngineError,     ///< the engine answered {"error": ...} (or a malformed answer) to a valid request
  EngineCrashed,   ///< the engine exited or closed its output
  EngineHung,      ///< no answer within the timeout
  EngineGarbage,   ///< the answer is not a JSON object
};

/// snake_case name of a kind ("actions", "engine_crashed", ...).
std::string_view name(DriveKind k);
/// True for the kinds that say the engine failed as a program (crash, hang, garbage, error).
bool is_engine_failure(DriveKind k);

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
  std::string detail;                       ///< engine failures: what happened
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
  bool agrees() const { return divergence.kind == DriveKind::None; }
};

/// How to reach and talk to the engine.
struct EngineSpec {
  std::vector<std::string> argv;
  int timeout_ms = 5000;
  std::string ruleset_name = "mr3";  ///< sent in "load"
};

/// Holds an engine process and restarts it after a crash or hang. A process
/// is reused from run to run; one that failed as a program (crash, hang,
/// garbage, a malformed or error answer) is retired, since its stream may be
/// out of step with the requests.
class EngineHandle {
 public:
  explicit EngineHandle(EngineSpec spec) : spec_(std::move(spec)) {}
  /// The running engine, started (again) if needed.
  EngineProcess& get();
  /// The process of the last call, even if it has stopped (to explain its
  /// failure); get() must have been called before.
  EngineProcess& current() { return *process_; }
  const EngineSpec& spec() const { return spec_; }
  int restarts() const { return starts_ > 0 ? starts_ - 1 : 0; }
  /// True when the running process has already served a run (its output may
  /// carry something a previous run left behind).
  bool reused() const;
  /// Counts a run on the current process.
  void count_run() { ++runs_on_process_; }
  /// Ends the current process; the next get() starts a fresh one.
  void retire() { process_.reset(); }
  /// Engine calls made so far (requests answered or failed).
  std::uint64_t calls = 0;

 private:
  EngineSpec spec_;
  std::unique_ptr<EngineProcess> process_;
  int starts_ = 0;
  int runs_on_process_ = 0;
};

/// How long battlecheck waits for output an engine should not have written
/// (a line beyond its answer), when it has reason to look (ms): after a
/// malformed answer, and when re-checking a run a fresh engine must confirm.
inline constexpr int kDriveSettleMs = 50;

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
