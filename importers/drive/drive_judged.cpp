/// `drive --judge trace` (drive.hpp, DriveJudge::Trace): the engine chooses
/// among its own offers and each run is judged as `verify-trace` judges a
/// trace, by the conformance checker with its leniencies. Exploration walks
/// the tree of the engine's offers to a depth; every kind of failure is
/// shrunk to the fewest choices (drive_judged_shrink.cpp).
#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "importers/drive/drive.hpp"
#include "importers/drive/drive_judged.hpp"
#include "importers/drive/drive_response.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

using json = nlohmann::json;

/// Rank of an offer as the default choice: the way through a Battle Phase
/// that changes least (enter it, pass, decline, stop a replay), then the rest.
int default_rank(const Action& a) {
  switch (a.type) {
    case ActionType::EnterBattlePhase: return 0;
    case ActionType::Pass: return 1;
    case ActionType::DeclineTrigger: return 2;
    case ActionType::ReplayStop: return 3;
    default: return 4;
  }
}

/// One run along the engine's offers; its trace is judged at the end.
struct JudgedSession {
  EngineHandle& handle;
  const Model& model;
  DriveRun& run;
  Player holder = Player::P1;   ///< who the last priority event named
  bool engine_records = false;  ///< the engine writes its own records

  bool fail(const CallFailure& f) {
    run.divergence.kind = f.kind;
    run.divergence.detail = f.detail;
    run.divergence.step = static_cast<int>(run.actions.size());
    return false;
  }
  bool call(const json& request, json& body) {
    const CallFailure f = engine_request(handle, request, body);
    return f.kind == DriveKind::None || fail(f);
  }
  bool malformed(const std::string& error) { return fail(malformed_response(handle, error)); }

  /// Take the response's records (the engine's whole trace so far), or, from
  /// an engine that writes none, append its events.
  bool take_response(const json& body) {
    if (body.is_object() && body.contains("trace_scenario")) {
      try {
        run.trace_scenario = scenario_from_json(body["trace_scenario"], "trace_scenario");
      } catch (const std::exception& e) {
        return malformed(std::string("the engine's \"trace_scenario\" is not a scenario: ") + e.what());
      }
    }
    std::vector<TraceRecord> records;
    bool given = false;
    const Scenario& scenario = run.trace_scenario ? *run.trace_scenario : model.scenario();
    std::string error = read_response_records(body, scenario, records, given);
    if (!error.empty()) return malformed(error);
    if (given) {
      engine_records = true;
      run.records = std::move(records);
      return true;
    }
    std::vector<json> raw;
    std::vector<Event> events;
    error = read_response_events(body, model.scenario(), raw, events);
    if (!error.empty()) return malformed(error);
    for (const Event& e : events) {
      if (e.type == EventType::Priority) holder = e.player;
      run.records.push_back(TraceRecord{RecordKind::Event, e, {}, {}, 0});
    }
    return true;
  }

  /// The verdict on the run's trace, as verify-trace gives it.
  void judge() {
    const Model own(run.trace_scenario ? *run.trace_scenario : model.scenario(), model.rules());
    ConformanceChecker checker(own, run.trace_omits);
    std::size_t line = 1;  // the header is line 1
    for (TraceRecord& r : run.records) {
      r.line = ++line;
      checker.on_record(r);
    }
    run.conformance = checker.finish();
  }

  bool load() {
    json body;
    const json request = {{"cmd", "load"}, {"ruleset", handle.spec().ruleset_name},
                          {"scenario", scenario_to_json(model.scenario())}};
    if (!call(request, body)) return false;
    EventTypeMask omits = 0;
    std::string error = read_response_omits(body, omits);
    if (error.empty()) error = read_response_trace_omits(body, omits);
    if (!error.empty()) return malformed(error);
    run.trace_omits = omits;
    return take_response(body);
  }

  /// The engine's offers, default first; an engine without records of its own
  /// gets them written as an `offered` record of the player with priority.
  bool offers(std::vector<Action>& out) {
    json body;
    if (!call({{"cmd", "actions"}}, body)) return false;
    std::vector<json> raw;
    std::set<std::string> canonical;
    const std::string error = read_response_actions(body, raw, canonical);
    if (!error.empty()) return malformed(error);
    std::vector<std::pair<int, std::string>> order;
    try {
      for (const std::string& c : canonical) {
        out.push_back(action_from_json(json::parse(c), "engine action"));
        order.emplace_back(default_rank(out.back()), c);
      }
    } catch (const std::exception& e) {
      return malformed(std::string("the engine offered an action battlecheck cannot read: ") + e.what());
    }
    std::vector<std::size_t> idx(out.size());
    for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return order[a] < order[b]; });
    std::vector<Action> sorted;
    for (std::size_t i : idx) sorted.push_back(out[i]);
    out = std::move(sorted);
    if (!engine_records && !out.empty()) {
      TraceRecord r;
      r.kind = RecordKind::Offered;
      r.offered.player = holder;
      for (const Action& a : out) r.offered.actions.push(a);
      run.records.push_back(std::move(r));
    }
    return true;
  }

  bool apply(const Action& a) {
    run.actions.push_back(a);
    json body;
    return call({{"cmd", "apply"}, {"action", protocol_action(a)}}, body) && take_response(body);
  }
};

DriveRun judged_once(EngineHandle& engine, const Ruleset& rules, const DriveCase& c, int max_steps,
                     std::vector<std::uint32_t>* widths) {
  DriveRun run;
  const Model model(c.scenario, rules);
  JudgedSession s{engine, model, run};
  engine.get();
  engine.count_run();
  if (!s.load()) return run;
  std::size_t decision = 0;  // prompts with a choice so far
  for (int i = 0; i < max_steps; ++i) {
    std::vector<Action> offered;
    if (!s.offers(offered)) return run;
    ++run.states_compared;
    if (offered.empty()) break;
    std::size_t k = 0;
    if (offered.size() > 1) {
      if (widths) widths->push_back(static_cast<std::uint32_t>(offered.size()));
      if (decision < c.choices.size()) k = c.choices[decision] % offered.size();
      ++decision;
    }
    if (!s.apply(offered[k])) return run;
  }
  s.judge();
  if (!run.conformance.holds()) {
    run.divergence.kind = DriveKind::Trace;
    run.divergence.step = static_cast<int>(run.actions.size());
    run.divergence.detail = judged_finding(run.conformance, c.scenario, run.divergence.trace_line);
  }
  return run;
}

using Clock = std::chrono::steady_clock;

}  // namespace

DriveRun drive_judged_case(EngineHandle& engine, const Ruleset& rules, const DriveCase& c, int max_steps,
                           std::vector<std::uint32_t>* widths) {
  DriveRun run = judged_once(engine, rules, c, max_steps, widths);
  if (is_engine_failure(run.divergence.kind)) engine.retire();  // its output may be out of step
  return run;
}

void explore_judged(DriveResult& result, EngineHandle& engine, const Ruleset& rules, const Scenario& scenario,
                    const DriveOptions& opts) {
  result.judge = DriveJudge::Trace;
  std::vector<std::vector<std::uint32_t>> stack{{}};
  std::map<std::string, std::size_t> seen;  // finding -> index in result.findings
  std::vector<DriveCase> first_case;
  auto last = Clock::now();
  while (!stack.empty()) {
    if (result.runs >= opts.max_states) {
      result.truncated = true;
      break;
    }
    DriveCase c{scenario, std::move(stack.back())};
    stack.pop_back();
    std::vector<std::uint32_t> widths;
    const DriveRun run = drive_judged_case(engine, rules, c, opts.max_steps, &widths);
    ++result.runs;
    result.states += static_cast<std::uint64_t>(run.states_compared);
    result.engine_calls = engine.calls;
    result.unchecked_offers += run.conformance.unchecked_offers;
    result.withheld_after_offer += run.conformance.withheld_after_offer;
    result.offered_again += run.conformance.offered_again;
    result.closing_prompts += run.conformance.closing_prompts;
    for (std::size_t i = widths.size(); i-- > c.choices.size();)
      if (static_cast<int>(i) < opts.depth)
        for (std::uint32_t k = widths[i] - 1; k >= 1; --k) {
          std::vector<std::uint32_t> p = c.choices;
          p.resize(i, 0);
          p.push_back(k);
          stack.push_back(std::move(p));
        }
    if (!run.agrees()) {
      ++result.failing_runs;
      const std::string key = std::string(name(run.divergence.kind)) + ": " + run.divergence.detail;
      const auto [it, fresh] = seen.emplace(key, result.findings.size());
      if (fresh && result.findings.size() < DriveResult::kMaxFindings) {
        result.findings.push_back(DriveFinding{c, run, c.choices.size(), 0, 0});
        first_case.push_back(c);
      }
      if (it->second < result.findings.size()) ++result.findings[it->second].failing_runs;
      // An engine that crashed, hung or babbled stops the exploration (each
      // further failure could cost a timeout); an error answer does not.
      if (is_engine_failure(run.divergence.kind) && run.divergence.kind != DriveKind::EngineError) break;
    }
    if (opts.progress && std::chrono::duration<double>(Clock::now() - last).count() >= 1.0) {
      last = Clock::now();
      opts.progress("drive: " + std::to_string(result.runs) + " runs (" + std::to_string(stack.size()) +
                    " to go), " + std::to_string(result.failing_runs) + " failing, " +
                    std::to_string(result.engine_calls) + " engine calls");
    }
  }
  for (std::size_t f = 0; f < result.findings.size(); ++f) {
    if (opts.progress) opts.progress("drive: shrinking finding " + std::to_string(f + 1) + " of " +
                                     std::to_string(result.findings.size()));
    shrink_judged(result.findings[f], engine, rules, opts);
  }
  result.engine_calls = engine.calls;
  if (result.findings.empty()) return;
  result.found = true;
  result.original = first_case.front();
  result.minimal = result.findings.front().minimal;
  result.minimal_run = result.findings.front().run;
  result.shrink_runs = result.findings.front().shrink_runs;
}

}  // namespace bc
