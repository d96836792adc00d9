#pragma once
/// Naming the rule behind a divergence: the single ruleset changes (one knob
/// value, or one timing added to / removed from a kind's permission) under
/// which the model would have allowed what the trace did. Each rule comes
/// with the ruleset's citation (Provenance). Used by checker/conformance/conformance.cpp
/// only at the first divergence, so it may be slow.
#include <string>
#include <vector>

#include "trace/format/trace_record.hpp"
#include "model/rules/model.hpp"

namespace bc {

/// Where a divergent action started: the state before it and the trace's
/// events since then, the divergent event last.
struct DiagnosisStart {
  State state{};
  std::vector<Event> events;
};

/// Rules (text with citations) that forbid `events` from any start: those
/// whose change lets the model produce them (event types in `omits` skipped).
std::vector<std::string> rules_forbidding_events(const Model& model, const std::vector<DiagnosisStart>& starts,
                                                 EventTypeMask omits);

/// Rules behind an action's legality at s: `make_legal` = which change would
/// make the (illegal) offered action legal; otherwise which change would make
/// the (legal, withheld) action illegal.
std::vector<std::string> rules_for_action(const Model& model, const State& s, const Action& a, bool make_legal);

/// "knob chains_damage_calculation = one [S0 §6.3.4.3.3; ...]".
std::string knob_rule_text(const Ruleset& rules, Knob k);
/// "permission of atk_change_quick: not at damage_calculation [sources]".
std::string permission_rule_text(const Ruleset& rules, EffectKind kind, Timing t);

}  // namespace bc
