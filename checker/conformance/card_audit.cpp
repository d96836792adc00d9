/// The card audit: declared timings against the ruleset's permission for the
/// card's class (docs/engines/ygopro.md, "Two verdicts").
#include "checker/conformance/card_audit.hpp"

#include <algorithm>

namespace bc {
namespace {

std::string timings_text(TimingMask m) {
  std::string out;
  for (int t = 0; t < kTimingCount; ++t)
    if (m & bit(static_cast<Timing>(t))) out += (out.empty() ? "" : ", ") + std::string(name(static_cast<Timing>(t)));
  return out.empty() ? "nowhere" : out;
}

}  // namespace

std::vector<CardFinding> audit_cards(const Scenario& scenario, const Ruleset& rules,
                                     const std::vector<std::uint8_t>& undeclared) {
  std::vector<CardFinding> out;
  for (std::size_t i = 0; i < scenario.cards.size(); ++i) {
    const CardSpec& c = scenario.cards[i];
    if (!c.engine_timings || c.term.activation == Activation::Trigger) continue;
    if (std::find(undeclared.begin(), undeclared.end(), i) != undeclared.end()) continue;
    const TimingMask permitted = rules.permissions[static_cast<int>(c.kind)];
    const TimingMask beyond = static_cast<TimingMask>(c.term.timings & ~permitted);
    if (beyond == 0) continue;
    const std::string cited = rules.citation(c.kind);
    // A card with a condition the term cannot state (a script's own condition)
    // is declared usable there by its script: its flags, or a battle event the
    // cores exempt from them (Rope of Life on EVENT_BATTLE_DESTROYED sets no
    // flag); whether its condition lets it be used there is not read, and the
    // finding says so rather than claim it.
    const std::string declared = c.hidden_condition ? "its script declares it usable at " : "declared usable at ";
    const std::string narrowed =
        c.hidden_condition ? " (its condition, target or cost function, which is not read, may narrow the declaration)" : std::string();
    out.push_back({c.name, declared + timings_text(beyond) + ", but " + rules.name + " permits its class " +
                               std::string(name(c.kind)) + " only at " + timings_text(permitted) +
                               (cited.empty() ? std::string() : " [" + cited + "]") + narrowed});
  }
  return out;
}

}  // namespace bc
