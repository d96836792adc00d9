/// Checks on the flow of steps and on priority (StepEnter, Priority events).
#include "properties/monitors/checks.hpp"

namespace bc::checks {

/// no_battle_phase_on_first_turn: on the duel's first turn no Battle Phase step begins.
void first_turn_no_battle_phase(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.has(kCtxFirstTurn) && is_battle_phase_step(e.step)) violate(v, Prop::NoBattlePhaseOnFirstTurn);
}

/// start_step_leads_to_battle_step: the Start Step is followed by the Battle
/// Step, unless an effect ended the Battle Phase.
void start_step_exit(const Ctx& c, const Event& e, Verdicts& v) {
  if (!c.in_step(Step::StartStep) || c.has(kCtxBpEnded)) return;
  if (e.step != Step::BattleStep) violate(v, Prop::StartStepLeadsToBattleStep);
}

/// end_step_leads_to_main_phase_2: the End Step is followed by Main Phase 2.
void end_step_exit(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.in_step(Step::EndStep) && e.step != Step::MainPhase2) violate(v, Prop::EndStepLeadsToMainPhase2);
}

/// damage_step_returns_to_battle_step: the Damage Step is followed by the
/// Battle Step, unless an effect ended the Battle Phase.
void damage_step_exit(const Ctx& c, const Event& e, Verdicts& v) {
  if (!c.in_step(Step::DamageStep) || c.has(kCtxBpEnded)) return;
  if (e.step != Step::BattleStep) violate(v, Prop::DamageStepReturnsToBattleStep);
}

/// battle_phase_end_enters_end_step: after an effect ends the Battle Phase the
/// next step is the End Step, and Main Phase 2 / the End Phase are only ever
/// entered from the End Step once a Battle Phase has begun.
void battle_phase_end_route(const Ctx& c, const Event& e, Verdicts& v) {
  const bool in_bp = c.step != kCtxNone && is_battle_phase_step(static_cast<Step>(c.step));
  if (c.has(kCtxBpEnded) && !c.in_step(Step::EndStep) && e.step != Step::EndStep)
    violate(v, Prop::BattlePhaseEndEntersEndStep);
  const bool leaves_phase = e.step == Step::MainPhase2 || e.step == Step::EndPhase;
  if (leaves_phase && in_bp && !c.in_step(Step::EndStep)) violate(v, Prop::BattlePhaseEndEntersEndStep);
}

/// turn_player_priority_first: when a window opens or a chain has fully
/// resolved, the first player to receive priority is the turn player (P1).
void turn_player_first(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.has(kChAwaitPriority) && e.player != Player::P1) violate(v, Prop::TurnPlayerPriorityFirst);
}

/// no_opponent_action_before_declaration: in the Battle Step before an attack
/// is declared, with no chain open, the turn player holds priority first; the
/// non-turn player receives it only when the turn player passes it (declines
/// to attack), and activates only while holding it (rule-activated triggers
/// aside; a trace without Priority events cannot show the pass).
void opponent_before_declaration(const Ctx& c, const Event& e, Verdicts& v) {
  if (!c.at(Timing::BattleStepOpen) || c.chain_len != 0 || e.player != Player::P2) return;
  if (e.type == EventType::Priority && !c.has(kWinTurnPassed)) violate(v, Prop::NoOpponentActionBeforeDeclaration);
  const bool may_act = c.has(kWinOpponentHad) || !c.has(kWinSawPriority);
  if (e.type == EventType::Activate && !is_trigger(e) && !may_act) violate(v, Prop::NoOpponentActionBeforeDeclaration);
}

/// battle_step_ends_after_both_pass: the Battle Step goes on to the End Step
/// (with no effect ending the Battle Phase) only when the non-turn player had
/// priority last: the turn player passed without declaring, then the
/// opponent passed too. Checked on traces that write Priority events.
void battle_step_exit(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.step != Step::EndStep || !c.in_step(Step::BattleStep) || !c.at(Timing::BattleStepOpen)) return;
  if (c.has(kCtxBpEnded) || !c.has(kWinSawPriority)) return;
  if (!c.has(kWinOpponentHad)) violate(v, Prop::BattleStepEndsAfterBothPass);
}

}  // namespace bc::checks
