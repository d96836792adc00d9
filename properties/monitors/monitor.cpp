/// The trace monitor: start_context() from the trace header, observe() per
/// event (a table from EventType to the checks that watch it, then the
/// fold), finish() at the end of a trace, and the context hash.
#include "properties/monitors/monitor.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "model/vocabulary/hash.hpp"
#include "model/core/scenario.hpp"
#include "properties/monitors/checks.hpp"
#include "model/terms/targets.hpp"

namespace bc {
namespace {

using namespace checks;
using CheckFn = void (*)(const Ctx&, const Event&, Verdicts&);

/// Runs a fixed list of checks: direct calls, no per-check indirection.
template <CheckFn... Checks>
void run([[maybe_unused]] const Ctx& c, [[maybe_unused]] const Event& e, [[maybe_unused]] Verdicts& v) {
  (Checks(c, e, v), ...);
}

/// Which checks watch which event type (docs/trace-format.md lists the
/// properties behind each). Index = EventType.
constexpr std::array<CheckFn, kEventTypeCount> kWatchers = {
    // StepEnter
    run<calc_window_close, first_turn_no_battle_phase, start_step_exit, end_step_exit, damage_step_exit,
        battle_phase_end_route, damage_step_order, damage_step_completes, battle_leave_all_by_end,
        negated_attack_no_damage_step, replay_before_damage_step, main_phase_2_after_battle_phase,
        damage_step_ends_after_chains, end_of_battle_obligations, battle_step_exit, trigger_obligations,
        bp_changes_end, must_attack_obeyed>,
    // TimingEnter
    run<calc_window_close, damage_step_order, damage_step_completes, replay_not_in_damage_step,
        replay_choice_not_declaration, declaration_round_kept>,
    // Priority
    run<turn_player_first, opponent_before_declaration, bp_changes_end>,
    // AttackDeclared
    run<attacker_position, direct_attack_empty_field, one_declaration, one_attack_at_a_time,
        replay_choice_not_declaration, seen_direct_attack, unattackable_target, cannot_attack_obeyed,
        no_direct_attack_obeyed, forced_target_obeyed, each_monster_once, declaration_locks_obeyed>,
    // AttackNegated
    run<seen_attack_negated>,
    // AttackStopped
    run<>,
    // Replay
    run<replay_not_in_damage_step, replay_after_chain, replay_needs_count_change, seen_replay>,
    // ReplayChoice
    run<replay_not_in_damage_step, direct_attack_empty_field, seen_direct_attack, unattackable_target,
        cannot_attack_obeyed, no_direct_attack_obeyed, forced_target_obeyed, each_monster_once, attacker_taken_stops>,
    // DamageStepBegin
    run<negated_attack_no_damage_step, replay_before_damage_step, cannot_attack_obeyed, forced_target_obeyed,
        attacker_taken_stops>,
    // FlippedFaceUp
    run<flip_at_before_calc, no_flip_after_cancel, seen_flip>,
    // Activate
    run<lifo_activate, spell_speed, triggers_turn_player_first, one_chain_windows, calc_effects_in_trigger_chain,
        opponent_before_declaration, attack_traps_at_declaration, has_attacked_condition, has_battled_condition,
        activation_whitelist, kind_timings, trigger_preconditions, destroyed_not_targeted, destroyed_no_quick,
        seen_activation, flip_effect_own_chain, flip_effect_first_chain, target_matches_selector, bp_changes_end,
        flip_summon_triggers>,
    // Negated
    run<lifo_negated>,
    // Resolve
    run<lifo_resolve, resolve_after_passes>,
    // ChainEnd
    run<lifo_chain_end>,
    // DamageCalculation
    run<calc_at_damage_calculation, calc_needs_both_battlers, face_down_at_calc, attacker_position_at_calc,
        seen_damage_calculation>,
    // NoDamageCalculation
    run<calc_at_damage_calculation, seen_no_damage_calculation>,
    // BattleDamage
    run<battle_damage_event>,
    // DestroyConfirmed
    run<destroy_confirmed_event>,
    // LeftField
    run<battle_leave_timing, battle_leave_only_confirmed, seen_battle_destroyed_sent, cost_on_activation,
        destroyed_not_tributed>,
    // Summoned
    run<>,
    // PositionChanged
    run<destroyed_position_unchanged>,
    // BattlePhaseEnded
    run<>,
    // AttackTargetChanged
    run<>,
    // StatChanged
    run<>,
    // ChangeExpired
    run<>,
    // NormalSummoned
    run<no_summon_in_battle_phase>,
    // FlipSummoned
    run<no_summon_in_battle_phase>,
    // AttackForbidden
    run<>,
    // LifePointsChanged
    run<>,
    // AttackTargetForced
    run<>,
    // ControlChanged
    run<>,
    // CardDestroyed
    run<>,
};

}  // namespace

namespace {

/// Slot masks of the effect terms a monster on the board carries (checks in properties/monitors/effects.cpp).
/// A mandatory end-of-Battle-Phase trigger the events alone oblige: its text
/// leaves the End Step open, and it has no condition but its monster having
/// attacked or battled, no target, cost or summon (the rest is conformance's,
/// as for obligations.cpp). A trigger whose own term rules out the End Step,
/// or whose condition fails, is not activated (S0 §6.3.4.3.3, S1 §伤害计算时);
/// so is one whose card has a condition the term cannot state.
bool end_of_battle_obliged(const CardSpec& card) {
  const EffectTerm& t = card.term;
  return t.mandatory && !card.hidden_condition && t.trigger == TriggerEvent::EndOfBattlePhase && (text_timings(t) & bit(Timing::EndStep)) &&
         !(t.conditions & ~(kCondHostAttacked | kCondHostBattled)) && t.target.kind == TargetKind::None &&
         t.cost == Cost::None && !t.has_op(OpCode::SpecialSummon);
}

/// The header's cards whose effects another of its cards may negate: every
/// other Trap under a negate_trap_effects part, every monster's effect under a
/// negate_monster_effects part (the model's reading: Stepper::negated_by_continuous).
std::uint16_t negatable_cards(const Scenario& header) {
  std::uint16_t out = 0;
  const std::size_t n = std::min<std::size_t>(header.cards.size(), kMaxCards);
  for (std::size_t k = 0; k < header.cards.size(); ++k) {  // a negator past the card masks still negates
    const ContinuousKind kind = header.cards[k].term.continuous.kind;
    if (!negates_effects(kind)) continue;
    const CardType type = kind == ContinuousKind::NegateTrapEffects ? CardType::Trap : CardType::Monster;
    for (std::size_t i = 0; i < n; ++i)
      if (i != k && header.cards[i].term.card_type == type) out = static_cast<std::uint16_t>(out | 1u << i);
  }
  return out;
}

/// The header's per-card facts of continuous effects and End Step obligations
/// (card masks), read again whenever a monster arrives (place_host_facts).
void card_facts(TraceContext& c, const CardSpec& card, std::uint16_t cb) {
  const EffectTerm& t = card.term;
  // A part another card may negate binds nothing a trace can check (card_negatable);
  // what it only permits stays permitted.
  const bool binds = !(c.card_negatable & cb);
  if (binds && (t.continuous.kind == ContinuousKind::CannotBeAttacked || t.continuous.kind == ContinuousKind::IgnoredAsAttackTarget))
    c.card_unattackable |= cb;
  if (t.continuous.kind == ContinuousKind::IgnoredAsAttackTarget) c.card_ignored |= cb;
  if (t.continuous.kind == ContinuousKind::SecondAttack) c.card_second_attack |= cb;
  if (binds && t.continuous.kind == ContinuousKind::CannotAttackDirectly) c.card_no_direct |= cb;
  if (t.continuous.kind == ContinuousKind::AttackAllOnceEach) c.card_attack_all |= cb;
  if (binds && t.continuous.kind == ContinuousKind::MustAttack) c.card_must_attack |= cb;
  if (t.continuous.kind == ContinuousKind::IndestructibleByBattle) {
    c.card_indestructible |= cb;
    for (std::uint8_t i = 0; i < kMaxCards; ++i)
      if (cb == card_bit(i))
        c.card_indestructible_atk[i] = static_cast<std::uint8_t>(std::clamp(t.continuous.amount / 100, 0, 127) |
                                                                 (t.continuous.of == kUpToAtk ? kIndestructibleUpTo : 0));
  }
  if (t.continuous.kind == ContinuousKind::CannotAttackAtLeast) c.card_attack_lock |= cb;
  // A printed lock on a monster of its own, or one that applies only once its
  // card has resolved (continuous_after_activation), or that may be negated: not in locked_monsters.
  const bool later = continuous_after_activation(t) && !card.resolved_before;
  if (is_printed_lock(t.continuous.kind) && (card.host != kNoMonster || later || !binds)) c.card_attack_lock |= cb;
  if (t.continuous.kind == ContinuousKind::MayAttackDirectly) c.card_direct_ok |= cb;
  if (effect_attrs(t) & kAttrPiercing) c.card_piercing |= cb;
  if (t.continuous.kind == ContinuousKind::DoubleBattleDamage && t.continuous.of == 0) c.card_double_damage |= cb;
  // Which battles, or a halving: the damage amount is left to conformance.
  if (changes_inflicted_damage(t.continuous.kind) && !(c.card_double_damage & cb)) c.card_damage_unknown |= cb;
  if (t.continuous.kind == ContinuousKind::RedirectBattleDamage) c.card_redirect_damage |= cb;
  // A monster's own no_battle_damage, in force whenever its host is face-up: the
  // amount is checked; any other (a Spell's or Trap's, or one that applies only
  // once resolved) the events do not place in time: its controller's damage is left to conformance.
  if (t.continuous.kind == ContinuousKind::NoBattleDamage) {
    if (t.activation == Activation::Continuous && card.host != kNoMonster) c.card_no_damage |= cb;
    else c.card_damage_unknown |= cb;
  }
  // A piercing lent by Type (type_piercing): the header does not hold the
  // monsters' Types, so the amount is left to conformance.
  if (t.continuous.kind == ContinuousKind::TypePiercing) c.card_damage_unknown |= cb;
  // No battle damage from its host's attacks (Exploder Dragon): the amount is left to conformance.
  if (t.continuous.kind == ContinuousKind::NoBattleDamageAttacking) c.card_damage_unknown |= cb;
  // So for a piercing granted by an operation (grant_piercing): the events do
  // not show it once resolved.
  if (t.has_op(OpCode::GrantPiercing)) c.card_damage_unknown |= cb;
  if (t.has_op(OpCode::IndestructibleByBattle)) c.card_safe_unknown |= cb;
  if (t.has_op(OpCode::HalveDamageInvolving)) c.card_damage_unknown |= cb;  // which battles, the events do not keep
  if (t.has_op(OpCode::DoubleDamageInvolving)) c.card_damage_unknown |= cb;  // nor here
  // A reversal (reverse_damage): once resolved, its controller's damage is a
  // gain, an event a trace may omit (LifePointsChanged, trace version 4).
  if (t.has_op(OpCode::ReverseDamage)) c.card_damage_unknown |= cb;
  if (!end_of_battle_obliged(card)) return;
  if (t.conditions & kCondHostAttacked) c.card_eob_attacked |= cb;
  if (t.conditions & kCondHostBattled) c.card_eob_battled |= cb;
}

/// A lock on declarations by Level or Type on a card of its own (no host: on
/// the field throughout): the monsters it stops, read from the header through
/// the model's own reading (printed_lock_stops; knob declaration_locks_bind).
void printed_lock_facts(TraceContext& c, const Scenario& header, const CardSpec& card, std::uint16_t cb) {
  if (!is_printed_lock(card.term.continuous.kind) || card.host != kNoMonster || (c.card_negatable & cb)) return;
  if (continuous_after_activation(card.term) && !card.resolved_before) return;  // not yet in force
  if (card.destroyed_before) return;  // gone before the Battle Phase
  c.card_printed_lock |= cb;
  for (std::size_t m = 0; m < header.monsters.size() && m < 32; ++m)
    if (printed_lock_stops(card.term.continuous, header.monsters[m].level, header.monsters[m].type))
      c.locked_monsters[m / 16] = static_cast<std::uint16_t>(c.locked_monsters[m / 16] | 1u << (m % 16));
}

/// The starting board's monsters: the facts of every card the header gives
/// them (a hand-built header may hold more cards than the card masks).
void host_facts(TraceContext& c, const Scenario& header, std::uint8_t monster, std::uint16_t b) {
  for (const CardSpec& card : header.cards) {
    if (card.host != monster) continue;
    const EffectTerm& t = card.term;
    if (!end_of_battle_obliged(card)) continue;
    if (t.conditions & kCondHostAttacked) c.eob_attacked |= b;
    if (t.conditions & kCondHostBattled) c.eob_battled |= b;
  }
}

/// A card that resolved before the Battle Phase (the header says so): its
/// protection for the turn holds from the start, read as its Resolve event
/// would be (effect_attrs, fold.cpp's on_resolve).
void resolved_before_facts(TraceContext& c, const CardSpec& card) {
  if (!card.resolved_before) return;
  const std::uint32_t a = effect_attrs(card.term);
  const bool p2 = card.owner == Player::P2;
  if ((a & kAttrNoBattleDamage) && (a & kAttrNoDamageTurn)) c.flags |= p2 ? kCtxNoDamageTurnP2 : kCtxNoDamageTurnP1;
  if (a & kAttrIndestructibleTurn) c.flags |= p2 ? kCtxSafeTurnP2 : kCtxSafeTurnP1;
  if (a & kAttrHalvesDamageTurn) c.damage_mods |= p2 ? kDmgHalveTurnP2 : kDmgHalveTurnP1;
  if (a & kAttrRedirectsDamageTurn) c.damage_mods |= p2 ? kDmgRedirectTurnP2 : kDmgRedirectTurnP1;
  if (p2 && (a & kAttrNoDeclarations)) c.window |= kWinNoDeclarationsTurn;
  if (p2 && (a & kAttrDirectOnlyTurn)) c.window |= kWinDirectOnlyTurn;
}

}  // namespace

TraceContext start_context(const Scenario& header) {
  TraceContext c;
  if (header.first_turn) c.flags |= kCtxFirstTurn;
  c.card_negatable = negatable_cards(header);
  obligation_facts(c, header);
  for (std::size_t i = 0; i < header.cards.size() && i < static_cast<std::size_t>(kMaxCards); ++i) {
    const CardSpec& card = header.cards[i];
    const std::uint16_t b = card_bit(static_cast<std::uint8_t>(i));
    if (card.owner == Player::P2) c.card_p2 |= b;
    if (card.term.conditions & kCondHostAttacked) c.cond_attacked |= b;
    if (card.term.conditions & kCondHostBattled) c.cond_battled |= b;
    card_facts(c, card, b);
    printed_lock_facts(c, header, card, b);
    resolved_before_facts(c, card);
    c.card_selector[i] = pack_selector(card.term.target);
  }
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z) {
      const ZoneSpec& zone = header.board[side][z];
      if (zone.monster == kNoMonster) continue;
      const std::uint16_t b = slot_bit(slot_of(static_cast<Player>(side), z));
      host_facts(c, header, zone.monster, b);
      c.occupied |= b;
      if (zone.position == Position::FaceDownDefense) c.face_down |= b;
      if (zone.position != Position::FaceUpAttack) c.defense |= b;
    }
  return c;
}

void observe(TraceContext& ctx, const Event& e, Verdicts& out) {
  const auto t = static_cast<std::size_t>(e.type);
  if (t >= kWatchers.size()) return;
  kWatchers[t](ctx, e, out);
  fold(ctx, e);
}

void finish(const TraceContext& ctx, bool complete, Verdicts& out) {
  if (!complete) return;  // a cut trace may still end well: nothing is final yet
  calc_window_close(ctx, Event{}, out);
  const bool over = ctx.in_step(Step::MainPhase2) || ctx.in_step(Step::EndPhase);
  if (!over) violate(out, Prop::BattlePhaseCanEnd);
}

std::uint64_t hash_context(const TraceContext& ctx) {
  return hash_bytes(reinterpret_cast<const unsigned char*>(&ctx) + kContextHashFrom,
                    sizeof(TraceContext) - kContextHashFrom);
}

}  // namespace bc
