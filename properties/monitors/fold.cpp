/// Folding events into the TraceContext (after the checks have seen them).
/// One small function per event type; a table picks it.
#include <array>

#include "properties/monitors/checks.hpp"

namespace bc::checks {
namespace {

void set_bits(std::uint16_t& mask, std::uint16_t bits, bool on) {
  mask = on ? static_cast<std::uint16_t>(mask | bits) : static_cast<std::uint16_t>(mask & ~bits);
}

/// Forget the current attack: back to battle_step_open, or out of the Battle Step.
void reset_battle(Ctx& c) {
  c.attacker = c.target = kNoSlot;
  c.battle = 0;
  c.damage_mods &= static_cast<std::uint8_t>(kDmgHalveTurnP1 | kDmgHalveTurnP2 | kDmgRedirectTurnP1 | kDmgRedirectTurnP2);
  c.calc = 0;
  c.calc_damage = 0;
  c.confirmed = 0;
  c.ds_timing = 0;
}

void reset_chain(Ctx& c) {
  c.chain_len = 0;
  c.resolved = 0;
  c.negated_links = 0;
  c.chain &= static_cast<std::uint8_t>(kChWindowHadChain);
}

/// A change on the attacked side while an attack is in progress (even one
/// already negated: a wrong model may still replay it) may call for a replay.
void note_count_change(Ctx& c, std::uint8_t slot) {
  if (c.has(kBtlActive) && (side_mask(attacked_side(c)) & slot_bit(slot))) c.battle |= kBtlCountChanged;
}

void place(Ctx& c, std::uint8_t slot, Position p) {
  const std::uint16_t b = slot_bit(slot);
  set_bits(c.occupied, b, true);
  set_bits(c.face_down, b, p == Position::FaceDownDefense);
  set_bits(c.defense, b, p != Position::FaceUpAttack);
}

void on_step_enter(Ctx& c, const Event& e) {
  if (e.step == Step::StartStep) c.declared = c.attack_tally = c.attacked = c.battled = 0;
  if (e.step == Step::DamageStep) {
    c.ds_timing = 0;
    c.battle &= static_cast<std::uint16_t>(~kBtlReplayDue);
  }
  c.calc = c.calc_damage = 0;  // the damage calculation's events are over
  c.flags &= static_cast<std::uint8_t>(~kCtxBpEnded);
  c.step = static_cast<std::uint8_t>(e.step);
}

void on_timing_enter(Ctx& c, const Event& e) {
  const Timing t = e.timing;
  const bool attack_timing = is_ds_timing(t) || t == Timing::AttackDeclaration || t == Timing::BattleStep ||
                             t == Timing::ReplayChoice;
  if (!attack_timing) reset_battle(c);
  if (const int idx = ds_index(t)) c.ds_timing = static_cast<std::uint8_t>(idx);
  if (t == Timing::EndStep) c.flags &= static_cast<std::uint8_t>(~kCtxBpEnded);
  if (t == Timing::DamageCalculation && c.target < kSlotCount && (c.occupied & c.face_down & slot_bit(c.target)))
    c.battle |= kBtlHiddenAtCalc;
  c.calc = c.calc_damage = 0;
  c.window_flipped = 0;
  c.timing = static_cast<std::uint8_t>(t);
  c.chain = static_cast<std::uint8_t>((c.chain & ~(kChWindowHadChain | kChAwaitPriority)) | kChAwaitPriority);
}

void on_priority(Ctx& c, const Event&) {
  c.chain &= static_cast<std::uint8_t>(~(kChAwaitPriority | kChBuilding | kChBuildingP2));
}

/// An attack of a monster attacking each opponent's monster once goes to
/// `target`: that monster is used up, or after a direct attack the attacker
/// attacks no more (attack_tally).
void tally_attack_all(Ctx& c, std::uint8_t attacker, std::uint8_t target) {
  c.attack_tally |= target == kDirect ? slot_bit(attacker) : slot_bit(target);
}

void on_attack_declared(Ctx& c, const Event& e) {
  reset_battle(c);
  if (slot_applies(c, c.card_attack_all, e.slot)) tally_attack_all(c, e.slot, e.target);
  else if (c.declared & slot_bit(e.slot)) c.attack_tally |= slot_bit(e.slot);
  c.declared |= slot_bit(e.slot);
  c.attacker = e.slot;
  c.target = e.target;
  c.battle = kBtlActive;
}

void on_attack_ended(Ctx& c, const Event& e) {
  c.battle |= kBtlEnded;
  if (e.type == EventType::AttackNegated) c.battle |= kBtlNegated;
}

void on_replay(Ctx& c, const Event&) {
  c.battle |= kBtlReplayed;
  c.battle &= static_cast<std::uint16_t>(~kBtlReplayDue);
}

void on_replay_choice(Ctx& c, const Event& e) {
  if (e.target == kNoSlot) {
    c.battle |= kBtlEnded;
    return;
  }
  c.target = e.target;
  c.battle &= static_cast<std::uint16_t>(~kBtlBattlerLeft);
  if (slot_applies(c, c.card_attack_all, c.attacker)) tally_attack_all(c, c.attacker, e.target);
}

void on_damage_step_begin(Ctx& c, const Event& e) {
  if (e.slot < kSlotCount) c.attacker = e.slot;
  if (e.target != kNoSlot) c.target = e.target;
  c.attacked |= slot_bit(c.attacker);
  c.battle |= kBtlActive;
  c.battle &= static_cast<std::uint16_t>(~kBtlReplayDue);
}

void on_flipped(Ctx& c, const Event& e) {
  set_bits(c.face_down, slot_bit(e.slot), false);
  c.window_flipped |= slot_bit(e.slot);
}

void on_activate(Ctx& c, const Event& e) {
  const bool trigger = is_trigger(e);
  if (c.chain_len == 0) {
    const bool after_chain = c.has(kChWindowHadChain);
    reset_chain(c);
    c.chain &= static_cast<std::uint8_t>(~(kChBuilding | kChBuildingP2 | kChTriggerChain));
    if (trigger) c.chain |= kChBuilding;
    if (trigger && after_chain) c.chain |= kChTriggerChain;
    c.chain |= kChWindowHadChain;
  }
  if (!trigger) c.chain &= static_cast<std::uint8_t>(~(kChBuilding | kChBuildingP2));
  if (trigger && e.player == Player::P2 && c.has(kChBuilding)) c.chain |= kChBuildingP2;
  if (c.chain_len < 0xFF) ++c.chain_len;
  const int speed = speed_of(e) & 0x3;
  c.chain = static_cast<std::uint8_t>((c.chain & ~(0x3 << kChSpeedShift)) | (speed << kChSpeedShift));
  c.chain &= static_cast<std::uint8_t>(~kChAwaitPriority);
}

void on_negated(Ctx& c, const Event& e) {
  if (e.link >= 1 && e.link <= 8) c.negated_links |= static_cast<std::uint8_t>(1u << (e.link - 1));
}

/// A resolved halving or redirection of the battle damage its controller
/// takes (model/terms/damage.hpp), for the battle or the turn.
void note_damage_mods(Ctx& c, std::uint32_t attrs, bool p2) {
  const auto mark = [&](std::uint32_t attr, DamageModFlag p1_bit, DamageModFlag p2_bit) {
    if (attrs & attr) c.damage_mods |= p2 ? p2_bit : p1_bit;
  };
  mark(kAttrHalvesDamage, kDmgHalveP1, kDmgHalveP2);
  mark(kAttrRedirectsDamage, kDmgRedirectP1, kDmgRedirectP2);
  mark(kAttrHalvesDamageTurn, kDmgHalveTurnP1, kDmgHalveTurnP2);
  mark(kAttrRedirectsDamageTurn, kDmgRedirectTurnP1, kDmgRedirectTurnP2);
}

/// P1's monsters attack directly from now on (Absolute End): an attack on a monster of P2's,
/// still before the Damage Step, may replay (S1 §战斗步骤的卷回), as for a forced target.
void direct_only(Ctx& c) {
  c.window |= kWinDirectOnlyTurn;
  const bool before_damage_step = c.in_step(Step::BattleStep) && c.has(kBtlActive) && !c.has(kBtlEnded);
  if (before_damage_step && c.target < kSlotCount) c.battle |= kBtlForcedAway;
}

void on_resolve(Ctx& c, const Event& e) {
  c.chain |= kChResolving;
  if (c.resolved < 0xFF) ++c.resolved;
  const bool negated = e.link >= 1 && e.link <= 8 && (c.negated_links & (1u << (e.link - 1)));
  if (negated) return;
  const bool p2 = e.card < kMaxCards ? (c.card_p2 & card_bit(e.card)) != 0 : e.player == Player::P2;
  note_damage_mods(c, e.attrs, p2);
  if (p2 && has_attr(e, kAttrNoDeclarations)) c.window |= kWinNoDeclarationsTurn;
  if (p2 && has_attr(e, kAttrDirectOnlyTurn)) direct_only(c);
  if (!has_attr(e, kAttrNoBattleDamage)) return;
  c.battle |= p2 ? kBtlNoDamageP2 : kBtlNoDamageP1;
  if (has_attr(e, kAttrNoDamageTurn)) c.flags |= p2 ? kCtxNoDamageTurnP2 : kCtxNoDamageTurnP1;
  if (has_attr(e, kAttrIndestructibleTurn)) c.flags |= p2 ? kCtxSafeTurnP2 : kCtxSafeTurnP1;
  if (has_attr(e, kAttrIndestructible)) c.battle |= p2 ? kBtlSafeP2 : kBtlSafeP1;
}

void on_chain_end(Ctx& c, const Event&) {
  reset_chain(c);
  c.chain = static_cast<std::uint8_t>((c.chain & kChWindowHadChain) | kChAwaitPriority);
}

void on_damage_calculation(Ctx& c, const Event& e) {
  c.battled |= static_cast<std::uint16_t>(slot_bit(e.slot) | slot_bit(e.target));
  if (e.slot < kSlotCount) c.attacker = e.slot;
  if (e.target != kNoSlot) c.target = e.target;
  expect_outcome(c, e);
}

void on_no_damage_calculation(Ctx& c, const Event&) { c.battle |= kBtlBattlerLeft; }

void on_battle_damage(Ctx& c, const Event& e) {
  if (e.value <= 0) return;
  c.calc |= kCalcDamageSeen;
  c.battle |= kBtlDamageDealt;
}

void on_destroy_confirmed(Ctx& c, const Event& e) {
  c.confirmed |= slot_bit(e.slot);
  if (e.slot == c.attacker) c.calc |= kCalcSeenAttacker;
  if (e.slot == c.target) c.calc |= kCalcSeenTarget;
}

void on_left_field(Ctx& c, const Event& e) {
  const std::uint16_t keep = static_cast<std::uint16_t>(~slot_bit(e.slot));
  for (std::uint16_t* m : {&c.occupied, &c.face_down, &c.defense, &c.declared, &c.attack_tally, &c.attacked, &c.battled, &c.confirmed,
                           &c.bp_changed, &c.flip_summoned, &c.window_flipped})
    *m &= keep;
  if (e.reason == LeaveReason::Battle && e.slot < kSlotCount)
    c.battle |= side_of(e.slot) == Player::P1 ? kBtlLeftByBattleP1 : kBtlLeftByBattleP2;
  if (c.has(kBtlActive) && e.slot < kSlotCount && (e.slot == c.attacker || e.slot == c.target))
    c.battle |= kBtlBattlerLeft;
  note_count_change(c, e.slot);
}

/// A control change: the monster leaves one zone and arrives in the other
/// side's, keeping its position and an effect's "cannot attack" (the model's
/// take_control); both sides' counts change.
void on_control_changed(Ctx& c, const Event& e) {
  if (e.slot >= kSlotCount || e.target >= kSlotCount) return;
  const std::uint16_t from = slot_bit(e.slot);
  const std::uint16_t to = slot_bit(e.target);
  const bool forbidden = (c.forbidden & from) != 0;
  for (std::uint16_t* m : {&c.occupied, &c.face_down, &c.defense, &c.declared, &c.attack_tally, &c.attacked, &c.battled,
                           &c.confirmed, &c.bp_changed, &c.flip_summoned, &c.window_flipped, &c.forbidden})
    *m &= static_cast<std::uint16_t>(~(from | to));
  if (forbidden) c.forbidden |= to;
  place(c, e.target, e.position);
  place_host_facts(c, e.monster, to);
  if (c.has(kBtlActive) && (e.slot == c.attacker || e.slot == c.target)) c.battle |= kBtlBattlerLeft;
  if (c.has(kBtlActive) && e.slot == c.attacker) c.battle |= kBtlAttackerTaken;
  note_count_change(c, e.slot);
  note_count_change(c, e.target);
}

/// A Spell or Trap card destroyed on the field: a lock on declarations it
/// placed no longer binds (monster_locked).
void on_card_destroyed(Ctx& c, const Event& e) {
  if (e.card < kMaxCards && ((c.card_printed_lock >> e.card) & 1u)) c.window |= kWinLocksReleased;
}

void on_summoned(Ctx& c, const Event& e) {
  place(c, e.slot, e.position);
  place_host_facts(c, e.monster, slot_bit(e.slot));
  note_count_change(c, e.slot);
}

void on_position_changed(Ctx& c, const Event& e) {
  if (!(c.occupied & slot_bit(e.slot))) return;
  if ((c.face_down & slot_bit(e.slot)) && e.position != Position::FaceDownDefense) c.window_flipped |= slot_bit(e.slot);
  place(c, e.slot, e.position);
}

void on_battle_phase_ended(Ctx& c, const Event&) { c.flags |= kCtxBpEnded; }

void on_attack_target_changed(Ctx& c, const Event& e) {
  if (e.target != kNoSlot) c.target = e.target;
  if (e.target < kSlotCount && slot_applies(c, c.card_attack_all, c.attacker)) tally_attack_all(c, c.attacker, e.target);
}

void on_stat_changed(Ctx& c, const Event& e) {
  if (e.duration == Duration::BattlePhase) c.bp_changed |= slot_bit(e.slot);
}

/// A Normal Summon: a new face-up Attack Position monster (as a special summon).
void on_normal_summoned(Ctx& c, const Event& e) {
  place(c, e.slot, Position::FaceUpAttack);
  place_host_facts(c, e.monster, slot_bit(e.slot));
  note_count_change(c, e.slot);
}

void on_flip_summoned(Ctx& c, const Event& e) {
  if (c.occupied & slot_bit(e.slot)) place(c, e.slot, Position::FaceUpAttack);
  c.flip_summoned |= slot_bit(e.slot);
}

void on_nothing(Ctx&, const Event&) {}

void on_attack_forbidden(Ctx& c, const Event& e) {
  if (c.occupied & slot_bit(e.slot)) c.forbidden |= slot_bit(e.slot);
}

/// A forced attack target (S1 §战斗步骤的卷回): an attack declared on another
/// target, or a direct one, and still before the Damage Step, may replay
/// (forced_attack_target_is_obeyed, not replay_when_count_changes, sees
/// that it does not go on against its first target).
void on_attack_target_forced(Ctx& c, const Event& e) {
  if (!(c.occupied & slot_bit(e.slot))) return;
  c.forced |= slot_bit(e.slot);
  const bool before_damage_step = c.in_step(Step::BattleStep) && c.has(kBtlActive) && !c.has(kBtlEnded);
  if (before_damage_step && c.target != e.slot) c.battle |= kBtlForcedAway;
}

void on_change_expired(Ctx& c, const Event& e) {
  c.bp_changed &= static_cast<std::uint16_t>(~slot_bit(e.slot));
  c.flags |= kCtxBpChangesExpired;
}

/// Hosts whose mandatory end-of-Battle-Phase trigger is due in the End Step:
/// its "attacked" or "battled" condition holds. A card's conditions are all
/// required, as the model reads them, so a host in both masks (a card with
/// both conditions) is due only when it attacked and battled; with two cards
/// of one condition each on one host that asks too much, which leaves a due
/// trigger unchecked rather than blaming a correct trace.
std::uint16_t end_step_due(const TraceContext& c) {
  const auto either = static_cast<std::uint16_t>((c.eob_attacked & c.attacked) | (c.eob_battled & c.battled));
  const auto both_needed = static_cast<std::uint16_t>(c.eob_attacked & c.eob_battled);
  const auto both_met = static_cast<std::uint16_t>(c.attacked & c.battled);
  return static_cast<std::uint16_t>(either & ~(both_needed & ~both_met) & c.occupied);
}


using FoldFn = void (*)(Ctx&, const Event&);

constexpr std::array<FoldFn, kEventTypeCount> kFolds = {
    on_step_enter,           // StepEnter
    on_timing_enter,         // TimingEnter
    on_priority,             // Priority
    on_attack_declared,      // AttackDeclared
    on_attack_ended,         // AttackNegated
    on_attack_ended,         // AttackStopped
    on_replay,               // Replay
    on_replay_choice,        // ReplayChoice
    on_damage_step_begin,    // DamageStepBegin
    on_flipped,              // FlippedFaceUp
    on_activate,             // Activate
    on_negated,              // Negated
    on_resolve,              // Resolve
    on_chain_end,            // ChainEnd
    on_damage_calculation,   // DamageCalculation
    on_no_damage_calculation,// NoDamageCalculation
    on_battle_damage,        // BattleDamage
    on_destroy_confirmed,    // DestroyConfirmed
    on_left_field,           // LeftField
    on_summoned,             // Summoned
    on_position_changed,     // PositionChanged
    on_battle_phase_ended,   // BattlePhaseEnded
    on_attack_target_changed,// AttackTargetChanged
    on_stat_changed,         // StatChanged
    on_change_expired,       // ChangeExpired
    on_normal_summoned,      // NormalSummoned
    on_flip_summoned,        // FlipSummoned
    on_attack_forbidden,     // AttackForbidden
    on_nothing,              // LifePointsChanged: no property reads Life Points outside battle
    on_attack_target_forced, // AttackTargetForced
    on_control_changed,      // ControlChanged
    on_card_destroyed,       // CardDestroyed
};

}  // namespace

/// Effect-term facts: a cost is due right after its activation only; the End
/// Step's obligations; slot facts end when their monster leaves.
void fold_effects(Ctx& c, const Event& e) {
  const bool cost = e.type == EventType::Activate && has_attr(e, kAttrCost);
  c.flags = static_cast<std::uint8_t>(cost ? (c.flags | kCtxCostDue) : (c.flags & ~kCtxCostDue));
  if (e.type == EventType::LeftField || e.type == EventType::ControlChanged) {
    const auto keep = static_cast<std::uint16_t>(~slot_bit(e.slot));
    c.eob_attacked &= keep;
    c.eob_battled &= keep;
    c.eob_due &= keep;
    c.forbidden &= keep;
    c.forced &= keep;
  }
  if (e.type == EventType::StepEnter) c.eob_due = e.step == Step::EndStep ? end_step_due(c) : 0;
  if (e.type == EventType::Activate && trigger_of(e) == TriggerEvent::EndOfBattlePhase)
    c.eob_due &= static_cast<std::uint16_t>(~slot_bit(e.slot));
}

/// The open Battle Step's priority (S1 §战斗步骤): a Priority event there with
/// no chain keeps "the turn player passed" (P1's, or P2's right after it) and
/// "the opponent has it" (P2's); any other event ends both.
void fold_window(Ctx& c, const Event& e) {
  const bool open_priority = e.type == EventType::Priority && c.at(Timing::BattleStepOpen) && c.chain_len == 0;
  const bool passed = open_priority && (e.player == Player::P1 || c.has(kWinTurnPassed));
  const bool opponent = open_priority && e.player == Player::P2;
  std::uint8_t since_link = c.window & (kWinP1Passed | kWinP2Passed);
  if (e.type == EventType::Activate || e.type == EventType::ChainEnd) since_link = 0;
  if (e.type == EventType::Priority) since_link |= e.player == Player::P1 ? kWinP1Passed : kWinP2Passed;
  const std::uint8_t kept = kWinSawPriority | kWinNoDeclarationsTurn | kWinLocksReleased | kWinDirectOnlyTurn;
  c.window = static_cast<std::uint8_t>((c.window & kept) | (passed ? kWinTurnPassed : 0) |
                                       (opponent ? kWinOpponentHad : 0) | since_link |
                                       (e.type == EventType::Priority ? kWinSawPriority : 0));
}

void fold(Ctx& c, const Event& e) {
  const auto t = static_cast<std::size_t>(e.type);
  if (t < kFolds.size()) kFolds[t](c, e);
  fold_effects(c, e);
  fold_obligations(c, e);
  fold_window(c, e);
}

}  // namespace bc::checks
