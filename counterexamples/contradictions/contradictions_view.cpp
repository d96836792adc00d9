// The view of the contradictions report (counterexamples/contradictions/contradictions_report.hpp):
// the sources-by-entries matrix and each finding replayed under both rulesets.
#include <algorithm>
#include <set>

#include "counterexamples/contradictions/contradictions_detail.hpp"
#include "counterexamples/contradictions/contradictions_report.hpp"
#include "counterexamples/replay/narrative.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/rules/model.hpp"
#include "properties/catalog/property.hpp"

namespace bc {
namespace contra {

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

/// Short code of a timing, for the matrix's permission cells (legend in the report).
std::string timing_code(Timing t) {
  switch (t) {
    case Timing::MainPhase1: return "MP1";
    case Timing::StartStep: return "SS";
    case Timing::BattleStepOpen: return "BO";
    case Timing::AttackDeclaration: return "AD";
    case Timing::BattleStep: return "BS";
    case Timing::ReplayChoice: return "RC";
    case Timing::StartOfDamageStep: return "SDS";
    case Timing::BeforeDamageCalculation: return "BDC";
    case Timing::DamageCalculation: return "DC";
    case Timing::AfterDamageCalculation: return "ADC";
    case Timing::EndOfDamageStep: return "EDS";
    case Timing::EndStep: return "ES";
    case Timing::MainPhase2: return "MP2";
    case Timing::EndPhase: return "EP";
  }
  return "?";
}

/// "before damage calculation (Damage Step); P2 to act; chain of 1 link; attack: P1 M0 -> P2 M1".
std::string describe_point(const State& s) {
  std::string out = std::string(phrase(s.timing)) + " (" + std::string(name(step_of(s.timing))) + "); " +
                    (s.priority == Player::P1 ? "P1" : "P2") + " to act; ";
  out += s.chain_len == 0 ? "chain empty" : "chain of " + std::to_string(s.chain_len) + " link(s)";
  if (s.attacker != kNoSlot) out += "; attack: " + slot_label(s.attacker) + " -> " + slot_label(s.target);
  return out;
}

/// An event in words, for the point of divergence.
std::string event_words(const Event& e) {
  switch (e.type) {
    case EventType::Priority: return player_label(e.player) + " receiving priority (the window stays open)";
    case EventType::TimingEnter: return "the next timing, " + std::string(phrase(e.timing));
    case EventType::StepEnter: return "the next step, " + std::string(name(e.step));
    case EventType::Activate:
      return "an activation (" + std::string(name(e.kind)) + ", chain link " + std::to_string(e.link) + ")";
    case EventType::LeftField: return slot_label(e.slot) + " leaving the field";
    case EventType::DestroyConfirmed: return slot_label(e.slot) + " destroyed by battle";
    case EventType::BattleDamage:
      return player_label(e.player) + " taking " + std::to_string(e.value) + " battle damage";
    default: return std::string(name(e.type)) + " (event)";
  }
}

EventSplit first_event_split(const Model& m1, const State& s1, const Model& m2, const State& s2, const Action& x) {
  EventBuffer e1, e2;
  (void)m1.next(s1, x, e1);
  (void)m2.next(s2, x, e2);
  int i = 0;
  while (i < e1.size() && i < e2.size() && e1[i] == e2[i]) ++i;
  const auto words = [](const EventBuffer& e, int k) { return k < e.size() ? event_words(e[k]) : "nothing more"; };
  return {words(e1, i), words(e2, i), i + 1};
}

State state_after(const Model& m, const std::vector<Action>& path) {
  State s = m.initial();
  EventBuffer ev;
  for (const Action& x : path) {
    ev.clear();
    s = m.next(s, x, ev);
  }
  return s;
}

SideView side(const Ruleset& rules, const Scenario& scn, const std::vector<std::uint8_t>& run) {
  SideView v;
  v.ruleset = rules.name;
  const Run r = replay(Model(scn, rules), run);
  for (const std::string& line : r.opening_narrative) v.lines.push_back(line);
  for (std::size_t i = 0; i < r.steps.size(); ++i)
    for (std::size_t k = 0; k < r.steps[i].narrative.size(); ++k)
      v.lines.push_back((k == 0 ? std::to_string(i + 1) + ". " : "    ") + r.steps[i].narrative[k]);
  return v;
}

std::string timing_codes(TimingMask mask) {
  std::string out;
  for (int t = 0; t < kTimingCount; ++t)
    if (mask & bit(static_cast<Timing>(t))) out += (out.empty() ? "" : " ") + timing_code(static_cast<Timing>(t));
  return out.empty() ? "none" : out;
}

}  // namespace contra

namespace {

using namespace contra;

std::string matrix_value(const Ruleset& r, const RuleAtom& a);

bool atom_specified(const Ruleset& r, const RuleAtom& a) {
  return a.type == RuleAtom::Type::Knob ? r.specified(static_cast<Knob>(a.index))
                                        : r.specified(static_cast<EffectKind>(a.index));
}

const Provenance& atom_provenance(const Ruleset& r, const RuleAtom& a) {
  return a.type == RuleAtom::Type::Knob ? r.knob_sources[a.index] : r.permission_sources[a.index];
}

/// "S3 §Start; S3 §Note" plus the entry's note.
std::string provenance_text(const Provenance& p) {
  std::string out = join(p.sources, "; ");
  if (!p.note.empty()) out += (out.empty() ? "" : " — ") + p.note;
  return out;
}

/// How a ruleset's entry is cited; silent entries say they fall back to mr3.
std::string atom_citation(const Ruleset& r, const Ruleset& fallback, const RuleAtom& a) {
  if (atom_specified(r, a)) {
    const std::string c = provenance_text(atom_provenance(r, a));
    return c.empty() ? "(no citation in " + r.name + ")" : c;
  }
  return "silent: " + r.name + " does not state it, so it falls back to " + fallback.name + " (" +
         fallback.name + " cites " + join(atom_provenance(fallback, a).sources, "; ") + ")";
}

/// A source's second reading of the entry, as a value, or "".
std::string other_value(const Ruleset& r, const RuleAtom& a) {
  Ruleset tmp = bare_rules(r);
  if (a.type == RuleAtom::Type::Knob) {
    if (!r.knob_other[a.index]) return "";
    tmp.knobs[a.index] = r.knob_other[a.index]->value;
  } else {
    if (!r.permission_other[a.index]) return "";
    tmp.permissions[a.index] = r.permission_other[a.index]->timings;
  }
  return matrix_value(tmp, a) + " (" + join(a.type == RuleAtom::Type::Knob ? r.knob_other[a.index]->provenance.sources
                                                                          : r.permission_other[a.index]->provenance.sources,
                                          "; ") + ")";
}

/// A matrix cell's text: knob values as in files, timing lists as short codes.
std::string matrix_value(const Ruleset& r, const RuleAtom& a) {
  if (a.type == RuleAtom::Type::Knob) return atom_value(r, a);
  return timing_codes(r.permissions[a.index]);
}

MatrixRow matrix_row(const ContradictionResult& res, const RuleAtom& a) {
  MatrixRow row;
  row.atom = a;
  row.name = atom_name(a);
  row.fallback = matrix_value(res.fallback, a);
  std::set<std::string> stated;
  for (std::size_t i = 0; i < res.sources; ++i)
    if (atom_specified(res.rulesets[i], a)) stated.insert(atom_value(res.rulesets[i], a));
  row.status = stated.empty() ? "silent" : stated.size() == 1 ? "agree" : "differ";
  for (std::size_t i = 0; i < res.sources; ++i) {
    const Ruleset& r = res.rulesets[i];
    MatrixCell c;
    c.value = matrix_value(r, a);
    c.other = other_value(r, a);
    if (atom_specified(r, a)) {
      c.status = stated.size() == 1 ? MatrixCell::Status::Agree : MatrixCell::Status::Differ;
      c.citation = provenance_text(atom_provenance(r, a));
    }
    row.cells.push_back(std::move(c));
  }
  return row;
}

/// Point of divergence and verdicts of a rule finding's case.
void rule_point(const ContradictionResult& res, const FindingCase& c, FindingView& fv) {
  const Scenario& scn = res.scenarios[c.scenario].scenario;
  const Ruleset& r1 = res.rulesets[c.first];
  const Ruleset r2 = with_atoms(res.rulesets[c.second], r1, c.aligned);
  const Model m1(scn, r1), m2(scn, r2);
  const State s1 = state_after(m1, c.situation.path);
  const State s2 = state_after(m2, c.situation.path);
  const Action& x = c.situation.action;
  const std::string step = std::to_string(c.length);
  switch (c.situation.kind) {
    case RuleDivergenceKind::OnlyFirstAllows:
      fv.first.verdict = "step " + step + " is legal: " + m1.describe(s1, x);
      fv.second.verdict = "not legal here: " + m1.describe(s1, x) + " is not among the actions " + r2.name + " allows";
      fv.point = "At " + describe_point(s1) + ": " + r1.name + " allows \"" + m1.describe(s1, x) + "\", " + r2.name +
                 " forbids it.";
      break;
    case RuleDivergenceKind::OnlySecondAllows:
      fv.first.verdict = "not legal here: " + m2.describe(s2, x) + " is not among the actions " + r1.name + " allows";
      fv.second.verdict = "step " + step + " is legal: " + m2.describe(s2, x);
      fv.point = "At " + describe_point(s2) + ": " + r2.name + " allows \"" + m2.describe(s2, x) + "\", " + r1.name +
                 " forbids it.";
      break;
    case RuleDivergenceKind::DifferentEvents: {
      const EventSplit d = first_event_split(m1, s1, m2, s2, x);
      const std::string at = " (event " + std::to_string(d.index) + ")";
      fv.first.verdict = "step " + step + " then produces " + d.first + at;
      fv.second.verdict = "step " + step + " then produces " + d.second + at;
      fv.point = "At " + describe_point(s1) + ": both allow \"" + m1.describe(s1, x) + "\", but its outcome differs: " +
                 r1.name + " gives " + d.first + ", " + r2.name + " gives " + d.second + ".";
      break;
    }
  }
}

/// Point and verdicts of a claim finding's case.
void claim_point(const ContradictionResult& res, const Finding& f, const FindingCase& c, FindingView& fv) {
  const Scenario& scn = res.scenarios[c.scenario].scenario;
  const std::string id(properties()[f.property].id);
  const Run r2 = replay(Model(scn, res.rulesets[c.second]), c.run_second, DisputedClaims::Checked);
  const int at = r2.first_violation(f.property);
  std::string where = at >= 0 && at < static_cast<int>(r2.steps.size()) && !r2.steps[at].narrative.empty()
                          ? "step " + std::to_string(at + 1) + " (" + r2.steps[at].narrative.front() + ")"
                          : "the end of the run";
  fv.second.verdict = "breaks " + id + " at " + where;
  fv.point = "Under " + res.rulesets[c.second].name + "'s rules, " + id + " fails at " + where + ".";
  if (c.first == c.second) {
    fv.first.verdict = fv.second.verdict;
    return;
  }
  if (c.run_first.size() < c.situation.path.size()) {
    fv.first.verdict = "step " + std::to_string(c.run_first.size() + 1) + " is not legal under " +
                       res.rulesets[c.first].name + ": the situation cannot arise";
  } else {
    const bool bad = run_violates(scn, res.rulesets[c.first], c.situation.path, f.property);
    fv.first.verdict = bad ? "the same run breaks " + id + " too" : "the same run keeps " + id;
  }
}

FindingView finding_view(const ContradictionResult& res, const Finding& f, int number) {
  FindingView fv;
  fv.number = number;
  fv.type = std::string(name(f.type));
  std::vector<std::string> atoms;
  for (const RuleAtom& a : f.root) atoms.push_back(atom_name(a));
  fv.root = join(atoms, ", ");
  const FindingCase& c = f.cases.front();
  const Ruleset& r1 = res.rulesets[c.first];
  const Ruleset& r2 = res.rulesets[c.second];
  for (const RuleAtom& a : f.root)
    fv.citations.push_back({atom_name(a), atom_value(r1, a), atom_citation(r1, res.fallback, a), atom_value(r2, a),
                            atom_citation(r2, res.fallback, a)});
  const Scenario& scn = res.scenarios[c.scenario].scenario;
  fv.first = side(r1, scn, c.run_first);
  fv.second = side(with_atoms(r2, r1, c.aligned), scn, c.run_second);
  for (const RuleAtom& a : c.aligned) fv.aligned.push_back(atom_name(a));
  if (f.property >= 0) {
    const PropertyInfo& p = properties()[f.property];
    fv.claim = f.claim_section + ": " + std::string(p.id) + " — " + std::string(p.statement);
    claim_point(res, f, c, fv);
  } else {
    rule_point(res, c, fv);
  }
  switch (f.type) {
    case FindingType::RuleDisagreement: fv.title = fv.root + ": " + r1.name + " vs " + r2.name; break;
    case FindingType::ClaimBroken: {
      std::vector<std::string> claimants, breakers;
      for (const FindingCase& k : f.cases) {
        const std::string& a = res.rulesets[k.first].name;
        const std::string& b = res.rulesets[k.second].name;
        if (std::find(claimants.begin(), claimants.end(), a) == claimants.end()) claimants.push_back(a);
        if (std::find(breakers.begin(), breakers.end(), b) == breakers.end()) breakers.push_back(b);
      }
      fv.title = "claim " + std::string(properties()[f.property].id) + " (" + join(claimants, ", ") +
                 ") fails under " + join(breakers, ", ") + (fv.root.empty() ? "" : " (root: " + fv.root + ")");
      break;
    }
    case FindingType::OwnClaimBroken:
      fv.title = r1.name + " breaks its own claim " + std::string(properties()[f.property].id);
      break;
    case FindingType::OwnReadingsDisagree: fv.title = r1.name + " states two readings of " + fv.root; break;
    case FindingType::CardReadingsDisagree: break;  // card_finding_view
  }
  for (const FindingCase& k : f.cases) {
    CaseView cv;
    cv.first = res.rulesets[k.first].name;
    cv.second = res.rulesets[k.second].name;
    cv.scenario = res.scenarios[k.scenario].name;
    std::vector<std::string> v1, v2;
    for (const RuleAtom& a : f.root) {
      v1.push_back(matrix_value(res.rulesets[k.first], a));
      v2.push_back(matrix_value(res.rulesets[k.second], a));
    }
    cv.first_values = join(v1, ", ");
    cv.second_values = join(v2, ", ");
    cv.length = k.length;
    cv.run_first.assign(k.run_first.begin(), k.run_first.end());
    cv.run_second.assign(k.run_second.begin(), k.run_second.end());
    fv.cases.push_back(std::move(cv));
  }
  return fv;
}

}  // namespace

ContradictionsView make_view(const ContradictionResult& result, const ContradictionOptions& options) {
  ContradictionsView v;
  for (std::size_t i = 0; i < result.sources; ++i) {
    v.sources.push_back(result.rulesets[i].name);
    v.source_ids.push_back(result.rulesets[i].source);
  }
  for (const Ruleset& r : result.rulesets) v.ruleset_names.push_back(r.name);
  for (const NamedScenario& s : result.scenarios) v.scenarios.push_back(s.name);
  for (const RuleAtom& a : all_atoms()) v.matrix.push_back(matrix_row(result, a));
  int n = 0;
  for (const Finding& f : result.findings) {
    if (f.type == FindingType::CardReadingsDisagree) v.findings.push_back(contra::card_finding_view(result, f, ++n));
    else if (!f.cases.empty()) v.findings.push_back(finding_view(result, f, ++n));
  }
  v.card_differences_skipped = result.card_differences_skipped;
  v.stats = result.stats;
  v.seconds = result.seconds;
  v.complete = result.complete;
  v.max_depth = options.bounds.max_depth;
  v.max_pairs = options.bounds.max_pairs;
  return v;
}

}  // namespace bc
