/// A control change in the Battle Phase (OpCode::TakeControl): the monster
/// leaves one side and arrives on the other, as S1 §战斗步骤 describes with
/// a monster whose control goes back while it attacks.
#include <algorithm>

#include "model/rules/stepper.hpp"

namespace bc::detail {

bool Stepper::hosts_a_card(std::uint8_t monster) const {
  return std::any_of(sc.cards.begin(), sc.cards.end(), [&](const CardSpec& c) { return c.host == monster; });
}

/// `taker` takes control of the monster in `slot`, into its first free zone,
/// for the rest of the turn (nothing in the model gives it back). It arrives
/// as a monster of its side: it keeps its position, its ATK/DEF changes and
/// an effect's "cannot attack", and no attack count (it has not declared for
/// its new controller; S1 §战斗步骤 has a monster taken this turn attack). Both sides' monster
/// counts change: on the attacked side, a replay (S1 §战斗步骤的卷回). The
/// attacking monster taken away is no longer the attacking monster and its
/// attack stops (S1 §战斗步骤, knob control_change_stops_attack). A monster
/// that has effects of its own stays where it is: the model keeps a card's
/// controller fixed (docs/effects.md "take_control").
void Stepper::take_control(Player taker, std::uint8_t slot) {
  const ZoneState from = s.zones[slot];
  if (!from.occupied() || side_of(slot) == taker || hosts_a_card(from.monster)) return;
  const std::uint8_t to = free_zone(taker);
  if (to == kNoSlot) return;
  Event e = ev(EventType::ControlChanged);
  e.slot = slot;
  e.target = to;
  e.monster = from.monster;
  e.player = taker;
  e.position = from.position();
  emit(e);
  // "Cannot attack" for the rest of the turn stays with the monster; what it
  // did as the other player's monster does not count for its new controller.
  s.zones[to] = ZoneState{from.monster, static_cast<std::uint8_t>(from.bits & kDeclarationsSpent)};
  s.zones[to].set_position(from.position());
  s.zones[slot] = ZoneState{};
  set_granted_piercing(slot, false);  // the turn player's own monster taken: what it was granted goes
  s.atk_mod[to] = s.atk_mod[slot];
  s.def_mod[to] = s.def_mod[slot];
  s.atk_mod[slot] = s.def_mod[slot] = 0;
  for (BpChange& c : s.bp_changes)
    if (c.used() && c.zone_slot() == slot) c.slot = static_cast<std::uint8_t>(to | c.flags());
  // In the Damage Step, before damage calculation, a battler gone from its
  // side cancels the battle, as one leaving the field does (leave_field).
  const bool battler = slot == s.target || (slot == s.attacker && r.flag(Knob::ControlChangeStopsAttack));
  if (battler && in_damage_step(s.timing) && !s.has(kDamageCalculated)) s.battle |= kBattleCancelled;
  if (slot == s.attacker) {
    if (r.flag(Knob::ControlChangeStopsAttack)) s.battle |= kAttackerGone;
    else s.attacker = to;  // mutant: the attack goes on with a monster its player no longer controls
  }
  note_count_change(side_of(slot));
  note_count_change(taker);
}

}  // namespace bc::detail
