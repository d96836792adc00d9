#pragma once
/// How long an operation's change lasts (Duration, model/vocabulary/types.hpp),
/// read the same way by the model, the load checks and the text form.
#include "model/terms/effect.hpp"

namespace bc {

/// Operations that change a monster's ATK or DEF (they take an amount and a duration).
constexpr bool op_changes_stats(OpCode c) { return c == OpCode::ChangeAtk || c == OpCode::SetAtk || c == OpCode::ChangeDef; }

/// How many of a term's operations change ATK/DEF until the end of the Battle
/// Phase, or keep a monster from being destroyed by battle for the turn, or
/// change one of its battles (op_lasts_battle_only): each
/// needs a record in the state (State::bp_changes).
constexpr int bp_stat_ops(const EffectTerm& t) {
  int n = 0;
  for (int i = 0; i < t.op_count; ++i)
    if ((op_changes_stats(t.ops[i].code) && t.ops[i].duration == Duration::BattlePhase) ||
        t.ops[i].code == OpCode::IndestructibleByBattle || t.ops[i].code == OpCode::HalveDamageInvolving ||
        op_lasts_battle_only(t.ops[i].code))
      ++n;
  return n;
}

}  // namespace bc
