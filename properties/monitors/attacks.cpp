/// Checks on attack declarations, negated attacks, attack traps and the
/// "has attacked" / "has battled" facts.
#include "properties/monitors/checks.hpp"

namespace bc::checks {

/// attacker_face_up_attack_position: the declaring monster is on the field,
/// face-up, in Attack Position.
void attacker_position(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint16_t b = slot_bit(e.slot);
  if (b == 0 || !(c.occupied & b) || (c.face_down & b) || (c.defense & b))
    violate(v, Prop::AttackerFaceUpAttackPosition);
}

/// direct_attack_only_on_empty_field: a direct attack (declared, or chosen
/// after a replay) only when the attacked player controls no monster.
void direct_attack_empty_field(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.target != kDirect) return;
  const std::uint8_t attacker = e.slot < kSlotCount ? e.slot : c.attacker;
  const Player foe = other(attacker < kSlotCount ? side_of(attacker) : Player::P1);
  if (slot_applies(c, c.card_direct_ok, attacker)) return;  // "may attack directly" (a continuous effect)
  if (foe == Player::P2 && (c.window & kWinDirectOnlyTurn)) return;  // "attack directly" this turn (Absolute End)
  // A monster whose text lets direct attacks through is set aside; one that
  // merely cannot be targeted for attacks still counts (S1 §战斗步骤, S4 §2.4.2).
  const std::uint16_t there = c.occupied & side_mask(foe);
  if (there & ~slots_applying(c, c.card_ignored, there)) violate(v, Prop::DirectAttackOnlyOnEmptyField);
}

/// cannot_attack_directly_is_obeyed: a monster whose own continuous effect
/// says it cannot attack directly never declares or re-chooses a direct attack.
void no_direct_attack_obeyed(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint8_t attacker = e.slot < kSlotCount ? e.slot : c.attacker;
  if (e.target == kDirect && slot_applies(c, c.card_no_direct, attacker)) violate(v, Prop::CannotAttackDirectlyIsObeyed);
}

/// forced_attack_target_is_obeyed: while the attacked side has a monster the
/// opponent's monsters may attack only (a forced target, S1 §战斗步骤的卷回),
/// no attack is declared on another target or directly, no other is chosen
/// after a replay, and no attack enters the Damage Step against another.
void forced_target_obeyed(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint8_t attacker = e.slot < kSlotCount ? e.slot : c.attacker;
  if (attacker >= kSlotCount || (e.type == EventType::ReplayChoice && e.target == kNoSlot)) return;
  const std::uint16_t forced = c.forced & c.occupied & side_mask(other(side_of(attacker)));
  const std::uint8_t target = e.type == EventType::DamageStepBegin ? c.target : e.target;
  if (forced != 0 && !(forced & slot_bit(target))) violate(v, Prop::ForcedAttackTargetIsObeyed);
}

/// each_monster_attacked_once: a monster that may attack each of the
/// opponent's monsters once declares on, or re-chooses after a replay, no
/// monster it already attacked this Battle Phase (a negated, abandoned or
/// moved attack included), and once it has attacked it does not declare a
/// direct attack, nor anything after a direct one (S1 §攻击被无效).
void each_monster_once(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint8_t attacker = e.slot < kSlotCount ? e.slot : c.attacker;
  if (!slot_applies(c, c.card_attack_all, attacker)) return;
  const std::uint16_t b = slot_bit(attacker);
  if (e.type == EventType::ReplayChoice) {
    if (e.target < kSlotCount && e.target != c.target && (c.attack_tally & slot_bit(e.target)))
      violate(v, Prop::EachMonsterAttackedOnce);
    return;
  }
  if (!(c.declared & b)) return;
  if ((c.attack_tally & b) || e.target == kDirect || (c.attack_tally & slot_bit(e.target)))
    violate(v, Prop::EachMonsterAttackedOnce);
}

/// must_attack_is_obeyed: the turn player does not leave the Battle Step
/// (nor skip it, nor skip the Battle Phase from Main Phase 1, knob
/// must_attack_enters_battle_phase) while a monster that must attack if able plainly can: it is
/// face-up in Attack Position, has not declared, no effect forbids it, and
/// the opponent has a monster it may attack or, with none, it may attack
/// directly. Where the trace cannot show what it could do (an ATK lock on
/// declarations, a forced target, an effect ending the Battle Phase) the
/// check stays silent rather than guess.
void must_attack_obeyed(const Ctx& c, const Event& e, Verdicts& v) {
  const bool skipped = e.step == Step::EndPhase && c.timing == static_cast<std::uint8_t>(Timing::MainPhase1) &&
                       !c.has(kCtxFirstTurn);
  if ((e.step != Step::EndStep && !skipped) || c.card_must_attack == 0 || c.card_attack_lock != 0 || c.has(kCtxBpEnded) ||
      (c.window & kWinNoDeclarationsTurn))
    return;
  const std::uint16_t foes = c.occupied & side_mask(Player::P2);
  if (c.forced & foes) return;
  const std::uint16_t targets = foes & ~slots_applying(c, c.card_unattackable, foes);
  const std::uint16_t ready = c.occupied & side_mask(Player::P1) & ~(c.face_down | c.defense | c.declared | c.forbidden);
  for (std::uint8_t s = 0; s < kSlotCount; ++s) {
    if (!(ready & slot_bit(s)) || !slot_applies(c, c.card_must_attack, s)) continue;
    if (c.monster_locked(c.slot_monster[s])) continue;  // it cannot declare
    if (targets != 0 || (foes == 0 && !slot_applies(c, c.card_no_direct, s))) violate(v, Prop::MustAttackIsObeyed);
  }
}

/// one_declaration_per_monster: a monster declares at most one attack per
/// Battle Phase (a negated attack, or one stopped after a replay, still
/// counts), two with a second-attack effect of its own (S4 §2.4.2, S1 §战斗步骤).
void one_declaration(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint16_t b = slot_bit(e.slot);
  if (!(c.declared & b) || slot_applies(c, c.card_attack_all, e.slot)) return;  // each_monster_attacked_once's
  if ((c.attack_tally & b) || !slot_applies(c, c.card_second_attack, e.slot)) violate(v, Prop::OneDeclarationPerMonster);
}

/// one_attack_at_a_time: no declaration while another attack is still in progress.
void one_attack_at_a_time(const Ctx& c, const Event&, Verdicts& v) {
  if (attack_live(c)) violate(v, Prop::OneAttackAtATime);
}

/// negated_attack_has_no_damage_step: a negated (or stopped) attack never
/// enters the Damage Step.
void negated_attack_no_damage_step(const Ctx& c, const Event& e, Verdicts& v) {
  const bool enters = e.type == EventType::DamageStepBegin || is_step_enter(e, Step::DamageStep);
  if (enters && c.has(kBtlEnded)) violate(v, Prop::NegatedAttackHasNoDamageStep);
}

/// attack_traps_only_at_declaration: "when an attack is declared" traps are
/// activated only in the attack-declaration window.
void attack_traps_at_declaration(const Ctx& c, const Event& e, Verdicts& v) {
  const bool attack_trap = has_attr(e, kAttrAttackResponse) && !has_attr(e, kAttrEngineTimings);
  if (attack_trap && !c.at(Timing::AttackDeclaration)) violate(v, Prop::AttackTrapsOnlyAtDeclaration);
}

/// has_attacked_requires_damage_step: an effect conditioned on its monster
/// having attacked activates only if that monster entered a Damage Step as
/// the attacker this Battle Phase.
void has_attacked_condition(const Ctx& c, const Event& e, Verdicts& v) {
  if (!(c.cond_attacked & card_bit(e.card))) return;
  if (!(c.attacked & slot_bit(e.slot))) violate(v, Prop::HasAttackedRequiresDamageStep);
}

/// has_battled_requires_damage_calculation: an effect conditioned on its
/// monster having battled (including "battled" triggers) activates only if
/// that monster went through damage calculation.
void has_battled_condition(const Ctx& c, const Event& e, Verdicts& v) {
  const bool needs = (c.cond_battled & card_bit(e.card)) || trigger_of(e) == TriggerEvent::Battled;
  if (needs && !(c.battled & slot_bit(e.slot))) violate(v, Prop::HasBattledRequiresDamageCalculation);
}

}  // namespace bc::checks
