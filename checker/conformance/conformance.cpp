/// Conformance of a trace to the model: a set of candidate paths, each in the
/// middle of (or just after) one action's events, narrowed event by event.
#include "checker/conformance/conformance.hpp"

#include <algorithm>

#include "checker/conformance/conformance_rules.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

constexpr int kMaxEpsilonDepth = 8;      ///< actions whose events are all omitted, in a row
constexpr std::size_t kMaxCandidates = 4096;

bool same_remaining(const EventBuffer& a, int pa, const EventBuffer& b, int pb) {
  if (a.size() - pa != b.size() - pb) return false;
  for (; pa < a.size(); ++pa, ++pb)
    if (!(a[pa] == b[pb])) return false;
  return true;
}

}  // namespace

bool ConformanceResult::holds() const {
  if (!conforms()) return false;
  for (int i = 0; i < static_cast<int>(properties().size()); ++i)
    if (verdicts.violated[i] && properties()[i].kind != PropertyKind::Sometimes) return false;
  return true;
}

ConformanceChecker::ConformanceChecker(const Model& model, EventTypeMask omits) : model_(&model), omits_(omits) {
  start();
}

void ConformanceChecker::start() {
  battles_ = 0;
  offered_at_.clear();
  Candidate c;
  c.opening = true;
  c.buf = alloc_buffer();
  c.post = model_->initial(pool_[c.buf]);
  c.origin = c.post;
  c.ctx = start_context(model_->scenario());
  skip_omitted(c);
  cur_.push_back(c);
  tail_ctx_ = c.ctx;
}

std::int32_t ConformanceChecker::alloc_buffer() {
  if (!free_.empty()) {
    const std::int32_t b = free_.back();
    free_.pop_back();
    pool_[b].clear();
    return b;
  }
  pool_.emplace_back();
  return static_cast<std::int32_t>(pool_.size() - 1);
}

void ConformanceChecker::skip_omitted(Candidate& c) {
  const EventBuffer& buf = pool_[c.buf];
  while (c.pos < buf.size() && omitted(buf[c.pos])) observe(c.ctx, buf[c.pos++], c.verdicts);
}

void ConformanceChecker::match(Candidate& c, const Event& e) {
  observe(c.ctx, e, c.verdicts);
  ++c.pos;
  if (c.matched < 255) ++c.matched;
  skip_omitted(c);
}

void ConformanceChecker::push_next(Candidate&& c) {
  for (const Candidate& o : next_) {
    if (o.post == c.post && same_remaining(pool_[o.buf], o.pos, pool_[c.buf], c.pos)) {
      release(c.buf);
      return;
    }
  }
  if (next_.size() >= kMaxCandidates) {
    release(c.buf);
    return;
  }
  next_.push_back(c);
}

/// From a candidate at an action boundary: every legal action whose first
/// (non-omitted) event is e, following actions that show no event at all.
void ConformanceChecker::expand(const Candidate& from, const Event& e, int depth) {
  if (Model::is_terminal(from.post) || depth > kMaxEpsilonDepth) return;
  if (std::find(closure_seen_.begin(), closure_seen_.end(), from.post) != closure_seen_.end()) return;
  closure_seen_.push_back(from.post);
  ActionList list;
  model_->actions(from.post, list);
  for (const Action& a : list) {
    Candidate c;
    c.origin = from.post;
    c.ctx = from.ctx;
    c.verdicts = from.verdicts;
    c.buf = alloc_buffer();
    c.post = model_->next(from.post, a, pool_[c.buf]);
    skip_omitted(c);
    if (at_boundary(c)) {
      expand(c, e, depth + 1);
      release(c.buf);
    } else if (pool_[c.buf][c.pos] == e || (retargeting_ && retarget(c, e))) {
      match(c, e);
      push_next(std::move(c));
    } else {
      release(c.buf);
    }
  }
}

void ConformanceChecker::note_violations(const Verdicts& before, const Verdicts& after, std::size_t line) {
  const PropertyBits fresh = after.violated & ~before.violated;
  if (fresh.none()) return;
  for (int i = 0; i < kMaxProperties; ++i)
    if (fresh[i] && result_.violation_line[i] == 0) result_.violation_line[i] = line;
}

void ConformanceChecker::remember(const Event& e) {
  recent_[recent_count_ % recent_.size()] = e;
  ++recent_count_;
}

std::vector<Event> ConformanceChecker::recent(int count) const {
  std::vector<Event> out;
  const std::uint64_t n = std::min<std::uint64_t>({static_cast<std::uint64_t>(count), recent_count_, recent_.size()});
  for (std::uint64_t i = recent_count_ - n; i < recent_count_; ++i) out.push_back(recent_[i % recent_.size()]);
  return out;
}

void ConformanceChecker::on_event(const Event& raw, std::size_t line) {
  if (keep(raw, line)) return;  // buffering a card's resolution to resynchronise on (conformance_resync.cpp)
  Event e = raw;  // a trace carries no attribute bits: they come from the header's cards
  annotate_effects(e, model_->scenario());
  ++result_.events;
  last_line_ = line;
  if (e.type == EventType::TimingEnter) trace_timing_ = e.timing;
  if (e.type == EventType::AttackDeclared) ++battles_;
  if (diverged()) {
    Verdicts before = result_.verdicts;
    observe(tail_ctx_, e, result_.verdicts);
    note_violations(before, result_.verdicts, line);
    return;
  }
  const Verdicts before = cur_.front().verdicts;
  next_.clear();
  closure_seen_.clear();
  if (cur_.size() == 1 && !at_boundary(cur_.front())) {  // the common case: inside one action
    Candidate& c = cur_.front();
    if (pool_[c.buf][c.pos] == e) {
      match(c, e);
      remember(e);
      note_violations(before, c.verdicts, line);
      return;
    }
  }
  for (Candidate& c : cur_) {
    if (at_boundary(c)) {
      expand(c, e, 0);
    } else if (pool_[c.buf][c.pos] == e) {
      Candidate m = c;
      c.buf = -1;  // the buffer moves on with m
      match(m, e);
      push_next(std::move(m));
    }
  }
  if (next_.empty() && e.type == EventType::Activate) follow_trigger_target(e);
  if (next_.empty()) {
    diverge_event(e, line);
    return;
  }
  for (const Candidate& c : cur_)
    if (c.buf >= 0) release(c.buf);
  remember(e);
  cur_.swap(next_);
  note_violations(before, cur_.front().verdicts, line);
}

/// A trigger the rules chained takes the model's first legal target; the
/// engine's controller may have chosen another legal one (Man-Eater Bug's
/// flip effect on a monster other than the attacker). The candidate whose
/// Activate differs only there goes on, aimed where the engine aimed
/// (Model::retarget_trigger).
void ConformanceChecker::follow_trigger_target(const Event& e) {
  for (Candidate& c : cur_) {
    if (c.buf < 0 || at_boundary(c)) continue;
    Candidate m = c;
    if (!retarget(m, e)) continue;
    c.buf = -1;  // the buffer moves on with m
    match(m, e);
    push_next(std::move(m));
  }
  // A trigger chained by an action (its controller's choice to activate it) from a boundary.
  retargeting_ = true;
  closure_seen_.clear();
  for (const Candidate& c : cur_)
    if (c.buf >= 0 && at_boundary(c)) expand(c, e, 0);
  retargeting_ = false;
}

/// Whether `c`'s next event is `e`'s activation but for its target, and the
/// model lets the trigger take `e`'s: then `c` is aimed there.
bool ConformanceChecker::retarget(Candidate& c, const Event& e) const {
  Event want = pool_[c.buf][c.pos];
  if (want.type != EventType::Activate || e.type != EventType::Activate || want.target == e.target) return false;
  want.target = e.target;
  if (!(want == e)) return false;
  const std::optional<State> post = model_->retarget_trigger(c.post, e.link, e.target);
  if (!post) return false;
  c.post = *post;
  return true;
}

void ConformanceChecker::on_record(const TraceRecord& r) {
  if (r.kind == RecordKind::Offered) on_offered(r.offered, r.line);
  else on_event(r.event, r.line);
}

}  // namespace bc
