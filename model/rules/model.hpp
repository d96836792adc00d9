#pragma once
/// The model interface, after Stateright's Model: an initial state, the legal
/// actions of a state in deterministic order, and next() returning the
/// successor and the observable events of the step.
#include <array>
#include <optional>

#include "model/vocabulary/action.hpp"
#include "model/vocabulary/event.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"
#include "model/core/state.hpp"

namespace bc {

class Model {
 public:
  /// Both arguments must outlive the model.
  Model(const Scenario& scenario, const Ruleset& rules);
  Model(Scenario&&, const Ruleset&) = delete;  ///< the model keeps references: no temporaries
  Model(const Scenario&, Ruleset&&) = delete;
  Model(Scenario&&, Ruleset&&) = delete;

  /// The initial state (Main Phase 1 of the scenario's turn) and the events
  /// that open every trace (StepEnter MainPhase1).
  State initial(EventBuffer& events) const;
  State initial() const;

  /// Legal actions of s, in deterministic order; empty iff s is terminal.
  void actions(const State& s, ActionList& out) const;

  /// Successor of s under a (which must be legal) and the events produced.
  State next(const State& s, const Action& a, EventBuffer& events) const;

  /// Main Phase 2 or the End Phase: the Battle Phase is over.
  static bool is_terminal(const State& s);

  const Scenario& scenario() const { return scenario_; }
  const Ruleset& rules() const { return rules_; }

  /// Narrative text of an action ("P1 declares an attack: P1 M0 -> P2 M1").
  std::string describe(const State& s, const Action& a) const;

  /// A trigger the rules chained takes the first legal target (the model
  /// explores one choice); its controller may choose any. `s` with chain link
  /// `link` (1-based), a trigger's, aimed at `slot` instead, when `slot` is one of
  /// its card's legal targets; nullopt otherwise. Conformance follows an
  /// engine's choice with it.
  std::optional<State> retarget_trigger(const State& s, std::uint8_t link, std::uint8_t slot) const;

 private:
  void apply_resolved_before(State& s) const;
  const Scenario& scenario_;
  const Ruleset& rules_;
  /// Per card: the timings its activation is permitted at (Ruleset::permitted_timings,
  /// or its own declared timings for an engine's card), computed once.
  std::array<TimingMask, kMaxCards> usable_{};
};

}  // namespace bc
