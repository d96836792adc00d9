// Random exploration driven by RapidCheck: rc::detail::checkProperty runs a
// bool-returning property with our seed, size ramp and run count, shrinks
// the first failure with RapidCheck's shrinkers, and a TestListener counts
// the runs and the accepted shrinks. The property remembers the last failing
// (scenario, choices): RapidCheck accepts a shrink only when it still fails
// and stops when no candidate does, so the last failing call is the shrunk
// counterexample.
#include "checker/random/random_check.hpp"

#include <chrono>

#include "checker/parallel/explorer.hpp"

#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

PropertyBits make_failure_mask() {
  PropertyBits m;
  const auto& all = properties();
  for (std::size_t i = 0; i < all.size(); ++i) m[i] = all[i].kind != PropertyKind::Sometimes;
  return m;
}

int lowest_bit(const PropertyBits& bits) {
  for (int i = 0; i < kMaxProperties; ++i)
    if (bits[i]) return i;
  return -1;
}

bool stops(const PropertyBits& violated, int stop_at) {
  return stop_at < 0 ? violated.any() : violated[stop_at];
}

/// Fold a step's verdicts into the run's (only the `fail` properties count as
/// violations); true when the run should stop here.
bool absorb(RunVerdict& out, const Verdicts& v, const PropertyBits& fail, int stop_at) {
  out.violated |= v.violated & fail;
  out.witnessed |= v.witnessed;
  return stops(out.violated, stop_at);
}

/// What the property remembers across RapidCheck's calls.
struct SearchState {
  int target = -1;  ///< the property the first failure violated; shrinks must keep violating it
  bool failed = false;
  Scenario scenario;
  std::vector<std::uint32_t> choices;
  std::vector<std::uint8_t> actions;
  int original_size = 0;
  int original_length = 0;
  Scenario original;  ///< the first failing board, before shrinking
  std::vector<std::uint32_t> original_choices;  ///< and its run
  std::vector<std::uint8_t> original_actions;
  PropertyBits witnessed;
};

class CountingListener : public rc::detail::TestListener {
 public:
  explicit CountingListener(const RandomOptions& opts) : opts_(opts) {}

  void onTestCaseFinished(const rc::detail::CaseDescription&) override {
    ++progress_.runs;
    report(progress_.runs);
  }
  void onShrinkTried(const rc::detail::CaseDescription&, bool accepted) override {
    progress_.shrinking = true;
    ++progress_.shrink_tries;
    if (accepted) ++progress_.shrink_steps;
    report(progress_.shrink_tries);
  }
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}

  const RandomProgress& progress() const { return progress_; }

 private:
  void report(int count) const {
    if (opts_.progress && opts_.progress_every > 0 && count % opts_.progress_every == 0) opts_.progress(progress_);
  }

  const RandomOptions& opts_;
  RandomProgress progress_;
};

/// The RapidCheck property: generate, run, remember the failure.
auto make_property(const Ruleset& rules, const RandomOptions& opts, SearchState& state) {
  // The generators are built once: building them converts the seed boards.
  auto choices_gen = gen_choices(opts.bounds.max_steps);
  auto scenario_gen = gen_scenario(opts.bounds);
  return [&rules, &opts, &state, choices_gen, scenario_gen]() -> bool {
    // Choices are drawn first so that RapidCheck shrinks them first: the run
    // gets as short as it can before the board loses the cards that made it short.
    const std::vector<std::uint32_t> choices = *choices_gen;
    const Scenario scenario = opts.fixed ? *opts.fixed : *scenario_gen;
    const Model model(scenario, rules);
    RunVerdict v = run_choices(model, choices, opts.bounds.max_steps, state.target);
    state.witnessed |= v.witnessed;
    if (!stops(v.violated, state.target)) return true;
    if (!state.failed) {
      state.failed = true;
      if (state.target < 0) state.target = lowest_bit(v.violated);
      state.original_size = scenario_size(scenario);
      state.original = scenario;
      state.original_length = static_cast<int>(v.actions.size());
      state.original_choices = choices;
      state.original_actions = v.actions;
    }
    state.scenario = scenario;
    state.choices = choices;
    state.actions = std::move(v.actions);
    return false;
  };
}

/// Shortest run of r.property on `board` by BFS below the current length;
/// true (and r updated) if it found a shorter one.
/// A board larger than the shrunk one must cut the run by over a third (`larger`).
bool polish_on(const Ruleset& rules, const RandomOptions& opts, const Scenario& board, bool larger, RandomResult& r) {
  const Model model(board, rules);
  Bounds b;
  b.max_depth = static_cast<std::uint32_t>(larger ? (2 * r.actions.size() - 1) / 3 : r.actions.size() - 1);
  b.max_states = opts.polish_states;
  b.liveness = false;
  const CheckResult c = explore(model, b);
  for (const Counterexample& cx : c.counterexamples) {
    if (cx.property != r.property || cx.actions.size() >= r.actions.size()) continue;
    if (larger && 3 * cx.actions.size() >= 2 * r.actions.size()) return false;
    r.scenario = board;
    r.actions = cx.actions;
    r.choices.assign(cx.actions.begin(), cx.actions.end());
    r.polished = true;
    return true;
  }
  return false;
}

/// BFS on the shrunk board, then on the first failing board and the seed
/// boards: a larger board may allow a much shorter run; it replaces the
/// shrunk board only when it cuts the run by over a third.
void polish(const Ruleset& rules, const RandomOptions& opts, const Scenario& original, RandomResult& r) {
  if (opts.polish_states == 0 || r.actions.size() <= 1) return;
  polish_on(rules, opts, r.scenario, false, r);
  if (r.actions.size() > 2 && !(original == r.scenario)) polish_on(rules, opts, original, true, r);
  if (opts.fixed) return;
  for (const Scenario& seed : opts.bounds.seeds)
    if (r.actions.size() > 2) polish_on(rules, opts, seed, true, r);
}

}  // namespace

const PropertyBits& failure_mask() {
  static const PropertyBits mask = make_failure_mask();
  return mask;
}

RunVerdict run_choices(const Model& model, const std::vector<std::uint32_t>& choices, int max_steps, int stop_at) {
  RunVerdict out;
  const PropertyBits fail = failure_mask() & counted_properties(model.rules(), DisputedClaims::NotFailures);
  TraceContext ctx = start_context(model.scenario());
  EventBuffer events;
  State s = model.initial(events);
  Verdicts v;
  for (const Event& e : events) observe(ctx, e, v);
  if (absorb(out, v, fail, stop_at)) return out;
  ActionList legal;
  for (int i = 0; i < max_steps && !Model::is_terminal(s); ++i) {
    model.actions(s, legal);
    if (legal.empty()) break;
    const std::uint32_t choice = static_cast<std::size_t>(i) < choices.size() ? choices[i] : 0;
    const auto index = static_cast<std::uint8_t>(choice % static_cast<std::uint32_t>(legal.size()));
    out.actions.push_back(index);
    events.clear();
    s = model.next(s, legal[index], events);
    Verdicts step;
    for (const Event& e : events) observe(ctx, e, step);
    if (absorb(out, step, fail, stop_at)) return out;
  }
  out.terminal = Model::is_terminal(s);
  Verdicts end;
  finish(ctx, out.terminal, end);
  absorb(out, end, fail, stop_at);
  return out;
}

RandomResult random_check(const Ruleset& rules, const RandomOptions& opts) {
  const auto start = std::chrono::steady_clock::now();
  RandomResult r;
  r.seed = opts.seed;
  SearchState state;
  state.target = opts.property;
  CountingListener listener(opts);
  rc::detail::TestParams params;
  params.seed = opts.seed;
  params.maxSuccess = std::max(1, opts.runs);
  params.maxSize = std::max(1, opts.max_size);
  params.disableShrinking = !opts.shrink;
  rc::detail::TestMetadata metadata;
  metadata.id = "battlecheck-random";
  metadata.description = "every Always and Eventually property holds on random runs";
  const rc::detail::TestResult result = rc::detail::checkProperty(
      rc::detail::toProperty(make_property(rules, opts, state)), metadata, params, listener, {});
  r.shrink_steps = listener.progress().shrink_steps;
  r.shrink_tries = listener.progress().shrink_tries;
  r.witnessed = state.witnessed;
  if (result.is<rc::detail::FailureResult>() && state.failed) {
    r.found = true;
    r.runs = result.get<rc::detail::FailureResult>().numSuccess + 1;
    r.property = state.target;
    r.scenario = state.scenario;
    r.choices = state.choices;
    r.actions = state.actions;
    r.original_size = state.original_size;
    r.original_length = state.original_length;
    // Shrinking keeps a run that still fails, not one that is shorter: a
    // smaller board can lengthen the run (an optional trigger's choice is one
    // more action). The first failure is kept then.
    if (r.actions.size() > state.original_actions.size()) {
      r.scenario = state.original;
      r.choices = state.original_choices;
      r.actions = state.original_actions;
    }
    r.shrunk_length = static_cast<int>(r.actions.size());
    polish(rules, opts, state.original, r);
  } else if (result.is<rc::detail::SuccessResult>()) {
    r.runs = result.get<rc::detail::SuccessResult>().numSuccess;
  } else if (result.is<rc::detail::Error>()) {
    r.error = result.get<rc::detail::Error>().description;
  } else if (result.is<rc::detail::GaveUpResult>()) {
    r.error = result.get<rc::detail::GaveUpResult>().description;
  } else {
    r.error = "the property failed without a recorded run";
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace bc
