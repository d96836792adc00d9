/// Conformance: offered records, the first divergence and the end of a trace.
#include <algorithm>

#include "checker/conformance/conformance.hpp"
#include "checker/conformance/conformance_rules.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

constexpr int kMaxEpsilonDepth = 8;
constexpr std::size_t kMaxExpected = 24;
constexpr std::size_t kMaxStarts = 16;

void add_unique(std::vector<Event>& out, const Event& e) {
  if (out.size() < kMaxExpected && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
}

void add_rules(std::vector<std::string>& out, const std::vector<std::string>& more) {
  for (const std::string& r : more)
    if (std::find(out.begin(), out.end(), r) == out.end()) out.push_back(r);
}

/// properties/monitors/monitor.hpp finish(), under a name the member finish() does not hide.
void finish_context(const TraceContext& ctx, bool complete, Verdicts& v) { finish(ctx, complete, v); }

void merge(Verdicts& into, const Verdicts& v) {
  into.violated |= v.violated;
  into.witnessed |= v.witnessed;
}

/// Whether `p` chooses in `s`: the player with priority; after a replay also
/// the turn player, whose re-choice it is (the state keeps the priority of the
/// last pass there, which some writers put in their offers).
bool chooses(const State& s, Player p) { return s.priority == p || (s.timing == Timing::ReplayChoice && p == Player::P1); }

/// A declaration allowed by a part whose condition the term cannot state, withheld: not checked.
/// A direct attack by "may attack directly" (Rocket Jumper), a second by "may attack twice" (Tyrant Dragon).
bool hidden_direct_attack(const Scenario& sc, const State& s, const Action& l) {
  if (l.type != ActionType::DeclareAttack && l.type != ActionType::ReplayTarget) return false;
  const std::uint8_t from = l.type == ActionType::DeclareAttack ? l.attacker : s.attacker;
  if (from >= kSlotCount || !s.zones[from].occupied()) return false;
  const bool direct = l.target == kDirect;
  const bool second = l.type == ActionType::DeclareAttack && s.zones[from].has(kDeclared);
  return std::any_of(sc.cards.begin(), sc.cards.end(), [&](const CardSpec& c) {
    if (!c.hidden_condition || c.host != s.zones[from].monster) return false;
    return (direct && c.term.continuous.kind == ContinuousKind::MayAttackDirectly) ||
           (second && c.term.continuous.kind == ContinuousKind::SecondAttack);
  });
}

/// Offered actions vs legal ones, both ways. A legal activation the engine
/// withholds is not held against it when the card has a condition the term
/// cannot state (CardSpec::hidden_condition): it counts as not checked --
/// unless `seen` (per card, where it was last offered) shows the engine
/// offered it in this very situation (`now`), which no condition explains.
/// Returns the actions not checked: {withheld for a hidden condition, offered again after use}.
std::pair<std::size_t, std::size_t> compare_offer(const Scenario& sc, const State& s, const Offered& o,
                                                  const ActionList& legal, std::vector<Action>& illegal,
                                                  std::vector<Action>& withheld,
                                                  const std::vector<OfferSituation>& seen = {},
                                                  const OfferSituation& now = {}) {
  std::size_t unchecked = 0, again_count = 0;
  // An engine asks for an optional trigger as a chain offer whose "no" is its
  // pass: the model's decline of that trigger (Model::actions while State::resume is set).
  const auto fits = [](const Action& a, const Action& l) {
    return action_matches(a, l) || (a.type == ActionType::Pass && l.type == ActionType::DeclineTrigger);
  };
  for (const Action& a : o.actions) {
    if (std::any_of(legal.begin(), legal.end(), [&](const Action& l) { return fits(a, l); })) continue;
    // The model uses each card once a turn; an engine may offer a card again
    // (no count limit in its script): beyond the model's bound, not checked.
    const bool again = a.type == ActionType::Activate && a.card < sc.cards.size() && (s.used & (1u << a.card));
    if (again) ++again_count;
    else illegal.push_back(a);
  }
  for (const Action& l : legal) {
    if (std::any_of(o.actions.begin(), o.actions.end(), [&](const Action& a) { return fits(a, l); })) continue;
    if (hidden_direct_attack(sc, s, l)) {
      ++unchecked;
      continue;
    }
    const bool hidden = l.type == ActionType::Activate && l.card < sc.cards.size() && sc.cards[l.card].hidden_condition;
    const bool offered_here = hidden && now.valid && l.card < seen.size() && seen[l.card] == now;
    if (hidden && !offered_here) ++unchecked;
    else withheld.push_back(l);
  }
  return {unchecked, again_count};
}

}  // namespace

/// The states a boundary candidate may be in: itself, and every state reached
/// by actions that show no (non-omitted) event.
void ConformanceChecker::boundary_states(const Candidate& from, int depth, std::vector<Candidate>& out) {
  if (std::find(closure_seen_.begin(), closure_seen_.end(), from.post) != closure_seen_.end()) return;
  closure_seen_.push_back(from.post);
  Candidate self = from;
  self.buf = -1;
  out.push_back(self);
  if (Model::is_terminal(from.post) || depth >= kMaxEpsilonDepth) return;
  ActionList list;
  model_->actions(from.post, list);
  EventBuffer buf;
  for (const Action& a : list) {
    Candidate c = self;
    c.origin = from.post;
    buf.clear();
    c.post = model_->next(from.post, a, buf);
    bool silent = true;
    for (const Event& e : buf) silent = silent && omitted(e);
    if (!silent) continue;
    for (const Event& e : buf) observe(c.ctx, e, c.verdicts);
    boundary_states(c, depth + 1, out);
  }
}

void ConformanceChecker::on_offered(const Offered& o, std::size_t line) {
  if (keep(o, line)) return;
  ++result_.offered;
  last_line_ = line;
  if (diverged()) return;
  std::vector<Candidate> states;
  closure_seen_.clear();
  for (const Candidate& c : cur_)
    if (at_boundary(c)) boundary_states(c, 0, states);
  std::vector<Candidate> fitting;
  ActionList legal;
  for (const Candidate& s : states) {
    if (Model::is_terminal(s.post) || !chooses(s.post, o.player)) continue;
    if (o.has_timing && s.post.timing != o.timing) continue;
    model_->actions(s.post, legal);
    std::vector<Action> illegal, withheld;
    const auto [unchecked, again] =
        compare_offer(model_->scenario(), s.post, o, legal, illegal, withheld, offered_at_, situation(s.post, o.player));
    if (illegal.empty() && withheld.empty()) {
      if (fitting.empty()) {
        result_.unchecked_offers += unchecked;
        result_.offered_again += again;
        note_offer(o, s.post);
      }
      fitting.push_back(s);
    }
  }
  if (fitting.empty()) {
    if (closing_prompt(o, states)) {
      ++result_.closing_prompts;
      return;
    }
    if (!diverge_offered(o, line, states)) {
      stopped_ = true;
      result_.stopped_line = line;
    }
    return;
  }
  for (const Candidate& c : cur_) release(c.buf);
  cur_.clear();
  for (Candidate& c : fitting) {
    c.buf = alloc_buffer();
    c.pos = 0;
    c.matched = 0;
    c.opening = false;
    cur_.push_back(c);
  }
}

OfferSituation ConformanceChecker::situation(const State& s, Player player) const {
  OfferSituation o;
  o.valid = true;
  o.timing = s.timing;
  o.player = player;
  o.chain_len = s.chain_len;
  o.battle = battles_;
  o.attacker = s.attacker;
  o.target = s.target;
  o.attacker_boost = s.attacker_boost;
  o.target_boost = s.target_boost;
  if (s.attacker < kSlotCount) {
    o.attacker_zone = s.zones[s.attacker];
    o.attacker_mod = s.atk_mod[s.attacker];
  }
  if (s.target < kSlotCount) {
    o.target_zone = s.zones[s.target];
    o.target_mod = s.atk_mod[s.target];
  }
  return o;
}

/// Remember where each offered card was offered (OfferSituation).
void ConformanceChecker::note_offer(const Offered& o, const State& s) {
  const OfferSituation now = situation(s, o.player);
  for (const Action& a : o.actions) {
    if (a.type != ActionType::Activate || a.card == kNoCard) continue;
    if (offered_at_.size() <= a.card) offered_at_.resize(a.card + 1u);
    offered_at_[a.card] = now;
  }
}

/// Both cores prompt the players once more where the rules open no new
/// round: after a chain ends in a window that closes with it (one-chain
/// windows) or where the rules act first (a replay), and after the re-chosen
/// attack of a replay. A pass-only offer for the trace's current window, when
/// the model has already left that window (or gives the choice to the other
/// player), is such a prompt. It cannot start anything, so it is not compared
/// (an offer with an activation always is).
bool ConformanceChecker::closing_prompt(const Offered& o, const std::vector<Candidate>& states) const {
  if (!o.has_timing || o.timing != trace_timing_) return false;
  if (std::any_of(o.actions.begin(), o.actions.end(), [](const Action& a) { return a.type != ActionType::Pass; })) return false;
  return std::none_of(states.begin(), states.end(),
                      [&](const Candidate& s) { return s.post.timing == o.timing && chooses(s.post, o.player); });
}

/// The turn player acts first in the Start and End Steps, after a chain too
/// (S1 §开始步骤, S1 §结束步骤). When the records since the last chain ended
/// there show a prompt to the opponent before any to the turn player, the
/// choice the model gives follows from that earlier prompt: say where it was.
std::string ConformanceChecker::phase_priority_note() const {
  std::size_t end = kept_.size();
  for (std::size_t i = kept_.size(); i-- > 0;) {
    const Kept& k = kept_[i];
    if (k.kind != RecordKind::Event) continue;
    if (k.event.type == EventType::ChainEnd) {
      end = i;
      break;
    }
    if (k.event.type == EventType::TimingEnter || k.event.type == EventType::StepEnter) return "";
  }
  if (end == kept_.size() || (trace_timing_ != Timing::StartStep && trace_timing_ != Timing::EndStep)) return "";
  for (std::size_t i = end + 1; i < kept_.size(); ++i) {
    if (kept_[i].kind != RecordKind::Offered || kept_[i].offer >= kept_offers_.size()) continue;
    if (kept_offers_[kept_[i].offer].player == Player::P1) return "";
    const char* source = trace_timing_ == Timing::StartStep ? "S1 §开始步骤" : "S1 §结束步骤";
    return "after the chain ended (line " + std::to_string(kept_[end].line) + ") the engine prompted p2 first (line " +
           std::to_string(kept_[i].line) + "), where the turn player acts first, after a chain too [" + source + "]";
  }
  return "";
}

/// A window that admits one chain closes with it (the chains_* knobs). When
/// the engine, after the chain that ended in the trace's current window,
/// offers an activation there again, it opens a second chain where the
/// ruleset admits one: say so, with the knob and its citation (EDOPro
/// without DUEL_SINGLE_CHAIN_IN_DAMAGE_SUBSTEP, S1's reading of the start of
/// the Damage Step).
std::string ConformanceChecker::one_chain_note(const Offered& o) const {
  if (!o.has_timing || o.timing != trace_timing_ || model_->rules().several(chains_knob(o.timing))) return "";
  if (std::none_of(o.actions.begin(), o.actions.end(), [](const Action& a) { return a.type == ActionType::Activate; }))
    return "";
  for (std::size_t i = kept_.size(); i-- > 0;) {
    const Kept& k = kept_[i];
    if (k.kind != RecordKind::Event) continue;
    if (k.event.type == EventType::TimingEnter || k.event.type == EventType::StepEnter) return "";
    if (k.event.type == EventType::ChainEnd)
      return "after the chain at " + std::string(name(o.timing)) + " ended (line " + std::to_string(k.line) +
             ") the engine offers an activation there again, a second chain where the model's window closes with its "
             "one chain: " + knob_rule_text(model_->rules(), chains_knob(o.timing));
  }
  return "";
}

Divergence* ConformanceChecker::next_divergence() {
  if (result_.divergence.kind == DivergenceKind::None) return &result_.divergence;
  if (result_.later.size() >= ConformanceResult::kMaxLater) return nullptr;
  return &result_.later.emplace_back();
}

bool ConformanceChecker::diverge_offered(const Offered& o, std::size_t line, const std::vector<Candidate>& states) {
  Divergence scratch;
  Divergence* slot = next_divergence();
  Divergence& d = slot ? *slot : scratch;
  d.kind = DivergenceKind::Offered;
  d.line = line;
  d.offered = o;
  const Candidate* best = nullptr;
  for (const Candidate& s : states)
    if (!best && chooses(s.post, o.player) && (!o.has_timing || s.post.timing == o.timing)) best = &s;
  if (!best && !states.empty()) best = &states.front();
  if (!best) best = &cur_.front();  // inside an action: compare with its end state
  ActionList legal;
  model_->actions(best->post, legal);
  d.legal.assign(legal.begin(), legal.end());
  const std::size_t hidden_before = d.withheld.size();
  compare_offer(model_->scenario(), best->post, o, legal, d.illegal, d.withheld, offered_at_,
                situation(best->post, o.player));
  for (std::size_t i = hidden_before; i < d.withheld.size(); ++i) {
    const Action& a = d.withheld[i];
    if (a.type != ActionType::Activate || a.card >= model_->scenario().cards.size() ||
        !model_->scenario().cards[a.card].hidden_condition)
      continue;
    ++result_.withheld_after_offer;
    d.rules.push_back("card " + std::to_string(a.card) + " (" + model_->scenario().cards[a.card].name +
                      ") has a condition, but the engine offered it in this same situation earlier in this battle "
                      "(timing, chain, battling monsters), it is unused, and nothing its condition can read has changed");
  }
  if (!chooses(best->post, o.player)) {
    d.rules.push_back(std::string("the model gives the choice to ") + std::string(name(best->post.priority)) + " at " +
                      std::string(name(best->post.timing)));
    if (const std::string why = phase_priority_note(); !why.empty()) d.rules.push_back(why);
  }
  if (o.has_timing && best->post.timing != o.timing)
    if (const std::string why = one_chain_note(o); !why.empty()) d.rules.push_back(why);
  for (const Action& a : d.illegal) add_rules(d.rules, rules_for_action(*model_, best->post, a, true));
  for (const Action& a : d.withheld) add_rules(d.rules, rules_for_action(*model_, best->post, a, false));
  // An offer that differs only in activations, in the window and to the player
  // the model has there, changes nothing: conformance goes on.
  auto activation = [](const Action& a) { return a.type == ActionType::Activate; };
  const bool same_window = chooses(best->post, o.player) && (!o.has_timing || best->post.timing == o.timing);
  if (same_window && std::all_of(d.illegal.begin(), d.illegal.end(), activation) &&
      std::all_of(d.withheld.begin(), d.withheld.end(), activation))
    return true;
  tail_ctx_ = best->ctx;
  merge(result_.verdicts, best->verdicts);
  for (const Candidate& c : cur_) release(c.buf);
  cur_.clear();
  return false;
}

void ConformanceChecker::diverge_event(const Event& e, std::size_t line) {
  if (start_resync(e)) return;
  stopped_ = true;
  result_.stopped_line = line;
  Divergence scratch;
  Divergence* slot = next_divergence();
  Divergence& d = slot ? *slot : scratch;
  d.kind = DivergenceKind::Event;
  d.line = line;
  d.found = e;
  std::vector<Candidate> states;
  std::vector<DiagnosisStart> starts;
  closure_seen_.clear();
  for (const Candidate& c : cur_) {
    if (!at_boundary(c)) {
      add_unique(d.expected, pool_[c.buf][c.pos]);
      if (!c.opening && starts.size() < kMaxStarts) {
        starts.push_back({c.origin, recent(c.matched)});
        starts.back().events.push_back(e);
      }
      continue;
    }
    boundary_states(c, 0, states);
  }
  EventBuffer buf;
  ActionList list;
  for (const Candidate& s : states) {
    if (starts.size() < kMaxStarts) starts.push_back({s.post, {e}});
    if (Model::is_terminal(s.post)) continue;
    model_->actions(s.post, list);
    for (const Action& a : list) {
      buf.clear();
      model_->next(s.post, a, buf);
      for (const Event& x : buf)
        if (!omitted(x)) {
          add_unique(d.expected, x);
          break;
        }
    }
  }
  d.rules = rules_forbidding_events(*model_, starts, omits_);
  TraceContext ctx = cur_.front().ctx;
  Verdicts v = cur_.front().verdicts;
  const Verdicts before = v;
  observe(ctx, e, v);
  const PropertyBits fresh = v.violated & ~before.violated;
  for (int i = 0; i < static_cast<int>(properties().size()); ++i)
    if (fresh[i]) d.properties.push_back(i);
  merge(result_.verdicts, v);
  note_violations(before, v, line);
  tail_ctx_ = ctx;
  for (const Candidate& c : cur_) release(c.buf);
  cur_.clear();
}

ConformanceResult ConformanceChecker::finish() {
  if (resync_card_ != kNoCard) resync();  // the trace ends inside the card's resolution
  if (diverged()) {
    Verdicts v = result_.verdicts;
    finish_context(tail_ctx_, false, v);
    note_violations(result_.verdicts, v, last_line_);
    result_.verdicts = v;
    return without_disputed(result_);
  }
  const Candidate* chosen = nullptr;
  for (const Candidate& c : cur_)
    if (at_boundary(c) && Model::is_terminal(c.post)) chosen = chosen ? chosen : &c;
  for (const Candidate& c : cur_)
    if (at_boundary(c)) chosen = chosen ? chosen : &c;
  if (!chosen) {
    Divergence scratch;
    Divergence* slot = next_divergence();
    Divergence& d = slot ? *slot : scratch;
    d.kind = DivergenceKind::EndOfTrace;
    d.line = last_line_;
    for (const Candidate& c : cur_) add_unique(d.expected, pool_[c.buf][c.pos]);
    chosen = &cur_.front();
  }
  result_.complete = at_boundary(*chosen) && Model::is_terminal(chosen->post);
  Verdicts v = chosen->verdicts;
  finish_context(chosen->ctx, result_.complete, v);
  note_violations(chosen->verdicts, v, last_line_);
  merge(result_.verdicts, v);
  return without_disputed(result_);
}

/// The ruleset's disputed properties (Ruleset::disputes) are not violations of it.
ConformanceResult ConformanceChecker::without_disputed(ConformanceResult r) const {
  const PropertyBits disputed = disputed_properties(model_->rules());
  r.verdicts.violated &= ~disputed;
  for (int i = 0; i < kMaxProperties; ++i)
    if (disputed[i]) r.violation_line[i] = 0;
  std::erase_if(r.divergence.properties, [&](int i) { return disputed[i]; });
  return r;
}

ConformanceResult check_conformance(const Model& model, EventTypeMask omits, const std::vector<TraceRecord>& records) {
  ConformanceChecker checker(model, omits);
  for (const TraceRecord& r : records) checker.on_record(r);
  return checker.finish();
}

}  // namespace bc
