/// Checks on the Damage Step: its five timings, what may be activated at
/// each, face-down monsters, and monsters destroyed by battle.
#include <optional>
#include <utility>

#include "properties/monitors/checks.hpp"

namespace bc::checks {
namespace {

/// Attributes the sources allow in the Damage Step (S0 §6.3.4.3, S1 §伤害步骤,
/// S4 §2.4.3): counter traps, ATK/DEF changes, "during damage calculation"
/// effects, activation negation, effects whose text names the Damage Step.
constexpr std::uint32_t kDamageStepAttrs =
    kAttrCounter | kAttrAtkChange | kAttrCalcOnly | kAttrNegatesActivation | kAttrDamageStepText;

/// Triggers allowed there: mandatory ones, and those on the monster's own
/// battle, flip, destruction, leaving or summon (S0 §6.3.4.3, S1 §伤害步骤).
bool damage_step_trigger(const Event& e) {
  if (!is_trigger(e)) return false;
  if (has_attr(e, kAttrMandatory)) return true;
  switch (trigger_of(e)) {
    case TriggerEvent::AttacksFaceDown:
    case TriggerEvent::AttacksFaceUpDefense:
    case TriggerEvent::AttacksMonster:
    case TriggerEvent::AtDamageCalculation:
    case TriggerEvent::Flipped:
    case TriggerEvent::InflictsBattleDamage:
    case TriggerEvent::MonsterInflictsBattleDamage:  // a battle event (the cores exempt them: docs/engines/ygopro.md)
    case TriggerEvent::Battled:
    case TriggerEvent::DestroyedByBattle:
    case TriggerEvent::DestroyedOpponentByBattle:
    case TriggerEvent::SentToGraveyard:
    case TriggerEvent::SpecialSummoned:
    case TriggerEvent::EndOfDamageStep:
    case TriggerEvent::BeforeDamageCalculation: return true;
    default: return false;
  }
}

/// The one timing at which triggers on a battle event are activated, if any.
std::optional<std::pair<Timing, Prop>> trigger_timing(TriggerEvent t) {
  switch (t) {
    case TriggerEvent::AttacksFaceDown:
    case TriggerEvent::AttacksFaceUpDefense:
    case TriggerEvent::AttacksMonster:
      return std::make_pair(Timing::StartOfDamageStep, Prop::DestroyWithoutCalcAtStartOfDamageStep);
    case TriggerEvent::Flipped: return std::make_pair(Timing::AfterDamageCalculation, Prop::FlipEffectsAfterDamageCalculation);
    case TriggerEvent::InflictsBattleDamage:
    case TriggerEvent::MonsterInflictsBattleDamage:
    case TriggerEvent::Battled:
      return std::make_pair(Timing::AfterDamageCalculation, Prop::BattleDamageTriggersAfterDamageCalculation);
    case TriggerEvent::DestroyedByBattle:
    case TriggerEvent::DestroyedOpponentByBattle:
      return std::make_pair(Timing::EndOfDamageStep, Prop::BattleDestroyedTriggersAtEndOfDamageStep);
    default: return std::nullopt;
  }
}

bool leaves_damage_step(const Ctx& c, const Event& e) {
  return e.type == EventType::StepEnter && c.in_step(Step::DamageStep) && e.step != Step::DamageStep;
}

}  // namespace

/// damage_step_timings_in_order: the five timings come in order, none
/// skipped, only inside the Damage Step, and the step is left only after the
/// end of the Damage Step (unless an effect ended the Battle Phase).
void damage_step_order(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.type == EventType::TimingEnter) {
    const int idx = ds_index(e.timing);
    if (idx == 0) return;
    if (!c.in_step(Step::DamageStep) || (idx != c.ds_timing && idx != c.ds_timing + 1))
      violate(v, Prop::DamageStepTimingsInOrder);
    return;
  }
  if (leaves_damage_step(c, e) && c.ds_timing != 5 && !c.has(kCtxBpEnded)) violate(v, Prop::DamageStepTimingsInOrder);
}

/// damage_step_timings_in_order (second part): damage calculation, done or
/// skipped, happens at the damage calculation timing.
void calc_at_damage_calculation(const Ctx& c, const Event&, Verdicts& v) {
  if (!c.at(Timing::DamageCalculation)) violate(v, Prop::DamageStepTimingsInOrder);
}

/// damage_step_completes_after_battler_leaves: once a battling monster has
/// left (or damage calculation was skipped) the remaining timings still run.
void damage_step_completes(const Ctx& c, const Event& e, Verdicts& v) {
  if (!c.has(kBtlBattlerLeft)) return;
  if (e.type == EventType::TimingEnter) {
    const int idx = ds_index(e.timing);
    if (idx > c.ds_timing + 1 && c.in_step(Step::DamageStep)) violate(v, Prop::DamageStepCompletesAfterBattlerLeaves);
    return;
  }
  if (leaves_damage_step(c, e) && c.ds_timing != 5 && !c.has(kCtxBpEnded))
    violate(v, Prop::DamageStepCompletesAfterBattlerLeaves);
}

/// damage_step_activation_whitelist: in the Damage Step only effects with the
/// listed attributes (or the listed triggers) activate.
void activation_whitelist(const Ctx& c, const Event& e, Verdicts& v) {
  if (has_attr(e, kAttrEngineTimings)) return;  // the engine's declaration: the card audit's business
  if (c.in_damage_step_timing() && !has_attr(e, kDamageStepAttrs) && !damage_step_trigger(e))
    violate(v, Prop::DamageStepActivationWhitelist);
}

/// Timing rules of Activate events by attribute (one property per family).
void kind_timings(const Ctx& c, const Event& e, Verdicts& v) {
  if (has_attr(e, kAttrEngineTimings) && !is_trigger(e)) return;  // the card audit's business
  const bool late = c.at(Timing::DamageCalculation) || c.at(Timing::AfterDamageCalculation) || c.at(Timing::EndOfDamageStep);
  // Both rules are about Quick Effects (spell speed 2): a trigger on the battle
  // has the timing of its event (S0 §6.3.4.3.4) and a Counter Trap may be
  // activated at every Damage Step timing (S1 §伤害步骤, S4 §2.4.3).
  const bool quick = speed_of(e) == 2;
  if (quick && has_attr(e, kAttrAtkChange) && !has_attr(e, kAttrCalcOnly) && late)
    violate(v, Prop::AtkChangeOnlyUntilBeforeDamageCalculation);
  if (quick && has_attr(e, kAttrNegatesEffect) && !has_attr(e, kAttrNegatesActivation) && c.in_damage_step_timing())
    violate(v, Prop::NoEffectNegationInDamageStep);
  if (has_attr(e, kAttrCalcOnly) && !c.at(Timing::DamageCalculation)) violate(v, Prop::DamageCalcEffectsOnlyAtDamageCalculation);
  if (!is_trigger(e)) return;
  // A flip effect waits for after damage calculation only in the Damage Step;
  // a monster flipped by an effect outside it activates at the next window.
  const bool outside_flip = trigger_of(e) == TriggerEvent::Flipped && !c.in_step(Step::DamageStep);
  if (const auto rule = trigger_timing(trigger_of(e)); rule && !c.at(rule->first) && !outside_flip) violate(v, rule->second);
}

/// What a battle trigger needs to have happened: battle damage for a
/// battle-damage trigger, a monster of its controller (or, for "destroyed a
/// monster by battle", of the opponent) sent away by battle.
void trigger_preconditions(const Ctx& c, const Event& e, Verdicts& v) {
  if (!is_trigger(e)) return;
  const TriggerEvent t = trigger_of(e);
  if ((t == TriggerEvent::InflictsBattleDamage || t == TriggerEvent::MonsterInflictsBattleDamage) && !c.has(kBtlDamageDealt))
    violate(v, Prop::BattleDamageTriggersAfterDamageCalculation);
  if (t == TriggerEvent::DestroyedByBattle || t == TriggerEvent::DestroyedOpponentByBattle) {
    const Player side = t == TriggerEvent::DestroyedByBattle ? e.player : other(e.player);
    const BattleFlag sent = side == Player::P1 ? kBtlLeftByBattleP1 : kBtlLeftByBattleP2;
    if (!c.has(sent)) violate(v, Prop::BattleDestroyedTriggersAtEndOfDamageStep);
  }
}

/// face_down_flipped_before_damage_calculation: a battling face-down monster
/// is turned face-up at before damage calculation ...
void flip_at_before_calc(const Ctx& c, const Event&, Verdicts& v) {
  if (!c.at(Timing::BeforeDamageCalculation)) violate(v, Prop::FaceDownFlippedBeforeDamageCalculation);
}

/// no_flip_after_battle_cancelled: the flip belongs to the battle; once a
/// battling monster has left, no face-down monster is flipped by it.
void no_flip_after_cancel(const Ctx& c, const Event&, Verdicts& v) {
  if (c.has(kBtlBattlerLeft)) violate(v, Prop::NoFlipAfterBattleCancelled);
}

/// ... so a damage calculation is never made against a target that was still
/// face-down when the damage calculation timing began. What an effect resolved
/// during damage calculation does to its position after that is the effect's
/// (S0 §6.3.4.3.2 places the flip, S0 §6.3.4.3.3 lets the "during damage
/// calculation" effects act; neither forbids a later change).
void face_down_at_calc(const Ctx& c, const Event&, Verdicts& v) {
  if (c.has(kBtlHiddenAtCalc)) violate(v, Prop::FaceDownFlippedBeforeDamageCalculation);
}

/// battle_destroyed_leave_at_end_of_damage_step: monsters destroyed by battle
/// leave the field only at the end of the Damage Step.
void battle_leave_timing(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.reason == LeaveReason::Battle && !c.at(Timing::EndOfDamageStep))
    violate(v, Prop::BattleDestroyedLeaveAtEndOfDamageStep);
}

/// battle_destroyed_all_leave_by_end: only monsters whose destruction by
/// battle was confirmed leave by battle ...
void battle_leave_only_confirmed(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.reason == LeaveReason::Battle && !(c.confirmed & slot_bit(e.slot))) violate(v, Prop::BattleDestroyedAllLeaveByEnd);
}

/// ... and all of them have left when the Damage Step ends.
void battle_leave_all_by_end(const Ctx& c, const Event& e, Verdicts& v) {
  if (leaves_damage_step(c, e) && (c.confirmed & c.occupied)) violate(v, Prop::BattleDestroyedAllLeaveByEnd);
}

/// destroyed_by_battle_not_targeted: a monster confirmed destroyed by battle is not targeted.
void destroyed_not_targeted(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.confirmed & slot_bit(e.target)) violate(v, Prop::DestroyedByBattleNotTargeted);
}

/// destroyed_by_battle_no_quick_effects: such a monster activates no quick effect of its own.
void destroyed_no_quick(const Ctx& c, const Event& e, Verdicts& v) {
  if ((c.confirmed & slot_bit(e.slot)) && !is_trigger(e)) violate(v, Prop::DestroyedByBattleNoQuickEffects);
}

/// no_damage_calculation_without_both_battlers: damage calculation happens
/// only while the attacker and the attacked monster (if any) are both still there.
void calc_needs_both_battlers(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint8_t attacker = c.attacker < kSlotCount ? c.attacker : e.slot;
  const std::uint8_t target = c.target != kNoSlot ? c.target : e.target;
  const bool attacker_gone = !(c.occupied & slot_bit(attacker));
  const bool target_gone = target != kDirect && !(c.occupied & slot_bit(target));
  if (c.has(kBtlBattlerLeft) || attacker_gone || target_gone) violate(v, Prop::NoDamageCalculationWithoutBothBattlers);
}

}  // namespace bc::checks
