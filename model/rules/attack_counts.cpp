/// How many attacks a monster may declare, and on what (docs/effects.md
/// "Continuous effects"): one per Battle Phase (S4 §2.4.2, "basically"), a
/// second with a second-attack effect, or one on each of the opponent's
/// monsters with an "attack each monster once" effect (S1 §攻击被无效).
#include "model/rules/stepper.hpp"

namespace bc::detail {

/// A declaration spends the attacker's attacks. A monster attacking each
/// opponent's monster once uses up the monster it declared on (knob
/// attack_all_counts_every_declaration), and after a direct attack attacks
/// no more: it chose the direct attack over its effect (S1 §攻击被无效).
void Stepper::count_declaration(std::uint8_t attacker, std::uint8_t target) {
  ZoneState& z = s.zones[attacker];
  if (!hosts(ContinuousKind::AttackAllOnceEach, attacker)) {
    z.bits |= z.has(kDeclared) ? kDeclarationsSpent : kDeclared;
    return;
  }
  z.bits |= kDeclared;
  choose_for_attack_all(attacker, target);
}

/// An attack of a monster attacking each opponent's monster once goes to
/// `target` (a declaration, a re-choice after a replay, or a moved attack).
void Stepper::choose_for_attack_all(std::uint8_t attacker, std::uint8_t target) {
  if (!hosts(ContinuousKind::AttackAllOnceEach, attacker)) return;
  if (target == kDirect) s.zones[attacker].bits |= kDeclarationsSpent;
  else if (target < kSlotCount && r.flag(Knob::AttackAllCountsEveryDeclaration)) s.zones[target].bits |= kAttackedByAll;
}

/// The attack reaches the Damage Step: under the knob's other reading, only
/// now is the monster it attacks used up.
void Stepper::count_damage_step_attack() {
  if (s.target < kSlotCount && s.zones[s.target].occupied() && hosts(ContinuousKind::AttackAllOnceEach, s.attacker))
    s.zones[s.target].bits |= kAttackedByAll;
}

/// Whether `attacker` may choose `slot` as a target now: a monster attacking
/// each opponent's monster once does not choose one it already attacked
/// (the current target stays choosable at a re-choice after a replay).
bool Stepper::not_used_up(std::uint8_t attacker, std::uint8_t slot, bool rechoice) const {
  if (!s.zones[slot].has(kAttackedByAll) || (rechoice && slot == s.target)) return true;
  return !hosts(ContinuousKind::AttackAllOnceEach, attacker);
}

/// Whether `attacker` may still attack directly as far as its attack count
/// goes: a monster attacking each opponent's monster once only in its first
/// attack (at a re-choice: while it has not yet attacked into a Damage Step,
/// a reading the sources leave open).
bool Stepper::direct_left(std::uint8_t attacker, bool rechoice) const {
  if (!hosts(ContinuousKind::AttackAllOnceEach, attacker)) return true;
  const ZoneState& z = s.zones[attacker];
  return rechoice ? !z.has(kAttacked) : !z.has(kDeclared);
}

}  // namespace bc::detail
