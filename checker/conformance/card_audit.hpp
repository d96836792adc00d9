#pragma once
/// The card audit (docs/engines/ygopro.md, "Two verdicts"): a card whose
/// timings are an engine's own declaration (CardSpec::engine_timings) is
/// taken as given when the engine's procedure is checked; here the
/// declaration itself is judged against the ruleset's rule for the card's
/// class of effect, e.g. a plain ATK-changing Quick-Play declared usable at
/// damage calculation (S0 §6.3.4.3, S1 §伤害步骤, S4 §2.4.3.2).
#include <string>
#include <vector>

#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// One card-data finding: the card, what it declares beyond the rule, and the rule.
struct CardFinding {
  std::string card;
  std::string text;
};

/// The findings on every engine-declared card of `scenario` under `rules`, but the cards `undeclared`
/// lists: an importer's placeholder for a card no script describes (its timings are nobody's declaration).
std::vector<CardFinding> audit_cards(const Scenario& scenario, const Ruleset& rules,
                                     const std::vector<std::uint8_t>& undeclared = {});

}  // namespace bc
