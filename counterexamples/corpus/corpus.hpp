#pragma once
/// Test corpora for engine implementers (issue 3 "Test corpora";
/// docs/corpus.md): scenarios, each with cases = an action list, its expected
/// event trace (docs/trace-format.md) and expected verdicts. Positive cases
/// are legal runs to the end of the Battle Phase; negative cases end on an
/// event the rules refuse (the verdict names its line, timing, kind and rule).
/// Cases are chosen greedily so that a small corpus covers every reachable
/// goal of counterexamples/goals/coverage.hpp.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "counterexamples/goals/coverage.hpp"
#include "counterexamples/report/report.hpp"

namespace bc {

/// One scenario of the corpus: its name, where it came from and its board.
struct CorpusScenario {
  std::string name;
  std::string file;  ///< file name in scenarios/ ("default.toml"), or empty for generated ones
  Scenario scenario;
};

struct CorpusOptions {
  std::vector<CorpusScenario> scenarios;  ///< exhaustive mode: explored in this order (default first)
  std::uint32_t depth = 0;                ///< exhaustive mode: BFS depth bound, 0 = unbounded
  int random = 0;                         ///< > 0: random mode, this many random runs on generated scenarios
  std::uint64_t seed = 1;                 ///< random mode seed
  int max_steps = 200;                    ///< random mode: actions per run before completion
  bool mutant_twins = true;               ///< add the real-rules twins of the built-in mutants' counterexamples
};

enum class Polarity : std::uint8_t { Positive, Negative };

/// Why a negative case's last line must be refused.
struct Refusal {
  std::size_t line = 0;         ///< 1-based line in the .jsonl file (header = line 1) of the first event the rules refuse
  std::size_t activation_line = 0;  ///< the trace's last line (>= line): the refused activation (mutant twins: = line)
  Timing timing{};              ///< timing window of that event
  RefusalRule rule{};
  Event event{};                ///< the refused event
  Action action{};              ///< the action that produced it (refused itself for voluntary activations)
  bool action_legal = false;    ///< the action is legal; only the event it caused is not (triggers, mutants)
  int action_index = -1;        ///< the action's index under the base rules when legal, else -1
  std::string rule_name;        ///< permission kind, chain knob, or mutant name
  std::string citation;         ///< where the real rule comes from (the base ruleset's provenance)
  std::string explanation;      ///< one sentence for people
  int property = -1;            ///< mutant twins: the property the mutant violates
};

struct CorpusCase {
  std::string id;                     ///< "pos-<scenario>-001" / "neg-<scenario>-001"
  std::size_t scenario = 0;           ///< index into CorpusResult::scenarios
  Polarity polarity = Polarity::Positive;
  std::vector<std::uint8_t> indices;  ///< legal actions, as indices into Model::actions()
  std::vector<Action> actions;        ///< the same actions
  std::vector<Timing> action_timings; ///< timing of the state each action was taken in
  std::vector<Event> events;          ///< the expected trace (negative: ends on the refused event)
  bool terminal = false;
  Verdicts verdicts;
  std::vector<std::uint32_t> covers;  ///< goal keys, sorted
  std::optional<Refusal> refusal;
  std::string origin;                 ///< why it was generated ("goal activated:...", "mutant twin of x")
  std::uint64_t trace_hash = 0;
};

/// Per scenario exploration figures.
struct ScenarioStats {
  std::uint64_t states = 0, transitions = 0;
  std::uint32_t depth = 0;
  bool complete = true;
  double seconds = 0;
};

/// What the report says of one goal.
struct GoalStatus {
  bool reachable = false;
  bool covered = false;
  std::vector<std::string> cases;  ///< ids of the cases covering it
};

struct CorpusResult {
  std::string mode = "exhaustive";  ///< or "random"
  std::string ruleset;              ///< ruleset name
  PropertyBits disputed;            ///< properties the ruleset disputes: expected verdict "disputed"
  CorpusOptions options;
  std::vector<CorpusScenario> scenarios;
  std::vector<ScenarioStats> stats;
  std::vector<CorpusCase> cases;
  std::map<std::uint32_t, GoalStatus> goals;  ///< every goal of the universe, by key
  std::vector<std::string> notes;             ///< skipped mutants and the like
  std::size_t candidates = 0;                 ///< positive candidates considered
  std::size_t duplicates = 0;                 ///< candidates dropped as duplicate traces
  double seconds = 0;
};

/// Build a corpus under `rules` (named `ruleset_name` in the traces).
CorpusResult build_corpus(const CorpusOptions& options, const Ruleset& rules, const std::string& ruleset_name,
                          const CorpusProgressFn& progress = {});

/// Hash of a scenario name plus event list: equal traces, equal hash (dedup key).
std::uint64_t trace_hash(const std::string& scenario, const std::vector<Event>& events);

/// Walk `indices` from the initial state; returns false if an index is out of range.
/// `state` is the final state; `timings` the timing of each state an action was taken in.
bool walk(const Model& model, const std::vector<std::uint8_t>& indices, State& state, std::vector<Timing>* timings);

/// The expected-verdict document of a case (docs/corpus.md "Verdict file").
nlohmann::json case_to_json(const CorpusResult& r, const CorpusCase& c);
/// The expected trace of a case as JSON Lines (docs/trace-format.md).
std::string case_trace(const CorpusResult& r, const CorpusCase& c);

/// coverage.json and coverage.md, and the short summary printed on stdout.
nlohmann::json coverage_json(const CorpusResult& r);
std::string coverage_markdown(const CorpusResult& r);
std::string coverage_summary(const CorpusResult& r);
/// Counts: covered, uncovered-but-reachable, unreachable (over every goal).
struct CoverageCounts {
  int covered = 0, uncovered_reachable = 0, unreachable = 0;
  int pairs_covered = 0;  ///< (timing, kind) pairs covered, legal or refused
};
CoverageCounts coverage_counts(const CorpusResult& r);

/// Write DIR/scenarios/*.toml, DIR/cases/<id>.jsonl + <id>.expected.json,
/// DIR/coverage.{md,json} and DIR/index.json last (a case exists only when
/// the index lists it). Each file is written atomically; without `force`
/// nothing is written when any of these files already exists.
WriteResult write_corpus(const CorpusResult& r, const std::string& dir, bool force);

}  // namespace bc
