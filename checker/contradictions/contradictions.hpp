#pragma once
/// The contradiction finder (issue 5 §3): every pair of source rulesets is
/// explored differentially over a few scenarios (checker/differential/differential.hpp);
/// every source's claims are checked on the traces of every source's rules;
/// a source's second readings are compared with its main one; every card of
/// the card library that a compared source reads differently (`[[card.differs]]`)
/// is played under both readings (checker/contradictions/card_readings.hpp). Findings are
/// grouped by their root, so one disagreement is one finding.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "checker/contradictions/card_readings.hpp"
#include "checker/differential/differential.hpp"
#include "model/library/cards.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// A scenario the finder explores, with the bounds it gets.
struct NamedScenario {
  std::string name;    ///< as reports print it ("default", "tiny")
  std::string origin;  ///< "built-in" or the file read
  Scenario scenario;
};

/// What a finding is about.
enum class FindingType : std::uint8_t {
  RuleDisagreement,       ///< two sources' rules allow different actions or outcomes
  ClaimBroken,            ///< a source's claim fails under another source's rules
  OwnClaimBroken,         ///< a source's claim fails under its own rules
  OwnReadingsDisagree,    ///< a source states two readings of one entry, and they play differently
  CardReadingsDisagree,   ///< a source reads a library card differently ([[card.differs]], checker/contradictions/card_readings.hpp)
};
std::string_view name(FindingType t);

/// One ruleset pair showing a finding, with its shortest situation.
struct FindingCase {
  int first = -1;         ///< index into ContradictionResult::rulesets
  int second = -1;        ///< for claims: the ruleset whose traces break the claim
  int scenario = -1;      ///< index into ContradictionResult::scenarios
  RuleDivergence situation;   ///< rule findings: shared path + differing action; claims: the run (path only)
  std::vector<RuleAtom> aligned;  ///< entries held at `first`'s value in `second` for the case to show
                                  ///< (roots found earlier that masked it; see RootedDivergence::aligned)
  std::vector<std::uint8_t> run_first;   ///< action indices under `first` (as far as the run is legal there)
  std::vector<std::uint8_t> run_second;  ///< action indices under `second`
  std::size_t length = 0;                ///< actions in the situation, the differing one included
};

/// One root cause, however many pairs and situations show it.
struct Finding {
  FindingType type = FindingType::RuleDisagreement;
  std::vector<RuleAtom> root;  ///< rule atoms at the root (empty when not traced: own claims)
  int claim_ruleset = -1;      ///< claims: index of the claiming ruleset
  int property = -1;           ///< claims: index into properties()
  std::string claim_section;   ///< claims: the claiming source's section
  std::vector<FindingCase> cases;  ///< one per ruleset pair, shortest first (empty for card findings)
  int card = -1;                   ///< card findings: index into ContradictionResult::cards
  int difference = -1;             ///< card findings: index into that card's `differences`
  CardSituation card_situation;    ///< card findings: the probe board and the run where the readings part
  std::size_t shortest() const { return cases.empty() ? card_situation.length() : cases.front().length; }
};

/// Statistics of one explored pair over one scenario.
struct PairStats {
  int first = -1;
  int second = -1;
  int scenario = -1;
  std::uint64_t pairs = 0;
  std::uint64_t divergences = 0;
  std::uint64_t minimizations = 0;
  std::size_t roots = 0;
  bool complete = true;
  double seconds = 0;
};

struct ContradictionOptions {
  DiffBounds bounds;              ///< per explored pair and scenario
  std::uint64_t claim_states = 0; ///< bound of each claim exploration; 0 = bounds.max_pairs
  /// The card library whose `differs` entries become card findings (empty:
  /// none). An entry counts when its source is the source id of a compared ruleset.
  std::vector<LibraryCard> cards;
  DiffBounds card_bounds{40, 100000};  ///< per probe board of a card finding
};

struct ContradictionResult {
  std::vector<Ruleset> rulesets;       ///< the sources compared, in order, then their second readings
  std::size_t sources = 0;             ///< rulesets[0, sources) are sources; the rest second readings
  std::vector<NamedScenario> scenarios;
  std::vector<Finding> findings;       ///< rule disagreements, then claims, then own readings, then cards
  std::vector<LibraryCard> cards;      ///< the card library read (ContradictionOptions::cards)
  std::size_t card_differences_skipped = 0;  ///< `differs` entries of a source not compared
  std::vector<PairStats> stats;
  double seconds = 0;
  bool complete = true;                ///< false if a bound cut an exploration
  Ruleset fallback;                    ///< mr3: what silent sources fall back to
};

/// Progress text (one line per explored pair) for stderr.
using ContradictionProgress = std::function<void(const std::string&)>;

/// Find every contradiction among `sources` (loaded source rulesets, silent
/// entries already holding `fallback`'s values) over `scenarios`.
ContradictionResult find_contradictions(const std::vector<Ruleset>& sources, const Ruleset& fallback,
                                        const std::vector<NamedScenario>& scenarios,
                                        const ContradictionOptions& options,
                                        const ContradictionProgress& progress = {});

/// One card finding per `differs` entry of `cards` whose source is among
/// `source_ids` (the compared rulesets' "S0".. ids), each with its shortest
/// situation under `fallback` (checker/contradictions/card_readings.hpp); sorted by card name,
/// then source, then section. `skipped` (if given) counts the entries left out.
std::vector<Finding> card_reading_findings(const std::vector<LibraryCard>& cards,
                                           const std::vector<std::string>& source_ids, const Ruleset& fallback,
                                           const DiffBounds& bounds, std::size_t* skipped = nullptr);

/// Whether the run `actions` violates the Always or Eventually property under
/// `rules` (replayed with the monitor; false as soon as an action is illegal).
bool run_violates(const Scenario& scenario, const Ruleset& rules, const std::vector<Action>& actions,
                  int property);

}  // namespace bc
