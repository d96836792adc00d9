#pragma once
/// The engine side of `drive` below the runs: what a disagreement or failure
/// is (DriveKind), how to start the engine (EngineSpec), the process kept
/// across runs (EngineHandle) and one request with its failure (engine_request).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/drive/drive_engine.hpp"

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
  Trace,           ///< --judge trace: the engine's run, judged as a trace, does not hold
};

/// How drive judges a run (--judge).
enum class DriveJudge : std::uint8_t {
  /// Every state's legal actions and every action's events equal the model's;
  /// the model chooses the actions.
  Exact,
  /// The engine chooses among its own offers, and its run is judged as
  /// `verify-trace` judges a trace (checker/conformance): the conformance
  /// checker's leniencies apply (hidden conditions, closing prompts, outcomes
  /// learnt from the run). For engines that keep their own procedure, such as
  /// the ygopro host (drive_judged.cpp).
  Trace,
};

/// snake_case name of a kind ("actions", "engine_crashed", ...).
std::string_view name(DriveKind k);
/// True for the kinds that say the engine failed as a program (crash, hang, garbage, error).
bool is_engine_failure(DriveKind k);

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

/// A request's failure: kind None when the engine answered well.
struct CallFailure {
  DriveKind kind = DriveKind::None;
  std::string detail;
};
/// Send one request; an engine that cannot be started at all is thrown as
/// InputError (bad usage); a crash, hang, garbage, surplus output or an
/// {"error":...} answer is returned as a failure.
CallFailure engine_request(EngineHandle& handle, const nlohmann::json& request, nlohmann::json& body);
/// A response of the wrong shape: an answer out of step (a line left over
/// from the previous request, then more) is named as such, else EngineError.
CallFailure malformed_response(EngineHandle& handle, const std::string& error);

/// The DriveKind of an engine failure.
DriveKind failure_kind(EngineStatus s);

}  // namespace bc
