/// Mutant twins (docs/corpus.md "Near misses"): a built-in mutant is a
/// deliberately wrong rule whose shortest counterexample is the situation
/// where that rule would break its property. Under the real rules the same
/// actions give the positive twin (the situation handled correctly); the
/// mutant's own trace, cut at its first event the real rules do not
/// produce, is the negative twin (what a wrongly built engine would emit).
#include "checker/parallel/explorer.hpp"
#include "counterexamples/corpus/corpus_detail.hpp"
#include "model/loaders/loader.hpp"

namespace bc::detail {
namespace {

std::string value_name(Knob k, std::uint8_t v) {
  const auto& values = knob_spec(k).values;
  return v < values.size() && !values[v].empty() ? std::string(values[v]) : std::to_string(v);
}

std::string timing_list(TimingMask m) {
  std::string out;
  for (int t = 0; t < kTimingCount; ++t)
    if (m & bit(static_cast<Timing>(t))) out += (out.empty() ? "" : ",") + std::string(name(static_cast<Timing>(t)));
  return "[" + out + "]";
}

/// What the mutant changes, and the base ruleset's citations for those entries.
void describe_changes(const Ruleset& base, const Ruleset& mutant, std::string& changes, std::string& citations) {
  auto add = [](std::string& to, const std::string& s) {
    if (!s.empty()) to += (to.empty() ? "" : "; ") + s;
  };
  for (int i = 0; i < kKnobCount; ++i) {
    const auto k = static_cast<Knob>(i);
    if (base.knobs[i] == mutant.knobs[i]) continue;
    add(changes, std::string(knob_spec(k).name) + " = " + value_name(k, mutant.knobs[i]) + " (real: " +
                     value_name(k, base.knobs[i]) + ")");
    add(citations, base.citation(k));
  }
  for (int i = 0; i < kEffectKindCount; ++i) {
    const auto k = static_cast<EffectKind>(i);
    if (base.permissions[i] == mutant.permissions[i]) continue;
    add(changes, "permission " + std::string(name(k)) + " = " + timing_list(mutant.permissions[i]) +
                     " (real: " + timing_list(base.permissions[i]) + ")");
    add(citations, base.citation(k));
  }
}

const Counterexample* find_counterexample(const CheckResult& r, int property) {
  for (const Counterexample& c : r.counterexamples)
    if (c.property == property) return &c;
  return nullptr;
}

}  // namespace

MutantTwins mutant_twins(const Model& model, const std::string& mutant, std::size_t scenario) {
  MutantTwins out;
  const Ruleset mr = load_mutant(mutant);
  const int prop = property_index(mr.expect_violation);
  const Model mm(model.scenario(), mr);
  Bounds bounds;
  bounds.max_depth = mr.max_counterexample_length > 0 ? static_cast<std::uint32_t>(mr.max_counterexample_length) : 25;
  bounds.liveness = false;
  const CheckResult r = explore(mm, bounds);
  const Counterexample* ce = prop < 0 ? nullptr : find_counterexample(r, prop);
  if (!ce) {
    out.note = "mutant " + mutant + ": no counterexample within depth " + std::to_string(bounds.max_depth);
    return out;
  }
  const Run mrun = replay(mm, ce->actions);
  if (!mrun.ok() || mrun.steps.empty()) {
    out.note = "mutant " + mutant + ": counterexample does not replay";
    return out;
  }
  const int v = mrun.first_violation(prop);
  const std::size_t last = std::min<std::size_t>(v < 0 ? 0 : static_cast<std::size_t>(v), mrun.steps.size() - 1);
  EventBuffer ev;
  State s = model.initial(ev);
  std::vector<Event> mut = mrun.opening;
  std::vector<std::uint8_t> base_idx;
  std::size_t diff = SIZE_MAX, diff_step = 0;
  bool diff_legal = true;
  for (int j = 0; j < ev.size() && diff == SIZE_MAX; ++j)
    if (j >= static_cast<int>(mut.size()) || !(ev[j] == mut[static_cast<std::size_t>(j)])) diff = static_cast<std::size_t>(j);
  ActionList actions;
  for (std::size_t k = 0; k <= last; ++k) {
    const Action a = mrun.steps[k].action;
    const std::vector<Event>& step = mrun.steps[k].events;
    model.actions(s, actions);
    int idx = -1;
    for (int i = 0; i < actions.size(); ++i)
      if (actions[i] == a) idx = i;
    if (idx < 0) {
      if (diff == SIZE_MAX) diff = mut.size(), diff_step = k, diff_legal = false;
      mut.insert(mut.end(), step.begin(), step.end());
      break;
    }
    ev.clear();
    const State next = model.next(s, a, ev);
    for (std::size_t j = 0; j < step.size() && diff == SIZE_MAX; ++j)
      if (j >= static_cast<std::size_t>(ev.size()) || !(ev[static_cast<int>(j)] == step[j])) diff = mut.size() + j, diff_step = k;
    mut.insert(mut.end(), step.begin(), step.end());
    base_idx.push_back(static_cast<std::uint8_t>(idx));
    s = next;
  }
  out.positive = positive_case(model, scenario, base_idx, "mutant twin of " + mutant + " (real rules)");
  if (out.positive) {
    out.positive->covers.push_back(property_goal(GoalType::MutantTwin, prop).key());
    out.positive->covers.push_back(property_goal(GoalType::NearMiss, prop).key());
    std::sort(out.positive->covers.begin(), out.positive->covers.end());
  }
  if (diff == SIZE_MAX || diff >= mut.size()) {
    out.note = "mutant " + mutant + ": its trace equals the real rules' trace up to the violation";
    return out;
  }
  CorpusCase c;
  c.scenario = scenario;
  c.polarity = Polarity::Negative;
  c.indices.assign(base_idx.begin(), base_idx.begin() + static_cast<long>(std::min(diff_step, base_idx.size())));
  c.actions = actions_of(model, c.indices);
  State t;
  walk(model, c.indices, t, &c.action_timings);
  c.events.assign(mut.begin(), mut.begin() + static_cast<long>(diff) + 1);
  Refusal rf;
  rf.line = rf.activation_line = c.events.size() + 1;
  rf.timing = Timing::MainPhase1;
  for (std::size_t j = 0; j <= diff; ++j)
    if (mut[j].type == EventType::TimingEnter) rf.timing = mut[j].timing;
  rf.rule = RefusalRule::Mutant;
  rf.event = mut[diff];
  rf.action = mrun.steps[diff_step].action;
  rf.action_legal = diff_legal;
  if (diff_legal && diff_step < base_idx.size()) rf.action_index = base_idx[diff_step];
  rf.rule_name = mutant;
  rf.property = prop;
  std::string changes;
  describe_changes(model.rules(), mr, changes, rf.citation);
  rf.explanation = "the mutant " + mutant + " (" + changes + ") produces this event; the real rules do not (" +
                   std::string(properties()[prop].id) + " catches the mutant)";
  c.refusal = rf;
  c.verdicts = monitor_trace(model, c.events, false);
  c.covers = {};
  add_violation_goals(c);
  c.origin = "mutant " + mutant + " (its own trace)";
  c.trace_hash = trace_hash(model.scenario().name, c.events);
  out.negative = std::move(c);
  return out;
}

}  // namespace bc::detail
