#pragma once
/// What the term generator (term_gen.cpp) and the term checks (term_problem.cpp)
/// both read of an operation or a continuous part: kept in one place so the
/// generator draws only what the checks accept.
#include <cstdint>

#include "model/terms/effect.hpp"

namespace bc::term_parts {

/// ATK/DEF changes, which carry an amount and a duration.
inline bool stat_op(OpCode c) { return c == OpCode::ChangeAtk || c == OpCode::SetAtk || c == OpCode::ChangeDef; }
/// Operations that name no object.
inline bool objectless(OpCode c) {
  return c == OpCode::NegateActivation || c == OpCode::NegateEffect || c == OpCode::NegateAttack ||
         c == OpCode::EndBattlePhase || c == OpCode::Opaque || c == OpCode::SpecialSummon;
}
inline bool negation(OpCode c) { return c == OpCode::NegateActivation || c == OpCode::NegateEffect; }
inline bool host_bound(ContinuousKind k) { return continuous_needs_host(k); }
/// Continuous parts that take an ATK amount.
inline bool takes_amount(ContinuousKind k) {
  return k == ContinuousKind::CalcAtkModifier || k == ContinuousKind::DamageStepAtkModifier ||
         k == ContinuousKind::CannotAttackAtLeast;
}
/// Conditions that read the card's own monster.
inline constexpr std::uint16_t kHostConds = kCondHostAttacked | kCondHostBattled | kCondHostAttacking | kCondFoeOnField;
inline constexpr int kMaxAmount = 12700;

}  // namespace bc::term_parts
