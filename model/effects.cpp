/// What each abstract effect kind does when its chain link resolves, and
/// the board changes effects cause (leaving the field, special summons).
#include <algorithm>

#include "model/stepper.hpp"

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
  if (reason != LeaveReason::Banish) make_pending(monster, EffectKind::SentToGraveTrigger);
  if (reason == LeaveReason::Battle) make_pending(monster, EffectKind::BattleDestroyedTrigger);
  if ((slot == s.attacker || slot == s.target) && in_damage_step(s.timing) && !s.has(kDamageCalculated))
    s.battle |= kBattleCancelled;
  if (slot == s.attacker) s.battle |= kAttackerLeft;
  note_count_change(side_of(slot));
}

void Stepper::summon(Player owner, std::uint8_t monster, Position pos) {
  if (monster == kNoMonster) return;
  for (int z = 0; z < kZonesPerSide; ++z) {
    const std::uint8_t slot = slot_of(owner, z);
    if (s.zones[slot].occupied()) continue;
    s.zones[slot] = ZoneState{monster, 0};
    s.zones[slot].set_position(pos);
    Event e = ev(EventType::Summoned);
    e.slot = slot;
    e.monster = monster;
    e.player = owner;
    e.position = pos;
    emit(e);
    note_count_change(owner);
    return;
  }
}

namespace {
void boost(State& s, Player owner, int value) {
  std::int8_t& b = owner == Player::P1 ? s.attacker_boost : s.target_boost;
  b = static_cast<std::int8_t>(std::clamp(b + value / 100, -127, 127));
}
}  // namespace

void Stepper::apply(int i) {
  const LinkState link = s.chain[i];
  const CardSpec& c = sc.cards[link.card];
  switch (c.kind) {
    case EffectKind::CounterTrap:
    case EffectKind::NegateActivationQuick:
    case EffectKind::NegateEffectQuick: {
      LinkState& victim = s.chain[link.target];
      const bool activation = c.kind != EffectKind::NegateEffectQuick;
      victim.bits |= activation ? kLinkActivationNegated : kLinkEffectNegated;
      Event e = ev(EventType::Negated);
      e.link = static_cast<std::uint8_t>(link.target + 1);
      e.negation = activation ? Negation::Activation : Negation::Effect;
      emit(e);
      const std::uint8_t h = host_slot(victim.card);
      if (c.kind == EffectKind::CounterTrap && h != kNoSlot) leave_field(h, LeaveReason::EffectDestroy);
      break;
    }
    case EffectKind::AtkBoostQuick:
    case EffectKind::DamageCalcBoost:
      if (battling_slot(c.owner) != kNoSlot) boost(s, c.owner, c.value);
      break;
    case EffectKind::DamageCalcNoDamage:
      s.battle |= c.owner == Player::P1 ? kNoDamageP1 : kNoDamageP2;
      break;
    case EffectKind::AttackNegateTrap:
      if (attack_in_progress() && !s.has(kAttackNegated)) {
        s.battle |= kAttackNegated;
        Event e = ev(EventType::AttackNegated);
        e.slot = s.attacker;
        emit(e);
      }
      break;
    case EffectKind::AttackDestroyTrap:
      if (battling_slot(Player::P1) != kNoSlot) leave_field(s.attacker, LeaveReason::EffectDestroy);
      break;
    case EffectKind::SpecialSummonQuick:
    case EffectKind::BattleDestroyedTrigger:
      summon(c.owner, c.summons, Position::FaceUpAttack);
      break;
    case EffectKind::SentToGraveTrigger:
      summon(c.owner, c.summons, Position::FaceUpDefense);
      break;
    case EffectKind::RemoveMonsterQuick:
      if (link.target < kSlotCount) leave_field(link.target, LeaveReason::Banish);
      break;
    case EffectKind::EndBattlePhaseQuick:
      s.battle |= kEndBattlePending;
      emit(ev(EventType::BattlePhaseEnded));
      break;
    case EffectKind::DestroyNoCalcTrigger:
    case EffectKind::FlipTrigger:
      if (link.target < kSlotCount) leave_field(link.target, LeaveReason::EffectDestroy);
      break;
    case EffectKind::BattledTrigger: {
      const std::uint8_t h = host_slot(link.card);
      const std::uint8_t foe = battling_slot(other(c.owner));
      if (foe != kNoSlot) leave_field(foe, LeaveReason::Banish);
      if (h != kNoSlot) leave_field(h, LeaveReason::Banish);
      break;
    }
    case EffectKind::EndOfBattleTrigger: {
      const std::uint8_t h = host_slot(link.card);
      if (h == kNoSlot || s.zones[h].position() == Position::FaceUpDefense) break;
      s.zones[h].set_position(Position::FaceUpDefense);
      Event e = ev(EventType::PositionChanged);
      e.slot = h;
      e.position = Position::FaceUpDefense;
      emit(e);
      break;
    }
    case EffectKind::FreeChainQuick:
    case EffectKind::BattleDamageTrigger:
      break;
  }
}

}  // namespace bc::detail
