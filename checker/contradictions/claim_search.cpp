// Shortest violations past earlier violations (checker/contradictions/claim_search.hpp).
#include "checker/contradictions/claim_search.hpp"

#include "checker/store/fingerprint_set.hpp"
#include "checker/search/model_system.hpp"

namespace bc {

const std::vector<std::uint8_t>* ViolationRuns::run_of(int property) const {
  for (const auto& [p, run] : runs)
    if (p == property) return &run;
  return nullptr;
}

namespace {

class ViolationSearch {
 public:
  ViolationSearch(const Model& model, const PropertyBits& wanted, const DiffBounds& bounds)
      : sys_(model, DisputedClaims::Checked), wanted_(wanted), bounds_(bounds) {}

  ViolationRuns run() {
    Node root{};
    Verdicts v;
    sys_.start(root.state, root.ctx, v);
    parent_.push_back(kNoParent);
    action_.push_back(0);
    seen_.insert(ModelSystem::plain_fingerprint(root.state, root.ctx), 0);
    record(v, kNoParent, 0);
    if (!ModelSystem::terminal(root.state)) cur_.push_back(root);
    for (std::uint32_t level = 0; !cur_.empty() && (found_ & wanted_) != wanted_; ++level) {
      if (bounds_.max_depth != 0 && level >= bounds_.max_depth) {
        cut();
        break;
      }
      for (const Node& n : cur_) expand(n);
      cur_.clear();
      cur_.swap(next_);
    }
    out_.states = parent_.size();
    return out_;
  }

 private:
  static constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;
  struct Node {
    State state;
    TraceContext ctx;
    std::uint32_t id;
  };

  void expand(const Node& n) {
    const int count = sys_.expand(n.state);
    for (int i = 0; i < count; ++i) {
      Node s{};
      s.ctx = n.ctx;
      Verdicts v;
      sys_.successor(n.state, i, s.state, s.ctx, v);
      const bool terminal = ModelSystem::terminal(s.state);
      if (terminal) sys_.finish(s.ctx, true, v);
      record(v, n.id, static_cast<std::uint8_t>(i));
      if (terminal) continue;
      const auto id = static_cast<std::uint32_t>(parent_.size());
      if (bounds_.max_pairs != 0 && parent_.size() >= bounds_.max_pairs) {
        out_.complete = false;
        continue;
      }
      if (!seen_.insert(ModelSystem::plain_fingerprint(s.state, s.ctx), id).fresh) continue;
      parent_.push_back(n.id);
      action_.push_back(static_cast<std::uint8_t>(i));
      s.id = id;
      next_.push_back(s);
    }
  }

  void cut() {
    out_.complete = false;
    for (const Node& n : cur_) {
      Verdicts v;
      sys_.finish(n.ctx, false, v);
      record(v, parent_[n.id], action_[n.id]);
    }
  }

  void record(const Verdicts& v, std::uint32_t from, std::uint8_t action) {
    const PropertyBits fresh = v.violated & wanted_ & ~found_;
    if (fresh.none()) return;
    std::vector<std::uint8_t> path;
    for (std::uint32_t k = from; k != kNoParent && parent_[k] != kNoParent; k = parent_[k]) path.push_back(action_[k]);
    path = {path.rbegin(), path.rend()};
    if (from != kNoParent) path.push_back(action);
    for (int p = 0; p < kMaxProperties; ++p)
      if (fresh.test(p)) out_.runs.emplace_back(p, path);
    found_ |= fresh;
  }

  ModelSystem sys_;
  PropertyBits wanted_;
  PropertyBits found_;
  DiffBounds bounds_;
  FingerprintSet seen_{false, 1u << 12};
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint8_t> action_;
  std::vector<Node> cur_, next_;
  ViolationRuns out_;
};

}  // namespace

ViolationRuns find_violations(const Scenario& scenario, const Ruleset& rules, const PropertyBits& wanted,
                              const DiffBounds& bounds) {
  const Model model(scenario, rules);
  return ViolationSearch(model, wanted, bounds).run();
}

}  // namespace bc
