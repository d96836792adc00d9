/// Effect terms: the class derived from the parts (class_of), and the classes
/// whose permissions an activation needs (permission_classes) (docs/effects.md
/// "Classes").
#include <algorithm>
#include <array>

#include "model/terms/effect.hpp"
#include "model/terms/targets.hpp"

namespace bc {
namespace {

/// Trigger events and the class that carries each (S0 §6.3.4.3.1-6.3.4.3.5 place them).
constexpr std::array<EffectKind, kTriggerEventCount> kTriggerClass = {
    EffectKind::FreeChainQuick,        EffectKind::DestroyNoCalcTrigger, EffectKind::FlipTrigger,
    EffectKind::BattleDamageTrigger,   EffectKind::BattledTrigger,       EffectKind::BattleDestroyedTrigger,
    EffectKind::BattleDestroyedTrigger, EffectKind::SentToGraveTrigger,  EffectKind::AttackTrigger,
    EffectKind::AttackTrigger,         EffectKind::SummonTrigger,        EffectKind::SummonTrigger,
    EffectKind::EndOfDamageStepTrigger, EffectKind::EndOfBattleTrigger, EffectKind::SummonTrigger,
    EffectKind::BeforeCalcTrigger,     EffectKind::BattleDamageTrigger,  EffectKind::SentToGraveTrigger,
    EffectKind::SummonTrigger,         EffectKind::DestroyNoCalcTrigger, EffectKind::DestroyNoCalcTrigger,
    EffectKind::DamageCalcNoDamage};

/// Classes of activated, non-trigger effects by their operations, first match wins.
EffectKind class_of_quick(const EffectTerm& t) {
  const bool stat = std::any_of(t.ops.begin(), t.ops.begin() + t.op_count, [](const Op& o) { return op_changes_stat(o.code); });
  if (t.has_op(OpCode::NegateActivation)) return EffectKind::NegateActivationQuick;
  if (t.has_op(OpCode::NegateEffect)) return EffectKind::NegateEffectQuick;
  if (t.window == Window::DamageCalculation) return stat ? EffectKind::DamageCalcAtkChange : EffectKind::DamageCalcNoDamage;
  if (stat) return t.window == Window::DamageStep ? EffectKind::DamageStepAtkChange : EffectKind::AtkChangeQuick;
  if (t.window == Window::AttackDeclared)
    return t.has_op(OpCode::NegateAttack) || t.has_op(OpCode::ChangeAttackTarget) ? EffectKind::AttackNegateTrap
                                                                                 : EffectKind::AttackDestroyTrap;
  if (t.has_op(OpCode::EndBattlePhase)) return EffectKind::EndBattlePhaseQuick;
  if (t.has_op(OpCode::SpecialSummon)) return EffectKind::SpecialSummonQuick;
  if (std::any_of(t.ops.begin(), t.ops.begin() + t.op_count, [&t](const Op& o) { return removes_monster(t, o); }))
    return EffectKind::RemoveMonsterQuick;
  if (t.has_op(OpCode::ChangePosition)) return EffectKind::PositionChangeQuick;
  const bool on_damage =
      std::any_of(t.ops.begin(), t.ops.begin() + t.op_count, [](const Op& o) { return op_on_player_damage(o.code); });
  if (on_damage || t.has_op(OpCode::NegateAttack) || t.has_op(OpCode::ChangeAttackTarget))
    return EffectKind::ProtectionQuick;
  return EffectKind::FreeChainQuick;
}


}  // namespace

EffectKind class_of(const EffectTerm& t) {
  if (t.activation == Activation::Continuous) return EffectKind::Continuous;
  if (t.activation == Activation::Counter) return EffectKind::CounterTrap;
  // A trigger on another monster's summon is its own class when optional: the
  // Damage Step admits a monster's trigger on its own summon and mandatory
  // effects (S0 §6.3.4.3), not an optional one on another card's summon
  // (S1 §伤害步骤).
  const bool other_summon = t.trigger == TriggerEvent::OpponentSpecialSummoned || t.trigger == TriggerEvent::MonsterSummoned;
  if (t.activation == Activation::Trigger && other_summon && !t.mandatory)
    return EffectKind::OtherSummonTrigger;
  const bool stat = std::any_of(t.ops.begin(), t.ops.begin() + t.op_count, [](const Op& o) { return op_changes_stat(o.code); });
  if (t.activation == Activation::Trigger && t.trigger == TriggerEvent::AtDamageCalculation && stat)
    return EffectKind::DamageCalcAtkChange;
  if (t.activation == Activation::Trigger) return kTriggerClass[static_cast<std::size_t>(t.trigger)];
  return class_of_quick(t);
}

bool window_decides_class(const EffectTerm& t) {
  if (t.activation != Activation::Quick || t.window == Window::Any) return false;
  EffectTerm any = t;
  any.window = Window::Any;
  return class_of_quick(any) != class_of_quick(t);
}

PermissionClasses permission_classes(const EffectTerm& t) {
  PermissionClasses out;
  out.kinds[out.count++] = class_of(t);
  const bool counter = t.activation == Activation::Counter;
  if (!counter && (t.activation != Activation::Quick || t.op_count < 2)) return out;
  for (int i = 0; i < t.op_count; ++i) {
    const OpCode code = t.ops[i].code;
    if (code == OpCode::Opaque) continue;  // nothing the model tracks: no permission of its own
    // A Counter Trap's negation is what its class permits; whatever else it
    // does needs that part's own permission (S0 §6.3.4.3).
    if (counter && (code == OpCode::NegateActivation || code == OpCode::NegateEffect)) continue;
    EffectTerm alone = t;
    alone.activation = Activation::Quick;
    alone.ops = {t.ops[i]};
    alone.op_count = 1;
    const EffectKind k = class_of_quick(alone);
    if (std::find(out.kinds.begin(), out.kinds.begin() + out.count, k) == out.kinds.begin() + out.count)
      out.kinds[out.count++] = k;
  }
  return out;
}


}  // namespace bc
