/// Coverage goals, the rule variants negative cases are written with, and
/// the near-miss analysis of a trace (docs/corpus.md "Coverage").
#include "counterexamples/goals/coverage.hpp"

#include "properties/monitors/context.hpp"
#include "properties/monitors/monitor.hpp"

namespace bc {

Goal activated_goal(Timing t, EffectKind k) { return {GoalType::Activated, std::uint8_t(t), std::uint8_t(k)}; }
Goal refused_goal(Timing t, EffectKind k) { return {GoalType::Refused, std::uint8_t(t), std::uint8_t(k)}; }
Goal second_chain_goal(Timing t) { return {GoalType::SecondChain, std::uint8_t(t), 0}; }
Goal second_chain_refused_goal(Timing t) { return {GoalType::SecondChainRefused, std::uint8_t(t), 0}; }
Goal property_goal(GoalType type, int property) { return {type, std::uint8_t(property), 0}; }

std::string_view name(GoalType t) {
  switch (t) {
    case GoalType::Activated: return "activated";
    case GoalType::Refused: return "refused";
    case GoalType::SecondChain: return "second_chain";
    case GoalType::SecondChainRefused: return "second_chain_refused";
    case GoalType::NearMiss: return "near_miss";
    case GoalType::Witnessed: return "witnessed";
    case GoalType::MutantTwin: return "mutant_twin";
  }
  return "unknown";
}

std::string goal_id(const Goal& g) {
  std::string id(name(g.type));
  switch (g.type) {
    case GoalType::Activated:
    case GoalType::Refused:
      return id + ":" + std::string(name(g.timing())) + ":" + std::string(name(g.kind()));
    case GoalType::SecondChain:
    case GoalType::SecondChainRefused:
      return id + ":" + std::string(name(g.timing()));
    default:
      return id + ":" + std::string(properties()[g.property()].id);
  }
}

Knob chains_knob_of(Timing t) {
  switch (t) {
    case Timing::StartStep: return Knob::ChainsStartStep;
    case Timing::AttackDeclaration: return Knob::ChainsAttackDeclaration;
    case Timing::StartOfDamageStep: return Knob::ChainsStartOfDamageStep;
    case Timing::BeforeDamageCalculation: return Knob::ChainsBeforeDamageCalculation;
    case Timing::DamageCalculation: return Knob::ChainsDamageCalculation;
    case Timing::AfterDamageCalculation: return Knob::ChainsAfterDamageCalculation;
    case Timing::EndOfDamageStep: return Knob::ChainsEndOfDamageStep;
    case Timing::EndStep: return Knob::ChainsEndStep;
    default: return Knob::ChainsBattleStep;
  }
}

RuleVariants::RuleVariants(const Ruleset& base)
    : base_(base), all_perm_(std::make_unique<Ruleset>(base)) {
  all_perm_->permissions.fill(kAllTimings);
}

const Ruleset& RuleVariants::with_permission(EffectKind k, Timing t) {
  auto& slot = cache_[refused_goal(t, k).key()];
  if (!slot) {
    slot = std::make_unique<Ruleset>(base_);
    slot->permissions[static_cast<int>(k)] |= bit(t);
  }
  return *slot;
}

const Ruleset& RuleVariants::with_several(Timing t) {
  auto& slot = cache_[second_chain_refused_goal(t).key()];
  if (!slot) {
    slot = std::make_unique<Ruleset>(base_);
    slot->knobs[static_cast<int>(chains_knob_of(t))] = static_cast<std::uint8_t>(Chains::Several);
  }
  return *slot;
}

void step_goals(const State& s, const EventBuffer& events, std::vector<Goal>& out) {
  Timing t = s.timing;
  int chains = s.chains_in_window;
  for (const Event& e : events) {
    if (e.type == EventType::TimingEnter) {
      t = e.timing;
      chains = 0;
    } else if (e.type == EventType::Activate) {
      out.push_back(activated_goal(t, e.kind));
      if (e.link == 1 && ++chains >= 2) out.push_back(second_chain_goal(t));
    }
  }
}

PropertyBits near_misses(const Scenario& scenario, const std::vector<Event>& events, bool complete) {
  const std::size_t n = events.size();
  std::vector<TraceContext> pre(n + 1);
  pre[0] = start_context(scenario);
  Verdicts original;
  for (std::size_t i = 0; i < n; ++i) {
    pre[i + 1] = pre[i];
    observe(pre[i + 1], events[i], original);
  }
  finish(pre[n], complete, original);
  PropertyBits found;
  // Replays the edited trace: `head` events at position i, then events[rest..].
  auto edited = [&](std::size_t i, std::initializer_list<const Event*> head, std::size_t rest) {
    TraceContext ctx = pre[i];
    Verdicts v;
    for (const Event* e : head) observe(ctx, *e, v);
    for (std::size_t j = rest; j < n; ++j) observe(ctx, events[j], v);
    finish(ctx, complete, v);
    found |= v.violated;
  };
  for (std::size_t i = 0; i < n; ++i) {
    edited(i, {}, i + 1);                                     // drop event i
    if (i + 1 < n) edited(i, {&events[i + 1], &events[i]}, i + 2);  // swap i and i+1
    edited(i, {&events[i], &events[i]}, i + 1);               // duplicate event i
  }
  return found & ~original.violated;
}

}  // namespace bc
