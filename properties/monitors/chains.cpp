/// Checks on chains: link order and last-in-first-out resolution, spell
/// speeds, simultaneous triggers, and the one-chain timings.
#include "properties/monitors/checks.hpp"

namespace bc::checks {
namespace {

/// The one-chain property of a timing window, or Prop::Count if it has none.
Prop one_chain_property(std::uint8_t timing) {
  switch (static_cast<Timing>(timing)) {
    case Timing::AttackDeclaration: return Prop::OneChainAtAttackDeclaration;
    case Timing::StartOfDamageStep: return Prop::OneChainAtStartOfDamageStep;
    case Timing::DamageCalculation: return Prop::OneChainAtDamageCalculation;
    case Timing::AfterDamageCalculation: return Prop::OneChainAfterDamageCalculation;
    case Timing::EndOfDamageStep: return Prop::OneChainAtEndOfDamageStep;
    default: return Prop::Count;
  }
}

int unresolved(const Ctx& c) { return static_cast<int>(c.chain_len) - static_cast<int>(c.resolved); }

}  // namespace

/// chain_resolves_last_in_first_out: links are numbered 1, 2, ... and only
/// added before resolution starts ...
void lifo_activate(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.has(kChResolving) || e.link != c.chain_len + 1) violate(v, Prop::ChainResolvesLastInFirstOut);
}

/// ... a negation names a link that has not resolved yet ...
void lifo_negated(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.link == 0 || e.link > unresolved(c)) violate(v, Prop::ChainResolvesLastInFirstOut);
}

/// ... links resolve from the last one down to link 1 ...
void lifo_resolve(const Ctx& c, const Event& e, Verdicts& v) {
  if (unresolved(c) <= 0 || e.link != unresolved(c)) violate(v, Prop::ChainResolvesLastInFirstOut);
}

/// chain_resolves_after_both_pass: a chain starts to resolve only once both
/// players have had priority (and passed) after its last link. Checked on
/// traces that write Priority events.
void resolve_after_passes(const Ctx& c, const Event&, Verdicts& v) {
  if (c.resolved != 0 || !c.has(kWinSawPriority)) return;
  if (!c.has(kWinP1Passed) || !c.has(kWinP2Passed)) violate(v, Prop::ChainResolvesAfterBothPass);
}

/// ... and the chain ends only when every link has resolved.
void lifo_chain_end(const Ctx& c, const Event&, Verdicts& v) {
  if (c.resolved != c.chain_len) violate(v, Prop::ChainResolvesLastInFirstOut);
}

/// spell_speed_respected: a link's spell speed is at least the previous
/// link's; spell speed 1 effects join a chain only as simultaneous triggers
/// chained together before anyone gets priority.
void spell_speed(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.chain_len == 0 || c.has(kChResolving)) return;
  const int speed = speed_of(e);
  const bool gathered_trigger = c.has(kChBuilding) && is_trigger(e);
  if (speed < c.last_speed() || (speed < 2 && !gathered_trigger)) violate(v, Prop::SpellSpeedRespected);
}

/// simultaneous_triggers_turn_player_first: when simultaneous triggers are
/// chained, the turn player's come first (lower links).
void triggers_turn_player_first(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.chain_len == 0 || !is_trigger(e) || e.player != Player::P1) return;
  if (c.has(kChBuilding) && c.has(kChBuildingP2)) violate(v, Prop::SimultaneousTriggersTurnPlayerFirst);
}

/// one_chain_at_<timing>: at a one-chain timing, once a chain has been built
/// no player starts another one; only new triggers may start a chain.
void one_chain_windows(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.chain_len != 0 || !c.has(kChWindowHadChain) || is_trigger(e)) return;
  const Prop p = one_chain_property(c.timing);
  if (p != Prop::Count) violate(v, p);
}

/// one_chain_at_damage_calculation (second part): in a chain of triggers born
/// from the damage-calculation chain, "during damage calculation" effects
/// cannot be activated (the timing is no longer damage calculation).
void calc_effects_in_trigger_chain(const Ctx& c, const Event& e, Verdicts& v) {
  const bool calc_only = has_attr(e, kAttrCalcOnly);
  if (calc_only && c.at(Timing::DamageCalculation) && c.chain_len > 0 && c.has(kChTriggerChain))
    violate(v, Prop::OneChainAtDamageCalculation);
}

}  // namespace bc::checks
