#include "importers/drive/drive_report.hpp"

#include "importers/drive/drive_judged.hpp"

#include <algorithm>
#include <sstream>

#include "trace/input/json_input.hpp"
#include "counterexamples/report/report.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

using json = nlohmann::json;

/// Characters of an engine-provided value shown on one report line.
constexpr std::size_t kShown = 300;

std::string rate(const DriveResult& r) {
  if (r.seconds <= 0) return "-";
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(0);
  o << static_cast<double>(r.states) / r.seconds;
  return o.str();
}

std::string seconds(double s) {
  std::ostringstream o;
  o.setf(std::ios::fixed);
  o.precision(2);
  o << s;
  return o.str();
}

/// What each side said at the divergence, as text lines.
void divergence_text(std::ostringstream& o, const DriveDivergence& d) {
  switch (d.kind) {
    case DriveKind::Actions:
      o << "  legal in the model, not offered by the engine:" << (d.only_model.empty() ? " (none)" : "") << "\n";
      for (const json& a : d.only_model) o << "    " << a.dump() << "\n";
      o << "  offered by the engine, illegal in the model:" << (d.only_engine.empty() ? " (none)" : "") << "\n";
      for (const json& a : d.only_engine) o << "    " << brief(a, kShown) << "\n";
      if (!d.engine_events.empty()) {
        o << "  what the engine does with " << brief(d.only_engine.front(), kShown) << ":\n";
        for (const json& e : d.engine_events) o << "    " << brief(e, kShown) << "\n";
      }
      break;
    case DriveKind::Events:
    case DriveKind::OpeningEvents: {
      o << "  events in common: " << d.first_event_diff << "\n";
      o << "  the model says:\n";
      for (std::size_t i = static_cast<std::size_t>(d.first_event_diff); i < d.model_events.size(); ++i)
        o << "    " << event_to_json(d.model_events[i]).dump() << "\n";
      if (d.model_events.size() <= static_cast<std::size_t>(d.first_event_diff)) o << "    (no more events)\n";
      o << "  the engine says:\n";
      for (std::size_t i = static_cast<std::size_t>(d.first_event_diff); i < d.engine_events.size(); ++i)
        o << "    " << brief(d.engine_events[i], kShown) << "\n";
      if (d.engine_events.size() <= static_cast<std::size_t>(d.first_event_diff)) o << "    (no more events)\n";
      break;
    }
    default:
      o << "  the engine failed: " << d.detail << "\n";
      break;
  }
}

/// The timings the compared states were at, and those the scenario reaches
/// (a random walk of the model got there) that the exploration never did.
std::string timings_text(const DriveResult& r) {
  std::string reached, missed;
  int deepest = 0, count = 0;
  for (int t = 0; t < kTimingCount; ++t) {
    const std::string n(name(static_cast<Timing>(t)));
    if (r.timings_reached & (1u << t)) {
      reached += (reached.empty() ? "" : ", ") + n;
      ++count;
    } else if (r.timing_actions[t] >= 0) {
      missed += (missed.empty() ? "" : ", ") + n + " (" + std::to_string(r.timing_actions[t]) + ")";
      deepest = std::max(deepest, r.timing_actions[t]);
    }
  }
  std::string out = "timings reached: " + std::to_string(count) + " (" + reached + ")\n";
  if (!missed.empty())
    out += "warning: never reached, though walks of the model reach them (in so many actions): " + missed +
           "; nothing was compared there: raise --depth to " + std::to_string(deepest) + " or more (or add --random runs)\n";
  return out;
}

json divergence_json(const DriveDivergence& d) {
  json events = json::array();
  for (const Event& e : d.model_events) events.push_back(event_to_json(e));
  return {{"kind", std::string(name(d.kind))},
          {"after_actions", d.step},
          {"timing", std::string(name(d.timing))},
          {"priority", std::string(name(d.priority))},
          {"only_model", d.only_model},
          {"only_engine", d.only_engine},
          {"model_events", events},
          {"engine_events", d.engine_events},
          {"first_event_diff", d.first_event_diff},
          {"properties", d.properties},
          {"rule", d.rule},
          {"detail", d.detail}};
}

}  // namespace

std::string scenario_summary(const Scenario& s) {
  std::ostringstream o;
  o << "  scenario \"" << s.name << "\"" << (s.first_turn ? " (first turn of the duel)" : "") << "\n";
  for (int side = 0; side < 2; ++side) {
    o << "    " << (side == 0 ? "P1" : "P2") << " board:";
    bool any = false;
    for (int z = 0; z < kZonesPerSide; ++z) {
      const ZoneSpec& spec = s.board[side][z];
      if (spec.monster == kNoMonster) continue;
      const MonsterSpec& m = s.monsters[spec.monster];
      o << (any ? "," : "") << " " << slot_name(static_cast<std::uint8_t>(side * kZonesPerSide + z)) << " " << m.name
        << " " << m.atk << "/" << m.def << " " << name(spec.position);
      any = true;
    }
    o << (any ? "" : " empty") << "\n";
  }
  for (std::size_t i = 0; i < s.cards.size(); ++i) {
    const CardSpec& c = s.cards[i];
    o << "    card " << i << ": " << c.name << " (" << name(c.kind) << ", " << name(c.owner);
    if (c.host != kNoMonster) o << ", host " << s.monsters[c.host].name;
    if (c.value != 0) o << ", value " << c.value;
    if (c.summons != kNoMonster) o << ", summons " << s.monsters[c.summons].name;
    if (c.condition != Condition::None) o << ", " << name(c.condition);
    o << ")\n";
  }
  return o.str();
}

std::string drive_report_text(const DriveSetup& setup, const DriveResult& r, const Ruleset& rules) {
  std::ostringstream o;
  o << "drive: engine '" << setup.engine << "', ruleset " << setup.ruleset << ", " << setup.mode << ", scenario "
    << setup.scenario << "\n";
  o << "explored: " << r.runs << " runs, " << r.states << " states compared, " << r.engine_calls << " engine calls in "
    << seconds(r.seconds) << " s (" << rate(r) << " states/s)" << (r.truncated ? " [state bound reached]" : "") << "\n";
  if (r.judge == DriveJudge::Trace) return o.str() + judged_report_text(r);
  o << timings_text(r);
  if (!r.found) {
    o << "verdict: AGREE: the engine and the model agree on every state and action explored\n";
    return o.str();
  }
  const DriveDivergence& d = r.minimal_run.divergence;
  const Model model(r.minimal.scenario, rules);
  o << "\nDISAGREEMENT (" << name(d.kind) << ") after " << d.step << " action" << (d.step == 1 ? "" : "s") << ", at "
    << name(d.timing) << " (" << name(d.priority) << " holds priority in the model)\n";
  o << "minimal reproduction (shrunk from " << r.original.choices.size() << " choices in " << r.shrink_runs
    << " runs, " << r.shrink_steps << " shrink steps):\n";
  o << scenario_summary(r.minimal.scenario);
  o << "  scenario JSON: " << scenario_to_json(r.minimal.scenario).dump() << "\n";
  o << "  actions:" << (r.minimal_run.actions.empty() ? " (none: at load)" : "") << "\n";
  State s = model.initial();
  for (std::size_t i = 0; i < r.minimal_run.actions.size(); ++i) {
    const Action& a = r.minimal_run.actions[i];
    o << "    " << i + 1 << ". " << protocol_action(a).dump() << "   " << model.describe(s, a) << "\n";
    EventBuffer buf;
    s = model.next(s, a, buf);
  }
  o << "divergence:\n";
  divergence_text(o, d);
  if (!d.rule.empty()) o << "rule: " << d.rule << "\n";
  for (const std::string& id : d.properties) {
    const PropertyInfo& p = properties()[property_index(id)];
    o << "property violated by the engine: " << p.id << ": " << p.statement << " (" << citations_text(p.citations)
      << ")\n";
  }
  o << "verdict: DISAGREE: " << (is_engine_failure(d.kind) ? "the engine failed" : "the engine breaks the rules")
    << " (exit 1)\n";
  return o.str();
}

json drive_report_json(const DriveSetup& setup, const DriveResult& r, const Ruleset& rules) {
  json out = {{"engine", setup.engine},     {"ruleset", setup.ruleset},   {"scenario_origin", setup.scenario},
              {"mode", setup.mode},         {"runs", r.runs},             {"states", r.states},
              {"engine_calls", r.engine_calls}, {"seconds", r.seconds},   {"truncated", r.truncated},
              {"verdict", r.found ? "disagree" : "agree"}};
  json reached = json::array(), missed = json::array();
  for (int t = 0; t < kTimingCount; ++t) {
    if (r.timings_reached & (1u << t)) reached.push_back(name(static_cast<Timing>(t)));
    else if (r.timing_actions[t] >= 0) missed.push_back({{"timing", name(static_cast<Timing>(t))}, {"actions", r.timing_actions[t]}});
  }
  out["timings_reached"] = reached;
  out["timings_not_reached"] = missed;
  if (r.judge == DriveJudge::Trace) {
    out.update(judged_report_json(r));
    return out;
  }
  if (!r.found) return out;
  json actions = json::array();
  json narrative = json::array();
  const Model model(r.minimal.scenario, rules);
  State s = model.initial();
  for (const Action& a : r.minimal_run.actions) {
    actions.push_back(protocol_action(a));
    narrative.push_back(model.describe(s, a));
    EventBuffer buf;
    s = model.next(s, a, buf);
  }
  out["minimal"] = {{"scenario", scenario_to_json(r.minimal.scenario)},
                    {"choices", r.minimal.choices},
                    {"actions", actions},
                    {"narrative", narrative},
                    {"divergence", divergence_json(r.minimal_run.divergence)}};
  out["shrink"] = {{"runs", r.shrink_runs}, {"steps", r.shrink_steps}, {"original_choices", r.original.choices.size()}};
  return out;
}

}  // namespace bc
