/// What a resolving chain link does: its term's primitive operations, run in
/// order on their objects; and the board changes effects cause (leaving the
/// field, special summons, position changes; ATK/DEF changes are in stats.cpp).
#include <algorithm>

#include "model/rules/stepper.hpp"

namespace bc::detail {

void Stepper::note_count_change(Player side) {
  if (side != Player::P2 || !attack_in_progress()) return;
  if (battle_window() || (in_damage_step(s.timing) && r.flag(Knob::ReplayInDamageStep))) s.battle |= kReplayPending;
}

void Stepper::leave_field(std::uint8_t slot, LeaveReason reason) {
  ZoneState& z = s.zones[slot];
  if (!z.occupied()) return;
  const std::uint8_t monster = z.monster;
  Event e = ev(EventType::LeftField);
  e.slot = slot;
  e.reason = reason;
  e.monster = monster;
  emit(e);
  z = ZoneState{};
  s.atk_mod[slot] = s.def_mod[slot] = 0;
  forget_bp_changes(slot);
  set_granted_piercing(slot, false);
  if (reason != LeaveReason::Banish && reason != LeaveReason::ReturnToHand) {
    make_pending(monster, TriggerEvent::SentToGraveyard);
    make_pending_for(other(side_of(slot)), TriggerEvent::OpponentMonsterSentToGraveyard);
  }
  if (reason == LeaveReason::Battle) {
    make_pending(monster, TriggerEvent::DestroyedByBattle);
    const std::uint8_t foe = slot == s.attacker ? s.target : slot == s.target ? s.attacker : kNoSlot;
    if (foe < kSlotCount && s.zones[foe].occupied()) make_pending(s.zones[foe].monster, TriggerEvent::DestroyedOpponentByBattle);
  }
  if ((slot == s.attacker || slot == s.target) && in_damage_step(s.timing) && !s.has(kDamageCalculated))
    s.battle |= kBattleCancelled;
  if (slot == s.attacker) s.battle |= kAttackerGone;
  note_count_change(side_of(slot));
}

/// The battle damage `owner` takes from battles involving the monster in
/// `slot` is halved for the turn (OpCode::HalveDamageInvolving): one record a
/// monster, its delta the players' mask (1: P1, 2: P2).
void Stepper::halve_damage_involving(std::uint8_t slot, Player owner) {
  const auto key = static_cast<std::uint8_t>(slot | BpChange::kBpChangeHalve);
  const std::int8_t mark = owner == Player::P1 ? 1 : 2;
  for (BpChange& c : s.bp_changes)
    if (c.slot == key) {
      c.delta = static_cast<std::int8_t>(c.delta | mark);
      return;
    }
  note_bp_change(key, mark);
}

/// A change to the monster in `slot` for this battle only (BpChange::kBpChangeBattle):
/// `mark` joins its record's delta. None with no battle in progress.
void Stepper::note_battle_change(std::uint8_t slot, std::int8_t mark) {
  if (!attack_in_progress()) return;
  const auto key = static_cast<std::uint8_t>(slot | BpChange::kBpChangeBattle);
  for (BpChange& c : s.bp_changes)
    if (c.slot == key) {
      c.delta = static_cast<std::int8_t>(c.delta | mark);
      return;
    }
  note_bp_change(key, mark);
}

/// The battle is over: its changes (BpChange::kBpChangeBattle) end with it.
void Stepper::forget_battle_changes() {
  for (BpChange& c : s.bp_changes)
    if (c.battle()) c = BpChange{};
}

/// The monsters whose battle change says so (`mark`) are destroyed now, by
/// the effect that made the change, if they are still on the field.
void Stepper::destroy_marked(std::int8_t mark) {
  for (const BpChange c : s.bp_changes)
    if (c.battle() && (c.delta & mark) && s.zones[c.zone_slot()].occupied())
      leave_field(c.zone_slot(), LeaveReason::EffectDestroy);
}

/// A piercing granted for the turn (OpCode::GrantPiercing) to the turn
/// player's monster in `slot`, or taken back as it leaves the zone.
void Stepper::set_granted_piercing(std::uint8_t slot, bool on) {
  if (slot >= kSlotCount || side_of(slot) != Player::P1) return;
  const auto b = static_cast<std::uint16_t>(kPiercingTurnZone0 << (slot % kZonesPerSide));
  s.damage_mods = static_cast<std::uint16_t>(on ? (s.damage_mods | b) : (s.damage_mods & ~b));
}

std::uint8_t Stepper::free_zone(Player owner) const {
  for (int z = 0; z < kZonesPerSide; ++z)
    if (!s.zones[slot_of(owner, z)].occupied()) return slot_of(owner, z);
  return kNoSlot;
}

/// A Tribute cost takes one of its controller's monsters, not the card's own
/// host; a monster whose destruction by battle is confirmed can no longer be
/// chosen (S1 §伤害计算后: an effect cannot choose it, and cannot be
/// activated when only such monsters could be chosen), unless the knob says so.
bool Stepper::tributable(std::uint8_t card, std::uint8_t slot) const {
  const CardSpec& c = sc.cards[card];
  if (slot >= kSlotCount || side_of(slot) != c.owner || !s.zones[slot].occupied() || slot == host_slot(card)) return false;
  return !s.zones[slot].has(kDestroyConfirmed) || r.flag(Knob::DestroyedByBattleUsableForCost);
}

/// The monster a Tribute cost sends when nobody chooses (a trigger the rules
/// chain): the controller's first tributable monster.
std::uint8_t Stepper::tribute_slot(std::uint8_t card) const {
  for (int z = 0; z < kZonesPerSide; ++z)
    if (tributable(card, slot_of(sc.cards[card].owner, z))) return slot_of(sc.cards[card].owner, z);
  return kNoSlot;
}

void Stepper::summon(Player owner, std::uint8_t monster, Position pos) {
  if (monster == kNoMonster) return;
  const std::uint8_t slot = free_zone(owner);
  if (slot == kNoSlot) return;
  if (pos != Position::FaceDownDefense) pos = forced_position(monster, pos);  // Final Attack Orders, Dragon Capture Jar
  s.zones[slot] = ZoneState{monster, 0};
  s.zones[slot].set_position(pos);
  Event e = ev(EventType::Summoned);
  e.slot = slot;
  e.monster = monster;
  e.player = owner;
  e.position = pos;
  emit(e);
  make_pending(monster, TriggerEvent::SpecialSummoned);
  make_pending_for(other(owner), TriggerEvent::OpponentSpecialSummoned);
  for (Player p : {Player::P1, Player::P2}) make_pending_for(p, TriggerEvent::MonsterSummoned);
  note_count_change(owner);
}

void Stepper::pend_flip(std::uint8_t monster) {
  make_pending(monster, TriggerEvent::Flipped);
  // Flipped is not Flip Summoned: a summon is the player's own Main Phase
  // action (S4 §2.3, §2.3.1); only the mutant knob makes it one.
  if (r.flag(Knob::FlipIsFlipSummon)) make_pending(monster, TriggerEvent::FlipSummoned);
}

void Stepper::flip_summon(std::uint8_t slot) {
  ZoneState& z = s.zones[slot];
  z.set_position(Position::FaceUpAttack);
  Event e = ev(EventType::FlipSummoned);
  e.slot = slot;
  e.monster = z.monster;
  e.player = Player::P1;
  emit(e);
  make_pending(z.monster, TriggerEvent::Flipped);
  make_pending(z.monster, TriggerEvent::FlipSummoned);
  for (Player p : {Player::P1, Player::P2}) make_pending_for(p, TriggerEvent::MonsterSummoned);
  s.passes = 0;
  open_priority();
}

void Stepper::change_position(std::uint8_t slot, Position pos) {
  ZoneState& z = s.zones[slot];
  if (!z.occupied() || z.position() == pos) return;
  // "Change to Defense Position" leaves a face-down Defense Position monster
  // as it is: it already is in Defense Position, and nothing turns it face-up.
  if (pos == Position::FaceUpDefense && z.position() == Position::FaceDownDefense) return;
  if (pos != Position::FaceDownDefense) pos = forced_position(z.monster, pos);  // Final Attack Orders, Dragon Capture Jar
  if (z.position() == pos) return;
  const bool flipped = z.position() == Position::FaceDownDefense;
  z.set_position(pos);
  Event e = ev(EventType::PositionChanged);
  e.slot = slot;
  e.position = pos;
  emit(e);
  // Turned face-up by an effect, a monster starts its flip effect as when it is
  // flipped by an attack: the sources list "when this card is flipped" among the
  // trigger effects whatever flipped it (S0 §6.3.4.3, S1 §伤害步骤).
  if (flipped) pend_flip(z.monster);
  // An attacker no longer in Attack Position cannot battle: like a battler
  // leaving, no damage calculation, the remaining timings still run
  // (S1 §伤害步骤, S1 §伤害计算时: Superheavy Samurai Big Benkei).
  const bool before_calc = in_damage_step(s.timing) && !s.has(kDamageCalculated);
  if (slot == s.attacker && before_calc && pos != Position::FaceUpAttack && r.flag(Knob::AttackRequiresAttackPosition))
    s.battle |= kBattleCancelled;
}

/// The monsters an operation acts on, in a fixed order.
int Stepper::objects(const LinkState& link, const Op& op, std::array<std::uint8_t, kSlotCount>& out) const {
  const CardSpec& c = sc.cards[link.card];
  int n = 0;
  auto add = [&](std::uint8_t slot) {
    if (slot < kSlotCount && s.zones[slot].occupied()) out[n++] = slot;
  };
  const Player foe = other(c.owner);
  switch (op.object) {
    case Object::Target: add(link.target); break;
    case Object::Self: add(host_slot(link.card)); break;
    case Object::OwnBattler: add(battling_slot(c.owner)); break;
    case Object::OpponentBattler: add(battling_slot(foe)); break;
    case Object::Attacker: add(battling_slot(Player::P1)); break;
    case Object::AttackTarget: add(battling_slot(Player::P2)); break;
    case Object::BothBattlers: add(battling_slot(Player::P1)); add(battling_slot(Player::P2)); break;
    case Object::OpponentsMonsters:
    case Object::OpponentsAttackPosition:
    case Object::AllMonsters:
      // Every monster: in slot order (the turn player's first), as the
      // engines list one group; the opponent's alone: the foe's zones.
      for (Player side : {op.object == Object::AllMonsters ? Player::P1 : foe, op.object == Object::AllMonsters ? Player::P2 : c.owner}) {
        if (side == c.owner && op.object != Object::AllMonsters) continue;
        for (int z = 0; z < kZonesPerSide; ++z) {
          const std::uint8_t slot = slot_of(side, z);
          if (op.object == Object::OpponentsAttackPosition && s.zones[slot].position() != Position::FaceUpAttack) continue;
          add(slot);
        }
      }
      break;
    case Object::You:
    case Object::Opponent: break;
  }
  return n;
}

void Stepper::negate(const LinkState& link, const Op& op) {
  if (link.target >= s.chain_len) return;  // no link below (never activated so: trigger_valid, resolution_possible)
  LinkState& victim = s.chain[link.target];
  const bool activation = op.code == OpCode::NegateActivation;
  victim.bits |= activation ? kLinkActivationNegated : kLinkEffectNegated;
  Event e = ev(EventType::Negated);
  e.link = static_cast<std::uint8_t>(link.target + 1);
  e.negation = activation ? Negation::Activation : Negation::Effect;
  emit(e);
  const std::uint8_t h = host_slot(victim.card);
  if (op.flag && h != kNoSlot) leave_field(h, LeaveReason::EffectDestroy);
}

void Stepper::apply_op(const LinkState& link, const Op& op) {
  const CardSpec& c = sc.cards[link.card];
  switch (op.code) {
    case OpCode::NegateActivation:
    case OpCode::NegateEffect: negate(link, op); return;
    case OpCode::NegateAttack:
      if (attack_in_progress() && !s.has(kAttackNegated)) {
        s.battle |= kAttackNegated;
        Event e = ev(EventType::AttackNegated);
        e.slot = s.attacker;
        emit(e);
      }
      return;
    case OpCode::EndBattlePhase:
      s.battle |= kEndBattlePending;
      emit(ev(EventType::BattlePhaseEnded));
      return;
    case OpCode::NoBattleDamage: {
      const bool p1 = c.owner == Player::P1;
      const bool turn = op.duration == Duration::Turn;
      // "For this battle" with no battle in progress protects no battle: the
      // next attack is a battle of its own (S0 §6.3.4.3.3, S1 §伤害步骤结束时).
      if (!turn && !attack_in_progress()) return;
      s.battle |= turn ? (p1 ? kNoDamageTurnP1 : kNoDamageTurnP2) : (p1 ? kNoDamageP1 : kNoDamageP2);
      if (op.flag) s.battle |= turn ? (p1 ? kSafeTurnP1 : kSafeTurnP2) : (p1 ? kSafeP1 : kSafeP2);
      return;
    }
    case OpCode::HalveBattleDamage:
    case OpCode::RedirectBattleDamage:
    case OpCode::ReverseDamage: modify_battle_damage(c.owner, op); return;
    case OpCode::SpecialSummon: summon(c.owner, op.monster, op.position); return;
    case OpCode::ChangeAttackTarget: redirect(link.target); return;
    case OpCode::InflictDamage:
    case OpCode::GainLp: change_life_points(c.owner, op); return;
    case OpCode::Opaque: return;
    case OpCode::Destroy:
    case OpCode::Banish:
    case OpCode::ReturnToHand:
      if (op.object == Object::Target && is_card_target(link.target)) {
        remove_card(card_of_target(link.target), op.code == OpCode::Destroy  ? LeaveReason::EffectDestroy
                                                 : op.code == OpCode::Banish ? LeaveReason::Banish
                                                                             : LeaveReason::ReturnToHand);
        return;
      }
      break;
    case OpCode::CannotDeclareAttacks:
      // Only the turn player declares: a P2 card's ban binds P1 (S1 §战斗步骤:
      // an attack already declared goes on; the ban reads only later declarations).
      if (c.owner == Player::P2) s.damage_mods |= kNoDeclarationsTurn;
      return;
    default: break;
  }
  std::array<std::uint8_t, kSlotCount> slots{};
  const int n = objects(link, op, slots);
  for (int i = 0; i < n; ++i)
    if (op.code == OpCode::TakeControl) take_control(c.owner, slots[i]);
    else if (op.code == OpCode::HalveDamageInvolving) halve_damage_involving(slots[i], c.owner);
    else if (op.code == OpCode::DoubleDamageInvolving)
      note_battle_change(slots[i], other(c.owner) == Player::P1 ? BpChange::kBattleTwiceP1 : BpChange::kBattleTwiceP2);
    else if (op.code == OpCode::DestroyAfterCalculation)
      note_battle_change(slots[i], op.flag ? BpChange::kBattleDestroyAtEnd : BpChange::kBattleDestroyAfterCalc);
    else apply_to_monster(slots[i], op);
}

void Stepper::apply_to_monster(std::uint8_t slot, const Op& op) {
  switch (op.code) {
    case OpCode::Destroy: leave_field(slot, LeaveReason::EffectDestroy); break;
    case OpCode::Banish: leave_field(slot, LeaveReason::Banish); break;
    case OpCode::ReturnToHand: leave_field(slot, LeaveReason::ReturnToHand); break;
    case OpCode::ChangePosition:
      // A monster whose destruction by battle is confirmed keeps its position
      // (S1 §伤害计算后): the knob says whether an effect may still change it.
      if (!s.zones[slot].has(kDestroyConfirmed) || r.flag(Knob::DestroyedByBattlePositionChangeable))
        change_position(slot, op.position);
      break;
    case OpCode::ChangeAtk:
    case OpCode::SetAtk:
    case OpCode::ChangeDef: change_stat(slot, op); break;
    case OpCode::CannotAttack: forbid_attack(slot); break;
    case OpCode::AttractAttacks: attract_attacks(slot); break;
    case OpCode::GrantPiercing: set_granted_piercing(slot, true); break;
    case OpCode::IndestructibleByBattle: note_bp_change(static_cast<std::uint8_t>(slot | BpChange::kBpChangeSafe), 0); break;
    default: break;
  }
}

/// Effect damage or a gain of Life Points, outside battle: an event, the model
/// keeps no Life Points. "The attacker's ATK" is the declared attacker's now,
/// also once its attack is negated (Magic Cylinder); none once the attacker
/// left or can no longer attack (no longer the attacking monster, S1
/// §战斗步骤), even with another monster in its zone. Battle damage is only
/// what a monster's battle inflicts (S0 §6.3.4.3.3.2, S1 §伤害计算时; knob
/// effect_damage_is_battle_damage).
void Stepper::change_life_points(Player owner, const Op& op) {
  const bool atk = op.flag;
  if (atk && (s.attacker >= kSlotCount || s.has(kAttackerGone) || !s.zones[s.attacker].occupied())) return;
  const int amount = atk ? current_atk(s.attacker) : op.amount;
  if (amount <= 0) return;
  const Player to = op.object == Object::Opponent ? other(owner) : owner;
  // Damage to a player under a reversal is a gain instead (OpCode::ReverseDamage).
  const bool damage = op.code == OpCode::InflictDamage && (s.damage_mods & (to == Player::P1 ? kReverseTurnP1 : kReverseTurnP2)) == 0;
  const bool as_battle = damage && r.flag(Knob::EffectDamageIsBattleDamage);
  Event e = ev(as_battle ? EventType::BattleDamage : EventType::LifePointsChanged);
  e.player = to;
  e.value = damage && !as_battle ? -amount : amount;
  emit(e);
}

/// "Cannot attack" for the rest of the turn: no further declaration; and the
/// attacking monster's attack, before the Damage Step, stops (knob
/// cannot_attack_stops_attack, S1 §战斗步骤), once the chain has resolved.
/// A "cannot declare an attack" effect (a continuous part) binds only later
/// declarations.
void Stepper::forbid_attack(std::uint8_t slot) {
  ZoneState& z = s.zones[slot];
  z.bits |= kDeclarationsSpent;
  Event e = ev(EventType::AttackForbidden);
  e.slot = slot;
  e.monster = z.monster;
  emit(e);
  if (slot == s.attacker && battle_window() && r.flag(Knob::CannotAttackStopsAttack)) s.battle |= kAttackerGone;
}

/// "This turn, the opponent's monsters can attack only this monster" (S1
/// §战斗步骤的卷回, 仁王立's second effect), on a monster of the player who is
/// not attacking this turn (on the turn player's own monster it binds nothing
/// here). An attack declared before on another target, or a direct one, and
/// not yet in the Damage Step, replays once the chain has resolved: the
/// attacker chooses that monster or stops (knob forced_target_causes_replay).
void Stepper::attract_attacks(std::uint8_t slot) {
  ZoneState& z = s.zones[slot];
  if (side_of(slot) != Player::P2 || !z.occupied()) return;
  z.bits |= kAttractsAttacks;
  Event e = ev(EventType::AttackTargetForced);
  e.slot = slot;
  e.monster = z.monster;
  emit(e);
  if (attack_in_progress() && battle_window() && s.target != slot && r.flag(Knob::ForcedTargetCausesReplay))
    s.battle |= kReplayPending;
}

/// The attack now targets `slot` (an opponent's monster): no replay, the
/// monster count did not change (S1 §战斗步骤的卷回).
void Stepper::redirect(std::uint8_t slot) {
  if (!attack_in_progress() || slot >= kSlotCount || !s.zones[slot].occupied() || side_of(slot) == side_of(s.attacker)) return;
  if (slot == s.target || step_of(s.timing) != Step::BattleStep) return;
  // Not onto a monster the attacker may not attack while another is its only target (S1 §战斗步骤的卷回).
  if (forced_targets() != 0 && !(forced_targets() & (1u << slot))) return;
  s.target = slot;
  s.target_boost = 0;
  choose_for_attack_all(s.attacker, slot);
  Event e = ev(EventType::AttackTargetChanged);
  e.slot = s.attacker;
  e.target = slot;
  emit(e);
}

void Stepper::apply(int i) {
  const LinkState link = s.chain[i];
  const EffectTerm& t = sc.cards[link.card].term;
  for (int k = 0; k < t.op_count; ++k) apply_op(link, t.ops[k]);
}

}  // namespace bc::detail
