// The view of a card finding of the contradictions report
// (counterexamples/contradictions/contradictions_detail.hpp): the card's two readings cited
// side by side, and the probe board's runs replayed under both.
#include "checker/contradictions/card_readings.hpp"
#include "counterexamples/contradictions/contradictions_detail.hpp"

namespace bc::contra {
namespace {

std::string kind_text(const std::optional<EffectKind>& k) { return k ? std::string(name(*k)) : std::string("none"); }

/// "S0 §6.3.4.3.2; S1 §伤害计算前 — <note>; its kind's permission: mr3 permissions.x: S0 §6.3.4.3".
std::string reading_citation(const CardReading& r) {
  std::string out = r.citation.empty() ? "(no source mentions it)" : r.citation;
  if (!r.note.empty()) out += " — " + r.note;
  if (!r.rule_citation.empty()) out += "; its kind's permission: " + r.rule_citation;
  return out;
}

/// What a run shows, in words: the point and each reading's verdict.
struct RunWords {
  std::string point, first, second;
};

/// The point and verdicts of a run where the readings part.
RunWords parted_words(const CardRun& run, const Ruleset& rules, const std::string& one, const std::string& two) {
  const Model m1(run.first, rules), m2(run.second, rules);
  const State s1 = state_after(m1, run.divergence.path);
  const State s2 = state_after(m2, run.divergence.path);
  const Action& x = run.divergence.action;
  const std::string step = std::to_string(run.length);
  RunWords w;
  switch (run.divergence.kind) {
    case RuleDivergenceKind::OnlyFirstAllows:
      w.first = "step " + step + " is legal: " + m1.describe(s1, x);
      w.second = "not legal here: " + m1.describe(s1, x) + " is not offered under " + two;
      w.point = "At " + describe_point(s1) + ": " + one + " offers \"" + m1.describe(s1, x) + "\", " + two +
                " does not.";
      break;
    case RuleDivergenceKind::OnlySecondAllows:
      w.first = "not legal here: " + m2.describe(s2, x) + " is not offered under " + one;
      w.second = "step " + step + " is legal: " + m2.describe(s2, x);
      w.point = "At " + describe_point(s2) + ": " + two + " offers \"" + m2.describe(s2, x) + "\", " + one +
                " does not.";
      break;
    case RuleDivergenceKind::DifferentEvents: {
      const EventSplit d = first_event_split(m1, s1, m2, s2, x);
      const std::string at = " (event " + std::to_string(d.index) + ")";
      w.first = "step " + step + " then produces " + d.first + at;
      w.second = "step " + step + " then produces " + d.second + at;
      w.point = "At " + describe_point(s1) + ": both allow \"" + m1.describe(s1, x) + "\", but " + one + " gives " +
                d.first + " (at " + std::string(phrase(run.timing)) + "), " + two + " gives " + d.second + ".";
      break;
    }
  }
  return w;
}

/// The point and verdicts when no run parts the readings.
RunWords unparted_words(const CardSituation& cs, const Ruleset& rules, const CardReading& r1, const CardReading& r2,
                        const std::string& card) {
  RunWords w;
  std::string offer = "the card's activation is never reached on a probe board";
  if (const CardRun* run = cs.main()) {
    const Model m(run->first, rules);
    const std::string what = m.describe(state_after(m, run->divergence.path), run->divergence.action);
    offer = "the shortest run to its first activation (step " + std::to_string(run->length) + ", " +
            std::string(phrase(run->timing)) + ") is shown";
    w.first = "step " + std::to_string(run->length) + ": " + what +
              (run->by_rules ? ", then the rules activate " + card : std::string(" (its first activation)"));
    w.second = w.first;
  } else {
    w.first = w.second = "no activation of " + card + " reached";
  }
  if (cs.kind == CardSituationKind::SameTimings)
    w.point = "Both readings give " + card + " the same kind and timings (" + timing_codes(r1.timings) +
              "), so the model plays them alike: what differs is not a timing (see the notes); " + offer + ".";
  else
    w.point = "The readings differ (" + timing_codes(r1.timings) + " vs " + timing_codes(r2.timings) +
              "), but no probe board shows it within the bounds; " + offer + ".";
  return w;
}

CaseView case_view(const CardRun& run, const CardReading& r1, const CardReading& r2) {
  CaseView cv;
  cv.first = r1.label;
  cv.second = r2.label;
  cv.scenario = "a probe board of " + std::to_string(run.monsters) + " monster(s)";
  cv.first_values = timing_codes(r1.timings);
  cv.second_values = timing_codes(r2.timings);
  cv.length = run.length;
  cv.run_first.assign(run.run_first.begin(), run.run_first.end());
  cv.run_second.assign(run.run_second.begin(), run.run_second.end());
  return cv;
}

}  // namespace

FindingView card_finding_view(const ContradictionResult& res, const Finding& f, int number) {
  const LibraryCard& card = res.cards.at(f.card);
  const CardDifference& d = card.differences.at(f.difference);
  const CardReading r1 = library_reading(card, res.fallback);
  const CardReading r2 = source_reading(card, d, res.fallback);
  const CardSituation& cs = f.card_situation;
  const Ruleset rules = bare_rules(res.fallback);
  const std::string one = "the library reading";
  const std::string two = d.section;
  FindingView fv;
  fv.number = number;
  fv.type = std::string(name(f.type));
  fv.title = card.name + ": " + d.section + " vs the library reading";
  fv.card = card.name;
  fv.card_kind = card.type + ", " + kind_text(card.kind);
  fv.situation = std::string(name(cs.kind));
  if (r1.kind != r2.kind)
    fv.citations.push_back(
        {"kind", kind_text(r1.kind), reading_citation(r1), kind_text(r2.kind), reading_citation(r2)});
  fv.citations.push_back({"timings", timing_codes(r1.timings), reading_citation(r1), timing_codes(r2.timings),
                          reading_citation(r2)});
  const CardRun* run = cs.main();
  const RunWords w = cs.kind == CardSituationKind::Parted ? parted_words(*run, rules, one, two)
                                                          : unparted_words(cs, rules, r1, r2, card.name);
  fv.point = w.point;
  fv.first = run ? side(rules, run->first, run->run_first) : SideView{};
  fv.second = run ? side(rules, run->second, run->run_second) : SideView{};
  fv.first.ruleset = one;
  fv.second.ruleset = two;
  fv.first.verdict = w.first;
  fv.second.verdict = w.second;
  if (run) {
    fv.board = run->board;
    fv.timing = std::string(name(run->timing));
    fv.cases.push_back(case_view(*run, r1, r2));
  }
  if (const CardRun* other = cs.other()) {
    const RunWords o = parted_words(*other, rules, one, two);
    const bool second_offers = other == &*cs.second_only;
    std::string point = o.point;
    if (point.rfind("At ", 0) == 0) point[0] = 'a';
    fv.point += " Conversely, after " + std::to_string(other->length) + " actions" +
                (other->board == run->board ? "" : " on the probe board " + other->board) + ", " + point;
    fv.other_timing = std::string(name(other->timing));
    SideView more = second_offers ? side(rules, other->second, other->run_second)
                                  : side(rules, other->first, other->run_first);
    more.ruleset = second_offers ? two : one;
    more.verdict = second_offers ? o.second : o.first;
    fv.more.push_back(std::move(more));
    fv.cases.push_back(case_view(*other, r1, r2));
  }
  return fv;
}

}  // namespace bc::contra
