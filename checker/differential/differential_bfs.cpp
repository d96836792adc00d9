// The paired breadth-first search of checker/differential/differential.hpp: two models
// walked together over state pairs; divergences traced to their roots.
#include <algorithm>

#include "checker/differential/differential.hpp"
#include "checker/differential/pair_compare.hpp"
#include "checker/store/fingerprint_set.hpp"
#include "model/vocabulary/event.hpp"
#include "model/rules/model.hpp"
#include "model/core/state.hpp"

namespace bc {
namespace {

using differential::contains;
using differential::same_events;

/// Divergences traced by delta debugging per exploration, at most: beyond it
/// the search goes on but unexplained divergences only mark it incomplete.
constexpr std::uint64_t kMaxMinimizations = 4000;
/// Rounds of a pair exploration at most: each round copies the roots found so
/// far into the second ruleset, to uncover disagreements they masked.
constexpr int kMaxRounds = 8;

class PairSearch {
 public:
  PairSearch(const Scenario& scenario, const Ruleset& first, const Ruleset& second, const DiffBounds& bounds)
      : scenario_(scenario),
        first_(bare_rules(first)),
        second_(bare_rules(second)),
        known_(bare_rules(second)),
        candidates_(differing_atoms(first, second)),
        bounds_(bounds),
        m1_(scenario_, first_),
        m2_(scenario_, second_),
        seen_(false, 1u << 12) {}

  PairResult run() {
    if (candidates_.empty()) return result_;  // identical rules: nothing can diverge
    Node root{m1_.initial(), m2_.initial(), 0};
    seen_.insert(fingerprint(root.a, root.b), 0);
    parent_.push_back(kNoParent);
    via_.push_back(Action{});
    cur_.push_back(root);
    for (std::uint32_t level = 0; !cur_.empty(); ++level) {
      if (bounds_.max_depth != 0 && level >= bounds_.max_depth) {
        result_.complete = false;
        break;
      }
      result_.depth = level;
      for (const Node& n : cur_) expand(n);
      cur_.clear();
      cur_.swap(next_);
    }
    drop_explained_joint_roots();
    result_.pairs = parent_.size();
    return result_;
  }

 private:
  static constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;
  struct Node {
    State a;
    State b;
    std::uint32_t id;
  };

  static std::uint64_t fingerprint(const State& a, const State& b) {
    return mix_fingerprint(hash_state(a), hash_state(b));
  }

  void expand(const Node& n) {
    la_.clear();
    lb_.clear();
    m1_.actions(n.a, la_);
    m2_.actions(n.b, lb_);
    for (const Action& x : la_)
      if (!contains(lb_, x)) diverged(n, RuleDivergenceKind::OnlyFirstAllows, x);
    for (const Action& x : lb_)
      if (!contains(la_, x)) diverged(n, RuleDivergenceKind::OnlySecondAllows, x);
    for (const Action& x : la_) {
      if (!contains(lb_, x)) continue;
      ea_.clear();
      eb_.clear();
      const State a = m1_.next(n.a, x, ea_);
      const State b = m2_.next(n.b, x, eb_);
      if (!same_events(ea_, eb_)) {
        diverged(n, RuleDivergenceKind::DifferentEvents, x);
        continue;
      }
      ++result_.transitions;
      if (Model::is_terminal(a)) continue;
      store(n, x, a, b);
    }
  }

  void store(const Node& from, const Action& x, const State& a, const State& b) {
    const auto id = static_cast<std::uint32_t>(parent_.size());
    const std::uint64_t fp = fingerprint(a, b);
    if (bounds_.max_pairs != 0 && parent_.size() >= bounds_.max_pairs) {
      if (!seen_.contains(fp)) result_.complete = false;
      return;
    }
    if (!seen_.insert(fp, id).fresh) return;
    parent_.push_back(from.id);
    via_.push_back(x);
    next_.push_back(Node{a, b, id});
  }

  std::vector<Action> path_to(std::uint32_t id) const {
    std::vector<Action> path;
    for (std::uint32_t v = id; parent_[v] != kNoParent; v = parent_[v]) path.push_back(via_[v]);
    return {path.rbegin(), path.rend()};
  }

  /// Whether the rules with every known root copied over act like the first
  /// ruleset at this very pair (no replay: the cheap first test).
  bool explained_here(const Node& n, RuleDivergenceKind kind, const Action& x) {
    if (known_atoms_.empty()) return false;
    const Model mk(scenario_, known_);
    lk_.clear();
    mk.actions(n.b, lk_);
    const bool in_k = contains(lk_, x);
    switch (kind) {
      case RuleDivergenceKind::OnlyFirstAllows: return in_k;
      case RuleDivergenceKind::OnlySecondAllows: return !in_k;
      case RuleDivergenceKind::DifferentEvents: {
        if (!in_k) return false;
        ea_.clear();
        eb_.clear();
        (void)m1_.next(n.a, x, ea_);
        (void)mk.next(n.b, x, eb_);
        return same_events(ea_, eb_);
      }
    }
    return false;
  }

  void diverged(const Node& n, RuleDivergenceKind kind, const Action& x) {
    ++result_.divergences;
    if (explained_here(n, kind, x)) return;
    RuleDivergence d{kind, path_to(n.id), x};
    if (!known_atoms_.empty() && resolves(scenario_, first_, known_, d)) return;
    if (RootedDivergence* r = joint_root_of(d)) {
      ++r->situations;
      return;
    }
    if (result_.minimizations >= kMaxMinimizations) {
      result_.complete = false;
      return;
    }
    ++result_.minimizations;
    std::vector<RuleAtom> root = minimal_root(scenario_, first_, second_, d, candidates_);
    for (RootedDivergence& r : result_.roots) {
      if (r.root != root) continue;
      ++r.situations;
      return;
    }
    result_.roots.push_back(RootedDivergence{root, std::move(d), 1});
    if (root.size() != 1) return;  // joint roots do not explain others: they would hide their single atoms
    known_atoms_.push_back(root.front());
    known_ = with_atoms(second_, first_, known_atoms_);
  }

  /// A joint root (several atoms) already found that explains `d`: copying it
  /// with the single roots resolves `d`, and no one of its atoms alone does.
  RootedDivergence* joint_root_of(const RuleDivergence& d) {
    for (RootedDivergence& r : result_.roots) {
      if (r.root.size() < 2) continue;
      std::vector<RuleAtom> atoms = known_atoms_;
      atoms.insert(atoms.end(), r.root.begin(), r.root.end());
      if (!resolves(scenario_, first_, with_atoms(second_, first_, atoms), d)) continue;
      bool single = false;
      for (const RuleAtom& a : r.root) {
        std::vector<RuleAtom> one = known_atoms_;
        one.push_back(a);
        single = single || resolves(scenario_, first_, with_atoms(second_, first_, one), d);
      }
      if (!single) return &r;
    }
    return nullptr;
  }

  /// Joint roots whose situation the single roots found later explain are dropped.
  void drop_explained_joint_roots() {
    std::vector<RootedDivergence> kept;
    for (RootedDivergence& r : result_.roots)
      if (r.root.size() < 2 || known_atoms_.empty() || !resolves(scenario_, first_, known_, r.situation))
        kept.push_back(std::move(r));
    result_.roots = std::move(kept);
  }

  const Scenario& scenario_;
  Ruleset first_;
  Ruleset second_;
  Ruleset known_;  ///< second_ with the atom of every single-atom root found so far copied from first_
  std::vector<RuleAtom> known_atoms_;
  std::vector<RuleAtom> candidates_;
  DiffBounds bounds_;
  Model m1_;
  Model m2_;
  FingerprintSet seen_;
  std::vector<std::uint32_t> parent_;
  std::vector<Action> via_;
  std::vector<Node> cur_, next_;
  ActionList la_, lb_, lk_;
  EventBuffer ea_, eb_;
  PairResult result_;
};

}  // namespace

PairResult explore_pair(const Scenario& scenario, const Ruleset& first, const Ruleset& second,
                        const DiffBounds& bounds) {
  PairResult total;
  std::vector<RuleAtom> aligned;  // roots found so far, copied from first into second
  for (int round = 0; round < kMaxRounds; ++round) {
    const Ruleset second_now = with_atoms(second, first, aligned);
    if (differing_atoms(first, second_now).empty()) break;
    PairResult r = PairSearch(scenario, first, second_now, bounds).run();
    total.pairs += r.pairs;
    total.transitions += r.transitions;
    total.divergences += r.divergences;
    total.minimizations += r.minimizations;
    total.depth = std::max(total.depth, r.depth);
    total.complete = total.complete && r.complete;
    ++total.rounds;
    if (r.roots.empty()) break;
    const std::vector<RuleAtom> before = aligned;  // what this round's situations were found under
    for (RootedDivergence& rd : r.roots) {
      rd.aligned = before;
      for (const RuleAtom& a : rd.root) aligned.push_back(a);
      total.roots.push_back(std::move(rd));
    }
    std::sort(aligned.begin(), aligned.end());
    aligned.erase(std::unique(aligned.begin(), aligned.end()), aligned.end());
  }
  return total;
}

}  // namespace bc
