/// Properties the effect terms open (docs/effects.md "Properties"): costs,
/// "cannot be attacked", direct attackers, and the obligation of a mandatory
/// trigger whose event happened. They read the attribute bits of Activate
/// events and a few slot masks the context takes from the trace header.
#include "properties/monitors/checks.hpp"
#include "model/terms/targets.hpp"

namespace bc {

namespace checks {

/// cost_paid_once_on_activation: a cost leaves the field only as part of an
/// activation, once, right after its Activate event (never again at a replay).
void cost_on_activation(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.type != EventType::LeftField || e.reason != LeaveReason::Cost) return;
  if (!c.has(kCtxCostDue)) violate(v, Prop::CostPaidOnceOnActivation);
}

/// cannot_be_attacked_never_targeted: a face-up monster that "cannot be
/// attacked" is never chosen as an attack target, by a declaration or after a replay.
void unattackable_target(const Ctx& c, const Event& e, Verdicts& v) {
  if (slot_applies(c, c.card_unattackable, e.target)) violate(v, Prop::CannotBeAttackedNeverTargeted);
}

/// mandatory_end_of_battle_triggers_activate: at the end of the Battle Phase
/// a mandatory trigger whose condition holds ("if this card attacked /
/// battled") is activated before Main Phase 2 begins.
void end_of_battle_obligations(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.type == EventType::StepEnter && c.in_step(Step::EndStep) && e.step != Step::EndStep && c.eob_due != 0)
    violate(v, Prop::MandatoryEndOfBattleTriggersActivate);
}

/// attacker_in_attack_position_at_damage_calculation: damage calculation is
/// performed only while the attacker is face-up in Attack Position; one
/// changed to Defense Position in the Damage Step no longer battles.
void attacker_position_at_calc(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint8_t attacker = c.attacker < kSlotCount ? c.attacker : e.slot;
  if ((c.defense | c.face_down) & slot_bit(attacker)) violate(v, Prop::AttackerInAttackPositionAtDamageCalculation);
}

/// target_matches_selector: an effect's target is a monster its selector
/// admits when it is activated (side, face, role: selector_admits, the
/// model's own reading).
void target_matches_selector(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.card >= kMaxCards || e.target >= kSlotCount) return;
  if (!targets_monsters(unpack_selector(c.card_selector[e.card]).kind)) return;
  if (!selector_admits_slot(c, e.card, e.target)) violate(v, Prop::TargetMatchesSelector);
}

/// destroyed_by_battle_position_unchanged: a monster whose destruction by
/// battle is confirmed keeps its battle position until it leaves the field.
void destroyed_position_unchanged(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.confirmed & slot_bit(e.slot)) violate(v, Prop::DestroyedByBattlePositionUnchanged);
}

/// battle_phase_changes_end_with_it: an ATK/DEF change "until the end of the
/// Battle Phase" applies through the End Step and is gone in Main Phase 2: no
/// window of the Battle Phase follows its expiry, none is left after it.
void bp_changes_end(const Ctx& c, const Event& e, Verdicts& v) {
  const bool in_battle_phase = c.in_step(Step::StartStep) || c.in_step(Step::BattleStep) ||
                               c.in_step(Step::DamageStep) || c.in_step(Step::EndStep);
  if (e.type == EventType::StepEnter) {
    if ((e.step == Step::MainPhase2 || e.step == Step::EndPhase) && c.bp_changed != 0)
      violate(v, Prop::BattlePhaseChangesEndWithIt);
  } else if (c.has(kCtxBpChangesExpired) && in_battle_phase) {
    violate(v, Prop::BattlePhaseChangesEndWithIt);  // Priority / Activate: the phase had a window left
  }
}

/// destroyed_by_battle_not_tributed: a monster whose destruction by battle is
/// confirmed is not Tributed for a cost (it can no longer be chosen).
void destroyed_not_tributed(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.reason == LeaveReason::Cost && e.slot < kSlotCount && (c.confirmed & slot_bit(e.slot)))
    violate(v, Prop::DestroyedByBattleNotTributed);
}

/// no_normal_or_flip_summon_in_battle_phase: Normal and Flip Summons are Main
/// Phase actions; none happens from the Start Step to the End Step.
void no_summon_in_battle_phase(const Ctx& c, const Event&, Verdicts& v) {
  if (c.in_step(Step::StartStep) || c.in_step(Step::BattleStep) || c.in_step(Step::DamageStep) ||
      c.in_step(Step::EndStep))
    violate(v, Prop::NoSummonInBattlePhase);
}

/// flip_summon_triggers_need_a_flip_summon: a "when this card is Flip
/// Summoned" trigger is activated only for a monster that was Flip Summoned,
/// never for one flipped face-up by an attack or an effect.
void flip_summon_triggers(const Ctx& c, const Event& e, Verdicts& v) {
  if (is_trigger(e) && trigger_of(e) == TriggerEvent::FlipSummoned && !(c.flip_summoned & slot_bit(e.slot)))
    violate(v, Prop::FlipSummonTriggersNeedFlipSummon);
}

/// cannot_attack_is_obeyed: a monster an effect made unable to attack
/// declares no attack for the rest of the turn, and the attack it had declared
/// does not reach the Damage Step, nor a new target after a replay.
void cannot_attack_obeyed(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint8_t attacker = e.type == EventType::AttackDeclared ? e.slot : c.attacker;
  if (e.type == EventType::ReplayChoice && e.target == kNoSlot) return;  // it stops: what the rule asks
  if (attacker < kSlotCount && (c.forbidden & slot_bit(attacker))) violate(v, Prop::CannotAttackIsObeyed);
}

/// declaration_locks_are_obeyed: no monster declares an attack while a lock
/// by Level or Type on the field from the start names it (printed_lock_facts),
/// nor after the opponent's effect banning declarations this turn resolved.
void declaration_locks_obeyed(const Ctx& c, const Event& e, Verdicts& v) {
  const std::uint8_t m = e.slot < kSlotCount ? c.slot_monster[e.slot] : kNoMonster;
  if (c.monster_locked(m) || (c.window & kWinNoDeclarationsTurn)) violate(v, Prop::DeclarationLocksAreObeyed);
}

/// attack_stops_when_attacker_changes_control: once the attacking monster has
/// changed control its attack neither reaches the Damage Step nor goes on to
/// a new target after a replay (S1 §战斗步骤).
void attacker_taken_stops(const Ctx& c, const Event& e, Verdicts& v) {
  if (!c.has(kBtlAttackerTaken) || c.has(kBtlEnded)) return;
  if (e.type == EventType::ReplayChoice && e.target == kNoSlot) return;  // it stops: what the rule asks
  violate(v, Prop::AttackStopsWhenAttackerChangesControl);
}

/// stopped_attack_ends_after_battle_step_round: an attack in progress in the
/// attack-declaration window never goes straight back to the open Battle
/// Step; the Battle Step's round comes first, even when the declaration's
/// chain negated the attack or removed the attacker (S1 §战斗步骤).
void declaration_round_kept(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.timing != Timing::BattleStepOpen || !c.at(Timing::AttackDeclaration) || c.attacker == kNoSlot) return;
  violate(v, Prop::StoppedAttackEndsAfterBattleStepRound);
}

}  // namespace checks

std::vector<PropertyInfo> effect_properties() {
  using K = PropertyKind;
  return {
      {"cost_paid_once_on_activation", K::Always,
       "A cost (Tributing a monster) is paid when its effect is activated, once; a replay or a later timing "
       "never pays it again.",
       {{"S0", "6.3.4.3"}, {"S1", "战斗步骤的卷回"}}},
      {"cannot_be_attacked_never_targeted", K::Always,
       "A face-up monster that cannot be attacked is never chosen as an attack target, neither by a declaration "
       "nor by the re-choice after a replay.",
       {{"S1", "战斗步骤的卷回"}, {"S3", "Flipping the Face-Down Monster Face-Up"}}},
      {"mandatory_end_of_battle_triggers_activate", K::Always,
       "A mandatory 'at the end of the Battle Phase' trigger whose condition holds (its monster attacked or "
       "battled and is still on the field) is activated in the End Step.",
       {{"S3", "End of Battle Phase"}, {"S0", "6.3.4.3"}, {"S1", "结束步骤=战斗阶段结束时"}}},
      {"mandatory_triggers_activate", K::Always,
       "A mandatory trigger whose event happened, with its condition met (its monster attacked or battled, and "
       "still on the field where the event needs it), is activated before the Battle Phase ends: mandatory "
       "effects may be activated even in the Damage Step, so none silently vanishes.",
       {{"S0", "6.3.4.3"}, {"S0", "6.3.4.3.4"}, {"S1", "伤害计算后"}, {"S4", "2.4.3.4"}}},
      {"attacker_in_attack_position_at_damage_calculation", K::Always,
       "Damage calculation is performed only while the attacker is face-up in Attack Position: an attacker "
       "changed to Defense Position in the Damage Step no longer battles, and the Damage Step runs on without it.",
       {{"S1", "伤害步骤"}, {"S1", "伤害计算时"}, {"S1", "战斗步骤"}}},
      {"target_matches_selector", K::Always,
       "An effect targets only a monster on the field that its text allows when it is activated (its side, "
       "face-up or face-down, the attacker or the attacked monster); the sources choose targets only among "
       "the monsters an effect may select.",
       {{"S1", "伤害计算后"}, {"S3", "Resolve effects"}}},
      // S1 states it of optional effects and leaves effects outside the chain open; S0, S3 and S4 speak only of targeting.
      {"destroyed_by_battle_position_unchanged", K::Always,
       "A monster whose destruction by battle is confirmed keeps its battle position until it is sent at the end "
       "of the Damage Step: an effect resolving after damage calculation does not change it (one that does not "
       "target it still applies otherwise, e.g. to its ATK).",
       {{"S1", "伤害计算后"}}},
      {"battle_phase_changes_end_with_it", K::Always,
       "An ATK or DEF change that lasts until the end of the Battle Phase still applies throughout the End Step, "
       "until both players have passed and every chain there has resolved, and no longer applies once Main "
       "Phase 2 begins.",
       {{"S1", "结束步骤=战斗阶段结束时"}}},
      {"destroyed_by_battle_not_tributed", K::Always,
       "A monster whose destruction by battle is confirmed can no longer be chosen by an effect, so it is not "
       "Tributed for a cost between damage calculation and the end of the Damage Step.",
       {{"S1", "伤害计算后"}}},
      {"no_normal_or_flip_summon_in_battle_phase", K::Always,
       "Normal and Flip Summons belong to the Main Phases: no monster is Normal or Flip Summoned from the Start "
       "Step to the End Step (a special summon by an effect still may be).",
       {{"S4", "2.3"}, {"S4", "2.3.1"}, {"S4", "2.5"}}},
      {"flip_summon_triggers_need_a_flip_summon", K::Always,
       "A monster turned face-up by an attack or by an effect is flipped, not Flip Summoned: its flip effects "
       "activate, its \"when this card is Flip Summoned\" effects do not.",
       {{"S0", "6.3.4.3"}, {"S1", "伤害步骤"}, {"S4", "2.3.1"}}},
      {"cannot_attack_is_obeyed", K::Always,
       "A monster an effect says cannot attack declares no attack for the rest of the turn, and an attack it had "
       "declared stops when the effect applies before the Damage Step: no Damage Step and no new target after a "
       "replay (a 'cannot declare an attack' effect, by contrast, binds only later declarations).",
       {{"S1", "战斗步骤"}}},
      // The sources speak of monsters that may attack directly and of losing that ability (a replay), not of
      // a text forbidding it; the property reads the card's own text, as cannot_be_attacked_never_targeted does.
      {"cannot_attack_directly_is_obeyed", K::Always,
       "A monster whose own text says it cannot attack directly never declares a direct attack, nor chooses one "
       "after a replay; it may still attack the opponent's monsters.",
       {{"S1", "战斗步骤的卷回"}, {"S1", "战斗步骤"}}},
      {"forced_attack_target_is_obeyed", K::Always,
       "While an effect says the opponent's monsters can attack only one monster, no attack is declared on another "
       "monster or directly; applied after a declaration on another target, the attack replays and the attacker "
       "chooses that monster or stops, and no attack enters the Damage Step against another.",
       {{"S1", "战斗步骤的卷回"}}},
      {"each_monster_attacked_once", K::Always,
       "A monster that may attack each of the opponent's monsters once attacks none of them twice, even when an "
       "attack on it was negated, abandoned after a replay or moved to another monster, and it chooses between a "
       "direct attack and its effect: once it has attacked it does not attack directly, and after a direct attack "
       "it attacks no more.",
       {{"S1", "攻击被无效"}}},
      // The sources are silent on "must attack if able" texts; S1 speaks of a forced attack on every monster.
      {"must_attack_is_obeyed", K::Always,
       "While a monster whose text says it must attack if able can still declare an attack (face-up in Attack "
       "Position, not yet declared, not forbidden, with a monster to attack or an empty field to attack "
       "directly), the Battle Phase does not move on to the End Step.",
       {{"S1", "攻击被无效"}}},
      // No source discusses a Level or Type condition; S1 states what "cannot declare an attack" binds.
      {"declaration_locks_are_obeyed", K::Always,
       "A monster that an effect on the field says cannot declare an attack, by its printed Level or Type "
       "(Gravity Bind, Insect Barrier), declares none, nor does any monster after an effect of the opponent's "
       "saying the turn player cannot declare an attack this turn resolved (Threatening Roar); an attack already "
       "declared is not stopped by such an effect, and a lock by ATK is left to the model, as a trace does not "
       "show current ATK.",
       {{"S1", "战斗步骤"}}},
      {"attack_stops_when_attacker_changes_control", K::Always,
       "An attacking monster whose control changes before the Damage Step is no longer the attacking monster: "
       "its attack stops, with no Damage Step and no new target after a replay.",
       {{"S1", "战斗步骤"}}},
      // S1 alone describes the Battle Step going on after the declaration; the others are silent.
      {"stopped_attack_ends_after_battle_step_round", K::Always,
       "After an attack is declared the Battle Step goes on until both players pass: an attack that the chain at "
       "its declaration negated, or whose monster can no longer battle, ends only after that round, never straight "
       "from the attack-declaration window.",
       {{"S1", "战斗步骤"}, {"S1", "攻击被无效"}}},
  };
}

}  // namespace bc
