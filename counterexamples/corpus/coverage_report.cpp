/// The coverage report of a corpus: coverage.json for machines, coverage.md
/// for people, and the summary printed on stdout (docs/corpus.md "Coverage").
#include <sstream>

#include "counterexamples/corpus/corpus.hpp"
#include "counterexamples/report/report.hpp"

namespace bc {
namespace {

std::string status_of(const GoalStatus& g) {
  return g.covered ? "covered" : g.reachable ? "uncovered_reachable" : "unreachable";
}

nlohmann::json goal_json(const CorpusResult& r, const Goal& g) {
  const auto it = r.goals.find(g.key());
  if (it == r.goals.end()) return nullptr;
  return {{"goal", goal_id(g)}, {"status", status_of(it->second)}, {"cases", it->second.cases}};
}

const GoalStatus* status(const CorpusResult& r, const Goal& g) {
  const auto it = r.goals.find(g.key());
  return it == r.goals.end() ? nullptr : &it->second;
}

std::string fixed(double v) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  out.precision(2);
  out << v;
  return out.str();
}

int count_positive(const CorpusResult& r) {
  int n = 0;
  for (const CorpusCase& c : r.cases) n += c.polarity == Polarity::Positive ? 1 : 0;
  return n;
}

/// Matrix cell: A/R covered (legal and taken / refused), a!/r! reachable but not covered, . unreachable.
std::string cell(const CorpusResult& r, Timing t, EffectKind k) {
  if (const GoalStatus* g = status(r, activated_goal(t, k)))
    return g->covered ? "A" : g->reachable ? "a!" : ".";
  const GoalStatus* g = status(r, refused_goal(t, k));
  return g->covered ? "R" : g->reachable ? "r!" : ".";
}

}  // namespace

CoverageCounts coverage_counts(const CorpusResult& r) {
  CoverageCounts n;
  for (const auto& [key, g] : r.goals) {
    if (g.covered) ++n.covered;
    else if (g.reachable) ++n.uncovered_reachable;
    else ++n.unreachable;
    const GoalType t = Goal::from_key(key).type;
    if (g.covered && (t == GoalType::Activated || t == GoalType::Refused)) ++n.pairs_covered;
  }
  return n;
}

nlohmann::json coverage_json(const CorpusResult& r) {
  const CoverageCounts n = coverage_counts(r);
  nlohmann::json scenarios = nlohmann::json::array();
  for (std::size_t i = 0; i < r.scenarios.size(); ++i) {
    nlohmann::json s = {{"name", r.scenarios[i].name}};
    if (i < r.stats.size())
      s.update({{"states", r.stats[i].states}, {"transitions", r.stats[i].transitions}, {"depth", r.stats[i].depth},
                {"complete", r.stats[i].complete}, {"seconds", r.stats[i].seconds}});
    scenarios.push_back(s);
  }
  nlohmann::json pairs = nlohmann::json::array();
  for (int t = 0; t < kTimingCount; ++t)
    for (int k = 0; k < kEffectKindCount; ++k) {
      const auto timing = static_cast<Timing>(t);
      const auto kind = static_cast<EffectKind>(k);
      const bool permitted = status(r, activated_goal(timing, kind)) != nullptr;
      nlohmann::json j = goal_json(r, permitted ? activated_goal(timing, kind) : refused_goal(timing, kind));
      j.update({{"timing", name(timing)}, {"kind", name(kind)}, {"permitted", permitted}});
      pairs.push_back(j);
    }
  nlohmann::json windows = nlohmann::json::array();
  for (int t = 0; t < kTimingCount; ++t) {
    const auto timing = static_cast<Timing>(t);
    if (!status(r, second_chain_goal(timing))) continue;
    const bool one = status(r, second_chain_refused_goal(timing)) != nullptr;
    nlohmann::json w = {{"timing", name(timing)}, {"rule", one ? "one" : "several"},
                        {"second_chain", goal_json(r, second_chain_goal(timing))}};
    if (one) w["second_chain_refused"] = goal_json(r, second_chain_refused_goal(timing));
    windows.push_back(w);
  }
  nlohmann::json props = nlohmann::json::array();
  for (int p = 0; p < static_cast<int>(properties().size()); ++p) {
    const PropertyInfo& info = properties()[p];
    nlohmann::json j = {{"id", info.id}, {"kind", kind_name(info.kind)}};
    if (r.disputed.test(p)) j["disputed"] = true;  // the ruleset contradicts it on purpose: nothing to cover
    for (GoalType t : {GoalType::NearMiss, GoalType::Witnessed, GoalType::MutantTwin})
      if (status(r, property_goal(t, p))) j[std::string(name(t))] = goal_json(r, property_goal(t, p));
    props.push_back(j);
  }
  return {{"format", "battlecheck-corpus-coverage"},
          {"version", 1},
          {"mode", r.mode},
          {"ruleset", r.ruleset},
          {"cases", r.cases.size()},
          {"positive", count_positive(r)},
          {"negative", static_cast<int>(r.cases.size()) - count_positive(r)},
          {"candidates", r.candidates},
          {"duplicates", r.duplicates},
          {"seconds", r.seconds},
          {"scenarios", scenarios},
          {"counts", {{"covered", n.covered}, {"uncovered_reachable", n.uncovered_reachable},
                      {"unreachable", n.unreachable}, {"pairs_covered", n.pairs_covered}}},
          {"pairs", pairs},
          {"windows", windows},
          {"properties", props},
          {"notes", r.notes}};
}

std::string coverage_summary(const CorpusResult& r) {
  const CoverageCounts n = coverage_counts(r);
  const int pos = count_positive(r);
  std::ostringstream out;
  out << "corpus: " << r.cases.size() << " cases (" << pos << " positive, " << r.cases.size() - pos
      << " negative) from " << r.scenarios.size() << " scenario(s), " << r.mode << ", ruleset " << r.ruleset << ", "
      << fixed(r.seconds) << " s\n";
  out << "goals: " << n.covered << " covered, " << n.uncovered_reachable << " uncovered but reachable, "
      << n.unreachable << " unreachable\n"
      << "  (unreachable is normal: no explored state of these scenarios offers the goal, e.g. a (timing, kind) pair "
         "for a kind no card of the board has; more scenarios reach more)\n";
  out << "(timing, kind) pairs covered: " << n.pairs_covered << " of " << kTimingCount * kEffectKindCount << "\n";
  out << "verdict: " << (n.uncovered_reachable == 0 ? "every reachable goal covered" : "COVERAGE INCOMPLETE") << "\n";
  return out.str();
}

std::string coverage_markdown(const CorpusResult& r) {
  std::ostringstream md;
  md << "# Corpus coverage\n\n" << coverage_summary(r) << "\n";
  md << "Definitions: docs/corpus.md. Status: covered, uncovered but reachable (must be 0), unreachable "
        "(no explored state offers it"
     << (r.mode == "random" ? "; random mode: reachability is what the random runs met" : "") << ").\n\n";
  md << "## Scenarios\n\n| scenario | states | transitions | depth | complete | seconds |\n|---|---|---|---|---|---|\n";
  for (std::size_t i = 0; i < r.scenarios.size() && i < r.stats.size(); ++i)
    md << "| " << r.scenarios[i].name << " | " << r.stats[i].states << " | " << r.stats[i].transitions << " | "
       << r.stats[i].depth << " | " << (r.stats[i].complete ? "yes" : "no") << " | " << fixed(r.stats[i].seconds) << " |\n";
  md << "\n## (timing, effect kind) pairs\n\nA = legal and activated in a case, R = refused in a negative case, "
        "a! / r! = reachable but not covered, . = unreachable.\n\n| timing |";
  for (int k = 0; k < kEffectKindCount; ++k) md << " " << name(static_cast<EffectKind>(k)) << " |";
  md << "\n|---|";
  for (int k = 0; k < kEffectKindCount; ++k) md << "---|";
  md << "\n";
  for (int t = 0; t < kTimingCount; ++t) {
    md << "| " << name(static_cast<Timing>(t)) << " |";
    for (int k = 0; k < kEffectKindCount; ++k) md << " " << cell(r, static_cast<Timing>(t), static_cast<EffectKind>(k)) << " |";
    md << "\n";
  }
  md << "\n## Chain rules per window\n\n| window | rule | second chain formed | second chain refused |\n|---|---|---|---|\n";
  auto show = [&](const Goal& g) {
    const GoalStatus* s = status(r, g);
    if (!s) return std::string("n/a");
    return status_of(*s) + (s->cases.empty() ? "" : " (" + s->cases.front() + ")");
  };
  for (int t = 0; t < kTimingCount; ++t) {
    const auto timing = static_cast<Timing>(t);
    if (!status(r, second_chain_goal(timing))) continue;
    const bool one = status(r, second_chain_refused_goal(timing)) != nullptr;
    md << "| " << name(timing) << " | " << (one ? "one" : "several") << " | " << show(second_chain_goal(timing)) << " | "
       << show(second_chain_refused_goal(timing)) << " |\n";
  }
  md << "\n## Properties\n\n| property | kind | near miss | witnessed | mutant twin |\n|---|---|---|---|---|\n";
  for (int p = 0; p < static_cast<int>(properties().size()); ++p)
    md << "| " << properties()[p].id << (r.disputed.test(p) ? " (disputed by the ruleset)" : "") << " | "
       << kind_name(properties()[p].kind) << " | "
       << show(property_goal(GoalType::NearMiss, p)) << " | " << show(property_goal(GoalType::Witnessed, p)) << " | "
       << show(property_goal(GoalType::MutantTwin, p)) << " |\n";
  if (!r.notes.empty()) {
    md << "\n## Notes\n\n";
    for (const std::string& n : r.notes) md << "- " << n << "\n";
  }
  return md.str();
}

}  // namespace bc
