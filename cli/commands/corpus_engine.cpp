/// `corpus run --engine`: a corpus case driven through an engine.
#include "cli/commands/corpus_engine.hpp"

#include <chrono>
#include <memory>

#include "importers/drive/drive.hpp"
#include "importers/drive/drive_engine.hpp"
#include "model/loaders/loader.hpp"
#include "trace/format/trace_json.hpp"
#include "trace/input/json_input.hpp"

namespace bc::cli {
namespace {

/// What the two sides said at a divergence, a few lines.
std::string divergence_body(const DriveDivergence& d) {
  std::string out = "divergence (" + std::string(name(d.kind)) + ") after " + std::to_string(d.step) + " actions, at " +
                    std::string(name(d.timing)) + "\n";
  for (const nlohmann::json& a : d.only_model) out += "  legal in the model, not offered by the engine: " + a.dump() + "\n";
  for (const nlohmann::json& a : d.only_engine) out += "  offered by the engine, illegal in the model: " + brief(a, 300) + "\n";
  if (d.first_event_diff >= 0) {
    const auto i = static_cast<std::size_t>(d.first_event_diff);
    out += "  the model says: " + (i < d.model_events.size() ? event_to_json(d.model_events[i]).dump() : "(no more events)") + "\n";
    out += "  the engine says: " + (i < d.engine_events.size() ? brief(d.engine_events[i], 300) : "(no more events)") + "\n";
  }
  if (!d.detail.empty()) out += "  " + d.detail + "\n";
  if (!d.rule.empty()) out += "  rule: " + d.rule + "\n";
  for (const std::string& p : d.properties) out += "  property violated by the engine: " + p + "\n";
  return out;
}

}  // namespace

CaseCheck engine_case_check(const std::string& command, int timeout_ms) {
  auto handle = std::make_shared<std::unique_ptr<EngineHandle>>();
  EngineSpec spec{split_command(command), timeout_ms, "mr3"};
  return [handle, spec](const CorpusRunCase& c) {
    const auto start = std::chrono::steady_clock::now();
    const TraceFile trace = read_trace(read_input_file(c.trace), c.trace);
    const std::string ruleset = trace.ruleset.empty() ? "mr3" : trace.ruleset;
    if (!*handle || (*handle)->spec().ruleset_name != ruleset) {
      EngineSpec s = spec;
      s.ruleset_name = ruleset;
      *handle = std::make_unique<EngineHandle>(s);
    }
    const Ruleset rules = load_ruleset(ruleset);
    DriveCase dc{trace.scenario, c.actions};
    // A refused trigger, chain or mutant event: take the (legal) action and compare its events too.
    if (c.negative && c.action_legal && c.action_index >= 0) dc.choices.push_back(static_cast<std::uint32_t>(c.action_index));
    const DriveRun run = drive_case(**handle, rules, dc);
    CorpusRunResult r;
    r.expect = c;
    r.verdict.file = c.trace;
    const int steps = static_cast<int>(dc.choices.size());
    if (run.agrees()) {
      r.pass = true;
      r.detail = c.negative ? "the engine refuses what the rules refuse: " + expectation(c)
                            : "the engine agrees on all " + std::to_string(steps) + " actions";
    } else {
      const DriveDivergence& d = run.divergence;
      r.detail = "the engine disagrees (" + std::string(name(d.kind)) + ") after " + std::to_string(d.step) +
                 " actions, at " + std::string(name(d.timing));
      if (c.negative && d.step >= static_cast<int>(c.actions.size())) r.detail += ", where the case expects " + expectation(c);
      r.body = divergence_body(d);
    }
    r.verdict.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  };
}

}  // namespace bc::cli
