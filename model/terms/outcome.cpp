/// Outcomes an engine shows, as operations (model/terms/outcome.hpp).
#include "model/terms/outcome.hpp"

namespace bc {

std::optional<Op> outcome_op(const Event& e) {
  Op o;
  o.object = Object::Target;
  if (e.type == EventType::LeftField) {
    if (e.reason == LeaveReason::EffectDestroy) o.code = OpCode::Destroy;
    else if (e.reason == LeaveReason::ReturnToHand) o.code = OpCode::ReturnToHand;
    else if (e.reason == LeaveReason::Banish) o.code = OpCode::Banish;
    else return std::nullopt;
  } else if (e.type == EventType::PositionChanged) {
    o.code = OpCode::ChangePosition;
    o.position = e.position;
  } else if (e.type == EventType::Summoned) {
    o.code = OpCode::SpecialSummon;
    o.monster = e.monster;
    o.position = e.position;
  } else {
    return std::nullopt;
  }
  return o;
}

std::optional<LearntTerm> learn_outcome(const EffectTerm& term, Player owner, const std::vector<Event>& events,
                                        OutcomeBattlers battlers) {
  LearntTerm out;
  out.term = term;
  out.term.op_count = 0;
  for (const Event& e : events) {
    std::optional<Op> op = outcome_op(e);
    if (!op || out.term.op_count >= kMaxOps) continue;
    if (op->code != OpCode::SpecialSummon) {
      const bool battling = e.slot != kNoSlot && (e.slot == battlers.attacker || e.slot == battlers.target);
      // An effect that does not target states a battler by its role; any
      // other monster only as the target, the one way a term names it.
      if ((battlers.targets || !battling) && (out.target == kNoSlot || out.target == e.slot)) {
        out.target = e.slot;
        out.term.target = TargetSpec{TargetKind::Monster, side_of(e.slot) == owner ? SideSel::Own : SideSel::Opponent,
                                     FaceSel::Any, RoleSel::Any};
      } else if (battling) {
        op->object = side_of(e.slot) == owner ? Object::OwnBattler : Object::OpponentBattler;
      } else {
        continue;  // another monster, not battling: no role states it
      }
    }
    out.term.ops[out.term.op_count++] = *op;
  }
  if (out.term.op_count == 0) return std::nullopt;
  return out;
}

}  // namespace bc
