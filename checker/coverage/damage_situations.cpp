/// Battle damage situations (damage_situations.hpp), from the DamageCalculation
/// event's values and the monitors' context before it (S0 §6.3.4.3.3).
#include "checker/coverage/damage_situations.hpp"

namespace bc {
namespace {

const TraceContext& tc(const SituationView& v) { return v.before.trace; }

bool no_damage(const TraceContext& c, Player p) {
  return p == Player::P1 ? (c.has(kBtlNoDamageP1) || c.has(kCtxNoDamageTurnP1))
                         : (c.has(kBtlNoDamageP2) || c.has(kCtxNoDamageTurnP2));
}
bool safe(const TraceContext& c, Player p) {
  return p == Player::P1 ? (c.has(kBtlSafeP1) || c.has(kCtxSafeTurnP1)) : (c.has(kBtlSafeP2) || c.has(kCtxSafeTurnP2));
}

}  // namespace

bool damage_prevented(const SituationView& v) {
  const Event& e = v.event;
  const bool pierced = e.mode == CalcMode::VsDefense && e.value > e.value2 && slot_pierces(tc(v), e.slot);
  const bool to_p2 = (e.mode == CalcMode::Direct && e.value > 0) ||
                     (e.mode == CalcMode::VsAttack && e.value > e.value2) || pierced;
  const bool to_p1 = e.mode != CalcMode::Direct && e.value < e.value2;
  return (to_p2 && no_damage(tc(v), Player::P2)) || (to_p1 && no_damage(tc(v), Player::P1));
}

bool destruction_prevented(const SituationView& v) {
  const Event& e = v.event;
  if (e.mode == CalcMode::Direct || e.target >= kSlotCount || e.slot >= kSlotCount) return false;
  const bool target_loses = e.value > e.value2 || (e.mode == CalcMode::VsAttack && e.value == e.value2 && e.value > 0);
  const bool attacker_loses = e.mode == CalcMode::VsAttack && e.value2 >= e.value && e.value2 > 0;
  return (target_loses && safe(tc(v), side_of(e.target))) || (attacker_loses && safe(tc(v), side_of(e.slot)));
}

bool piercing_damage(const SituationView& v) {
  const Event& e = v.event;
  return e.mode == CalcMode::VsDefense && e.value > e.value2 && slot_pierces(tc(v), e.slot);
}

bool battle_damage_scaled(const SituationView& v) {
  const DamageOutcome plain = expected_battle_damage(tc(v), v.event, false);
  const DamageOutcome modified = expected_battle_damage(tc(v), v.event, true);
  return plain.amount > 0 && modified.to == plain.to && modified.amount != plain.amount;
}

bool battle_damage_redirected(const SituationView& v) {
  const DamageOutcome plain = expected_battle_damage(tc(v), v.event, false);
  const DamageOutcome modified = expected_battle_damage(tc(v), v.event, true);
  return plain.amount > 0 && modified.amount > 0 && modified.to != plain.to;
}

}  // namespace bc
