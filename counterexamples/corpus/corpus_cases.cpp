/// Building single corpus cases: a positive case from a run (completed to
/// the end of the Battle Phase), and a negative case from a refusal hit.
#include "counterexamples/corpus/corpus_detail.hpp"

#include "model/vocabulary/hash.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {

std::uint64_t trace_hash(const std::string& scenario, const std::vector<Event>& events) {
  std::uint64_t h = 0x51ED270B27D4C3A1ULL;
  for (char c : scenario) h = fmix64(h ^ static_cast<unsigned char>(c));
  for (const Event& e : events) {
    std::uint64_t x = 0;
    const auto* p = reinterpret_cast<const unsigned char*>(&e);
    for (std::size_t i = 0; i < sizeof(Event); ++i) {
      x = (x << 8) | p[i];
      if (i % 8 == 7) h = fmix64(h ^ x), x = 0;
    }
    h = fmix64(h ^ x ^ 0xA5);
  }
  return h;
}

bool walk(const Model& model, const std::vector<std::uint8_t>& indices, State& state,
          std::vector<Timing>* timings) {
  EventBuffer events;
  state = model.initial(events);
  ActionList actions;
  for (std::uint8_t i : indices) {
    model.actions(state, actions);
    if (i >= actions.size()) return false;
    if (timings) timings->push_back(state.timing);
    events.clear();
    state = model.next(state, actions[i], events);
  }
  return true;
}

namespace detail {

std::vector<Action> actions_of(const Model& model, const std::vector<std::uint8_t>& indices) {
  std::vector<Action> out;
  EventBuffer events;
  State s = model.initial(events);
  ActionList actions;
  for (std::uint8_t i : indices) {
    model.actions(s, actions);
    if (i >= actions.size()) break;
    out.push_back(actions[i]);
    events.clear();
    s = model.next(s, actions[i], events);
  }
  return out;
}

/// Pass where passing is allowed, else stop a replay, else the first action.
static std::uint8_t completion_choice(const ActionList& actions) {
  for (int i = 0; i < actions.size(); ++i)
    if (actions[i].type == ActionType::Pass || actions[i].type == ActionType::ReplayStop)
      return static_cast<std::uint8_t>(i);
  return 0;
}

void complete_run(const Model& model, std::vector<std::uint8_t>& indices) {
  State s;
  if (!walk(model, indices, s, nullptr)) return;
  ActionList actions;
  EventBuffer events;
  for (int n = 0; n < kMaxCompletion && !Model::is_terminal(s); ++n) {
    model.actions(s, actions);
    if (actions.empty()) break;
    const std::uint8_t i = completion_choice(actions);
    indices.push_back(i);
    events.clear();
    s = model.next(s, actions[i], events);
  }
}

std::optional<CorpusCase> positive_case(const Model& model, std::size_t scenario, std::vector<std::uint8_t> indices,
                                        std::string origin) {
  complete_run(model, indices);
  const Run run = replay(model, indices);
  if (!run.ok()) return std::nullopt;
  CorpusCase c;
  c.scenario = scenario;
  c.polarity = Polarity::Positive;
  c.indices = indices;
  c.events = run.all_events();
  c.terminal = run.terminal;
  c.verdicts = run.verdicts;
  c.origin = std::move(origin);
  State s;
  walk(model, indices, s, &c.action_timings);
  c.actions = actions_of(model, indices);
  EventBuffer events;
  s = model.initial(events);
  ActionList actions;
  std::vector<Goal> goals;
  for (std::uint8_t i : indices) {
    model.actions(s, actions);
    events.clear();
    const State next = model.next(s, actions[i], events);
    step_goals(s, events, goals);
    s = next;
  }
  const PropertyBits near = near_misses(model.scenario(), c.events, c.terminal);
  for (int p = 0; p < static_cast<int>(properties().size()); ++p) {
    const PropertyKind k = properties()[p].kind;
    if (k == PropertyKind::Sometimes && run.verdicts.witnessed.test(p)) goals.push_back(property_goal(GoalType::Witnessed, p));
    if (k != PropertyKind::Sometimes && near.test(p)) goals.push_back(property_goal(GoalType::NearMiss, p));
  }
  for (const Goal& g : goals) c.covers.push_back(g.key());
  std::sort(c.covers.begin(), c.covers.end());
  c.covers.erase(std::unique(c.covers.begin(), c.covers.end()), c.covers.end());
  c.trace_hash = trace_hash(model.scenario().name, c.events);
  return c;
}

void add_violation_goals(CorpusCase& c) {
  for (int p = 0; p < static_cast<int>(properties().size()); ++p)
    if (c.verdicts.violated.test(p) && properties()[p].kind != PropertyKind::Sometimes)
      c.covers.push_back(property_goal(GoalType::NearMiss, p).key());
  std::sort(c.covers.begin(), c.covers.end());
  c.covers.erase(std::unique(c.covers.begin(), c.covers.end()), c.covers.end());
}

Verdicts monitor_trace(const Model& model, const std::vector<Event>& events, bool complete) {
  TraceContext ctx = start_context(model.scenario());
  Verdicts v;
  for (const Event& e : events) observe(ctx, e, v);
  finish(ctx, complete, v);
  v.violated &= ~disputed_properties(model.rules());
  return v;
}

/// Index of the first event of `step` that `base` (the same step under the
/// base rules; empty when the action is illegal there) does not have at the same place.
static std::size_t first_difference(const EventBuffer& step, const EventBuffer& base) {
  for (int j = 0; j < step.size(); ++j)
    if (j >= base.size() || !(step[j] == base[j])) return static_cast<std::size_t>(j);
  return static_cast<std::size_t>(step.size());
}

static Timing timing_at(Timing start, const std::vector<Event>& events, std::size_t upto) {
  for (std::size_t j = 0; j <= upto && j < events.size(); ++j)
    if (events[j].type == EventType::TimingEnter) start = events[j].timing;
  return start;
}

std::optional<CorpusCase> negative_case(const Model& model, RuleVariants& variants, std::size_t scenario,
                                        const Goal& goal, const GoalHit& hit) {
  const Run prefix = replay(model, hit.path);
  State s;
  std::vector<Timing> timings;
  if (!prefix.ok() || !walk(model, hit.path, s, &timings)) return std::nullopt;
  const bool permission = goal.type == GoalType::Refused;
  const Ruleset& vr = permission ? variants.with_permission(goal.kind(), goal.timing())
                                 : variants.with_several(goal.timing());
  const Model variant(model.scenario(), vr);
  EventBuffer step, base;
  State x = variant.next(s, hit.action, step);
  if (hit.legal) model.next(s, hit.action, base);
  const std::size_t j = first_difference(step, base);
  std::vector<Event> tail(step.begin(), step.end());
  for (const Action& b : hit.extra) {  // second chains: the variant's pass, then the activation
    EventBuffer more;
    x = variant.next(x, b, more);
    tail.insert(tail.end(), more.begin(), more.end());
  }
  std::size_t end = j;  // the refused activation: the first difference, or the second chain's activation
  if (!hit.extra.empty())
    for (std::size_t k = j; k < tail.size(); ++k)
      if (tail[k].type == EventType::Activate) end = k;
  if (j >= tail.size() || end >= tail.size()) return std::nullopt;
  const Event& refused = tail[end];
  if (refused.type != EventType::Activate || (permission && refused.kind != goal.kind())) return std::nullopt;
  CorpusCase c;
  c.scenario = scenario;
  c.polarity = Polarity::Negative;
  c.indices = hit.path;
  c.actions = actions_of(model, hit.path);
  c.action_timings = timings;
  c.events = prefix.all_events();
  Refusal r;
  r.line = c.events.size() + j + 2;
  r.activation_line = c.events.size() + end + 2;
  c.events.insert(c.events.end(), tail.begin(), tail.begin() + static_cast<long>(end) + 1);
  r.timing = timing_at(s.timing, tail, end);
  r.rule = permission ? RefusalRule::Permission : RefusalRule::OneChain;
  r.event = refused;
  r.action = hit.action;
  r.action_legal = hit.legal;
  if (hit.legal) {
    ActionList legal;
    model.actions(s, legal);
    for (int i = 0; i < legal.size(); ++i)
      if (legal[i] == hit.action) r.action_index = i;
  }
  const Ruleset& rules = variants.base();
  const auto& cards = model.scenario().cards;
  const std::string card = refused.card < cards.size() ? cards[refused.card].name + " (" : "(";
  if (permission) {
    r.rule_name = std::string(name(goal.kind()));
    r.citation = rules.citation(goal.kind());
    r.explanation = card + r.rule_name + ") may not be activated at " + std::string(phrase(r.timing)) +
                    ": the permission of " + r.rule_name + " omits that timing";
  } else {
    const Knob k = chains_knob_of(goal.timing());
    r.rule_name = std::string(knob_spec(k).name);
    r.citation = rules.citation(k);
    r.explanation = card + std::string(name(refused.kind)) + ") may not start a second chain: the window at " +
                    std::string(phrase(r.timing)) +
                    " allows one chain (" + r.rule_name + " = one): it closes when its chain resolves, so no "
                    "player gets priority there again and no second chain starts";
  }
  c.refusal = r;
  c.verdicts = monitor_trace(model, c.events, false);
  c.covers = {goal.key()};
  add_violation_goals(c);
  c.origin = "goal " + goal_id(goal);
  c.trace_hash = trace_hash(model.scenario().name, c.events);
  return c;
}

}  // namespace detail
}  // namespace bc
