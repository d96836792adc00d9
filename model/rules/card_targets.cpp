/// Spell and Trap cards as an effect's target (TargetKind::SpellTrap;
/// docs/effects.md "Targets"): which cards are on the field to be targeted,
/// and what destroying one does. The model keeps no zone for a Spell or Trap:
/// where a card is follows from the state's card bits (used, resolved) and
/// the chain.
#include "model/rules/stepper.hpp"

namespace bc::detail {

namespace {
bool in_chain(const State& s, std::uint8_t card) {
  for (int i = 0; i < s.chain_len; ++i)
    if (s.chain[i].card == card) return true;
  return false;
}
}  // namespace

/// A card of its own, not a monster's effect nor a face-up card's later one:
/// - on the chain: activated, face-up until it resolves;
/// - a continuous effect with no host: face-up from the start;
/// - activated and resolved, staying on the field (a Continuous Spell or
///   Trap: State::resolved);
/// - a Trap not yet activated: set (a Trap is activated from the field);
/// - a Spell not yet activated: set when the scenario says so (CardSpec::set),
///   else read as in the hand (docs/effects.md "Targets").
/// Not on the field: once destroyed, or once resolved to the Graveyard.
bool Stepper::card_on_field(std::uint8_t t) const {
  const CardSpec& c = sc.cards[t];
  if (c.term.card_type == CardType::Monster || c.host != kNoMonster || c.effect_of != kNoCard) return false;
  const auto b = static_cast<std::uint16_t>(1u << t);
  if (in_chain(s, t)) return true;
  if (c.term.activation == Activation::Continuous) return !(s.used & b);
  if (s.used & b) return (s.resolved & b) != 0;
  return c.term.card_type == CardType::Trap || c.set;
}

/// The card leaves the field, destroyed or (`reason`) returned to the hand or
/// banished (a CardDestroyed event): set, it can no longer be activated;
/// face-up, its continuous part (and any effect it has once face-up) stops; on
/// the chain, its link still resolves, but its continuous part never applies
/// (kLinkCardGone). No longer on the field (resolved meanwhile): nothing.
void Stepper::remove_card(std::uint8_t t, LeaveReason reason) {
  if (t >= sc.cards.size() || !card_on_field(t)) return;
  for (int i = 0; i < s.chain_len; ++i)
    if (s.chain[i].card == t) {
      if (!(s.chain[i].bits & kLinkActivationNegated)) emit_card_destroyed(t, reason);
      s.chain[i].bits |= kLinkCardGone;
      return;
    }
  emit_card_destroyed(t, reason);
  const auto b = static_cast<std::uint16_t>(1u << t);
  s.used |= b;
  s.resolved &= static_cast<std::uint16_t>(~b);
}

/// CardDestroyed for card t. Not for a card whose activation was negated: it
/// goes to the Graveyard as its link resolves anyway, and nothing it does
/// comes into force. A destruction leaves the event's reason at its default
/// (traces before version 9 have none); another removal names its reason.
void Stepper::emit_card_destroyed(std::uint8_t t, LeaveReason reason) {
  Event e = ev(EventType::CardDestroyed);
  e.card = t;
  e.player = sc.cards[t].owner;
  if (reason != LeaveReason::EffectDestroy) e.reason = reason;
  emit(e);
}

/// Spirit Reaper: the monster a resolved, not negated, chain link targeted is
/// destroyed after that resolution if it is still there, face-up, with its
/// part in force. In a Damage Step before damage calculation it waits for the
/// battle's destruction to be confirmed (S2 §マスタールール2以前のダメージステップ),
/// which the model does not hold: there it is not destroyed (docs/effects.md).
void Stepper::destroy_if_targeted(const LinkState& link) {
  if (!targets_monsters(sc.cards[link.card].term.target.kind) || link.target >= kSlotCount) return;
  if (!s.zones[link.target].occupied() || !hosts(ContinuousKind::DestroyedWhenTargeted, link.target)) return;
  if (in_damage_step(s.timing) && !s.has(kDamageCalculated)) return;
  leave_field(link.target, LeaveReason::EffectDestroy);
}

}  // namespace bc::detail
