/// Checks on the Battle Step replay (S1 §战斗步骤的卷回, S4 §2.4.2).
#include "properties/monitors/checks.hpp"

namespace bc::checks {

/// no_replay_in_damage_step: no Replay, replay choice or replay window while
/// in the Damage Step.
void replay_not_in_damage_step(const Ctx& c, const Event& e, Verdicts& v) {
  const bool replay_window = e.type == EventType::TimingEnter && e.timing == Timing::ReplayChoice;
  const bool replay_event = e.type == EventType::Replay || e.type == EventType::ReplayChoice;
  if ((replay_window || replay_event) && (c.in_step(Step::DamageStep) || c.in_damage_step_timing()))
    violate(v, Prop::NoReplayInDamageStep);
}

/// replay_after_chain_resolves: a replay happens only once the whole chain has resolved.
void replay_after_chain(const Ctx& c, const Event&, Verdicts& v) {
  if (c.chain_len != 0) violate(v, Prop::ReplayAfterChainResolves);
}

/// replay_requires_count_change: a replay needs a change in the attacked
/// player's monster count since the declaration (or the previous replay), or
/// a forced attack target elsewhere (kBtlForcedAway, S1 §战斗步骤的卷回).
void replay_needs_count_change(const Ctx& c, const Event&, Verdicts& v) {
  if (!(c.battle & kBtlReplayDue)) violate(v, Prop::ReplayRequiresCountChange);
}

/// replay_when_count_changes: if the attacked player's monster count changed
/// in the Battle Step, a replay happens before the Damage Step begins.
void replay_before_damage_step(const Ctx& c, const Event& e, Verdicts& v) {
  const bool enters = e.type == EventType::DamageStepBegin || is_step_enter(e, Step::DamageStep);
  if (enters && attack_live(c) && c.has(kBtlCountChanged)) violate(v, Prop::ReplayWhenCountChanges);
}

/// replay_choice_is_not_declaration: after a replay neither an attack
/// declaration nor the attack-declaration window happens for that attack.
void replay_choice_not_declaration(const Ctx& c, const Event& e, Verdicts& v) {
  if (!c.has(kBtlReplayed) || !c.has(kBtlActive)) return;
  const bool window = e.type == EventType::TimingEnter && e.timing == Timing::AttackDeclaration;
  const bool declared = e.type == EventType::AttackDeclared && !c.has(kBtlEnded);
  if (window || declared) violate(v, Prop::ReplayChoiceIsNotDeclaration);
}

}  // namespace bc::checks
