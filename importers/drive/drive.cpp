/// One run through model and engine side by side (drive_case), and the protocol
/// JSON of actions; exploration is in drive_explore.cpp, shrinking in drive_shrink.cpp.
#include "importers/drive/drive.hpp"

#include <algorithm>
#include <set>

#include "importers/drive/drive_response.hpp"
#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

using json = nlohmann::json;

/// State of one side-by-side run.
struct Session {
  EngineHandle& handle;
  const Model& model;
  DriveRun& run;
  State state{};
  TraceContext ctx{};
  Verdicts engine_verdicts;
  EventTypeMask omits = 0;  ///< event types the engine said (on load) it never writes

  /// Call the engine; on failure fill the divergence and return false.
  bool call(const json& request, json& body) {
    const CallFailure f = engine_request(handle, request, body);
    return f.kind == DriveKind::None || diverge(f.kind, f.detail);
  }

  bool diverge(DriveKind kind, const std::string& detail) {
    DriveDivergence& d = run.divergence;
    d.kind = kind;
    d.detail = detail;
    d.step = static_cast<int>(run.actions.size());
    d.timing = state.timing;
    d.priority = state.priority;
    return false;
  }

  /// The "events" array of a response as Events; malformed = EngineError.
  bool read_events(const json& body, std::vector<json>& raw, std::vector<Event>& events) {
    const std::string error = read_response_events(body, model.scenario(), raw, events);
    return error.empty() || malformed(error);
  }

  /// A response of the wrong shape (malformed_response).
  bool malformed(const std::string& error) {
    const CallFailure f = malformed_response(handle, error);
    return diverge(f.kind, f.detail);
  }

  /// After a run that agreed: output the engine wrote beyond its responses
  /// is this run's fault, not the next run's (the process is not reused).
  bool check_idle(int settle_ms) {
    const EngineReply idle = handle.current().check_idle(settle_ms);
    return idle.ok() || diverge(failure_kind(idle.status), idle.detail);
  }

  void observe_engine(const std::vector<Event>& events) {
    for (const Event& e : events) observe(ctx, e, engine_verdicts);
  }

  /// The properties the engine's events violate, but those the ruleset disputes.
  void note_properties() {
    const PropertyBits counted = counted_properties(model.rules(), DisputedClaims::NotFailures);
    for (int i = 0; i < static_cast<int>(properties().size()); ++i)
      if (engine_verdicts.violated[i] && counted[i]) run.divergence.properties.emplace_back(properties()[i].id);
  }

  bool compare_events(const std::vector<Event>& all_model_events, const std::vector<json>& raw,
                      const std::vector<Event>& engine_events, DriveKind kind) {
    observe_engine(engine_events);
    const std::vector<Event> model_events = without_omitted(all_model_events, omits);
    if (model_events == engine_events) return true;
    diverge(kind, "");
    DriveDivergence& d = run.divergence;
    d.model_events = model_events;
    d.engine_events = raw;
    std::size_t i = 0;
    while (i < model_events.size() && i < engine_events.size() && model_events[i] == engine_events[i]) ++i;
    d.first_event_diff = static_cast<int>(i);
    note_properties();
    return false;
  }

  bool load() {
    EventBuffer buf;
    state = model.initial(buf);
    ctx = start_context(model.scenario());
    run.model_events.assign(buf.begin(), buf.end());
    json body;
    const json request = {{"cmd", "load"}, {"ruleset", handle.spec().ruleset_name},
                          {"scenario", scenario_to_json(model.scenario())}};
    if (!call(request, body)) return false;
    if (const std::string error = read_response_omits(body, omits); !error.empty()) return malformed(error);
    std::vector<json> raw;
    std::vector<Event> events;
    if (!read_events(body, raw, events)) return false;
    return compare_events(run.model_events, raw, events, DriveKind::OpeningEvents);
  }

  bool compare_actions(const ActionList& legal) {
    json body;
    if (!call({{"cmd", "actions"}}, body)) return false;
    std::set<std::string> model_set, engine_set;
    std::vector<json> model_list, engine_list;
    const std::string error = read_response_actions(body, engine_list, engine_set);
    if (!error.empty()) return malformed(error);
    for (const Action& a : legal) {
      model_list.push_back(protocol_action(a));
      model_set.insert(canonical_action(model_list.back()));
    }
    ++run.states_compared;
    if (model_set == engine_set) return true;
    diverge(DriveKind::Actions, "");
    DriveDivergence& d = run.divergence;
    for (const json& a : model_list)
      if (!engine_set.count(canonical_action(a))) d.only_model.push_back(a);
    for (const json& a : engine_list)
      if (!model_set.count(canonical_action(a))) d.only_engine.push_back(json::parse(canonical_action(a)));
    explain_extra_action();
    return false;
  }

  /// An action the engine offers but the model refuses: name the ruleset
  /// entry that forbids it, and let the engine apply it to see which
  /// property its events break.
  void explain_extra_action() {
    DriveDivergence& d = run.divergence;
    if (d.only_engine.empty()) return;
    const json& extra = d.only_engine.front();
    if (extra.is_object() && extra.contains("action") && extra["action"] == "activate" && extra.contains("card") &&
        extra["card"].is_number_unsigned()) {
      const auto card = extra["card"].get<std::size_t>();
      if (card < model.scenario().cards.size()) {
        const EffectKind kind = model.scenario().cards[card].kind;
        const Ruleset& r = model.rules();
        if (!r.allowed(kind, state.timing)) {
          const Provenance& p = r.permission_sources[static_cast<int>(kind)];
          d.rule = "ruleset " + r.name + ": permissions." + std::string(name(kind)) + " does not list " +
                   std::string(name(state.timing));
          if (!p.sources.empty()) {
            d.rule += " (";
            for (std::size_t i = 0; i < p.sources.size(); ++i) d.rule += (i ? ", " : "") + p.sources[i];
            d.rule += ")";
          }
        }
      }
    }
    ++handle.calls;
    EngineReply reply = handle.get().call({{"cmd", "apply"}, {"action", extra}});
    if (!reply.ok()) return;
    std::vector<json> raw;
    std::vector<Event> events;
    if (!read_response_events(reply.body, model.scenario(), raw, events).empty()) return;
    d.engine_events = std::move(raw);
    observe_engine(events);
    note_properties();
  }

  bool apply(const Action& a) {
    EventBuffer buf;
    const State next = model.next(state, a, buf);
    const std::vector<Event> model_events(buf.begin(), buf.end());
    run.actions.push_back(a);
    json body;
    if (!call({{"cmd", "apply"}, {"action", protocol_action(a)}}, body)) return false;
    std::vector<json> raw;
    std::vector<Event> events;
    if (!read_events(body, raw, events)) return false;
    if (!compare_events(model_events, raw, events, DriveKind::Events)) return false;
    run.model_events.insert(run.model_events.end(), model_events.begin(), model_events.end());
    state = next;
    return true;
  }
};

}  // namespace

json protocol_action(const Action& a) {
  json j = {{"action", std::string(name(a.type))}};
  switch (a.type) {
    case ActionType::Activate:
      j["card"] = a.card;
      if (a.target != kNoSlot) j["target"] = slot_name(a.target);
      break;
    case ActionType::DeclineTrigger: j["card"] = a.card; break;
    case ActionType::FlipSummon: j["target"] = slot_name(a.target); break;
    case ActionType::DeclareAttack:
    case ActionType::ReplayTarget:
      j["attacker"] = slot_name(a.attacker);
      j["target"] = slot_name(a.target);
      break;
    default: break;
  }
  return j;
}

namespace {

DriveRun drive_once(EngineHandle& engine, const Ruleset& rules, const DriveCase& c, int settle_ms) {
  DriveRun run;
  const Model model(c.scenario, rules);
  Session session{engine, model, run, State{}, TraceContext{}, Verdicts{}};
  engine.get();  // started (again) if needed, then this run is counted on it
  engine.count_run();
  if (!session.load()) return run;
  for (std::size_t i = 0;; ++i) {
    ActionList legal;
    model.actions(session.state, legal);
    if (!session.compare_actions(legal)) return run;
    if (legal.empty() || i >= c.choices.size()) break;
    if (!session.apply(legal[static_cast<int>(c.choices[i] % static_cast<std::uint32_t>(legal.size()))])) return run;
  }
  session.check_idle(settle_ms);
  return run;
}

}  // namespace

DriveRun drive_case(EngineHandle& engine, const Ruleset& rules, const DriveCase& c, int settle_ms) {
  const bool reused = engine.reused();
  DriveRun run = drive_once(engine, rules, c, settle_ms);
  if (!is_engine_failure(run.divergence.kind)) return run;
  engine.retire();  // its output may be out of step with the requests
  if (!reused) return run;
  DriveRun fresh = drive_once(engine, rules, c, settle_ms);
  if (is_engine_failure(fresh.divergence.kind)) engine.retire();
  if (fresh.agrees()) fresh.stray = run.divergence.detail;
  return fresh;
}

}  // namespace bc
