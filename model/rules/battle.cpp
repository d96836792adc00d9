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
      confirm_destroyed(s.target, atk);
    } else if (atk < other) {
      inflict(Player::P1, other - atk);
      if (vs_attack) confirm_destroyed(s.attacker, other);
    } else if (vs_attack && r.flag(Knob::EqualAtkDestroysBoth) && (atk > 0 || r.flag(Knob::ZeroAtkBattleDestroys))) {
      confirm_destroyed(s.attacker, other);
      confirm_destroyed(s.target, atk);
    }
  }
  if (r.get(Knob::BattleDestroyedLeaveTiming) == 0) send_battle_destroyed();
}

void Stepper::inflict(Player p, int amount) {
  if (amount <= 0) return;
  const DamageOutcome d = modified_battle_damage(p, amount, damage_modifiers(), r.flag(Knob::BattleDamageRedirectedOnce));
  if (d.amount <= 0) return;
  if (d.gain) {  // a reversal: a gain of Life Points, not battle damage (nothing "inflicted battle damage")
    Event g = ev(EventType::LifePointsChanged);
    g.player = d.to;
    g.value = d.amount;
    emit(g);
    return;
  }
  Event e = ev(EventType::BattleDamage);
  e.player = d.to;
  e.value = d.amount;
  emit(e);
  // The battler across from the player who took it inflicted it (S1 §伤害计算时:
  // "your opponent takes the battle damage" is battle damage).
  const std::uint8_t dealer = d.to == Player::P1 ? s.target : s.attacker;
  if (dealer >= kSlotCount || !s.zones[dealer].occupied()) return;
  make_pending(s.zones[dealer].monster, TriggerEvent::InflictsBattleDamage);
  for (Player p : {Player::P1, Player::P2}) make_pending_for(p, TriggerEvent::MonsterInflictsBattleDamage);
}

/// The modifiers in force at damage calculation: "no battle damage" always;
/// halvings, doublings and redirections under knob battle_damage_modifiers,
/// from resolved effects and the battlers' own continuous effects (which
/// still apply: destruction is confirmed after the damage, S1 §伤害计算时).
DamageModifiers Stepper::damage_modifiers() const {
  DamageModifiers m;
  for (Player p : {Player::P1, Player::P2}) {
    const bool p1 = p == Player::P1;
    if (s.has(p1 ? kNoDamageP1 : kNoDamageP2) || s.has(p1 ? kNoDamageTurnP1 : kNoDamageTurnP2)) m.zero |= player_bit(p);
  }
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (sc.cards[c].term.continuous.kind == ContinuousKind::NoBattleDamage && continuous_active(c) && shields_from_damage(c))
      m.zero |= player_bit(sc.cards[c].owner);
    if (!continuous_active(c)) continue;
    const bool attacks = host_slot(c) != kNoSlot && host_slot(c) == s.attacker;
    for (Player p : {Player::P1, Player::P2})  // Exploder Dragon's: the battles its host attacks in
      if (spared_when_attacking(sc.cards[c].term.continuous, attacks, p == sc.cards[c].owner)) m.zero |= player_bit(p);
  }
  if (!r.flag(Knob::BattleDamageModifiers)) return m;
  for (Player p : {Player::P1, Player::P2}) {
    const bool p1 = p == Player::P1;
    if (s.damage_mods & (p1 ? kHalveP1 | kHalveTurnP1 : kHalveP2 | kHalveTurnP2)) m.halve |= player_bit(p);
    if (s.damage_mods & (p1 ? kRedirectP1 | kRedirectTurnP1 : kRedirectP2 | kRedirectTurnP2)) m.redirect |= player_bit(p);
    if (s.damage_mods & (p1 ? kReverseTurnP1 : kReverseTurnP2)) m.reverse |= player_bit(p);
  }
  for (const BpChange& c : s.bp_changes)  // halved in battles involving a monster (Half Unbreak)
    if (c.halve() && (c.zone_slot() == s.attacker || c.zone_slot() == s.target))
      for (Player p : {Player::P1, Player::P2})
        if (c.delta & (p == Player::P1 ? 1 : 2)) m.halve |= player_bit(p);
  for (const BpChange& c : s.bp_changes)  // doubled in this battle of a monster's (Cross Counter)
    if (c.battle() && (c.zone_slot() == s.attacker || c.zone_slot() == s.target))
      for (Player p : {Player::P1, Player::P2})
        if (c.delta & (p == Player::P1 ? BpChange::kBattleTwiceP1 : BpChange::kBattleTwiceP2)) m.twice |= player_bit(p);
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    const ContinuousKind k = sc.cards[c].term.continuous.kind;
    if (!changes_inflicted_damage(k) && k != ContinuousKind::RedirectBattleDamage) continue;
    const std::uint8_t h = host_slot(c);
    if (h == kNoSlot || (h != s.attacker && h != s.target) || !continuous_active(c)) continue;
    if (sc.cards[c].term.continuous.of == kWhenAttacked && h != s.target) continue;  // Stone Statue of the Aztecs
    if (k == ContinuousKind::DoubleBattleDamage) m.twice |= player_bit(other(side_of(h)));
    else if (k == ContinuousKind::HalveBattleDamageInflicted) m.halve |= player_bit(other(side_of(h)));
    else m.redirect |= player_bit(side_of(h));
  }
  return m;
}

/// A resolved halving, redirection or reversal of the battle damage its
/// controller takes; "for this battle" with no battle in progress applies to none.
void Stepper::modify_battle_damage(Player owner, const Op& op) {
  const bool p1 = owner == Player::P1;
  if (op.code == OpCode::ReverseDamage) {  // the turn always
    s.damage_mods |= p1 ? kReverseTurnP1 : kReverseTurnP2;
    return;
  }
  const bool turn = op.duration == Duration::Turn;
  if (!turn && !attack_in_progress()) return;
  const bool halve = op.code == OpCode::HalveBattleDamage;
  const std::uint16_t battle = halve ? (p1 ? kHalveP1 : kHalveP2) : (p1 ? kRedirectP1 : kRedirectP2);
  static_assert(kHalveP1 << 4 == kHalveTurnP1 && kRedirectP2 << 4 == kRedirectTurnP2, "turn bits follow battle bits");
  s.damage_mods |= turn ? static_cast<std::uint16_t>(battle << 4) : battle;
}

void Stepper::confirm_destroyed(std::uint8_t slot, int foe_atk) {
  const bool p1 = side_of(slot) == Player::P1;
  if (s.has(p1 ? kSafeP1 : kSafeP2) || s.has(p1 ? kSafeTurnP1 : kSafeTurnP2)) return;  // "cannot be destroyed by battle"
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c)  // its own continuous effect, face-up (S0 §6.3.4.3.3)
    if (continuous_active(c) && host_slot(c) == slot && indestructible_against(sc.cards[c].term.continuous, foe_atk)) return;
  for (const BpChange& c : s.bp_changes)
    if (c.safe() && c.zone_slot() == slot) return;  // an effect's, for the turn (OpCode::IndestructibleByBattle)
  s.zones[slot].bits |= kDestroyConfirmed;
  Event e = ev(EventType::DestroyConfirmed);
  e.slot = slot;
  emit(e);
}

void Stepper::send_battle_destroyed() {
  for (std::uint8_t i = 0; i < kSlotCount; ++i)
    if (s.zones[i].occupied() && s.zones[i].has(kDestroyConfirmed)) leave_field(i, LeaveReason::Battle);
}

/// A no_battle_damage part shields its controller from this battle's damage:
/// a monster's own, when that monster battles; a Spell's or Trap's, while its
/// controller controls a monster.
bool Stepper::shields_from_damage(std::uint8_t card) const {
  const CardSpec& c = sc.cards[card];
  if (c.host != kNoMonster) {
    const std::uint8_t h = host_slot(card);
    return h != kNoSlot && (h == s.attacker || h == s.target);
  }
  for (int z = 0; z < kZonesPerSide; ++z)
    if (s.zones[slot_of(c.owner, z)].occupied()) return true;
  return false;
}

}  // namespace bc::detail
