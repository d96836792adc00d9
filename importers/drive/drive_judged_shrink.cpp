/// `drive --judge trace`: the one-line finding of a run and its shrinking
/// (drive_judged.hpp).
#include "importers/drive/drive_judged.hpp"

#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

/// An action as the protocol writes it, with its card's name.
std::string action_text(const Action& a, const Scenario& s) {
  std::string text = protocol_action(a).dump();
  if (a.card < s.cards.size()) text += " (" + s.cards[a.card].name + ")";
  return text;
}

std::string list_text(const std::vector<Action>& actions, const Scenario& s) {
  std::string out;
  for (const Action& a : actions) out += (out.empty() ? "" : ", ") + action_text(a, s);
  return out;
}

std::string rules_text(const std::vector<std::string>& rules) {
  std::string out;
  for (const std::string& r : rules) out += (out.empty() ? "; rule: " : "; ") + r;
  return out;
}

std::string divergence_text(const Divergence& d, const Scenario& s) {
  std::string text;
  switch (d.kind) {
    case DivergenceKind::Offered:
      text = "prompt of " + std::string(name(d.offered.player)) +
             (d.offered.has_timing ? " at " + std::string(name(d.offered.timing)) : "") + ":";
      if (!d.withheld.empty()) text += " withheld (legal in the model): " + list_text(d.withheld, s) + ";";
      if (!d.illegal.empty()) text += " offered, illegal in the model: " + list_text(d.illegal, s) + ";";
      text.pop_back();
      break;
    case DivergenceKind::Event:
      text = "event " + event_to_json(d.found).dump() + " is not one the model allows here";
      if (!d.expected.empty()) text += " (it expects " + event_to_json(d.expected.front()).dump() + ")";
      break;
    case DivergenceKind::EndOfTrace:
      text = "the run ends inside an action";
      if (!d.expected.empty()) text += " (the model expects " + event_to_json(d.expected.front()).dump() + ")";
      break;
    case DivergenceKind::None: break;
  }
  for (int p : d.properties) text += "; breaks " + std::string(properties()[p].id);
  return text + rules_text(d.rules);
}

}  // namespace

std::string judged_finding(const ConformanceResult& r, const Scenario& scenario, std::size_t& line) {
  if (!r.conforms()) {
    line = r.divergence.line;
    return divergence_text(r.divergence, scenario);
  }
  std::string text;
  line = 0;
  for (int i = 0; i < static_cast<int>(properties().size()); ++i) {
    if (!r.verdicts.violated[i] || properties()[i].kind == PropertyKind::Sometimes) continue;
    if (line == 0 || (r.violation_line[i] != 0 && r.violation_line[i] < line)) line = r.violation_line[i];
    text += (text.empty() ? "property violated: " : ", ") + std::string(properties()[i].id);
  }
  return text;
}

void shrink_judged(DriveFinding& f, EngineHandle& engine, const Ruleset& rules, const DriveOptions& opts) {
  const std::string key = f.run.divergence.detail;
  const DriveKind kind = f.run.divergence.kind;
  auto trim = [](std::vector<std::uint32_t> c) {
    while (!c.empty() && c.back() == 0) c.pop_back();
    return c;
  };
  // A candidate is kept when its run shows the same finding.
  auto try_case = [&](std::vector<std::uint32_t> choices) {
    choices = trim(std::move(choices));
    if (f.shrink_runs >= opts.max_shrink_runs || choices == f.minimal.choices) return false;
    ++f.shrink_runs;
    const DriveCase c{f.minimal.scenario, choices};
    DriveRun run = drive_judged_case(engine, rules, c, opts.max_steps);
    if (run.divergence.kind != kind || run.divergence.detail != key) return false;
    f.minimal = c;
    f.run = std::move(run);
    return true;
  };
  try_case(f.minimal.choices);  // the trailing defaults are not needed
  for (bool progress = true; progress;) {
    progress = false;
    for (std::size_t i = f.minimal.choices.size(); i-- > 0;) {
      if (i >= f.minimal.choices.size()) continue;
      std::vector<std::uint32_t> fewer = f.minimal.choices;
      fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(i));
      if (try_case(fewer)) {
        progress = true;
        continue;
      }
      if (f.minimal.choices[i] == 0) continue;
      std::vector<std::uint32_t> smaller = f.minimal.choices;
      smaller[i] = 0;
      if (try_case(smaller)) progress = true;
      else if (f.minimal.choices[i] > 1) {
        smaller[i] = f.minimal.choices[i] - 1;
        if (try_case(smaller)) progress = true;
      }
    }
  }
}

}  // namespace bc
