#pragma once
/// Re-running a recorded run (a list of action indices) against a model:
/// the actions, their narrative, the events and the property verdicts of
/// every step. A run that does not fit the model is an error value, never a
/// throw, so callers decide how to report it.
#include <cstdint>
#include <string>
#include <vector>

#include "model/rules/model.hpp"
#include "properties/catalog/property.hpp"

namespace bc {

/// One replayed step.
struct ReplayStep {
  std::uint8_t index = 0;              ///< the action's index in Model::actions()
  Action action{};
  std::string description;             ///< Model::describe() of the action
  std::vector<Event> events;           ///< what next() produced
  std::vector<std::string> narrative;  ///< lines in the sources' vocabulary
  Verdicts verdicts;                   ///< what this step's events showed
};

/// The result of replaying a run.
struct Run {
  std::vector<Event> opening;                  ///< events of the initial state
  std::vector<std::string> opening_narrative;
  Verdicts opening_verdicts;
  std::vector<ReplayStep> steps;
  bool terminal = false;      ///< the last state ends the Battle Phase (Main Phase 2 / End Phase)
  bool dead_end = false;      ///< the last state is not terminal yet has no legal action
  Verdicts final_verdicts;    ///< finish() on the last state
  Verdicts verdicts;          ///< everything: opening, steps and finish
  std::string error;          ///< empty if the run fits the model

  bool ok() const { return error.empty(); }
  /// Every event of the run in order, opening included.
  std::vector<Event> all_events() const;
  /// Every narrative line of the run in order.
  std::vector<std::string> all_narrative() const;
  /// 0-based index of the first step whose events violate `property`;
  /// -1 if the opening does, steps.size() if only finish() does, -2 if never.
  int first_violation(int property) const;
};

/// Replay `action_indices` from model.initial(). An index out of range (the
/// file does not match the model) stops the replay with Run::error set; the
/// steps before it are kept.
Run replay(const Model& model, const std::vector<std::uint8_t>& action_indices,
           DisputedClaims disputes = DisputedClaims::NotFailures);

}  // namespace bc
