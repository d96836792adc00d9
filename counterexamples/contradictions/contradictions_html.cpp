// The standalone HTML page of the contradictions report: inline CSS, no
// script, no external resource (counterexamples/contradictions/contradictions_report.hpp).
#include <sstream>

#include "counterexamples/contradictions/contradictions_report.hpp"
#include "counterexamples/report/report.hpp"

namespace bc {
namespace {

std::string esc(const std::string& s) { return markup_escape(s); }

constexpr const char* kStyle = R"(
body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:110em}
h1{font-size:1.5em}h2{font-size:1.25em;margin-top:2em}h3{font-size:1.05em}
table{border-collapse:collapse;font-size:.85em}
th,td{border:1px solid #bbb;padding:.25em .5em;vertical-align:top;text-align:left}
th{background:#eee}
td.agree{background:#e3f4e1}td.differ{background:#fbd9d3;font-weight:600}td.silent{background:#f2f2f2;color:#888}
tr.row-differ th{background:#f7c6bd}
.finding{border:1px solid #ccc;border-radius:6px;padding:.5em 1em;margin:1em 0}
.sides{display:grid;grid-template-columns:1fr 1fr;gap:1em}
.side{background:#fafafa;border:1px solid #ddd;padding:.5em}
.side pre{white-space:pre-wrap;font-size:.8em;margin:0}
.verdict{font-weight:600}
.legend span{padding:0 .5em;margin-right:.5em}
.matrix-wrap{max-width:100%;overflow-x:auto}
table.matrix td,table.matrix th{overflow-wrap:anywhere;min-width:4em;max-width:12em}
table.matrix tbody th{position:sticky;left:0;z-index:1;min-width:10em}
table.matrix thead th{position:sticky;top:0;z-index:2}
)";

void matrix(const ContradictionsView& v, std::ostream& out) {
  out << "<section id=\"matrix\"><h2>Matrix: sources by rule entries</h2>\n<p class=\"legend\">"
         "<span class=\"agree\" style=\"background:#e3f4e1\">agree</span>"
         "<span style=\"background:#fbd9d3\">differ</span>"
         "<span style=\"background:#f2f2f2\">silent (mr3 fallback in parentheses)</span></p>\n"
         "<p class=\"legend\">Timings: SS start step, BO Battle Step before any declaration, AD attack declaration, "
         "BS Battle Step, SDS start of the Damage Step, BDC before damage calculation, DC damage calculation, "
         "ADC after damage calculation, EDS end of the Damage Step, ES End Step.</p>\n"
         "<div class=\"matrix-wrap\"><table class=\"matrix\"><thead><tr><th>entry</th><th>status</th><th>mr3</th>";
  for (const std::string& s : v.sources) out << "<th>" << esc(s) << "</th>";
  out << "</tr></thead><tbody>\n";
  for (const MatrixRow& row : v.matrix) {
    out << "<tr class=\"row-" << row.status << "\"><th>" << esc(row.name) << "</th><td>" << row.status
        << "</td><td>" << esc(row.fallback) << "</td>";
    for (const MatrixCell& c : row.cells) {
      const char* cls = c.status == MatrixCell::Status::Agree    ? "agree"
                        : c.status == MatrixCell::Status::Differ ? "differ"
                                                                 : "silent";
      out << "<td class=\"" << cls << "\" title=\"" << esc(c.citation) << "\">"
          << (c.status == MatrixCell::Status::Silent ? "(" + esc(c.value) + ")" : esc(c.value));
      if (!c.other.empty()) out << "<br><small>also: " << esc(c.other) << "</small>";
      out << "</td>";
    }
    out << "</tr>\n";
  }
  out << "</tbody></table></div></section>\n";
}

void side(const SideView& s, std::ostream& out) {
  out << "<div class=\"side\"><h4>Under " << esc(s.ruleset) << "</h4><p class=\"verdict\">" << esc(s.verdict)
      << "</p><pre>";
  for (const std::string& line : s.lines) out << esc(line) << "\n";
  out << "</pre></div>";
}

void finding(const FindingView& f, std::ostream& out) {
  out << "<section class=\"finding " << f.type << "\" id=\"finding-" << f.number << "\"><h3>" << f.number << ". "
      << esc(f.title) << "</h3>\n<ul><li>Type: " << esc(f.type) << "</li>";
  if (!f.root.empty()) out << "<li>Root: <code>" << esc(f.root) << "</code></li>";
  if (!f.claim.empty()) out << "<li>Claim: " << esc(f.claim) << "</li>";
  if (!f.card.empty()) {
    out << "<li>Card: " << esc(f.card) << " (" << esc(f.card_kind) << ")</li>";
    if (!f.board.empty()) out << "<li>Probe board: " << esc(f.board) << "</li>";
    if (!f.timing.empty())
      out << "<li>" << (f.situation == "parted" ? "The readings part at: " : "First activation at: ") << "<code>"
          << esc(f.timing) << "</code>"
          << (f.other_timing.empty() ? "" : "; the other way at: <code>" + esc(f.other_timing) + "</code>") << "</li>";
  }
  out << "<li>Point of divergence: " << esc(f.point) << "</li><li>Shown by:";
  for (std::size_t i = 0; i < f.cases.size(); ++i)
    out << (i ? ";" : "") << " " << esc(f.cases[i].first)
        << (f.cases[i].first_values.empty() ? "" : " (" + esc(f.cases[i].first_values) + ")") << " vs "
        << esc(f.cases[i].second)
        << (f.cases[i].second_values.empty() ? "" : " (" + esc(f.cases[i].second_values) + ")") << " on "
        << esc(f.cases[i].scenario) << ", " << f.cases[i].length << " actions";
  out << "</li>";
  if (!f.aligned.empty()) {
    out << "<li>Held at " << esc(f.first.ruleset) << "'s value under " << esc(f.second.ruleset)
        << " for this case to show (disagreements of their own that mask it):";
    for (const std::string& a : f.aligned) out << " <code>" << esc(a) << "</code>";
    out << "</li>";
  }
  out << "</ul>\n";
  if (!f.citations.empty()) {
    out << "<table class=\"citations\"><thead><tr><th>entry</th><th>" << esc(f.first.ruleset)
        << "</th><th>citation</th><th>" << esc(f.second.ruleset) << "</th><th>citation</th></tr></thead><tbody>";
    for (const CitationRow& c : f.citations)
      out << "<tr><th>" << esc(c.atom) << "</th><td>" << esc(c.first_value) << "</td><td>" << esc(c.first_citation)
          << "</td><td>" << esc(c.second_value) << "</td><td>" << esc(c.second_citation) << "</td></tr>";
    out << "</tbody></table>\n";
  }
  out << "<div class=\"sides\">";
  side(f.first, out);
  side(f.second, out);
  out << "</div>";
  for (const SideView& more : f.more) {
    out << "<p>The other direction:</p><div class=\"sides\">";
    side(more, out);
    out << "</div>";
  }
  out << "</section>\n";
}

}  // namespace

std::string contradictions_html(const ContradictionsView& v) {
  std::ostringstream out;
  out << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
         "<title>battlecheck: contradictions between ruling sources</title><style>"
      << kStyle << "</style></head><body>\n<h1>Contradictions between the ruling sources</h1>\n<p>Sources:";
  for (std::size_t i = 0; i < v.sources.size(); ++i)
    out << (i ? ", " : " ") << esc(v.sources[i]) << (v.source_ids[i].empty() ? "" : " (" + esc(v.source_ids[i]) + ")");
  out << ". Scenarios:";
  for (std::size_t i = 0; i < v.scenarios.size(); ++i) out << (i ? ", " : " ") << esc(v.scenarios[i]);
  std::size_t cards = 0;
  for (const FindingView& f : v.findings) cards += f.card.empty() ? 0 : 1;
  out << ". " << v.findings.size() << " findings (" << cards << " of library cards a source reads differently). "
      << (v.complete ? "Every exploration completed within the bounds." : "Some explorations were cut by the bounds.")
      << " Entries a source is silent on fall back to mr3.</p>\n";
  matrix(v, out);
  out << "<section id=\"findings\"><h2>Findings</h2>\n";
  if (v.findings.empty()) out << "<p>No contradiction found within the bounds.</p>\n";
  for (const FindingView& f : v.findings) finding(f, out);
  out << "</section>\n</body></html>\n";
  return out.str();
}

}  // namespace bc
