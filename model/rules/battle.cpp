/// Damage calculation (S0 §6.3.4.3.3): values compared, battle damage,
/// destruction by battle confirmed, and battle-destroyed monsters sent on.
#include "model/rules/stepper.hpp"

namespace bc::detail {

void Stepper::damage_calculation() {
  const bool attacker_there = s.attacker < kSlotCount && s.zones[s.attacker].occupied();
  const bool target_there = s.target == kDirect || (s.target < kSlotCount && s.zones[s.target].occupied());
  const bool cancelled = s.has(kBattleCancelled) || !attacker_there || !target_there;
  if (cancelled && (!r.flag(Knob::DamageCalcWhenBattlerLeft) || !attacker_there)) {
    emit(ev(EventType::NoDamageCalculation));
    return;
  }
  const bool direct = !target_there || s.target == kDirect;
  const int atk = current_atk(s.attacker);
  Event e = ev(EventType::DamageCalculation);
  e.slot = s.attacker;
  e.target = direct ? kDirect : s.target;
  e.value = atk;
  s.battle |= kDamageCalculated;
  s.zones[s.attacker].bits |= kBattled;
  make_pending(s.zones[s.attacker].monster, TriggerEvent::Battled);
  if (direct) {
    e.mode = CalcMode::Direct;
    emit(e);
    inflict(Player::P2, atk);
  } else {
    ZoneState& t = s.zones[s.target];
    t.bits |= kBattled;
    make_pending(t.monster, TriggerEvent::Battled);
    const bool vs_attack = t.position() == Position::FaceUpAttack;
    const int other = vs_attack ? current_atk(s.target) : current_def(s.target);
    e.mode = vs_attack ? CalcMode::VsAttack : CalcMode::VsDefense;
    e.value2 = other;
    emit(e);
    if (atk > other) {
      if (vs_attack || pierces(s.attacker)) inflict(Player::P2, atk - other);
      confirm_destroyed(s.target);
    } else if (atk < other) {
      inflict(Player::P1, other - atk);
      if (vs_attack) confirm_destroyed(s.attacker);
    } else if (vs_attack && r.flag(Knob::EqualAtkDestroysBoth) && (atk > 0 || r.flag(Knob::ZeroAtkBattleDestroys))) {
      confirm_destroyed(s.attacker);
      confirm_destroyed(s.target);
    }
  }
  if (r.get(Knob::BattleDestroyedLeaveTiming) == 0) send_battle_destroyed();
}

void Stepper::inflict(Player p, int amount) {
  if (amount <= 0) return;
  if (s.has(p == Player::P1 ? kNoDamageP1 : kNoDamageP2)) return;
  if (s.has(p == Player::P1 ? kNoDamageTurnP1 : kNoDamageTurnP2)) return;
  Event e = ev(EventType::BattleDamage);
  e.player = p;
  e.value = amount;
  emit(e);
  const std::uint8_t dealer = p == Player::P1 ? s.target : s.attacker;
  if (dealer < kSlotCount && s.zones[dealer].occupied()) make_pending(s.zones[dealer].monster, TriggerEvent::InflictsBattleDamage);
}

void Stepper::confirm_destroyed(std::uint8_t slot) {
  const bool p1 = side_of(slot) == Player::P1;
  if (s.has(p1 ? kSafeP1 : kSafeP2) || s.has(p1 ? kSafeTurnP1 : kSafeTurnP2)) return;  // "cannot be destroyed by battle"
  s.zones[slot].bits |= kDestroyConfirmed;
  Event e = ev(EventType::DestroyConfirmed);
  e.slot = slot;
  emit(e);
}

void Stepper::send_battle_destroyed() {
  for (std::uint8_t i = 0; i < kSlotCount; ++i)
    if (s.zones[i].occupied() && s.zones[i].has(kDestroyConfirmed)) leave_field(i, LeaveReason::Battle);
}

}  // namespace bc::detail
