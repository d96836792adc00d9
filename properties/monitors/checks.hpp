#pragma once
/// Internal to properties/: the per-event checks, grouped by theme in
/// flow.cpp, attacks.cpp, replay.cpp, damage_step.cpp, calculation.cpp,
/// chains.cpp and sometimes.cpp. Every check has the same signature; it
/// reads the context as it was BEFORE the event and only sets bits in the
/// verdicts. monitor.cpp wires them to event types; fold.cpp then folds the
/// event into the context. No heap, no strings, no virtual calls.
#include <array>

#include "model/terms/effect.hpp"
#include "model/vocabulary/event.hpp"
#include "properties/monitors/context.hpp"
#include "properties/catalog/ids.hpp"

namespace bc::checks {

using Ctx = TraceContext;

// ---- small shared helpers --------------------------------------------------

/// Effect facts come with the event (Event::attrs, model/terms/effect.hpp): the
/// properties read attributes, never a kind name.
inline bool is_trigger(const Event& e) { return (e.attrs & kAttrTrigger) != 0; }
inline int speed_of(const Event& e) { return speed_of_attrs(e.attrs); }
inline bool has_attr(const Event& e, std::uint32_t a) { return (e.attrs & a) != 0; }
inline TriggerEvent trigger_of(const Event& e) { return trigger_of_byte(e.trigger); }
/// The five Damage Step timings are contiguous in enum Timing (model/vocabulary/types.hpp).
static_assert(static_cast<int>(Timing::EndOfDamageStep) - static_cast<int>(Timing::StartOfDamageStep) == 4);
/// Damage Step timing index 1..5 (start of DS .. end of DS), 0 otherwise.
constexpr int ds_index(Timing t) {
  const int i = static_cast<int>(t) - static_cast<int>(Timing::StartOfDamageStep) + 1;
  return i >= 1 && i <= 5 ? i : 0;
}
/// A Damage Step timing (inline twin of model's in_damage_step() for the hot path).
constexpr bool is_ds_timing(Timing t) { return ds_index(t) != 0; }
inline bool is_battle_phase_step(Step s) {
  return s == Step::StartStep || s == Step::BattleStep || s == Step::DamageStep || s == Step::EndStep;
}
/// The attack in progress has neither been negated, stopped nor abandoned.
inline bool attack_live(const Ctx& c) { return c.has(kBtlActive) && !c.has(kBtlEnded); }
/// The player the current attack is aimed at (the attacker's opponent).
inline Player attacked_side(const Ctx& c) { return other(c.attacker < kSlotCount ? side_of(c.attacker) : Player::P1); }
inline bool is_step_enter(const Event& e, Step s) { return e.type == EventType::StepEnter && e.step == s; }

// ---- flow.cpp: steps and priority ------------------------------------------
void first_turn_no_battle_phase(const Ctx&, const Event&, Verdicts&);
void start_step_exit(const Ctx&, const Event&, Verdicts&);
void end_step_exit(const Ctx&, const Event&, Verdicts&);
void damage_step_exit(const Ctx&, const Event&, Verdicts&);
void battle_phase_end_route(const Ctx&, const Event&, Verdicts&);
void turn_player_first(const Ctx&, const Event&, Verdicts&);
void opponent_before_declaration(const Ctx&, const Event&, Verdicts&);
void battle_step_exit(const Ctx&, const Event&, Verdicts&);

// ---- attacks.cpp: declarations and attack traps ----------------------------
void attacker_position(const Ctx&, const Event&, Verdicts&);
void direct_attack_empty_field(const Ctx&, const Event&, Verdicts&);
void one_declaration(const Ctx&, const Event&, Verdicts&);
void one_attack_at_a_time(const Ctx&, const Event&, Verdicts&);
void negated_attack_no_damage_step(const Ctx&, const Event&, Verdicts&);
void attack_traps_at_declaration(const Ctx&, const Event&, Verdicts&);
void has_attacked_condition(const Ctx&, const Event&, Verdicts&);
void has_battled_condition(const Ctx&, const Event&, Verdicts&);

// ---- replay.cpp ------------------------------------------------------------
void replay_not_in_damage_step(const Ctx&, const Event&, Verdicts&);
void replay_after_chain(const Ctx&, const Event&, Verdicts&);
void replay_needs_count_change(const Ctx&, const Event&, Verdicts&);
void replay_before_damage_step(const Ctx&, const Event&, Verdicts&);
void replay_choice_not_declaration(const Ctx&, const Event&, Verdicts&);

// ---- damage_step.cpp: Damage Step timings, activations, battle destruction --
void damage_step_order(const Ctx&, const Event&, Verdicts&);
void damage_step_completes(const Ctx&, const Event&, Verdicts&);
void calc_at_damage_calculation(const Ctx&, const Event&, Verdicts&);
void activation_whitelist(const Ctx&, const Event&, Verdicts&);
void kind_timings(const Ctx&, const Event&, Verdicts&);
void flip_at_before_calc(const Ctx&, const Event&, Verdicts&);
void no_flip_after_cancel(const Ctx&, const Event&, Verdicts&);
void face_down_at_calc(const Ctx&, const Event&, Verdicts&);
void battle_leave_timing(const Ctx&, const Event&, Verdicts&);
void battle_leave_only_confirmed(const Ctx&, const Event&, Verdicts&);
void battle_leave_all_by_end(const Ctx&, const Event&, Verdicts&);
void destroyed_not_targeted(const Ctx&, const Event&, Verdicts&);
void destroyed_no_quick(const Ctx&, const Event&, Verdicts&);
void trigger_preconditions(const Ctx&, const Event&, Verdicts&);
void calc_needs_both_battlers(const Ctx&, const Event&, Verdicts&);
void attacker_position_at_calc(const Ctx&, const Event&, Verdicts&);
void target_matches_selector(const Ctx&, const Event&, Verdicts&);
void destroyed_position_unchanged(const Ctx&, const Event&, Verdicts&);

// ---- calculation.cpp: damage calculation outcome ---------------------------
void battle_damage_event(const Ctx&, const Event&, Verdicts&);
void destroy_confirmed_event(const Ctx&, const Event&, Verdicts&);
void calc_window_close(const Ctx&, const Event&, Verdicts&);
/// Expected outcome of a DamageCalculation event (used by fold.cpp).
void expect_outcome(Ctx&, const Event&);

// ---- chains.cpp ------------------------------------------------------------
void lifo_activate(const Ctx&, const Event&, Verdicts&);
void lifo_negated(const Ctx&, const Event&, Verdicts&);
void lifo_resolve(const Ctx&, const Event&, Verdicts&);
void resolve_after_passes(const Ctx&, const Event&, Verdicts&);
void lifo_chain_end(const Ctx&, const Event&, Verdicts&);
void spell_speed(const Ctx&, const Event&, Verdicts&);
void triggers_turn_player_first(const Ctx&, const Event&, Verdicts&);
void one_chain_windows(const Ctx&, const Event&, Verdicts&);
void calc_effects_in_trigger_chain(const Ctx&, const Event&, Verdicts&);

// ---- sometimes.cpp ---------------------------------------------------------
void seen_activation(const Ctx&, const Event&, Verdicts&);
void seen_replay(const Ctx&, const Event&, Verdicts&);
void seen_flip(const Ctx&, const Event&, Verdicts&);
void seen_battle_destroyed_sent(const Ctx&, const Event&, Verdicts&);
void seen_attack_negated(const Ctx&, const Event&, Verdicts&);
void seen_direct_attack(const Ctx&, const Event&, Verdicts&);
void seen_no_damage_calculation(const Ctx&, const Event&, Verdicts&);
void seen_damage_calculation(const Ctx&, const Event&, Verdicts&);

// ---- fold.cpp --------------------------------------------------------------
/// Fold one event into the context (after the checks have seen it).
void fold(Ctx&, const Event&);

// ---- source_claims.cpp: claims of the sources (issue 5) ----------------------
void main_phase_2_after_battle_phase(const Ctx&, const Event&, Verdicts&);
void bp_changes_end(const Ctx&, const Event&, Verdicts&);
void destroyed_not_tributed(const Ctx&, const Event&, Verdicts&);
void no_summon_in_battle_phase(const Ctx&, const Event&, Verdicts&);
void flip_summon_triggers(const Ctx&, const Event&, Verdicts&);
void cannot_attack_obeyed(const Ctx&, const Event&, Verdicts&);
void damage_step_ends_after_chains(const Ctx&, const Event&, Verdicts&);
void flip_effect_own_chain(const Ctx&, const Event&, Verdicts&);
void flip_effect_first_chain(const Ctx&, const Event&, Verdicts&);

// ---- effects.cpp: rules the effect terms open ---------------------------------
void cost_on_activation(const Ctx&, const Event&, Verdicts&);
void unattackable_target(const Ctx&, const Event&, Verdicts&);
void no_direct_attack_obeyed(const Ctx&, const Event&, Verdicts&);
void forced_target_obeyed(const Ctx&, const Event&, Verdicts&);
void each_monster_once(const Ctx&, const Event&, Verdicts&);
void must_attack_obeyed(const Ctx&, const Event&, Verdicts&);
void declaration_locks_obeyed(const Ctx&, const Event&, Verdicts&);
void attacker_taken_stops(const Ctx&, const Event&, Verdicts&);
void declaration_round_kept(const Ctx&, const Event&, Verdicts&);
void end_of_battle_obligations(const Ctx&, const Event&, Verdicts&);

// ---- obligations.cpp: mandatory triggers whose event happened -------------------
/// Folds trigger events, activations and zone occupants into the obligations
/// (called by fold() after the other folds).
void fold_obligations(Ctx&, const Event&);
void trigger_obligations(const Ctx&, const Event&, Verdicts&);

}  // namespace bc::checks

namespace bc {
struct Scenario;
/// The header's obliged triggers, card monsters and zone occupants (start_context).
void obligation_facts(TraceContext& c, const Scenario& header);
}  // namespace bc
