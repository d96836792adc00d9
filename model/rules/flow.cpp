/// Windows, steps and the battle itself: what happens when a timing begins
/// and ends. Every contested choice reads a knob from the ruleset.
#include <algorithm>

#include "model/rules/stepper.hpp"

namespace bc::detail {

bool Stepper::one_chain_window() const { return !r.several(chains_knob(s.timing)); }

std::uint8_t Stepper::host_slot(std::uint8_t card) const {
  const std::uint8_t host = sc.cards[card].host;
  if (host == kNoMonster) return kNoSlot;
  for (std::uint8_t i = 0; i < kSlotCount; ++i)
    if (s.zones[i].monster == host) return i;
  return kNoSlot;
}

std::uint8_t Stepper::battling_slot(Player p) const {
  if (!attack_in_progress()) return kNoSlot;
  const std::uint8_t slot = p == Player::P1 ? s.attacker : s.target;
  if (slot >= kSlotCount || !s.zones[slot].occupied()) return kNoSlot;
  return slot;
}

int Stepper::current_atk(std::uint8_t slot) const {
  int atk = sc.monsters[s.zones[slot].monster].atk + 50 * s.atk_mod[slot];
  if (slot == s.attacker) atk += 100 * s.attacker_boost;
  if (slot == s.target) atk += 100 * s.target_boost;
  return std::max(0, atk + continuous_atk(slot));
}

int Stepper::current_def(std::uint8_t slot) const {
  return std::max(0, sc.monsters[s.zones[slot].monster].def + 50 * s.def_mod[slot]);
}

bool Stepper::side_has_monsters(Player p) const {
  for (int z = 0; z < kZonesPerSide; ++z)
    if (s.zones[slot_of(p, z)].occupied()) return true;
  return false;
}

/// The targets an attacker may choose: a declaration, or the re-choice after
/// a replay (knob attack_restrictions_apply_on_replay: restrictions bind it too).
void Stepper::list_attack_targets(ActionType type, std::uint8_t attacker, ActionList& out) const {
  const bool restricted = type == ActionType::DeclareAttack || r.flag(Knob::AttackRestrictionsApplyOnReplay);
  const std::uint16_t forced = restricted ? forced_targets() : 0;  // a forced target (S1 §战斗步骤的卷回)
  bool blocked = false;
  for (int z = 0; z < kZonesPerSide; ++z) {
    const std::uint8_t slot = slot_of(Player::P2, z);
    if (!s.zones[slot].occupied()) continue;
    blocked = blocked || blocks_direct_attack(slot);
    if (forced != 0 && !(forced & (1u << slot))) continue;
    if (restricted && !not_used_up(attacker, slot, type == ActionType::ReplayTarget)) continue;
    if (!restricted || attackable(slot)) out.push(Action{type, kNoCard, attacker, slot});
  }
  if (forced != 0 || (restricted && hosts(ContinuousKind::CannotAttackDirectly, attacker))) return;
  if (restricted && !direct_left(attacker, type == ActionType::ReplayTarget)) return;
  if (!blocked || !r.flag(Knob::DirectAttackRequiresEmptyField) || may_attack_directly(attacker))
    out.push(Action{type, kNoCard, attacker, kDirect});
}

/// Triggers on a declaration: the defending side's "when an attack is
/// declared" cards and the target's "targeted for an attack" effects.
void Stepper::declared_triggers() {
  make_pending_for(other(side_of(s.attacker)), TriggerEvent::AttackDeclared);
  if (s.target < kSlotCount) make_pending(s.zones[s.target].monster, TriggerEvent::TargetedForAttack);
}

void Stepper::give_priority(Player p) {
  s.priority = p;
  Event e = ev(EventType::Priority);
  e.player = p;
  emit(e);
}

void Stepper::enter(Timing t) {
  const Step before = step_of(s.timing);
  if (ends_bp_changes(before, t)) expire_bp_changes();
  s.timing = t;
  s.passes = 0;
  s.chains_in_window = 0;
  if (step_of(t) != before) {
    Event e = ev(EventType::StepEnter);
    e.step = step_of(t);
    emit(e);
    if (step_of(t) == Step::DamageStep) {
      Event d = ev(EventType::DamageStepBegin);
      d.slot = s.attacker;
      d.target = s.target;
      emit(d);
    }
  }
  Event e = ev(EventType::TimingEnter);
  e.timing = t;
  emit(e);
  on_entry(t);
  if (t == Timing::MainPhase2 || t == Timing::EndPhase || t == Timing::ReplayChoice) return;
  open_priority();
}

void Stepper::open_priority() { continue_priority(check_self_destruction()); }

void Stepper::continue_priority(bool destroyed) {
  switch (gather_triggers(destroyed ? TriggerResume::OpenPriorityAfterDestruction : TriggerResume::OpenPriority)) {
    case Gather::Chained: give_priority(Player::P1); return;
    case Gather::Choosing: return;
    case Gather::None: break;
  }
  // A monster that destroyed itself changes the board like a resolved effect:
  // in the Battle Step that may stop the attack or cause a replay (S1 §战斗步骤的卷回).
  if (destroyed && s.chain_len == 0 && battle_step_consequences()) return;
  const bool turn_first = r.get(Knob::FirstPriority) == 0 || s.timing == Timing::BattleStepOpen;
  give_priority(turn_first ? Player::P1 : Player::P2);
}

void Stepper::on_entry(Timing t) {
  const auto flip_at = static_cast<Timing>(static_cast<int>(Timing::StartOfDamageStep) + r.get(Knob::FaceDownFlipTiming));
  if (in_damage_step(t) && t == flip_at) flip_target_if_face_down();
  const auto leave_at = static_cast<Timing>(static_cast<int>(Timing::DamageCalculation) + r.get(Knob::BattleDestroyedLeaveTiming));
  if (t == leave_at && t != Timing::DamageCalculation) send_battle_destroyed();
  // A destruction an effect set for after damage calculation or the End of the
  // Damage Step (OpCode::DestroyAfterCalculation): applied, not activated, before anyone may chain.
  if (t == Timing::AfterDamageCalculation) destroy_marked(BpChange::kBattleDestroyAfterCalc);
  if (t == Timing::EndOfDamageStep) destroy_marked(BpChange::kBattleDestroyAtEnd);
  if (t == Timing::EndStep) defense_after_attacking();
  if (t == Timing::EndStep) pend_timed_triggers(TriggerEvent::EndOfBattlePhase, false);
  if (t == Timing::EndOfDamageStep) position_at_end_of_damage_step();
  if (t == Timing::EndOfDamageStep) pend_timed_triggers(TriggerEvent::EndOfDamageStep, true);
  // Before damage calculation, after the flip: the battlers' triggers on their
  // battle (S2 §マスタールール2以前のダメージステップ stage 2, S3 §Before Damage
  // Calculation: Reflect Bounder, Drillroid), only while both are still there.
  if (t == Timing::BeforeDamageCalculation && !s.has(kBattleCancelled) && s.attacker < kSlotCount &&
      s.zones[s.attacker].occupied() && (s.target == kDirect || (s.target < kSlotCount && s.zones[s.target].occupied())))
    pend_timed_triggers(TriggerEvent::BeforeDamageCalculation, true);
  // As damage calculation begins, the battlers' triggers on it (Cipher Soldier), so while both are there.
  if (t == Timing::DamageCalculation && !s.has(kBattleCancelled) && s.attacker < kSlotCount &&
      s.zones[s.attacker].occupied() && (s.target == kDirect || (s.target < kSlotCount && s.zones[s.target].occupied())))
    pend_timed_triggers(TriggerEvent::AtDamageCalculation, true);
}

/// As the End Step begins, each monster under defense_after_attacking that
/// has attacked and is in Attack Position changes to Defense Position, before
/// anyone may activate anything (applied, not activated: S0 §6.3.4.3).
void Stepper::defense_after_attacking() {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (sc.cards[c].term.continuous.kind != ContinuousKind::DefenseAfterAttacking || !continuous_active(c)) continue;
    const std::uint8_t h = host_slot(c);
    if (has_attacked(h) && s.zones[h].position() == Position::FaceUpAttack)
      change_position(h, Position::FaceUpDefense);
  }
}

/// As the end of the Damage Step begins, after the monsters destroyed by
/// battle have left: an attacker under defense_at_end_of_damage_step in Attack
/// Position changes to face-up Defense Position (Spear Dragon), an attack
/// target under attack_at_end_of_damage_step in face-up Defense Position to
/// Attack Position (Big Shield Gardna). Applied, not activated.
void Stepper::position_at_end_of_damage_step() {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    const ContinuousKind k = sc.cards[c].term.continuous.kind;
    const bool to_defense = k == ContinuousKind::DefenseAtEndOfDamageStep, to_attack = k == ContinuousKind::AttackAtEndOfDamageStep;
    if ((!to_defense && !to_attack) || !continuous_active(c)) continue;
    const std::uint8_t h = host_slot(c);
    if (h == kNoSlot || !s.zones[h].occupied()) continue;
    if (to_defense && h == s.attacker && s.zones[h].position() == Position::FaceUpAttack)
      change_position(h, Position::FaceUpDefense);
    if (to_attack && h == s.target && s.zones[h].position() == Position::FaceUpDefense)
      change_position(h, Position::FaceUpAttack);
  }
}

/// Triggers on a point of time (the end of the Damage Step or of the Battle
/// Phase): pending when their host is on the field (a battler, for the Damage Step).
void Stepper::pend_timed_triggers(TriggerEvent event, bool battlers_only) {
  for (std::uint8_t c = 0; c < sc.cards.size(); ++c) {
    if (sc.cards[c].term.trigger != event || (s.used & (1u << c))) continue;
    if (sc.cards[c].term.mandatory && !r.flag(Knob::MandatoryTriggersActivate)) continue;
    const std::uint8_t h = host_slot(c);
    if (h == kNoSlot || (battlers_only && h != s.attacker && h != s.target)) continue;
    s.pending |= static_cast<std::uint16_t>(1u << c);
  }
}

void Stepper::flip_target_if_face_down() {
  if (s.target >= kSlotCount) return;
  if (s.has(kBattleCancelled) && !r.flag(Knob::FlipAfterBattleCancelled)) return;  // no battle, no flip (S0 §6.3.4.3.2)
  ZoneState& z = s.zones[s.target];
  if (!z.occupied() || z.position() != Position::FaceDownDefense) return;
  z.set_position(Position::FaceUpDefense);
  z.bits |= kFlippedByBattle;
  Event e = ev(EventType::FlippedFaceUp);
  e.slot = s.target;
  emit(e);
  pend_flip(z.monster);
  change_position(s.target, forced_position(z.monster, Position::FaceUpDefense));  // Final Attack Orders
}

void Stepper::leave_window() {
  switch (s.timing) {
    case Timing::StartStep: enter(Timing::BattleStepOpen); break;
    case Timing::BattleStepOpen: enter(Timing::EndStep); break;
    case Timing::AttackDeclaration: enter(Timing::BattleStep); break;
    case Timing::BattleStep:
      if (!stop_attack_at_close()) enter_damage_step();
      break;
    case Timing::StartOfDamageStep: enter(Timing::BeforeDamageCalculation); break;
    case Timing::BeforeDamageCalculation: enter(Timing::DamageCalculation); break;
    case Timing::DamageCalculation:
      damage_calculation();
      enter(Timing::AfterDamageCalculation);
      break;
    case Timing::AfterDamageCalculation: enter(Timing::EndOfDamageStep); break;
    case Timing::EndOfDamageStep: end_damage_step(); break;
    case Timing::EndStep: enter(Timing::MainPhase2); break;
    default: break;
  }
}

/// After a whole chain (and its ChainEnd): new triggers first, then what the
/// chain did to the battle, then the window's one-chain / several-chains rule.
void Stepper::after_chain() {
  s.battle &= static_cast<std::uint16_t>(~kTriggerChain);
  switch (gather_triggers(TriggerResume::AfterChain)) {
    case Gather::Chained: give_priority(Player::P1); return;
    case Gather::Choosing: return;
    case Gather::None: break;
  }
  // An effect that ended the Battle Phase outranks what the chain did to the
  // attack (a replay, a vanished attacker): the End Step comes next (S1 §结束步骤=战斗阶段结束时).
  if (s.has(kEndBattlePending) && !in_damage_step(s.timing)) {
    end_battle_phase();
    return;
  }
  if (battle_step_consequences()) return;
  if (in_damage_step(s.timing) && s.has(kBattleCancelled) && !r.flag(Knob::DamageStepContinuesAfterBattlerLeaves)) {
    end_damage_step();  // the S4 §2.4.2 reading: the battle just ends
    return;
  }
  if (in_damage_step(s.timing) && r.flag(Knob::ReplayInDamageStep) && s.has(kReplayPending)) {
    replay();
    return;
  }
  if (one_chain_window()) {
    leave_window();
    return;
  }
  s.passes = 0;
  give_priority(Player::P1);
}

/// In the Battle Step: a negated attack or a vanished attacker ends the
/// attack (at once, or when the step's round closes: knob
/// stopped_attack_keeps_window, S1 §战斗步骤); a changed monster count on the
/// attacked side means a replay.
bool Stepper::battle_step_consequences() {
  if (!battle_window() || !attack_in_progress()) return false;
  if (attack_ends()) {
    if (r.flag(Knob::StoppedAttackKeepsWindow)) return false;
    stop_attack();
    return true;
  }
  if (s.has(kReplayPending) && r.flag(Knob::ReplayEnabled)) {
    replay();
    return true;
  }
  return false;
}

bool Stepper::attack_ends() const {
  if (s.has(kAttackNegated) && !r.flag(Knob::NegatedAttackEntersDamageStep)) return true;
  // An attacker that left the field cannot battle (S1 §战斗步骤), even when
  // another monster now stands in its zone.
  const ZoneState& a = s.zones[s.attacker];
  const bool can_fight = !s.has(kAttackerGone) && a.occupied() &&
                         (a.position() == Position::FaceUpAttack || !r.flag(Knob::AttackRequiresAttackPosition));
  return !can_fight;
}

bool Stepper::attack_live() const {
  if (!attack_in_progress()) return false;
  return !(battle_window() && r.flag(Knob::StoppedAttackKeepsWindow) && attack_ends());
}

void Stepper::stop_attack() {
  if (!s.has(kAttackNegated) || r.flag(Knob::NegatedAttackEntersDamageStep)) {
    Event e = ev(EventType::AttackStopped);
    e.slot = s.attacker;
    emit(e);
  }
  end_attack();
}

bool Stepper::stop_attack_at_close() {
  if (!r.flag(Knob::StoppedAttackKeepsWindow) || !attack_in_progress() || !attack_ends()) return false;
  stop_attack();
  return true;
}

void Stepper::replay() {
  s.battle &= static_cast<std::uint16_t>(~kReplayPending);
  Event e = ev(EventType::Replay);
  e.slot = s.attacker;
  emit(e);
  if (r.flag(Knob::CostsPaidAgainOnReplay))
    for (std::uint8_t c = 0; c < sc.cards.size(); ++c)
      if (s.used & (1u << c)) pay_cost(c, kNoSlot);  // mutant: the first tributable monster
  enter(Timing::ReplayChoice);
}

void Stepper::enter_damage_step() {
  if (!r.flag(Knob::AttackAllCountsEveryDeclaration)) count_damage_step_attack();
  ZoneState& a = s.zones[s.attacker];
  if (r.get(Knob::HasAttackedOn) == 0) a.bits |= kAttacked;
  if (s.target != kDirect && (s.target >= kSlotCount || !s.zones[s.target].occupied())) s.battle |= kBattleCancelled;
  if (s.target < kSlotCount && s.zones[s.target].occupied() && s.zones[s.target].position() == Position::FaceDownDefense)
    make_pending(a.monster, TriggerEvent::AttacksFaceDown);
  if (s.target < kSlotCount && s.zones[s.target].occupied() && s.zones[s.target].position() == Position::FaceUpDefense)
    make_pending(a.monster, TriggerEvent::AttacksFaceUpDefense);
  if (s.target < kSlotCount && s.zones[s.target].occupied()) make_pending(a.monster, TriggerEvent::AttacksMonster);
  enter(Timing::StartOfDamageStep);
}

void Stepper::end_damage_step() {
  send_battle_destroyed();  // nothing left unless the leave timing knob is odd
  const bool to_battle_step = r.get(Knob::DamageStepExit) == 0;
  s.pending = 0;
  for (auto& z : s.zones) z.bits &= static_cast<std::uint8_t>(~kFlippedByBattle);
  s.attacker = s.target = kNoSlot;
  s.attacker_boost = s.target_boost = 0;
  s.battle &= kKeptAfterBattle;
  s.damage_mods &= kDamageModsKeptAfterBattle;
  forget_battle_changes();
  // An effect that ended the Battle Phase during the Damage Step takes effect
  // once the Damage Step is over: the End Step, not another attack
  // (S1 §结束步骤=战斗阶段结束时, S1 §伤害步骤结束时).
  if (s.has(kEndBattlePending)) {
    end_battle_phase();
    return;
  }
  enter(to_battle_step ? Timing::BattleStepOpen : Timing::EndStep);
}

void Stepper::end_attack() {
  s.attacker = s.target = kNoSlot;
  s.attacker_boost = s.target_boost = 0;
  s.battle &= kKeptAfterBattle;
  s.damage_mods &= kDamageModsKeptAfterBattle;
  forget_battle_changes();
  if (s.has(kEndBattlePending)) {
    end_battle_phase();
    return;
  }
  enter(Timing::BattleStepOpen);
}

void Stepper::end_battle_phase() {
  s.battle &= kNoDamageTurnP1 | kNoDamageTurnP2;
  forget_battle_changes();
  s.pending = 0;
  s.attacker = s.target = kNoSlot;
  s.attacker_boost = s.target_boost = 0;
  enter(r.get(Knob::BattlePhaseEndGoesTo) == 0 ? Timing::EndStep : Timing::MainPhase2);
}

}  // namespace bc::detail
