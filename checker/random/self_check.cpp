// The self-check (self_check.hpp): board i is the RapidCheck shrinkable
// gen_scenario(bounds)(Random(seed, i), size i), explored under each ruleset;
// a defect's board is shrunk along that shrinkable's tree (the board's and
// the terms' shrinks, board_draft.hpp and term_gen.hpp), each candidate kept
// when the exhaustive search still finds the same property violated, and
// still as a defect.
#include "checker/random/self_check.hpp"

#include <algorithm>
#include <chrono>
#include <map>

#include "checker/parallel/explorer.hpp"
#include "checker/random/random_check.hpp"
#include "model/vocabulary/hash.hpp"

namespace bc {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

bool same_events(const EventBuffer& a, const EventBuffer& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
}

/// Board i of a seed: the same for every board count, so a shorter run is a
/// prefix of a longer one; its RapidCheck size strides over 0..100, so a few
/// boards already span small and full ones.
rc::Shrinkable<Scenario> board(const rc::Gen<Scenario>& gen, std::uint64_t seed, int i) {
  const std::uint64_t key = fmix64(seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(i) + 1);
  return gen(rc::Random(key), (i * 37) % 101);
}

Bounds search_bounds(std::uint64_t max_states) {
  Bounds b;
  b.max_states = max_states;
  b.threads = 1;
  b.liveness = false;
  return b;
}

/// One ruleset as the self-check reads it.
struct Checked {
  const Ruleset* rules;
  bool is_mr3;
};

/// The kind of a violation of `property` along `path`, and the reason of a source finding.
FindingKind classify(const Scenario& s, const Checked& c, const Ruleset& mr3, int property,
                     const std::vector<std::uint8_t>& path, std::string& reason) {
  reason.clear();
  if (c.is_mr3) return FindingKind::Defect;
  reason = mr3_departure(s, *c.rules, mr3, path);
  if (!reason.empty()) return FindingKind::Contradiction;
  if (disputed_properties(mr3)[property]) {
    reason = "an mr3 run, but mr3 disputes the property";
    return FindingKind::Disputed;
  }
  return FindingKind::Defect;
}

class SelfCheck {
 public:
  SelfCheck(const std::vector<Ruleset>& rulesets, const Ruleset& mr3, const SelfCheckOptions& opts)
      : mr3_(mr3), opts_(opts), gen_(gen_scenario(opts.bounds)) {
    for (const Ruleset& r : rulesets) {
      checked_.push_back(Checked{&r, r.name == mr3.name});
      result_.rulesets.push_back(SelfCheckRulesetSummary{r.name});
    }
  }

  SelfCheckResult run() {
    const auto start = Clock::now();
    for (int i = 0; i < opts_.boards; ++i) {
      const Scenario s = board(gen_, opts_.seed, i).value();
      for (std::size_t r = 0; r < checked_.size(); ++r) check_board(i, s, r);
      progress_.board = i + 1;
      report();
    }
    if (opts_.shrink)
      for (SelfCheckFinding& f : result_.defects) shrink(f);
    result_.seconds = since(start);
    return std::move(result_);
  }

 private:
  void report() {
    progress_.boards = opts_.boards;
    if (opts_.progress) opts_.progress(progress_);
  }

  void check_board(int i, const Scenario& s, std::size_t r) {
    const Checked& c = checked_[r];
    SelfCheckRulesetSummary& sum = result_.rulesets[r];
    const auto start = Clock::now();
    const CheckResult res = explore(Model(s, *c.rules), search_bounds(opts_.max_states));
    sum.seconds += since(start);
    ++sum.boards;
    sum.states += res.states;
    sum.incomplete += res.complete ? 0 : 1;
    for (const Counterexample& cx : res.counterexamples) {
      if (!failure_mask()[cx.property]) continue;
      std::string reason;
      const FindingKind kind = classify(s, c, mr3_, cx.property, cx.actions, reason);
      const bool defect = kind == FindingKind::Defect;
      (defect ? sum.defects : sum.findings) += 1;
      (defect ? progress_.defects : progress_.findings) += 1;
      auto& list = defect ? result_.defects : result_.findings;
      auto& index = defect ? defect_index_ : finding_index_;
      const auto key = std::make_pair(r, cx.property);
      if (const auto it = index.find(key); it != index.end()) {
        list[it->second].boards.push_back(i);
        continue;
      }
      index.emplace(key, list.size());
      SelfCheckFinding f{kind, c.rules->name, cx.property, i, {i}, s, cx.actions, reason};
      f.original_size = scenario_size(s);
      f.original_length = static_cast<int>(cx.actions.size());
      list.push_back(std::move(f));
    }
  }

  /// The violation of f's property on `s` as a defect of f's ruleset: its path, or nothing.
  std::optional<std::vector<std::uint8_t>> still_fails(const Scenario& s, const Checked& c, int property) const {
    const CheckResult res = explore(Model(s, *c.rules), search_bounds(opts_.max_states));
    for (const Counterexample& cx : res.counterexamples) {
      if (cx.property != property) continue;
      std::string reason;
      if (classify(s, c, mr3_, property, cx.actions, reason) == FindingKind::Defect) return cx.actions;
    }
    return std::nullopt;
  }

  /// Walk the board's shrink tree: the first candidate that still fails is taken, then its shrinks.
  void shrink(SelfCheckFinding& f) {
    const auto it = std::find_if(checked_.begin(), checked_.end(), [&](const Checked& c) { return c.rules->name == f.ruleset; });
    progress_.shrinking = true;
    progress_.ruleset = f.ruleset;
    progress_.shrink_steps = progress_.shrink_tries = 0;
    rc::Shrinkable<Scenario> current = board(gen_, opts_.seed, f.board);
    rc::Seq<rc::Shrinkable<Scenario>> shrinks = current.shrinks();
    while (f.shrink_tries < opts_.max_shrink_tries) {
      rc::Maybe<rc::Shrinkable<Scenario>> next = shrinks.next();
      if (!next) break;
      ++f.shrink_tries;
      const Scenario candidate = next->value();
      if (auto path = still_fails(candidate, *it, f.property)) {
        ++f.shrink_steps;
        f.scenario = candidate;
        f.actions = std::move(*path);
        current = *next;
        shrinks = current.shrinks();
      }
      progress_.shrink_tries = f.shrink_tries;
      progress_.shrink_steps = f.shrink_steps;
      report();
    }
    progress_.shrinking = false;
  }

  const Ruleset& mr3_;
  const SelfCheckOptions& opts_;
  rc::Gen<Scenario> gen_;
  std::vector<Checked> checked_;
  SelfCheckResult result_;
  SelfCheckProgress progress_;
  std::map<std::pair<std::size_t, int>, std::size_t> defect_index_, finding_index_;
};

}  // namespace

std::string_view name(FindingKind k) {
  switch (k) {
    case FindingKind::Defect: return "defect";
    case FindingKind::Contradiction: return "contradiction";
    case FindingKind::Disputed: return "disputed";
  }
  return "?";
}

std::string mr3_departure(const Scenario& scenario, const Ruleset& rules, const Ruleset& mr3,
                          const std::vector<std::uint8_t>& actions) {
  const Model mx(scenario, rules);
  const Model m3(scenario, mr3);
  EventBuffer ex, e3;
  State sx = mx.initial(ex);
  State s3 = m3.initial(e3);
  if (!same_events(ex, e3)) return "the opening events differ under mr3";
  ActionList lx, l3;
  for (std::size_t k = 0; k < actions.size(); ++k) {
    mx.actions(sx, lx);
    m3.actions(s3, l3);
    if (actions[k] >= lx.size()) return "step " + std::to_string(k + 1) + ": the path does not fit " + rules.name;
    const Action a = lx[actions[k]];
    const std::string what = "step " + std::to_string(k + 1) + " (" + mx.describe(sx, a) + ")";
    if (std::find(l3.begin(), l3.end(), a) == l3.end()) return what + ": mr3 does not offer it";
    ex.clear();
    e3.clear();
    sx = mx.next(sx, a, ex);
    s3 = m3.next(s3, a, e3);
    if (!same_events(ex, e3)) return what + ": other events under mr3";
  }
  if (Model::is_terminal(sx) != Model::is_terminal(s3)) return "the run ends under one ruleset only";
  return "";
}

SelfCheckResult self_check(const std::vector<Ruleset>& rulesets, const Ruleset& mr3, const SelfCheckOptions& opts) {
  return SelfCheck(rulesets, mr3, opts).run();
}

}  // namespace bc
