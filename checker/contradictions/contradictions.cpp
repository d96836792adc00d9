// The contradiction finder of checker/contradictions/contradictions.hpp: pairs of sources,
// claims under every source's rules, second readings of one source.
#include "checker/contradictions/contradictions.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>

#include "checker/contradictions/claim_search.hpp"
#include "model/rules/model.hpp"
#include "properties/monitors/monitor.hpp"
#include "properties/catalog/property.hpp"
#include "properties/monitors/context.hpp"

namespace bc {

std::string_view name(FindingType t) {
  switch (t) {
    case FindingType::RuleDisagreement: return "rule_disagreement";
    case FindingType::ClaimBroken: return "claim_broken";
    case FindingType::OwnClaimBroken: return "own_claim_broken";
    case FindingType::OwnReadingsDisagree: return "own_readings_disagree";
    case FindingType::CardReadingsDisagree: return "card_readings_disagree";
  }
  return "?";
}

bool run_violates(const Scenario& scenario, const Ruleset& rules, const std::vector<Action>& actions,
                  int property) {
  const Model model(scenario, rules);
  EventBuffer events;
  State s = model.initial(events);
  TraceContext ctx = start_context(scenario);
  Verdicts v;
  for (const Event& e : events) observe(ctx, e, v);
  ActionList list;
  for (const Action& x : actions) {
    list.clear();
    model.actions(s, list);
    if (std::find(list.begin(), list.end(), x) == list.end()) return false;
    events.clear();
    s = model.next(s, x, events);
    for (const Event& e : events) observe(ctx, e, v);
    if (v.violated.test(property)) return true;
  }
  finish(ctx, Model::is_terminal(s), v);
  return v.violated.test(property);
}

namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

/// Actions of a run given as indices under `rules`.
std::vector<Action> actions_of(const Scenario& scenario, const Ruleset& rules, const std::vector<std::uint8_t>& run) {
  const Model model(scenario, rules);
  State s = model.initial();
  ActionList list;
  EventBuffer events;
  std::vector<Action> out;
  for (std::uint8_t i : run) {
    list.clear();
    model.actions(s, list);
    if (i >= list.size()) break;
    out.push_back(list[i]);
    events.clear();
    s = model.next(s, list[i], events);
  }
  return out;
}

/// Findings under construction, keyed by what makes them one disagreement.
class Collector {
 public:
  using Key = std::tuple<int, int, int, std::vector<RuleAtom>>;  // type, claim ruleset, property, root

  Finding& at(FindingType type, int claim_ruleset, int property, const std::vector<RuleAtom>& root) {
    const Key key{static_cast<int>(type), claim_ruleset, property, root};
    auto it = index_.find(key);
    if (it != index_.end()) return findings_[it->second];
    index_.emplace(key, findings_.size());
    Finding f;
    f.type = type;
    f.root = root;
    f.claim_ruleset = claim_ruleset;
    f.property = property;
    findings_.push_back(std::move(f));
    return findings_.back();
  }

  /// Keep only the shortest case per ruleset pair.
  static void add_case(Finding& f, FindingCase c) {
    for (FindingCase& old : f.cases) {
      if (old.first != c.first || old.second != c.second) continue;
      if (c.length < old.length) old = std::move(c);
      return;
    }
    f.cases.push_back(std::move(c));
  }

  std::vector<Finding> take() {
    for (Finding& f : findings_)
      std::stable_sort(f.cases.begin(), f.cases.end(), [](const FindingCase& a, const FindingCase& b) {
        return std::tie(a.length, a.first, a.second) < std::tie(b.length, b.first, b.second);
      });
    std::stable_sort(findings_.begin(), findings_.end(), [](const Finding& a, const Finding& b) {
      return std::make_tuple(static_cast<int>(a.type), a.shortest(), a.root, a.claim_ruleset, a.property) <
             std::make_tuple(static_cast<int>(b.type), b.shortest(), b.root, b.claim_ruleset, b.property);
    });
    return std::move(findings_);
  }

 private:
  std::map<Key, std::size_t> index_;
  std::vector<Finding> findings_;
};

class Finder {
 public:
  Finder(const ContradictionOptions& options, const ContradictionProgress& progress, ContradictionResult& out)
      : options_(options), progress_(progress), out_(out) {}

  /// Differential exploration of rulesets i and j over every scenario.
  void compare(int i, int j, FindingType type) {
    for (int s = 0; s < static_cast<int>(out_.scenarios.size()); ++s) {
      const Scenario& scn = out_.scenarios[s].scenario;
      const auto t0 = Clock::now();
      const PairResult r = explore_pair(scn, out_.rulesets[i], out_.rulesets[j], options_.bounds);
      PairStats st{i, j, s, r.pairs, r.divergences, r.minimizations, r.roots.size(), r.complete, since(t0)};
      out_.stats.push_back(st);
      out_.complete = out_.complete && r.complete;
      tell(out_.rulesets[i].name + " vs " + out_.rulesets[j].name + " on " + out_.scenarios[s].name + ": " +
           std::to_string(r.pairs) + " pairs, " + std::to_string(r.roots.size()) + " roots");
      for (const RootedDivergence& rd : r.roots) {
        FindingCase c;
        c.first = i;
        c.second = j;
        c.scenario = s;
        c.situation = rd.situation;
        c.aligned = rd.aligned;
        std::vector<Action> run = rd.situation.path;
        run.push_back(rd.situation.action);
        c.run_first = action_indices(scn, out_.rulesets[i], run);
        c.run_second = action_indices(scn, with_atoms(out_.rulesets[j], out_.rulesets[i], rd.aligned), run);
        c.length = run.size();
        Collector::add_case(collector_.at(type, type == FindingType::OwnReadingsDisagree ? i : -1, -1, rd.root),
                            std::move(c));
      }
    }
  }

  /// Explore every source's rules with the monitor; check every claim on them.
  void check_claims() {
    const int n = static_cast<int>(out_.sources);
    PropertyBits wanted;
    for (int x = 0; x < n; ++x)
      for (const Claim& c : out_.rulesets[x].claims) {
        const int p = property_index(c.property);
        if (p >= 0 && properties()[p].kind != PropertyKind::Sometimes) wanted.set(p);
      }
    if (wanted.none()) return;
    DiffBounds b = options_.bounds;
    if (options_.claim_states != 0) b.max_pairs = options_.claim_states;
    std::vector<std::vector<ViolationRuns>> results(n);
    for (int y = 0; y < n; ++y) {
      for (const NamedScenario& ns : out_.scenarios) {
        results[y].push_back(find_violations(ns.scenario, out_.rulesets[y], wanted, b));
        out_.complete = out_.complete && results[y].back().complete;
      }
      tell("claims under " + out_.rulesets[y].name + ": " + std::to_string(results[y].front().runs.size()) +
           " claimed properties broken on " + out_.scenarios.front().name);
    }
    for (int x = 0; x < n; ++x)
      for (const Claim& claim : out_.rulesets[x].claims) check_claim(x, claim, results);
  }

  std::vector<Finding> take() { return collector_.take(); }

 private:
  void check_claim(int x, const Claim& claim, const std::vector<std::vector<ViolationRuns>>& results) {
    const int p = property_index(claim.property);
    if (p < 0 || properties()[p].kind == PropertyKind::Sometimes) return;  // only Always/Eventually claims
    const bool own = add_claim_cases(x, x, p, claim, results, FindingType::OwnClaimBroken);
    if (own) return;  // broken under its own rules: reported once, as the source's own contradiction
    for (int y = 0; y < static_cast<int>(out_.sources); ++y)
      if (y != x) add_claim_cases(x, y, p, claim, results, FindingType::ClaimBroken);
  }

  /// Cases of claim (x, p) failing under ruleset y; true if any.
  bool add_claim_cases(int x, int y, int p, const Claim& claim, const std::vector<std::vector<ViolationRuns>>& results,
                       FindingType type) {
    bool any = false;
    for (int s = 0; s < static_cast<int>(out_.scenarios.size()); ++s) {
      const std::vector<std::uint8_t>* ce = results[y][s].run_of(p);
      if (ce == nullptr) continue;
      any = true;
      const Scenario& scn = out_.scenarios[s].scenario;
      FindingCase c;
      c.first = x;
      c.second = y;
      c.scenario = s;
      c.situation.path = actions_of(scn, out_.rulesets[y], *ce);
      c.run_second = *ce;
      c.run_first = action_indices(scn, out_.rulesets[x], c.situation.path);
      c.length = ce->size();
      const std::vector<RuleAtom> root = type == FindingType::OwnClaimBroken
                                             ? std::vector<RuleAtom>{}
                                             : claim_root(scn, out_.rulesets[x], out_.rulesets[y], c.situation.path, p);
      // One finding per broken property and root, whichever sources claim it.
      Finding& f = collector_.at(type, type == FindingType::ClaimBroken ? -1 : x, p, root);
      if (f.claim_ruleset < 0) f.claim_ruleset = x;
      if (f.claim_section.find(claim.section) == std::string::npos)
        f.claim_section += (f.claim_section.empty() ? "" : "; ") + claim.section;
      Collector::add_case(f, std::move(c));
    }
    return any;
  }

  /// 1-minimal atoms of `x` which, copied into `y`, keep the run from breaking claim p.
  static std::vector<RuleAtom> claim_root(const Scenario& scn, const Ruleset& x, const Ruleset& y,
                                          const std::vector<Action>& run, int p) {
    const std::vector<RuleAtom> candidates = differing_atoms(x, y);
    const auto fixed = [&](const std::vector<RuleAtom>& atoms) {
      return !run_violates(scn, with_atoms(y, x, atoms), run, p);
    };
    for (const RuleAtom& a : candidates)
      if (fixed({a})) return {a};
    if (!fixed(candidates)) return {};  // the run breaks the claim under the claimant's rules too
    std::vector<RuleAtom> root = candidates;
    for (const RuleAtom& a : candidates) {
      std::vector<RuleAtom> fewer;
      for (const RuleAtom& r : root)
        if (!(r == a)) fewer.push_back(r);
      if (fixed(fewer)) root = std::move(fewer);
    }
    return root;
  }

  void tell(const std::string& line) const {
    if (progress_) progress_(line);
  }

  const ContradictionOptions& options_;
  const ContradictionProgress& progress_;
  ContradictionResult& out_;
  Collector collector_;
};

}  // namespace

std::vector<Finding> card_reading_findings(const std::vector<LibraryCard>& cards,
                                           const std::vector<std::string>& source_ids, const Ruleset& fallback,
                                           const DiffBounds& bounds, std::size_t* skipped) {
  std::vector<Finding> out;
  std::size_t left_out = 0;
  for (std::size_t i = 0; i < cards.size(); ++i)
    for (std::size_t k = 0; k < cards[i].differences.size(); ++k) {
      const CardDifference& d = cards[i].differences[k];
      if (std::find(source_ids.begin(), source_ids.end(), d.source) == source_ids.end()) {
        ++left_out;
        continue;
      }
      Finding f;
      f.type = FindingType::CardReadingsDisagree;
      f.card = static_cast<int>(i);
      f.difference = static_cast<int>(k);
      f.card_situation = find_card_situation(cards[i], library_reading(cards[i], fallback),
                                             source_reading(cards[i], d, fallback), fallback, bounds);
      out.push_back(std::move(f));
    }
  std::stable_sort(out.begin(), out.end(), [&](const Finding& a, const Finding& b) {
    const CardDifference& da = cards[a.card].differences[a.difference];
    const CardDifference& db = cards[b.card].differences[b.difference];
    return std::tie(cards[a.card].name, da.source, da.section) < std::tie(cards[b.card].name, db.source, db.section);
  });
  if (skipped != nullptr) *skipped = left_out;
  return out;
}

ContradictionResult find_contradictions(const std::vector<Ruleset>& sources, const Ruleset& fallback,
                                        const std::vector<NamedScenario>& scenarios,
                                        const ContradictionOptions& options,
                                        const ContradictionProgress& progress) {
  const auto t0 = Clock::now();
  ContradictionResult out;
  out.rulesets = sources;
  out.sources = sources.size();
  out.scenarios = scenarios;
  out.fallback = fallback;
  for (const Ruleset& r : sources)
    for (Ruleset& alt : alternative_readings(r)) out.rulesets.push_back(std::move(alt));
  Finder finder(options, progress, out);
  const int n = static_cast<int>(out.sources);
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) finder.compare(i, j, FindingType::RuleDisagreement);
  for (int k = n; k < static_cast<int>(out.rulesets.size()); ++k) {
    int owner = 0;
    for (int i = 0; i < n; ++i)
      if (out.rulesets[i].source == out.rulesets[k].source && out.rulesets[k].name.rfind(out.rulesets[i].name + "~", 0) == 0)
        owner = i;
    finder.compare(owner, k, FindingType::OwnReadingsDisagree);
  }
  finder.check_claims();
  out.findings = finder.take();
  if (!options.cards.empty()) {
    out.cards = options.cards;
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < out.sources; ++i)
      if (!out.rulesets[i].source.empty()) ids.push_back(out.rulesets[i].source);
    std::vector<Finding> cards =
        card_reading_findings(out.cards, ids, fallback, options.card_bounds, &out.card_differences_skipped);
    std::uint64_t pairs = 0;
    for (const Finding& f : cards) {
      out.complete = out.complete && f.card_situation.complete;
      pairs += f.card_situation.pairs;
    }
    if (progress)
      progress("card readings: " + std::to_string(cards.size()) + " played on probe boards (" + std::to_string(pairs) +
               " pairs), " + std::to_string(out.card_differences_skipped) + " of sources not compared");
    for (Finding& f : cards) out.findings.push_back(std::move(f));
  }
  out.seconds = since(t0);
  return out;
}

}  // namespace bc
