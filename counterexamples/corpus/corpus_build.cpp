/// build_corpus(): explore each scenario for goals, turn every first hit into
/// a candidate case, choose positive cases greedily (most uncovered goals
/// first, then the shorter trace), add one negative case per reachable
/// refusal, and the mutant twins. Random mode walks generated scenarios.
#include <chrono>
#include <set>

#include "checker/parallel/explorer.hpp"
#include "checker/random/random_gen.hpp"
#include "counterexamples/corpus/corpus_detail.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

constexpr Timing kWindows[] = {Timing::StartStep,         Timing::BattleStepOpen,          Timing::AttackDeclaration,
                               Timing::BattleStep,        Timing::StartOfDamageStep,       Timing::BeforeDamageCalculation,
                               Timing::DamageCalculation, Timing::AfterDamageCalculation, Timing::EndOfDamageStep,
                               Timing::EndStep};

/// Built-in mutants of `ruleset` and the scenario file each runs on.
std::vector<std::pair<std::string, std::string>> mutants_of(const std::string& ruleset) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& m : builtin_mutant_names()) {
    const Ruleset r = load_mutant(m);
    if (r.mutant_of == ruleset) out.emplace_back(m, r.scenario.empty() ? "default.toml" : r.scenario);
  }
  return out;
}

void add_universe(const Ruleset& rules, const std::string& ruleset, std::map<std::uint32_t, GoalStatus>& goals) {
  for (int t = 0; t < kTimingCount; ++t)
    for (int k = 0; k < kEffectKindCount; ++k) {
      const auto timing = static_cast<Timing>(t);
      const auto kind = static_cast<EffectKind>(k);
      goals[(rules.allowed(kind, timing) ? activated_goal(timing, kind) : refused_goal(timing, kind)).key()];
    }
  for (Timing w : kWindows) {
    goals[second_chain_goal(w).key()];
    if (!rules.several(chains_knob_of(w))) goals[second_chain_refused_goal(w).key()];
  }
  for (int p = 0; p < static_cast<int>(properties().size()); ++p)
    goals[property_goal(properties()[p].kind == PropertyKind::Sometimes ? GoalType::Witnessed : GoalType::NearMiss, p)
              .key()];
  for (const auto& [m, file] : mutants_of(ruleset)) {
    const int p = property_index(load_mutant(m).expect_violation);
    if (p >= 0) goals[property_goal(GoalType::MutantTwin, p).key()];
  }
}

class Builder {
 public:
  Builder(CorpusResult& r, const Ruleset& rules, const CorpusProgressFn& progress)
      : r_(r), rules_(rules), variants_(rules), progress_(progress) {}

  void exhaustive(std::size_t si) {
    const Model model(r_.scenarios[si].scenario, rules_);
    const GoalExploration ex = explore_goals(model, variants_, r_.options.depth, progress_);
    r_.stats.push_back({ex.states, ex.transitions, ex.depth, ex.complete, ex.seconds});
    std::vector<CorpusCase> candidates;
    std::uint64_t made = 0;
    for (const auto& [key, hit] : ex.hits) {
      reach(key);
      const Goal g = Goal::from_key(key);
      if (g.type != GoalType::Activated && g.type != GoalType::SecondChain) continue;
      if (r_.goals[key].covered) continue;
      std::vector<std::uint8_t> run = hit.path;
      if (!append_index(model, run, hit.action)) continue;
      if (auto c = detail::positive_case(model, si, run, "goal " + goal_id(g))) candidates.push_back(std::move(*c));
      report("cases " + model.scenario().name, ++made, ex.hits.size());
    }
    witnesses(model, si, candidates);
    std::vector<CorpusCase> negatives;
    if (r_.options.mutant_twins) twins(model, si, candidates, negatives);
    for (const auto& [key, hit] : ex.hits) {
      const Goal g = Goal::from_key(key);
      if ((g.type != GoalType::Refused && g.type != GoalType::SecondChainRefused) || r_.goals[key].covered) continue;
      if (auto c = detail::negative_case(model, variants_, si, g, hit)) take(std::move(*c));
    }
    for (CorpusCase& c : negatives) take(std::move(c));
    for (const CorpusCase& c : candidates)
      for (std::uint32_t key : c.covers) reach(key);
    select(candidates);
  }

  void random_runs() {
    rc::Random rnd(r_.options.seed);
    GenBounds gb;
    gb.max_steps = r_.options.max_steps;
    gb.term_weight = gb.library_weight = 0;  // preset cards: a corpus is for engines, which are told each card's kind
    for (int i = 0; i < r_.options.random; ++i) {
      rc::Random r1 = rnd.split();
      rc::Random r2 = rnd.split();
      CorpusScenario cs;
      cs.scenario = gen_scenario(gb)(r1, 100).value();
      cs.name = cs.scenario.name = "random-" + std::to_string(r_.options.seed) + "-" + std::to_string(i);
      r_.scenarios.push_back(std::move(cs));
      const std::size_t si = r_.scenarios.size() - 1;
      const Model model(r_.scenarios[si].scenario, rules_);
      std::vector<std::uint8_t> run = choices_to_indices(model, gen_choices(gb.max_steps)(r2, 100).value(), gb.max_steps);
      auto c = detail::positive_case(model, si, run, "random run " + std::to_string(i));
      if (!c) continue;
      for (std::uint32_t key : c->covers) reach(key);
      std::map<std::uint32_t, GoalHit> hits;
      run_refusals(model, variants_, c->indices, hits);
      take(std::move(*c));
      for (const auto& [key, hit] : hits) {
        reach(key);
        if (r_.goals[key].covered) continue;
        if (auto n = detail::negative_case(model, variants_, si, Goal::from_key(key), hit)) take(std::move(*n));
      }
      report("random runs", static_cast<std::uint64_t>(i + 1), static_cast<std::uint64_t>(r_.options.random));
    }
  }

 private:
  void reach(std::uint32_t key) { r_.goals[key].reachable = true; }
  void report(const std::string& stage, std::uint64_t done, std::uint64_t total) {
    if (progress_) progress_({stage, done, total});
  }

  static bool append_index(const Model& model, std::vector<std::uint8_t>& run, const Action& a) {
    State s;
    if (!walk(model, run, s, nullptr)) return false;
    ActionList actions;
    model.actions(s, actions);
    for (int i = 0; i < actions.size(); ++i)
      if (actions[i] == a) {
        run.push_back(static_cast<std::uint8_t>(i));
        return true;
      }
    return false;
  }

  /// The shortest witness of every Sometimes property (the checker's own
  /// exhaustive run, monitor contexts included) as candidates.
  void witnesses(const Model& model, std::size_t si, std::vector<CorpusCase>& candidates) {
    Bounds bounds;
    bounds.max_depth = r_.options.depth;
    bounds.liveness = false;
    report("witnesses " + model.scenario().name, 0, 0);
    const CheckResult res = explore(model, bounds);
    for (const Counterexample& w : res.witnesses) {
      if (r_.goals[property_goal(GoalType::Witnessed, w.property).key()].covered) continue;
      if (auto c = detail::positive_case(model, si, w.actions, "witness of " + std::string(properties()[w.property].id)))
        candidates.push_back(std::move(*c));
    }
  }

  void twins(const Model& model, std::size_t si, std::vector<CorpusCase>& candidates, std::vector<CorpusCase>& negatives) {
    const auto mutants = mutants_of(r_.ruleset);
    std::size_t done = 0;
    for (const auto& [m, file] : mutants) {
      report("mutant twins", ++done, mutants.size());
      if (file != r_.scenarios[si].file) continue;
      detail::MutantTwins t = detail::mutant_twins(model, m, si);
      if (!t.note.empty()) r_.notes.push_back(t.note);
      if (t.positive) candidates.push_back(std::move(*t.positive));
      if (t.negative) negatives.push_back(std::move(*t.negative));
    }
  }

  /// Greedy set cover: the candidate with the most uncovered goals, ties to the shorter trace.
  void select(std::vector<CorpusCase>& candidates) {
    r_.candidates += candidates.size();
    std::vector<bool> used(candidates.size(), false);
    for (;;) {
      int best = -1;
      std::size_t best_gain = 0;
      for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (used[i]) continue;
        std::size_t gain = 0;
        for (std::uint32_t key : candidates[i].covers) gain += r_.goals[key].covered ? 0 : 1;
        if (gain > best_gain ||
            (gain == best_gain && gain > 0 && candidates[i].events.size() < candidates[static_cast<std::size_t>(best)].events.size())) {
          best = static_cast<int>(i);
          best_gain = gain;
        }
      }
      if (best < 0 || best_gain == 0) break;
      used[static_cast<std::size_t>(best)] = true;
      take(std::move(candidates[static_cast<std::size_t>(best)]));
    }
  }

  void take(CorpusCase c) {
    const auto [it, fresh] = hashes_.try_emplace(c.trace_hash, r_.cases.size());
    if (!fresh) {  // the same trace: one case, covering both goal sets
      ++r_.duplicates;
      CorpusCase& kept = r_.cases[it->second];
      for (std::uint32_t key : c.covers) mark(key, kept);
      return;
    }
    const std::string& sc = r_.scenarios[c.scenario].name;
    int& n = counters_[sc + (c.polarity == Polarity::Positive ? "p" : "n")];
    char num[16];
    std::snprintf(num, sizeof num, "%03d", ++n);
    // The polarity leads, so that a glob (cases/neg-*) never mistakes a scenario or card name for it.
    c.id = std::string(c.polarity == Polarity::Positive ? "pos-" : "neg-") + sc + "-" + num;
    std::vector<std::uint32_t> covers;
    covers.swap(c.covers);
    r_.cases.push_back(std::move(c));
    for (std::uint32_t key : covers) mark(key, r_.cases.back());
  }

  void mark(std::uint32_t key, CorpusCase& c) {
    GoalStatus& g = r_.goals[key];
    g.reachable = g.covered = true;
    if (std::find(g.cases.begin(), g.cases.end(), c.id) == g.cases.end()) g.cases.push_back(c.id);
    if (std::find(c.covers.begin(), c.covers.end(), key) == c.covers.end()) {
      c.covers.push_back(key);
      std::sort(c.covers.begin(), c.covers.end());
    }
  }

  CorpusResult& r_;
  const Ruleset& rules_;
  RuleVariants variants_;
  const CorpusProgressFn& progress_;
  std::map<std::uint64_t, std::size_t> hashes_;  ///< trace hash -> index in r_.cases
  std::map<std::string, int> counters_;
};

}  // namespace

CorpusResult build_corpus(const CorpusOptions& options, const Ruleset& rules, const std::string& ruleset_name,
                          const CorpusProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  CorpusResult r;
  r.options = options;
  r.ruleset = ruleset_name;
  r.disputed = disputed_properties(rules);
  r.mode = options.random > 0 ? "random" : "exhaustive";
  add_universe(rules, ruleset_name, r.goals);
  Builder b(r, rules, progress);
  if (options.random > 0) {
    b.random_runs();
  } else {
    r.scenarios = options.scenarios;
    for (std::size_t i = 0; i < r.scenarios.size(); ++i) b.exhaustive(i);
  }
  std::stable_sort(r.cases.begin(), r.cases.end(), [](const CorpusCase& a, const CorpusCase& b) {
    return a.scenario != b.scenario ? a.scenario < b.scenario : a.polarity < b.polarity;
  });
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace bc
