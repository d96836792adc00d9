/// Properties added for the sources' explicit claims that no earlier property
/// states (issue 5 §1). Each is tagged with the sources that claim it (its
/// citations, and the `[[claims]]` of model/rulesets/s*.toml). They read only
/// the context the monitor already keeps, so they add nothing to the product
/// state.
#include "properties/monitors/checks.hpp"

namespace bc {

namespace checks {

/// main_phase_2_only_after_battle_phase: Main Phase 2 begins only after a
/// Battle Phase step (a turn whose Battle Phase is skipped has none).
void main_phase_2_after_battle_phase(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.step != Step::MainPhase2) return;
  if (c.step == kCtxNone || !is_battle_phase_step(static_cast<Step>(c.step))) violate(v, Prop::MainPhase2OnlyAfterBattlePhase);
}

/// damage_step_ends_after_its_chains: the Damage Step is not left while a
/// chain started in it is still unresolved.
void damage_step_ends_after_chains(const Ctx& c, const Event& e, Verdicts& v) {
  if (c.in_step(Step::DamageStep) && e.step != Step::DamageStep && c.chain_len != 0)
    violate(v, Prop::DamageStepEndsAfterItsChains);
}

/// flip_effect_starts_its_own_chain: a flip effect is chain link 1 of its
/// chain, never added to a chain of battle-damage or "battled" triggers.
void flip_effect_own_chain(const Ctx&, const Event& e, Verdicts& v) {
  if (trigger_of(e) == TriggerEvent::Flipped && e.link != 1) violate(v, Prop::FlipEffectStartsItsOwnChain);
}

/// flip_effect_chains_with_battle_triggers: after damage calculation, the
/// flip effect of a monster turned face-up before that timing is activated in
/// the timing's first chain, with the battle-damage and "battled" triggers;
/// one turned face-up within the timing starts a later chain.
void flip_effect_first_chain(const Ctx& c, const Event& e, Verdicts& v) {
  if (trigger_of(e) != TriggerEvent::Flipped || !c.at(Timing::AfterDamageCalculation)) return;
  if (c.window_flipped & slot_bit(e.slot)) return;
  const bool later_chain = c.chain_len == 0 ? c.has(kChWindowHadChain) : c.has(kChTriggerChain);
  if (later_chain) violate(v, Prop::FlipEffectChainsWithBattleTriggers);
}

}  // namespace checks

std::vector<PropertyInfo> source_claim_properties() {
  using K = PropertyKind;
  return {
      {"main_phase_2_only_after_battle_phase", K::Always,
       "Main Phase 2 comes only after a Battle Phase: a turn whose Battle Phase is skipped has no Main Phase 2.",
       {{"S1", "写在前面"}, {"S4", "2.5"}}},
      {"damage_step_ends_after_its_chains", K::Always,
       "The Damage Step does not end while a chain started in it is still unresolved.",
       {{"S4", "2.4.3.5"}, {"S1", "伤害步骤结束时"}, {"S0", "6.3.4.3.5"}}},
      // S3 and S2's MR2 procedure only: under MR3 (S0 §6.3.4.3.4, S1 §伤害计算后,
      // S4 §2.4.3.4) flip effects chain with battle-damage triggers, so this
      // claim fails under those sources' rules on a board that has both.
      {"flip_effect_starts_its_own_chain", K::Always,
       "A flip effect activates as the first link of a chain of its own, after the battle-damage triggers, not "
       "added to their chain (pre-MR3 reading).",
       {{"S3", "Resolve effects"}, {"S2", "マスタールール2以前のダメージステップ"}}},
      // MR3's reading of the same case; S3 and S2's MR2 procedure contradict it.
      {"flip_effect_chains_with_battle_triggers", K::Always,
       "After damage calculation, the flip effect of a monster turned face-up before that timing is activated in "
       "its first chain, together with the battle-damage and 'battled' triggers (MR3 reading).",
       {{"S0", "6.3.4.3.4"}, {"S1", "伤害计算后"}, {"S4", "2.4.3.4"}}},
  };
}

}  // namespace bc
