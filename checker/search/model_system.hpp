#pragma once
/// Adapter presenting the Battle Phase model plus the property monitor to the
/// breadth-first core (checker/search/bfs.hpp): the explored product state is
/// (model State, TraceContext).
#include <array>
#include <cstring>

#include "checker/search/search_types.hpp"
#include "checker/store/fingerprint_set.hpp"
#include "checker/symmetry/symmetry.hpp"
#include "model/rules/model.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {

class ModelSystem {
 public:
  using StateType = State;
  using ContextType = TraceContext;
  /// A context without its header (the same for every state of the run):
  /// what the parallel search keeps in its frontier.
  using PackedContext = std::array<unsigned char, sizeof(TraceContext) - kContextHashFrom>;

  explicit ModelSystem(const Model& model, DisputedClaims disputes = DisputedClaims::NotFailures)
      : model_(model), enforced_(counted_properties(model.rules(), disputes)),
        header_(start_context(model.scenario())) {}

  static void pack(const TraceContext& ctx, PackedContext& out) {
    std::memcpy(out.data(), reinterpret_cast<const unsigned char*>(&ctx) + kContextHashFrom, out.size());
  }
  void unpack(const PackedContext& in, TraceContext& ctx) const {
    ctx = header_;
    std::memcpy(reinterpret_cast<unsigned char*>(&ctx) + kContextHashFrom, in.data(), in.size());
  }

  /// Initial state; the events that open the trace are observed.
  void start(State& s, TraceContext& ctx, Verdicts& v) {
    events_.clear();
    s = model_.initial(events_);
    ctx = start_context(model_.scenario());
    for (const Event& e : events_) observe(ctx, e, v);
    v.violated &= enforced_;
  }

  /// Legal actions of s, kept for successor().
  int expand(const State& s) {
    actions_.clear();
    model_.actions(s, actions_);
    return actions_.size();
  }

  /// Successor by action i of the last expand(); its events update ctx.
  void successor(const State& s, int i, State& out, TraceContext& ctx, Verdicts& v) {
    events_.clear();
    out = model_.next(s, actions_[i], events_);
    for (const Event& e : events_) observe(ctx, e, v);
    v.violated &= enforced_;
  }

  /// The root of a violation by action i of the last expand() from s (property p).
  ViolationRoot root_of(const State& s, int i, int p) const {
    const Action& a = actions_[i];
    const bool names_card = a.card != kNoCard && a.card < model_.scenario().cards.size();
    return ViolationRoot{p, a.type, s.timing,
                         names_card ? static_cast<int>(class_of(model_.scenario().cards[a.card].term)) : -1};
  }

  static bool terminal(const State& s) { return Model::is_terminal(s); }
  void finish(const TraceContext& ctx, bool complete, Verdicts& v) {
    bc::finish(ctx, complete, v);
    v.violated &= enforced_;
  }
  /// The fingerprint the searches dedupe on: the plain one, or the canonical
  /// representative's under symmetry reduction (use_symmetry).
  std::uint64_t fingerprint(const State& s, const TraceContext& ctx) const {
    return symmetry_.active() ? symmetry_.fingerprint(s, ctx) : plain_fingerprint(s, ctx);
  }
  /// The fingerprint of (s, ctx) as they are.
  static std::uint64_t plain_fingerprint(const State& s, const TraceContext& ctx) {
    return mix_fingerprint(hash_state(s), hash_context(ctx));
  }
  /// Fingerprint states by their canonical representative under `symmetry`
  /// (checker/symmetry/symmetry.hpp); paths stay real runs.
  void use_symmetry(const Symmetry& symmetry) { symmetry_ = symmetry; }
  const Symmetry& symmetry() const { return symmetry_; }

 private:
  const Model& model_;
  PropertyBits enforced_;  ///< the properties whose violations count (counted_properties)
  ActionList actions_;
  EventBuffer events_;
  TraceContext header_;  ///< the run's trace header (the start context)
  Symmetry symmetry_;    ///< none unless use_symmetry()
};

}  // namespace bc
