/// Outcomes from the stream (docs/engines/ygopro.md, "Outcomes from the
/// stream"): a card whose resolution its description leaves open (an opaque
/// term) resolves as the engine shows. The moves, position changes and
/// summons written while its link resolves become its operations, on the
/// monster the engine acted on (the activation's target), so the model
/// replays them and goes on checking the procedure (replays, windows,
/// priority) from there. An outcome the card's categories do not declare is
/// a card finding, reported apart from the procedure.
#include "importers/ygopro/ygopro_mapper.hpp"
#include "model/terms/outcome.hpp"

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
  std::vector<Event> events;
  for (const std::size_t r : outcome_) events.push_back(out_.records[r].event);
  outcome_.clear();
  const std::optional<LearntTerm> learnt = bc::learn_outcome(spec.term, spec.owner, events);
  if (!learnt) return;  // nothing the model tracks happened: opaque stays right
  Event& activation = out_.records[links_[link].record].event;
  if (learnt->target != kNoSlot) activation.target = learnt->target;
  for (int i = 0; i < learnt->term.op_count; ++i) {
    const OpCode code = learnt->term.ops[i].code;
    const std::uint32_t need = declaring(code);
    if (need && !(categories_[card] & need))
      out_.card_findings.push_back("card " + spec.name + ": its resolution did " + std::string(name(code)) +
                                   " (trace line " + std::to_string(out_.records[links_[link].record].line) +
                                   " and after), which its script's categories do not declare");
  }
  spec.term = learnt->term;
  spec.kind = class_of(learnt->term);
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
