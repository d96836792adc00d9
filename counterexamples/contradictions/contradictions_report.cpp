// Markdown and JSON renderings of the contradictions report
// (counterexamples/contradictions/contradictions_report.hpp).
#include <sstream>

#include "counterexamples/contradictions/contradictions_report.hpp"

namespace bc {
namespace {

std::string fixed(double v, int decimals) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(decimals);
  out << v;
  return out.str();
}

/// Markdown table cells must not contain a bare '|'.
std::string cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

/// "s0 (false) vs s3 (true) on default, 2 actions".
std::string case_label(const CaseView& c) {
  const auto side = [](const std::string& name, const std::string& values) {
    return values.empty() ? name : name + " (" + values + ")";
  };
  return side(c.first, c.first_values) + " vs " + side(c.second, c.second_values) + " on " + c.scenario + ", " +
         std::to_string(c.length) + " actions";
}

std::string join_names(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

std::string status_name(MatrixCell::Status s) {
  switch (s) {
    case MatrixCell::Status::Agree: return "agree";
    case MatrixCell::Status::Differ: return "differ";
    case MatrixCell::Status::Silent: return "silent";
  }
  return "?";
}

std::size_t count_type(const ContradictionsView& v, const std::string& type) {
  std::size_t n = 0;
  for (const FindingView& f : v.findings) n += f.type == type ? 1 : 0;
  return n;
}

void markdown_header(const ContradictionsView& v, std::ostream& out) {
  out << "# Contradictions between the ruling sources\n\n";
  out << "Sources:";
  for (std::size_t i = 0; i < v.sources.size(); ++i)
    out << (i ? ", " : " ") << v.sources[i] << (v.source_ids[i].empty() ? "" : " (" + v.source_ids[i] + ")");
  out << ". Scenarios:";
  for (std::size_t i = 0; i < v.scenarios.size(); ++i) out << (i ? ", " : " ") << v.scenarios[i];
  out << ". Bounds per exploration: depth " << (v.max_depth ? std::to_string(v.max_depth) : "unbounded")
      << ", pairs " << (v.max_pairs ? std::to_string(v.max_pairs) : "unbounded") << ". "
      << (v.complete ? "Every exploration completed." : "Some explorations were cut by the bounds.") << " Time "
      << fixed(v.seconds, 2) << " s.\n\n";
  out << v.findings.size() << " findings: " << count_type(v, "rule_disagreement") << " rule disagreements, "
      << count_type(v, "claim_broken") << " claims broken by another source's rules, "
      << count_type(v, "own_claim_broken") << " claims broken by the source's own rules, "
      << count_type(v, "own_readings_disagree") << " sources stating two readings that play differently, "
      << count_type(v, "card_readings_disagree") << " library cards a source reads differently.\n\n";
  if (v.card_differences_skipped != 0)
    out << v.card_differences_skipped << " card readings of sources not compared here are left out.\n\n";
  out << "Entries a source is silent on fall back to mr3; the matrix shows the fallback value in "
         "parentheses, and a finding whose root is a silent entry says so in its citations.\n\n";
}

void markdown_matrix(const ContradictionsView& v, std::ostream& out) {
  out << "## Matrix: sources by rule entries\n\n| entry | status | mr3 |";
  for (const std::string& s : v.sources) out << " " << s << " |";
  out << "\n|---|---|---|";
  for (std::size_t i = 0; i < v.sources.size(); ++i) out << "---|";
  out << "\n";
  for (const MatrixRow& row : v.matrix) {
    out << "| " << row.name << " | " << row.status << " | " << cell(row.fallback) << " |";
    for (const MatrixCell& c : row.cells) {
      std::string text = c.status == MatrixCell::Status::Silent ? "(" + c.value + ")"
                         : c.status == MatrixCell::Status::Differ ? "**" + c.value + "**"
                                                                   : c.value;
      if (!c.other.empty()) text += " / also " + c.other;
      out << " " << cell(text) << " |";
    }
    out << "\n";
  }
  out << "\nPermission cells list timings: SS start step, BO Battle Step before any declaration, AD attack "
         "declaration, BS Battle Step, SDS start of the Damage Step, BDC before damage calculation, DC damage "
         "calculation, ADC after damage calculation, EDS end of the Damage Step, ES End Step.\n";
  out << "\nPlain: stated, and every source stating it agrees. **Bold**: stated, and sources stating it "
         "differ. (Parenthesized): silent, the mr3 fallback is in force.\n\n";
}

void markdown_side(const SideView& s, std::ostream& out) {
  out << "Under **" << s.ruleset << "**: " << s.verdict << "\n\n```\n";
  for (const std::string& line : s.lines) out << line << "\n";
  out << "```\n\n";
}

void markdown_finding(const FindingView& f, std::ostream& out) {
  out << "### " << f.number << ". " << f.title << "\n\n";
  out << "- Type: " << f.type << "\n";
  if (!f.root.empty()) out << "- Root: " << f.root << "\n";
  if (!f.claim.empty()) out << "- Claim: " << f.claim << "\n";
  if (!f.card.empty()) {
    out << "- Card: " << f.card << " (" << f.card_kind << ")\n";
    if (!f.board.empty()) out << "- Probe board: " << f.board << "\n";
    if (!f.timing.empty())
      out << (f.situation == "parted" ? "- The readings part at: " : "- First activation at: ") << f.timing
          << (f.other_timing.empty() ? "" : "; the other way at: " + f.other_timing) << "\n";
  }
  out << "- Point of divergence: " << f.point << "\n";
  out << "- Shown by:";
  for (std::size_t i = 0; i < f.cases.size(); ++i)
    out << (i ? ";" : "") << " " << case_label(f.cases[i]);
  out << "\n";
  if (!f.aligned.empty())
    out << "- Held at " << f.first.ruleset << "'s value under " << f.second.ruleset
        << " for this case to show (disagreements of their own that mask it): " << join_names(f.aligned) << "\n";
  out << "\n";
  if (!f.citations.empty()) {
    out << "| entry | " << f.first.ruleset << " | citation | " << f.second.ruleset << " | citation |\n";
    out << "|---|---|---|---|---|\n";
    for (const CitationRow& c : f.citations)
      out << "| " << c.atom << " | " << cell(c.first_value) << " | " << cell(c.first_citation) << " | "
          << cell(c.second_value) << " | " << cell(c.second_citation) << " |\n";
    out << "\n";
  }
  markdown_side(f.first, out);
  if (f.first.ruleset != f.second.ruleset || f.first.lines != f.second.lines) markdown_side(f.second, out);
  for (const SideView& more : f.more) {
    out << "The other direction, under **" << more.ruleset << "**: " << more.verdict << "\n\n```\n";
    for (const std::string& line : more.lines) out << line << "\n";
    out << "```\n\n";
  }
}

nlohmann::json side_json(const SideView& s) {
  return {{"ruleset", s.ruleset}, {"verdict", s.verdict}, {"narrative", s.lines}};
}

}  // namespace

std::string contradictions_markdown(const ContradictionsView& view) {
  std::ostringstream out;
  markdown_header(view, out);
  markdown_matrix(view, out);
  out << "## Findings\n\n";
  if (view.findings.empty()) out << "No contradiction found within the bounds.\n";
  for (const FindingView& f : view.findings) markdown_finding(f, out);
  return out.str();
}

nlohmann::json contradictions_json(const ContradictionsView& view) {
  nlohmann::json j;
  j["format"] = "battlecheck-contradictions";
  j["version"] = 0;
  j["sources"] = view.sources;
  j["source_ids"] = view.source_ids;
  j["rulesets"] = view.ruleset_names;
  j["scenarios"] = view.scenarios;
  j["bounds"] = {{"max_depth", view.max_depth}, {"max_pairs", view.max_pairs}};
  j["complete"] = view.complete;
  j["card_readings_skipped"] = view.card_differences_skipped;
  j["seconds"] = view.seconds;
  nlohmann::json matrix = nlohmann::json::array();
  for (const MatrixRow& row : view.matrix) {
    nlohmann::json cells = nlohmann::json::object();
    for (std::size_t i = 0; i < row.cells.size(); ++i) {
      const MatrixCell& c = row.cells[i];
      cells[view.sources[i]] = {{"status", status_name(c.status)}, {"value", c.value}, {"citation", c.citation}};
      if (!c.other.empty()) cells[view.sources[i]]["other_reading"] = c.other;
    }
    matrix.push_back({{"entry", row.name}, {"status", row.status}, {"fallback", row.fallback}, {"cells", cells}});
  }
  j["matrix"] = matrix;
  nlohmann::json findings = nlohmann::json::array();
  for (const FindingView& f : view.findings) {
    nlohmann::json cases = nlohmann::json::array();
    for (const CaseView& c : f.cases)
      cases.push_back({{"first", c.first}, {"second", c.second}, {"scenario", c.scenario}, {"length", c.length},
                       {"first_values", c.first_values}, {"second_values", c.second_values},
                       {"actions_first", c.run_first}, {"actions_second", c.run_second}});
    nlohmann::json cites = nlohmann::json::array();
    for (const CitationRow& c : f.citations)
      cites.push_back({{"entry", c.atom}, {"first_value", c.first_value}, {"first_citation", c.first_citation},
                       {"second_value", c.second_value}, {"second_citation", c.second_citation}});
    findings.push_back({{"number", f.number}, {"type", f.type}, {"title", f.title}, {"root", f.root},
                        {"claim", f.claim}, {"point", f.point}, {"aligned", f.aligned}, {"citations", cites}, {"cases", cases},
                        {"first", side_json(f.first)}, {"second", side_json(f.second)}});
    if (!f.card.empty()) {
      nlohmann::json more = nlohmann::json::array();
      for (const SideView& m : f.more) more.push_back(side_json(m));
      findings.back()["card"] = {{"name", f.card}, {"kind", f.card_kind}, {"board", f.board},
                                 {"situation", f.situation}, {"timing", f.timing}, {"other_timing", f.other_timing},
                                 {"other_direction", more}};
    }
  }
  j["findings"] = findings;
  nlohmann::json stats = nlohmann::json::array();
  for (const PairStats& s : view.stats)
    stats.push_back({{"first", view.ruleset_names.at(s.first)}, {"second", view.ruleset_names.at(s.second)},
                     {"scenario", view.scenarios.at(s.scenario)}, {"pairs", s.pairs},
                     {"divergences", s.divergences}, {"minimizations", s.minimizations}, {"roots", s.roots},
                     {"complete", s.complete}, {"seconds", s.seconds}});
  j["explorations"] = stats;
  return j;
}

}  // namespace bc
