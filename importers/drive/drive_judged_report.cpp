/// Reports of `drive --judge trace` (drive_judged.hpp).
#include <sstream>

#include "importers/drive/drive_judged.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

using json = nlohmann::json;

/// Records shown before a finding's line.
constexpr std::size_t kContext = 6;

std::string action_line(const Action& a, const Scenario& s) {
  std::string text = protocol_action(a).dump();
  if (a.card < s.cards.size()) text += "   " + s.cards[a.card].name;
  return text;
}

json finding_json(const DriveFinding& f) {
  json actions = json::array();
  for (const Action& a : f.run.actions) actions.push_back(protocol_action(a));
  return {{"finding", f.run.divergence.detail},
          {"kind", std::string(name(f.run.divergence.kind))},
          {"failing_runs", f.failing_runs},
          {"trace_line", f.run.divergence.trace_line},
          {"choices", f.minimal.choices},
          {"original_choices", f.original_choices},
          {"shrink_runs", f.shrink_runs},
          {"actions", actions}};
}

}  // namespace

std::string judged_report_text(const DriveResult& r) {
  std::ostringstream o;
  o << "judged as traces (--judge trace, as verify-trace judges them): " << r.failing_runs << " of " << r.runs
    << " runs do not hold\n";
  o << "not checked: " << r.unchecked_offers << " withheld offers of cards with hidden conditions, "
    << r.offered_again << " offers again after a card's use, " << r.closing_prompts
    << " closing prompts; judged although hidden: " << r.withheld_after_offer
    << " offers withheld after the same offer earlier in the battle\n";
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const DriveFinding& f = r.findings[i];
    const Scenario& s = f.minimal.scenario;
    o << "\nfinding " << i + 1 << " of " << r.findings.size() << " (" << f.failing_runs << " failing run"
      << (f.failing_runs == 1 ? "" : "s") << "): " << f.run.divergence.detail << "\n";
    o << "  at trace line " << f.run.divergence.trace_line << "; choices [";
    for (std::size_t c = 0; c < f.minimal.choices.size(); ++c) o << (c ? "," : "") << f.minimal.choices[c];
    o << "] (shrunk from " << f.original_choices << " in " << f.shrink_runs << " runs)\n";
    o << "  the engine's actions:" << (f.run.actions.empty() ? " (none)" : "") << "\n";
    for (std::size_t a = 0; a < f.run.actions.size(); ++a)
      o << "    " << a + 1 << ". " << action_line(f.run.actions[a], s) << "\n";
    const std::size_t line = f.run.divergence.trace_line;
    o << "  the run's records up to it:\n";
    for (const TraceRecord& rec : f.run.records)
      if (rec.line <= line && rec.line + kContext > line) o << "    " << rec.line << ": " << record_to_json(rec).dump() << "\n";
  }
  if (r.findings.empty())
    o << "verdict: HOLD: every run of the engine holds as a trace\n";
  else
    o << "verdict: DISAGREE: " << r.findings.size() << " finding" << (r.findings.size() == 1 ? "" : "s")
      << "; each one's trace: --out DIR (then battlecheck verify-trace DIR/finding-N.trace.jsonl) (exit 1)\n";
  return o.str();
}

json judged_report_json(const DriveResult& r) {
  json findings = json::array();
  for (const DriveFinding& f : r.findings) findings.push_back(finding_json(f));
  return {{"judge", "trace"},
          {"failing_runs", r.failing_runs},
          {"unchecked_offers", r.unchecked_offers},
          {"withheld_after_offer", r.withheld_after_offer},
          {"offered_again", r.offered_again},
          {"closing_prompts", r.closing_prompts},
          {"findings", findings}};
}

std::string judged_trace_file(const DriveFinding& f, const std::string& ruleset) {
  TraceHeader h;
  h.ruleset = ruleset;
  h.scenario = f.run.trace_scenario ? *f.run.trace_scenario : f.minimal.scenario;
  h.omits = f.run.trace_omits;
  return write_trace(h, f.run.records);
}

}  // namespace bc
