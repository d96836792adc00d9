#include "counterexamples/replay/replay.hpp"

#include "counterexamples/replay/narrative.hpp"
#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {
namespace {

std::vector<Event> to_vector(const EventBuffer& buffer) { return {buffer.begin(), buffer.end()}; }

void merge(Verdicts& into, const Verdicts& v) {
  into.violated |= v.violated;
  into.witnessed |= v.witnessed;
}

Verdicts observe_all(TraceContext& ctx, const std::vector<Event>& events, const PropertyBits& counted) {
  Verdicts v;
  for (const Event& e : events) observe(ctx, e, v);
  v.violated &= counted;
  return v;
}

}  // namespace

std::vector<Event> Run::all_events() const {
  std::vector<Event> out = opening;
  for (const ReplayStep& s : steps) out.insert(out.end(), s.events.begin(), s.events.end());
  return out;
}

std::vector<std::string> Run::all_narrative() const {
  std::vector<std::string> out = opening_narrative;
  for (const ReplayStep& s : steps) out.insert(out.end(), s.narrative.begin(), s.narrative.end());
  return out;
}

int Run::first_violation(int property) const {
  if (property < 0 || property >= kMaxProperties) return -2;
  if (opening_verdicts.violated[property]) return -1;
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (steps[i].verdicts.violated[property]) return static_cast<int>(i);
  if (final_verdicts.violated[property]) return static_cast<int>(steps.size());
  return -2;
}

Run replay(const Model& model, const std::vector<std::uint8_t>& action_indices, DisputedClaims disputes) {
  Run run;
  const PropertyBits counted = counted_properties(model.rules(), disputes);
  Narrator narrator(model.scenario());
  TraceContext ctx = start_context(model.scenario());
  EventBuffer buffer;
  State state = model.initial(buffer);
  run.opening = to_vector(buffer);
  run.opening_narrative = narrator.opening(run.opening);
  run.opening_verdicts = observe_all(ctx, run.opening, counted);
  merge(run.verdicts, run.opening_verdicts);

  ActionList legal;
  for (std::size_t i = 0; i < action_indices.size(); ++i) {
    model.actions(state, legal);
    const int index = action_indices[i];
    if (index >= legal.size()) {
      run.error = "step " + std::to_string(i + 1) + ": action index " + std::to_string(index) +
                  " is out of range (" + std::to_string(legal.size()) +
                  " legal actions): the run does not match this scenario and ruleset";
      break;
    }
    ReplayStep step;
    step.index = static_cast<std::uint8_t>(index);
    step.action = legal[index];
    step.description = model.describe(state, step.action);
    buffer.clear();
    const State after = model.next(state, step.action, buffer);
    if (buffer.overflowed()) {
      run.error = "step " + std::to_string(i + 1) + ": the event buffer overflowed";
      break;
    }
    step.events = to_vector(buffer);
    step.narrative = narrator.step(state, step.action, step.events);
    step.verdicts = observe_all(ctx, step.events, counted);
    merge(run.verdicts, step.verdicts);
    run.steps.push_back(std::move(step));
    state = after;
  }
  run.terminal = Model::is_terminal(state);
  model.actions(state, legal);
  run.dead_end = !run.terminal && legal.empty();
  if (run.ok()) {
    finish(ctx, run.terminal, run.final_verdicts);
    run.final_verdicts.violated &= counted;
    merge(run.verdicts, run.final_verdicts);
  }
  return run;
}

}  // namespace bc
