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
  } else if (e.type == EventType::ControlChanged) {
    o.code = OpCode::TakeControl;
  } else if (e.type == EventType::Summoned) {
    o.code = OpCode::SpecialSummon;
    o.monster = e.monster;
    o.position = e.position;
  } else {
    return std::nullopt;
  }
  return o;
}

/// Whether an engine's events show the operation (outcome_op makes it), or
/// it is the opaque one that stands for whatever they show.
bool shown_by_events(OpCode c) {
  return c == OpCode::Opaque || c == OpCode::Destroy || c == OpCode::ReturnToHand || c == OpCode::Banish ||
         c == OpCode::ChangePosition || c == OpCode::TakeControl || c == OpCode::SpecialSummon;
}

namespace {

/// The object naming every monster the outcome's one operation acted on
/// (learn_outcome): all monsters on the field, the opponent's, or the
/// opponent's in Attack Position; none when the effect targets, when the
/// operations differ, or when no object names exactly those monsters.
std::optional<std::pair<Op, Object>> mass_object(Player owner, const std::vector<Event>& events, const OutcomeBattlers& b) {
  if (b.targets || b.field == 0) return std::nullopt;
  std::optional<Op> one;
  std::uint16_t acted = 0;
  int count = 0;
  for (const Event& e : events) {
    const std::optional<Op> op = outcome_op(e);
    if (!op || op->code == OpCode::SpecialSummon) continue;
    if ((one && !(*op == *one)) || e.slot >= kSlotCount) return std::nullopt;
    one = op;
    acted |= static_cast<std::uint16_t>(1u << e.slot);
    ++count;
  }
  // Only the battlers: their roles state them (D.D. Warrior Lady banishes both).
  std::uint16_t battlers = 0;
  for (const std::uint8_t s : {b.attacker, b.target})
    if (s < kSlotCount) battlers |= static_cast<std::uint16_t>(1u << s);
  if (!one || count < 2 || (acted & ~battlers) == 0) return std::nullopt;
  std::uint16_t foe = 0;
  for (int z = 0; z < kZonesPerSide; ++z) foe |= static_cast<std::uint16_t>(1u << slot_of(other(owner), z));
  if (acted == b.field) return std::pair{*one, Object::AllMonsters};
  if (acted == (b.field & foe)) return std::pair{*one, Object::OpponentsMonsters};
  if (acted == (b.attack_position & b.field & foe)) return std::pair{*one, Object::OpponentsAttackPosition};
  return std::nullopt;
}

}  // namespace

std::optional<LearntTerm> learn_outcome(const EffectTerm& term, Player owner, const std::vector<Event>& events,
                                        OutcomeBattlers battlers) {
  LearntTerm out;
  out.term = term;
  out.term.op_count = 0;
  if (const auto mass = mass_object(owner, events, battlers)) {
    out.term.target = TargetSpec{};
    out.term.ops[out.term.op_count] = mass->first;
    out.term.ops[out.term.op_count++].object = mass->second;
    for (const Event& e : events)
      if (const std::optional<Op> op = outcome_op(e); op && op->code == OpCode::SpecialSummon && out.term.op_count < kMaxOps)
        out.term.ops[out.term.op_count++] = *op;
    return out;
  }
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
  for (int i = 0; i < term.op_count && out.term.op_count < kMaxOps; ++i)
    if (!shown_by_events(term.ops[i].code)) out.term.ops[out.term.op_count++] = term.ops[i];
  return out;
}

}  // namespace bc
