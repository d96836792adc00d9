#pragma once
/// The report of `battlecheck contradictions` (issue 5 §4): Markdown, JSON and
/// a standalone HTML page (inline CSS, no external resources). All three are
/// rendered from one view built here: a matrix of sources by rule entries
/// (agree / differ / silent) and, per finding, its root, both citations side
/// by side and the situation replayed step by step under both rulesets.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checker/contradictions/contradictions.hpp"

namespace bc {

/// One cell of the matrix: what one source says about one rule entry.
struct MatrixCell {
  enum class Status { Agree, Differ, Silent };
  Status status = Status::Silent;
  std::string value;      ///< the value in force (the mr3 fallback when silent)
  std::string citation;   ///< the source's sections; empty when silent
  std::string other;      ///< a second reading the same source states, if any
};

/// One row of the matrix: one knob or one effect kind's permission list.
struct MatrixRow {
  RuleAtom atom;
  std::string name;
  std::string status;     ///< "agree", "differ" or "silent" (no source states it)
  std::string fallback;   ///< mr3's value
  std::vector<MatrixCell> cells;  ///< one per source, in ContradictionResult order
};

/// One rule atom at the root of a finding, cited under both rulesets.
struct CitationRow {
  std::string atom;
  std::string first_value, first_citation;
  std::string second_value, second_citation;
};

/// The situation replayed under one ruleset.
struct SideView {
  std::string ruleset;
  std::vector<std::string> lines;  ///< numbered narrative lines
  std::string verdict;             ///< what happens at the divergence under this ruleset
};

/// One ruleset pair showing a finding.
struct CaseView {
  std::string first, second, scenario;
  std::string first_values, second_values;  ///< rule findings: the root entries' values ("true", "several")
  std::size_t length = 0;
  std::vector<int> run_first, run_second;
};

/// One finding, ready to render.
struct FindingView {
  int number = 0;
  std::string type;        ///< FindingType name
  std::string title;       ///< one line: "start_step_may_skip_to_end_step: s3 vs s0"
  std::string root;        ///< root atoms, comma-separated ("" for own claims)
  std::string point;       ///< the point of divergence, in words
  std::string claim;       ///< claims: "S3 §x: <property statement>"
  std::vector<CitationRow> citations;
  /// Entries held at the first ruleset's value under the second for the case
  /// to show (earlier roots that masked it; they are findings of their own).
  std::vector<std::string> aligned;
  SideView first, second;  ///< the shortest case replayed under both rulesets
  std::vector<CaseView> cases;
  // ---- card findings (FindingType::CardReadingsDisagree) only ----
  std::string card;        ///< the card's name
  std::string card_kind;   ///< "monster, atk_change_quick"
  std::string board;       ///< the probe board in words
  std::string situation;   ///< CardSituationKind name: parted, same_timings or not_shown
  std::string timing;      ///< the timing at which the readings part (or the card is first offered); "" if none
  std::string other_timing;  ///< the timing at which they part the other way (see `more`); "" if none
  /// The other direction (the other reading offering the card where the first
  /// does not), replayed under the reading that offers it; empty if none.
  std::vector<SideView> more;
};

/// Everything the renderers print.
struct ContradictionsView {
  std::vector<std::string> sources;      ///< ruleset names of the sources
  std::vector<std::string> source_ids;   ///< "S0".. ("" for non-source rulesets)
  std::vector<std::string> scenarios;
  std::vector<MatrixRow> matrix;
  std::vector<FindingView> findings;
  std::vector<PairStats> stats;
  std::vector<std::string> ruleset_names;  ///< every compared ruleset, second readings included
  std::size_t card_differences_skipped = 0;  ///< card `differs` entries of sources not compared
  double seconds = 0;
  bool complete = true;
  std::uint32_t max_depth = 0;
  std::uint64_t max_pairs = 0;
};

/// Build the view: replays every finding's shortest case under both rulesets.
ContradictionsView make_view(const ContradictionResult& result, const ContradictionOptions& options);

std::string contradictions_markdown(const ContradictionsView& view);
nlohmann::json contradictions_json(const ContradictionsView& view);
/// A standalone HTML page: inline CSS, no script, no external resources.
std::string contradictions_html(const ContradictionsView& view);

}  // namespace bc
