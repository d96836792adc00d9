/// Effect terms: attributes, host rules and target selectors (docs/effects.md);
/// the names of the parts are in effect_names.cpp, the class in effect_classes.cpp.
#include "model/terms/effect.hpp"
#include "model/terms/targets.hpp"

namespace bc {

bool EffectTerm::has_op(OpCode c) const { return find_op(c) != nullptr; }

const Op* EffectTerm::find_op(OpCode c) const {
  for (int i = 0; i < op_count; ++i)
    if (ops[i].code == c) return &ops[i];
  return nullptr;
}

std::uint32_t effect_attrs(const EffectTerm& t) {
  std::uint32_t a = 0;
  if (t.activation == Activation::Trigger) a |= kAttrTrigger;
  if (t.activation == Activation::Counter) a |= kAttrCounter;
  if (t.mandatory) a |= kAttrMandatory;
  // A trigger at damage calculation is read as the effects worded "during damage calculation".
  if (t.window == Window::DamageCalculation || t.trigger == TriggerEvent::AtDamageCalculation) a |= kAttrCalcOnly;
  if (t.window == Window::DamageStep) a |= kAttrDamageStepText;
  if (t.window == Window::AttackDeclared) a |= kAttrAttackResponse;
  if (targets_monsters(t.target.kind)) a |= kAttrTargets;
  if (t.card_type == CardType::Trap) a |= kAttrTrap;
  if (t.cost != Cost::None) a |= kAttrCost;
  if (t.continuous.kind == ContinuousKind::Piercing) a |= kAttrPiercing;
  if (t.continuous.kind == ContinuousKind::OpponentAttacksDirectly) a |= kAttrDirectOnlyTurn;
  for (int i = 0; i < t.op_count; ++i) {
    const OpCode c = t.ops[i].code;
    if (op_changes_stat(c)) a |= kAttrAtkChange;
    if (c == OpCode::NegateActivation) a |= kAttrNegatesActivation;
    if (c == OpCode::NegateEffect) a |= kAttrNegatesEffect;
    if (c == OpCode::NoBattleDamage) a |= kAttrNoBattleDamage;
    if (c == OpCode::SpecialSummon) a |= kAttrSummons;
    if (removes_monster(t, t.ops[i])) a |= kAttrRemoves;
    if (c == OpCode::ChangePosition) a |= kAttrPosition;
    if (c == OpCode::NoBattleDamage && t.ops[i].duration == Duration::Turn) a |= kAttrNoDamageTurn;
    if (c == OpCode::ChangeAttackTarget) a |= kAttrRedirects;
    if (c == OpCode::NegateAttack) a |= kAttrNegatesAttack;
    if (c == OpCode::EndBattlePhase) a |= kAttrEndsBattlePhase;
    if (c == OpCode::CannotDeclareAttacks) a |= kAttrNoDeclarations;
    const bool turn = t.ops[i].duration == Duration::Turn;
    if (c == OpCode::HalveBattleDamage) a |= turn ? kAttrHalvesDamageTurn : kAttrHalvesDamage;
    if (c == OpCode::RedirectBattleDamage) a |= turn ? kAttrRedirectsDamageTurn : kAttrRedirectsDamage;
    // Per operation, as the model applies them: a turn-long protection and one
    // for the battle are different facts (a battle's may protect nothing).
    if (c == OpCode::NoBattleDamage && t.ops[i].flag)
      a |= t.ops[i].duration == Duration::Turn ? kAttrIndestructibleTurn : kAttrIndestructible;
  }
  return a;
}

bool needs_host_on_field(TriggerEvent e) {
  // Not a flip effect (S1 §伤害步骤, S4 §2.4.3.2; knob flip_effect_after_host_left).
  return e != TriggerEvent::SentToGraveyard && e != TriggerEvent::DestroyedByBattle && e != TriggerEvent::Flipped &&
         concerns_host(e);
}

bool concerns_host(TriggerEvent e) {
  return e != TriggerEvent::None && e != TriggerEvent::AttackDeclared && e != TriggerEvent::OpponentSpecialSummoned &&
         e != TriggerEvent::MonsterInflictsBattleDamage && e != TriggerEvent::OpponentMonsterSentToGraveyard &&
         e != TriggerEvent::MonsterSummoned;
}

HostRule host_rule(const EffectTerm& t) {
  if (t.card_type == CardType::Trap) return HostRule::Forbidden;
  if (t.card_type != CardType::Monster || t.from_hand) return HostRule::Optional;
  if (t.activation == Activation::Trigger && !concerns_host(t.trigger)) return HostRule::Optional;
  return HostRule::Required;
}

}  // namespace bc
