#pragma once
/// Helpers shared by the views of the contradictions report
/// (counterexamples/contradictions/contradictions_view.cpp for rule and claim findings,
/// counterexamples/contradictions/contradictions_cards.cpp for card findings). Internal.
#include <cstdint>
#include <string>
#include <vector>

#include "counterexamples/contradictions/contradictions_report.hpp"
#include "model/rules/model.hpp"

namespace bc::contra {

/// The items joined by `sep`.
std::string join(const std::vector<std::string>& items, const std::string& sep);
/// Short code of a timing ("SDS", "DC"; legend in the report).
std::string timing_code(Timing t);
/// A timing mask as short codes ("SS BO AD"), "none" when empty.
std::string timing_codes(TimingMask mask);
/// "before damage calculation (Damage Step); P2 to act; chain empty; attack: P1 M0 -> P2 M1".
std::string describe_point(const State& s);
/// An event in words, for the point of divergence.
std::string event_words(const Event& e);
/// Where two models' events for the same action `x` first differ: the first
/// differing event of each in words ("nothing more" past the end) and its 1-based index.
struct EventSplit {
  std::string first;
  std::string second;
  int index = 1;
};
EventSplit first_event_split(const Model& m1, const State& s1, const Model& m2, const State& s2, const Action& x);
/// The state reached by `path` from the initial state.
State state_after(const Model& m, const std::vector<Action>& path);
/// The run `run` (action indices) replayed under `rules` as numbered narrative lines.
SideView side(const Ruleset& rules, const Scenario& scn, const std::vector<std::uint8_t>& run);
/// The view of a card finding (FindingType::CardReadingsDisagree).
FindingView card_finding_view(const ContradictionResult& res, const Finding& f, int number);

}  // namespace bc::contra
