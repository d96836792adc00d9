/// Outcomes from the stream (docs/engines/ygopro.md, "Outcomes from the
/// stream"): a card whose resolution its description leaves open (an opaque
/// term) resolves as the engine shows. The moves, position changes and
/// summons written while its link resolves become its operations, on the
/// monster the engine acted on (the activation's target), so the model
/// replays them and goes on checking the procedure (replays, windows,
/// priority) from there. An outcome the card's categories do not declare is
/// a card finding, reported apart from the procedure.
#include "importers/ygopro_mapper.hpp"

namespace bc::ygopro::detail {

namespace {

/// The category bits that declare an operation (0: any category will do, none needed).
std::uint32_t declaring(OpCode c) {
  switch (c) {
    case OpCode::Destroy: return category::kDestroy;
    case OpCode::Banish: return category::kRemove;
    case OpCode::ReturnToHand: return category::kToHand;
    case OpCode::ChangePosition: return category::kPosition;
    case OpCode::SpecialSummon: return category::kSpecialSummon | category::kToken;
    default: return 0;
  }
}

/// The operation an outcome event is, on the activation's target.
std::optional<Op> op_of(const Event& e) {
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

}  // namespace

void Mapper::note_outcome() {
  if (!resolving_ || links_[resolving_].card >= open_outcome_.size() || !open_outcome_[links_[resolving_].card]) return;
  const EventType t = out_.records.back().event.type;
  if (t == EventType::LeftField || t == EventType::Summoned || t == EventType::PositionChanged)
    outcome_.push_back(out_.records.size() - 1);
}

void Mapper::learn_outcome(std::uint8_t link) {
  if (!link || links_[link].card >= open_outcome_.size() || !open_outcome_[links_[link].card]) return;
  const std::uint8_t card = links_[link].card;
  CardSpec& spec = scenario_.cards[card];
  open_outcome_[card] = false;  // a card resolves once a turn
  if (outcome_.empty()) return;  // nothing the model tracks happened: opaque stays right
  EffectTerm t = spec.term;
  t.op_count = 0;
  Event& activation = out_.records[links_[link].record].event;
  for (const std::size_t r : outcome_) {
    const Event& e = out_.records[r].event;
    const std::optional<Op> op = op_of(e);
    if (!op || t.op_count >= kMaxOps) continue;
    if (op->code != OpCode::SpecialSummon) {
      if (activation.target != kNoSlot && activation.target != e.slot) continue;  // one target: the first monster acted on
      activation.target = e.slot;
      t.target = TargetSpec{TargetKind::Monster, side_of(e.slot) == spec.owner ? SideSel::Own : SideSel::Opponent,
                            FaceSel::Any, RoleSel::Any};
    }
    t.ops[t.op_count++] = *op;
    const std::uint32_t need = declaring(op->code);
    if (need && !(categories_[card] & need))
      out_.card_findings.push_back("card " + spec.name + ": its resolution did " + std::string(name(op->code)) +
                                   " (trace line " + std::to_string(out_.records[r].line) +
                                   "), which its script's categories do not declare");
  }
  outcome_.clear();
  if (t.op_count == 0) return;
  spec.term = t;
  spec.kind = class_of(t);
}

/// Activate and resolve records name each card's class as the card ended up
/// (a learnt outcome can change it).
void Mapper::finalize_cards() {
  for (TraceRecord& r : out_.records) {
    if (r.kind != RecordKind::Event) continue;
    Event& e = r.event;
    if ((e.type == EventType::Activate || e.type == EventType::Resolve) && e.card < scenario_.cards.size())
      e.kind = scenario_.cards[e.card].kind;
  }
}

}  // namespace bc::ygopro::detail
