// The paired breadth-first search behind card findings (checker/contradictions/card_search.hpp).
#include "checker/contradictions/card_search.hpp"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "checker/store/fingerprint_set.hpp"

namespace bc::card_search {
namespace {

bool contains(const ActionList& list, const Action& a) { return std::find(list.begin(), list.end(), a) != list.end(); }

bool same_events(const EventBuffer& x, const EventBuffer& y) {
  if (x.size() != y.size() || x.overflowed() != y.overflowed()) return false;
  for (int i = 0; i < x.size(); ++i)
    if (!(x[i] == y[i])) return false;
  return true;
}

/// The timing in force at event `upto` of `events`, starting from `t`.
Timing timing_at(Timing t, const EventBuffer& events, int upto) {
  for (int k = 0; k < upto && k < events.size(); ++k)
    if (events[k].type == EventType::TimingEnter) t = events[k].timing;
  return t;
}

bool activates(const EventBuffer& e, int k, std::uint8_t card) {
  return k < e.size() && e[k].type == EventType::Activate && e[k].card == card;
}

/// The first activation of `card` among `events`, or -1.
int card_activation(const EventBuffer& events, std::uint8_t card) {
  for (int k = 0; k < events.size(); ++k)
    if (activates(events, k, card)) return k;
  return -1;
}

class PairedSearch {
 public:
  PairedSearch(const Model& m1, const Model& m2, std::uint8_t card, const DiffBounds& bounds,
               std::array<std::uint32_t, 2> prune, bool stop_at_offer)
      : m1_(m1), m2_(m2), card_(card), bounds_(bounds), prune_(prune), stop_at_offer_(stop_at_offer) {}

  BoardResult run() {
    cur_.push_back(Node{m1_.initial(), m2_.initial(), 0});
    parent_.push_back(kRoot);
    via_.push_back(Action{});
    seen_.insert(mix_fingerprint(hash_state(cur_.front().a), hash_state(cur_.front().b)));
    for (std::uint32_t level = 0; !cur_.empty() && !done(level); ++level) {
      if (bounds_.max_depth != 0 && level >= bounds_.max_depth) {
        out_.complete = false;
        break;
      }
      for (const Node& n : cur_) {
        expand(n, level);
        if (stop_at_offer_ && out_.offer) break;
      }
      if (stop_at_offer_ && out_.offer) break;
      cur_.clear();
      cur_.swap(next_);
    }
    out_.pairs = parent_.size();
    return std::move(out_);
  }

 private:
  static constexpr std::uint32_t kRoot = 0xFFFFFFFFu;
  struct Node {
    State a, b;
    std::uint32_t id;
  };

  /// Nothing shorter can be found from this level on.
  bool done(std::uint32_t level) const {
    for (int d = 0; d < 2; ++d)
      if (!out_.hits[d] && level < prune_[d]) return false;
    return true;
  }

  std::vector<Action> path_to(std::uint32_t id) const {
    std::vector<Action> path;
    for (std::uint32_t v = id; parent_[v] != kRoot; v = parent_[v]) path.push_back(via_[v]);
    return {path.rbegin(), path.rend()};
  }

  void record(int d, std::uint32_t level, const Node& n, RuleDivergenceKind kind, const Action& x, Timing t) {
    if (out_.hits[d] || level >= prune_[d]) return;
    out_.hits[d] = Hit{RuleDivergence{kind, path_to(n.id), x}, kind == RuleDivergenceKind::DifferentEvents, t};
  }

  void expand(const Node& n, std::uint32_t level) {
    la_.clear();
    lb_.clear();
    m1_.actions(n.a, la_);
    m2_.actions(n.b, lb_);
    for (const Action& x : la_)
      if (!contains(lb_, x)) record(0, level, n, RuleDivergenceKind::OnlyFirstAllows, x, n.a.timing);
    for (const Action& x : lb_)
      if (!contains(la_, x)) record(1, level, n, RuleDivergenceKind::OnlySecondAllows, x, n.b.timing);
    for (const Action& x : la_) {
      if (!contains(lb_, x)) continue;
      if (!out_.offer && x.type == ActionType::Activate && x.card == card_)
        out_.offer = Hit{RuleDivergence{RuleDivergenceKind::OnlyFirstAllows, path_to(n.id), x}, false, n.a.timing};
      ea_.clear();
      eb_.clear();
      const State a = m1_.next(n.a, x, ea_);
      const State b = m2_.next(n.b, x, eb_);
      if (!same_events(ea_, eb_)) {
        int i = 0;
        while (i < ea_.size() && i < eb_.size() && ea_[i] == eb_[i]) ++i;
        // Direction 1 only when the second model's differing event is the card's activation.
        const int d = activates(eb_, i, card_) && !activates(ea_, i, card_) ? 1 : 0;
        record(d, level, n, RuleDivergenceKind::DifferentEvents, x, timing_at(n.a.timing, d == 0 ? ea_ : eb_, i));
        continue;
      }
      if (const int k = card_activation(ea_, card_); !out_.offer && k >= 0)
        out_.offer = Hit{RuleDivergence{RuleDivergenceKind::DifferentEvents, path_to(n.id), x}, true,
                         timing_at(n.a.timing, ea_, k)};
      if (Model::is_terminal(a)) continue;
      if (bounds_.max_pairs != 0 && parent_.size() >= bounds_.max_pairs) {
        out_.complete = false;
        continue;
      }
      if (!seen_.insert(mix_fingerprint(hash_state(a), hash_state(b))).second) continue;
      parent_.push_back(n.id);
      via_.push_back(x);
      next_.push_back(Node{a, b, static_cast<std::uint32_t>(parent_.size() - 1)});
    }
  }

  const Model& m1_;
  const Model& m2_;
  std::uint8_t card_;
  DiffBounds bounds_;
  std::array<std::uint32_t, 2> prune_;
  bool stop_at_offer_;
  BoardResult out_;
  std::unordered_set<std::uint64_t> seen_;
  std::vector<std::uint32_t> parent_;
  std::vector<Action> via_;
  std::vector<Node> cur_, next_;
  ActionList la_, lb_;
  EventBuffer ea_, eb_;
};

}  // namespace

BoardResult search_board(const Model& first, const Model& second, std::uint8_t card, const DiffBounds& bounds,
                         std::array<std::uint32_t, 2> prune, bool stop_at_offer) {
  return PairedSearch(first, second, card, bounds, prune, stop_at_offer).run();
}

}  // namespace bc::card_search
