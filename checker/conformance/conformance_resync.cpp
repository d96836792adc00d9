/// Resynchronising on an engine's outcome (docs/engines/ygopro.md, "Two
/// verdicts"): when the trace diverges while a card's link resolves, the cause
/// is the card's description, not the procedure. The checker waits for the
/// end of that resolution, takes what the engine did there (moves, summons,
/// position changes) as the card's operations (model/terms/outcome.hpp), notes a
/// card finding, and checks the whole trace again with the learnt card, so one
/// unclear card does not hide a later procedural fault. Each card is learnt at
/// most once (a card resolves once a turn); a resolution the term vocabulary
/// cannot state stays a divergence.
#include <algorithm>

#include "checker/conformance/conformance.hpp"
#include "model/terms/outcome.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

/// Events after which a link's resolution is over.
template <typename Record>
bool ends_resolution(const Record& r) {
  if (r.kind != RecordKind::Event) return false;
  const EventType t = r.event.type;
  return t == EventType::Resolve || t == EventType::Negated || t == EventType::ChainEnd ||
         t == EventType::TimingEnter || t == EventType::StepEnter;
}

}  // namespace

bool ConformanceChecker::keep(const Event& e, std::size_t line) {
  if (!replaying_ && kept_.size() < kMaxKept) kept_.push_back(Kept{RecordKind::Event, line, e, 0});
  if (replaying_ || resync_card_ == kNoCard) return false;
  if (kept_.size() >= kMaxKept || ends_resolution(kept_.back())) resync();
  return true;
}

bool ConformanceChecker::keep(const Offered& o, std::size_t line) {
  if (!replaying_ && kept_.size() < kMaxKept) {
    kept_.push_back(Kept{RecordKind::Offered, line, Event{}, static_cast<std::uint32_t>(kept_offers_.size())});
    kept_offers_.push_back(o);
  }
  return !replaying_ && resync_card_ != kNoCard;
}

/// At an event divergence: is it inside a card's resolution whose outcome
/// can be learnt? Then learn it (now, or once the trace shows the resolution's end).
bool ConformanceChecker::start_resync(const Event&) {
  if (kept_.size() >= kMaxKept || kept_.empty()) return false;
  const std::size_t now = replaying_ ? replay_at_ : kept_.size() - 1;
  std::size_t from = kept_.size();
  for (std::size_t i = now; i-- > 0;) {
    const Kept& r = kept_[i];
    if (r.kind != RecordKind::Event) continue;
    if (r.event.type == EventType::ChainEnd || r.event.type == EventType::TimingEnter) return false;
    if (r.event.type == EventType::Resolve) {
      from = i;
      break;
    }
  }
  if (from == kept_.size()) return false;
  const std::uint8_t card = kept_[from].event.card;
  const Scenario& sc = model_->scenario();
  if (card >= sc.cards.size() || (learnt_ & (1u << card))) return false;
  std::size_t to = from + 1;
  while (to < kept_.size() && !ends_resolution(kept_[to])) ++to;
  if (to < kept_.size() || !replaying_) {
    if (to == kept_.size()) {  // the resolution goes on in records not yet fed
      resync_card_ = card;
      resync_from_ = from;
      return true;
    }
    if (!learn_card(card, from, to)) return false;
    if (replaying_) restart_ = true;
    else replay_kept();
    return true;
  }
  resync_card_ = card;  // replaying: the resolution's end is still to come
  resync_from_ = from;
  return true;
}

void ConformanceChecker::resync() {
  const std::uint8_t card = resync_card_;
  resync_card_ = kNoCard;
  if (!learn_card(card, resync_from_, kept_.size() - (ends_resolution(kept_.back()) ? 1 : 0)))
    learnt_ |= 1u << card;  // nothing to learn: replay, and the divergence stands
  replay_kept();
}

/// The card's operations from what the engine did between its resolve record
/// `from` and `to`; false when that cannot be stated in terms.
bool ConformanceChecker::learn_card(std::uint8_t card, std::size_t from, std::size_t to) {
  Scenario sc = model_->scenario();
  CardSpec& spec = sc.cards[card];
  std::vector<Event> events;
  for (std::size_t i = from + 1; i < to; ++i)
    if (kept_[i].kind == RecordKind::Event) events.push_back(kept_[i].event);
  OutcomeBattlers battlers;  // the last battle begun before the resolution
  for (std::size_t i = from; i-- > 0;) {
    const Event& e = kept_[i].event;
    if (kept_[i].kind != RecordKind::Event) continue;
    if (e.type == EventType::DamageStepBegin || e.type == EventType::AttackDeclared) {
      battlers = OutcomeBattlers{e.slot, e.target};
      break;
    }
  }
  std::optional<LearntTerm> learnt = learn_outcome(spec.term, spec.owner, events, battlers);
  EffectTerm term = spec.term;
  const auto activation = std::find_if(kept_.rbegin() + static_cast<std::ptrdiff_t>(kept_.size() - from), kept_.rend(),
                                       [&](const Kept& r) {
                                         return r.kind == RecordKind::Event && r.event.type == EventType::Activate &&
                                                r.event.card == card;
                                       });
  if (learnt) {
    term = learnt->term;
    // The activation names the target: it must be the monster the engine acted on.
    if (activation == kept_.rend() || activation->event.target != learnt->target) return false;
  } else {
    term.op_count = 0;
    term.ops[term.op_count++] = Op{};  // opaque: the engine did nothing the model tracks
    // The target goes only when the activation named none: one it named stays
    // (Staunch Defender's), else the replay would refuse that activation and
    // move the divergence there.
    const bool named = activation != kept_.rend() && activation->event.target < kSlotCount;
    if (term.target.kind == TargetKind::Monster && !named) term.target = TargetSpec{};
  }
  if (term == spec.term) return false;  // the engine did what the term says: the divergence is elsewhere
  // A learnt term of another class would refuse the card's own activation (its
  // kind), moving the divergence there: it stands where the engine departed.
  if (class_of(term) != spec.kind) return false;
  spec.term = term;
  spec.kind = class_of(term);
  spec.custom = true;
  const std::string note = "line " + std::to_string(kept_[from].line) + ": card " + spec.name +
                           " resolved otherwise than its term: conformance took the engine's outcome (" +
                           (learnt ? std::string(name(term.ops[0].code)) : std::string("nothing tracked")) +
                           ") as the card's and went on";
  auto scenario = std::make_unique<Scenario>(std::move(sc));
  auto model = std::make_unique<Model>(*scenario, model_->rules());
  model_ = model.get();
  owned_ = std::move(model);  // the old model and scenario go only now: model_->rules() outlives both
  owned_scenario_ = std::move(scenario);
  learnt_ |= 1u << card;
  result_.card_resyncs.push_back(note);
  return true;
}

/// Check every kept record again, from the start, with the learnt cards.
void ConformanceChecker::replay_kept() {
  do {
    restart_ = false;
    const std::vector<std::string> notes = result_.card_resyncs;
    for (const Candidate& c : cur_) release(c.buf);
    cur_.clear();
    next_.clear();
    result_ = ConformanceResult{};
    result_.card_resyncs = notes;
    stopped_ = false;
    recent_count_ = 0;
    trace_timing_ = Timing::MainPhase1;
    last_line_ = 0;
    start();
    replaying_ = true;
    for (replay_at_ = 0; replay_at_ < kept_.size(); ++replay_at_) {
      const Kept& k = kept_[replay_at_];
      if (k.kind == RecordKind::Event) on_event(k.event, k.line);
      else on_offered(kept_offers_[k.offer], k.line);
      if (restart_ || resync_card_ != kNoCard) break;
    }
    replaying_ = false;
  } while (restart_);
}

}  // namespace bc
