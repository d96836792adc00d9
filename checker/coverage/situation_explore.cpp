/// Rule coverage over traces: the situation context's fold, matching an event
/// against the table (checker/coverage/situations.cpp), and the exhaustive exploration:
/// the breadth-first core (checker/search/bfs.hpp) over (model state, situation
/// context), every event of every transition matched against the situations
/// not reached yet.
#include <chrono>

#include "checker/search/bfs.hpp"
#include "checker/coverage/situations.hpp"
#include "model/vocabulary/hash.hpp"
#include "model/core/scenario.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {

int situation_index(std::string_view id) {
  for (std::size_t i = 0; i < situations().size(); ++i)
    if (situations()[i].id == id) return static_cast<int>(i);
  return -1;
}

SituationContext start_situations(const Scenario& header) {
  SituationContext c;
  c.trace = start_context(header);
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z)
      c.monster[slot_of(static_cast<Player>(side), z)] = header.board[side][z].monster;
  return c;
}

void fold_situation(SituationContext& ctx, const Event& e) {
  Verdicts ignored;
  observe(ctx.trace, e, ignored);
  if (e.slot >= kSlotCount) return;
  if (e.type == EventType::LeftField) ctx.monster[e.slot] = kNoMonster;
  if (e.type == EventType::Summoned) ctx.monster[e.slot] = e.monster;
}

void match_situations(const SituationView& view, SituationBits& out) {
  const std::uint32_t type = 1u << static_cast<int>(view.event.type);
  for (std::size_t i = 0; i < situations().size(); ++i)
    if ((situations()[i].on & type) && situations()[i].reached(view)) out.set(i);
}

SituationBits situations_of_trace(const Scenario& header, const std::vector<Event>& events) {
  SituationBits out;
  SituationContext ctx = start_situations(header);
  for (const Event& e : events) {
    match_situations(SituationView{header, ctx, e}, out);
    fold_situation(ctx, e);
  }
  return out;
}

namespace {

/// The model plus the situation fold, presented to Bfs. No property is
/// checked: the verdicts stay empty, so every successor is explored.
class SituationSystem {
 public:
  using StateType = State;
  using ContextType = SituationContext;

  explicit SituationSystem(const Model& model) : model_(model) {
    const auto& all = situations();
    for (std::size_t i = 0; i < all.size(); ++i)
      for (int t = 0; t < kEventTypeCount; ++t)
        if (all[i].on & (1u << t)) waiting_[static_cast<std::size_t>(t)].push_back(static_cast<int>(i));
  }

  void start(State& s, SituationContext& ctx, Verdicts&) {
    events_.clear();
    s = model_.initial(events_);
    ctx = start_situations(model_.scenario());
    for (const Event& e : events_) see(ctx, e);
  }
  int expand(const State& s) {
    actions_.clear();
    model_.actions(s, actions_);
    return actions_.size();
  }
  void successor(const State& s, int i, State& out, SituationContext& ctx, Verdicts&) {
    events_.clear();
    out = model_.next(s, actions_[i], events_);
    for (const Event& e : events_) see(ctx, e);
  }
  static bool terminal(const State& s) { return Model::is_terminal(s); }
  void finish(const SituationContext&, bool, Verdicts&) {}
  static std::uint64_t fingerprint(const State& s, const SituationContext& ctx) {
    return mix_fingerprint(hash_state(s), hash_bytes(&ctx, sizeof ctx));
  }

  const SituationBits& reached() const { return reached_; }

 private:
  /// Match the event against the situations still waiting on its type (a
  /// reached one leaves every list), then fold it.
  void see(SituationContext& ctx, const Event& e) {
    auto& list = waiting_[static_cast<std::size_t>(e.type)];
    const SituationView view{model_.scenario(), ctx, e};
    for (std::size_t k = 0; k < list.size();) {
      const int i = list[k];
      if (reached_.test(i) || situations()[i].reached(view)) {
        reached_.set(i);
        list[k] = list.back();
        list.pop_back();
      } else {
        ++k;
      }
    }
    fold_situation(ctx, e);
  }

  const Model& model_;
  ActionList actions_;
  EventBuffer events_;
  SituationBits reached_;
  std::array<std::vector<int>, kEventTypeCount> waiting_;
};

}  // namespace

SituationCoverage explore_situations(const Model& model, const Bounds& bounds) {
  const auto start = std::chrono::steady_clock::now();
  Bounds b = bounds;
  b.liveness = false;
  const ProgressFn no_progress;  // Bfs keeps a reference
  SituationSystem sys(model);
  Bfs<SituationSystem> bfs(sys, b, no_progress);
  bfs.run([](const State&, const State&, int) {});
  const CheckResult& r = bfs.result();
  SituationCoverage out;
  out.reached = sys.reached();
  out.states = r.states;
  out.transitions = r.transitions;
  out.complete = r.complete;
  out.bound_hit = r.bound_hit;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace bc
