/// verify-trace reports: text, JSON and JUnit XML.
#include <algorithm>
#include <sstream>

#include "cli/verify/verify_trace.hpp"
#include "counterexamples/report/report.hpp"
#include "trace/format/trace_json.hpp"

namespace bc::cli {
namespace {

using nlohmann::json;

/// "FILE:LINE", and for an imported stream the byte offset of the message the line came from.
std::string where(const TraceVerdict& v, std::size_t line) {
  std::string out = v.file + ":" + std::to_string(line);
  if (line >= 2 && line - 2 < v.offsets.size()) out += " (stream byte " + std::to_string(v.offsets[line - 2]) + ")";
  return out;
}

/// The cards a divergence shows by index (found, expected, offered, withheld,
/// legal), once each, in order: named in its report as an implementer knows them.
std::vector<std::uint8_t> cards_shown(const TraceVerdict& v, const Divergence& d) {
  std::vector<std::uint8_t> seen;
  auto add = [&](std::uint8_t c) {
    if (c != kNoCard && c < v.card_labels.size() && std::find(seen.begin(), seen.end(), c) == seen.end()) seen.push_back(c);
  };
  if (d.kind == DivergenceKind::Event) add(d.found.card);
  for (const Event& e : d.expected) add(e.card);
  for (const Action& a : d.illegal) add(a.card);
  for (const Action& a : d.withheld) add(a.card);
  if (d.kind == DivergenceKind::Offered)
    for (const Action& a : d.legal) add(a.card);
  std::sort(seen.begin(), seen.end());
  return seen;
}

/// "the trace's event ... is not allowed" and the rest, one line each.
std::vector<std::string> divergence_lines(const TraceVerdict& v, const Divergence& d) {
  std::vector<std::string> out;
  switch (d.kind) {
    case DivergenceKind::None: return out;
    case DivergenceKind::Event:
      out.push_back(where(v, d.line) + ": the model does not allow " + event_to_json(d.found).dump() + " here");
      break;
    case DivergenceKind::EndOfTrace:
      out.push_back(where(v, d.line) + ": the trace ends inside an action; the model still expects events");
      break;
    case DivergenceKind::Offered:
      out.push_back(where(v, d.line) + ": the offer to " + std::string(name(d.offered.player)) +
                    (d.offered.has_timing ? " at " + std::string(name(d.offered.timing)) : std::string()) +
                    " differs from the legal actions");
      for (const Action& a : d.illegal) out.push_back("  offered but illegal: " + action_to_json(a).dump());
      for (const Action& a : d.withheld) out.push_back("  legal but withheld: " + action_to_json(a).dump());
      break;
  }
  for (const Event& e : d.expected) out.push_back("  the model allowed: " + event_to_json(e).dump());
  if (d.kind == DivergenceKind::Offered)
    for (const Action& a : d.legal) out.push_back("  legal here: " + action_to_json(a).dump());
  for (std::uint8_t c : cards_shown(v, d)) out.push_back("  card " + std::to_string(c) + ": " + v.card_labels[c]);
  for (const std::string& r : d.rules) out.push_back("  rule: " + r);
  for (int p : d.properties)
    out.push_back("  property: " + std::string(properties()[p].id) + " [" + citations_text(properties()[p].citations) + "]");
  return out;
}

/// Whether property `p` was first violated after conformance stopped: the
/// monitors saw the engine's events from a state the model no longer shares,
/// so the violation follows from the divergence and is not reported as its own.
bool after_stop(const TraceVerdict& v, int p) {
  return v.result.stopped_line > 0 && v.result.violation_line[p] > v.result.stopped_line;
}

/// The Always/Eventually properties violated (`late`: those first violated after conformance stopped).
std::vector<int> violated(const TraceVerdict& v, bool late = false) {
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(properties().size()); ++i)
    if (v.result.verdicts.violated[i] && properties()[i].kind != PropertyKind::Sometimes && after_stop(v, i) == late)
      out.push_back(i);
  return out;
}

std::string xml_escape(const std::string& s) { return markup_escape(s); }

std::string body_text(const TraceVerdict& v) {
  std::string out;
  for (const std::string& l : divergence_lines(v, v.result.divergence)) out += l + "\n";
  for (const Divergence& d : v.result.later)
    for (const std::string& l : divergence_lines(v, d)) out += l + "\n";
  for (int p : violated(v))
    out += "property " + std::string(properties()[p].id) + " violated at " + where(v, v.result.violation_line[p]) +
           ": " + std::string(properties()[p].statement) + " [" + citations_text(properties()[p].citations) + "]\n";
  return out;
}

json divergence_json(const TraceVerdict& v, const Divergence& d) {
  static const char* kKinds[] = {"none", "event", "offered", "end_of_trace"};
  json dj = {{"kind", kKinds[static_cast<int>(d.kind)]}, {"line", d.line}, {"location", where(v, d.line)}};
  if (d.kind == DivergenceKind::Event) dj["found"] = event_to_json(d.found);
  if (d.kind == DivergenceKind::Offered) dj["found"] = offered_to_json(d.offered);
  json expected = json::array(), illegal = json::array(), withheld = json::array(), legal = json::array();
  for (const Event& e : d.expected) expected.push_back(event_to_json(e));
  for (const Action& a : d.illegal) illegal.push_back(action_to_json(a));
  for (const Action& a : d.withheld) withheld.push_back(action_to_json(a));
  for (const Action& a : d.legal) legal.push_back(action_to_json(a));
  dj["expected"] = expected;
  if (d.kind == DivergenceKind::Offered) {
    dj["illegal"] = illegal;
    dj["withheld"] = withheld;
    dj["legal"] = legal;
  }
  json cards = json::object();
  for (std::uint8_t c : cards_shown(v, d)) cards[std::to_string(c)] = v.card_labels[c];
  dj["cards"] = cards;
  dj["rules"] = d.rules;
  json props = json::array();
  for (int p : d.properties) props.push_back(properties()[p].id);
  dj["properties"] = props;
  return dj;
}

}  // namespace

std::string verdict_text(const TraceVerdict& v) {
  if (v.exit_code == 2) return v.file + ": UNREADABLE\n  " + v.error + "\n";
  const ConformanceResult& r = v.result;
  std::string head = v.file + ": " + (v.exit_code == 0 ? "HOLDS" : r.holds() ? "HOLDS, CARD FINDINGS" : "VIOLATION") + " (" + std::to_string(r.events) +
                     " events, " + std::to_string(r.offered) + " offered, ruleset " + v.ruleset + ", " +
                     (r.conforms() ? (r.complete ? "complete" : "incomplete: the Battle Phase does not end") : "diverges") + ")\n";
  std::string out = head;
  std::istringstream body(body_text(v));
  for (std::string line; std::getline(body, line);) out += "  " + line + "\n";
  for (const std::string& n : r.card_resyncs) out += "  resynchronised: " + n + "\n";
  for (const std::string& w : v.warnings) out += "  importer warning: " + w + "\n";
  if (const std::size_t late = violated(v, true).size(); late > 0)
    out += "  " + std::to_string(late) + " property violation(s) after conformance stopped at line " +
           std::to_string(r.stopped_line) + " not reported: they follow from the divergence\n";
  if (r.closing_prompts > 0)
    out += "  " + std::to_string(r.closing_prompts) +
           " pass-only prompts for windows the model had already left not compared (docs/engines/ygopro.md)\n";
  if (r.offered_again > 0)
    out += "  " + std::to_string(r.offered_again) +
           " activations offered again after their card's use not checked: the model uses each card once a turn\n";
  if (r.unchecked_offers > 0)
    out += "  " + std::to_string(r.unchecked_offers) +
           " withheld activations not checked: their cards have conditions the model cannot see, and the engine had "
           "not offered them in the same situation before\n";
  if (v.audited) {
    out += "  card audit: " + (v.card_findings.empty() ? std::string("no findings") : std::to_string(v.card_findings.size()) + " findings") + "\n";
    for (const std::string& f : v.card_findings) out += "    " + f + "\n";
  }
  return out;
}

json verdict_json(const TraceVerdict& v) {
  json j = {{"file", v.file}, {"exit_code", v.exit_code},
            {"verdict", v.exit_code == 0 ? "holds" : v.exit_code == 1 ? "violation" : "unreadable"}};
  if (v.exit_code == 2) {
    j["error"] = v.error;
    return j;
  }
  const ConformanceResult& r = v.result;
  j["ruleset"] = v.ruleset;
  j["events"] = r.events;
  j["offered"] = r.offered;
  j["complete"] = r.complete;
  j["conforms"] = r.conforms();
  j["unchecked_offers"] = r.unchecked_offers;
  j["offered_again"] = r.offered_again;
  j["closing_prompts"] = r.closing_prompts;
  j["withheld_after_offer"] = r.withheld_after_offer;
  j["warnings"] = v.warnings;
  j["cards"] = v.card_labels;
  j["card_resyncs"] = r.card_resyncs;
  if (v.audited) j["card_findings"] = v.card_findings;
  j["seconds"] = v.seconds;
  if (!r.conforms()) {
    j["divergence"] = divergence_json(v, r.divergence);
    json later = json::array();
    for (const Divergence& d : r.later) later.push_back(divergence_json(v, d));
    j["later_divergences"] = later;
  }
  json violations = json::array();
  for (int p : violated(v))
    violations.push_back({{"property", properties()[p].id}, {"line", r.violation_line[p]},
                          {"location", where(v, r.violation_line[p])},
                          {"statement", properties()[p].statement},
                          {"citations", citations_text(properties()[p].citations)}});
  j["violations"] = violations;
  json late = json::array();
  for (int p : violated(v, true)) late.push_back(properties()[p].id);
  j["violations_after_stop"] = late;
  j["stopped_line"] = r.stopped_line;
  return j;
}

std::string xml_text(const std::string& s) { return xml_escape(s); }

std::string verdict_body(const TraceVerdict& v) { return v.exit_code == 2 ? v.error + "\n" : body_text(v); }

std::string junit_xml(const std::vector<TraceVerdict>& verdicts) {
  int failures = 0, errors = 0;
  double seconds = 0;
  for (const TraceVerdict& v : verdicts) {
    failures += v.exit_code == 1;
    errors += v.exit_code == 2;
    seconds += v.seconds;
  }
  std::ostringstream out;
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
      << "  <testsuite name=\"battlecheck verify-trace\" tests=\"" << verdicts.size() << "\" failures=\"" << failures
      << "\" errors=\"" << errors << "\" time=\"" << seconds << "\">\n";
  for (const TraceVerdict& v : verdicts) {
    out << "    <testcase classname=\"battlecheck.verify-trace\" name=\"" << xml_escape(v.file) << "\" time=\""
        << v.seconds << "\">";
    if (v.exit_code == 1) {
      const std::string body = body_text(v);
      out << "\n      <failure message=\"" << xml_escape(body.substr(0, body.find('\n'))) << "\" type=\"violation\">"
          << xml_escape(body) << "</failure>\n    ";
    } else if (v.exit_code == 2) {
      out << "\n      <error message=\"" << xml_escape(v.error) << "\" type=\"unreadable\">" << xml_escape(v.error)
          << "</error>\n    ";
    }
    out << "</testcase>\n";
  }
  out << "  </testsuite>\n</testsuites>\n";
  return out.str();
}

}  // namespace bc::cli
