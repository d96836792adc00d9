// Rule atoms, situation replay and delta debugging of roots
// (checker/differential/differential.hpp). The paired breadth-first search is in
// checker/differential/differential_bfs.cpp.
#include "checker/differential/differential.hpp"
#include "checker/differential/pair_compare.hpp"

#include <algorithm>

#include "model/vocabulary/event.hpp"
#include "model/rules/model.hpp"

namespace bc {

std::vector<RuleAtom> all_atoms() {
  std::vector<RuleAtom> out;
  for (int k = 0; k < kKnobCount; ++k) out.push_back({RuleAtom::Type::Knob, static_cast<std::uint8_t>(k)});
  for (int k = 0; k < kEffectKindCount; ++k)
    out.push_back({RuleAtom::Type::Permission, static_cast<std::uint8_t>(k)});
  return out;
}

std::string atom_name(const RuleAtom& atom) {
  if (atom.type == RuleAtom::Type::Knob) return std::string(knob_spec(static_cast<Knob>(atom.index)).name);
  return "permissions." + std::string(name(static_cast<EffectKind>(atom.index)));
}

std::string atom_value(const Ruleset& rules, const RuleAtom& atom) {
  if (atom.type == RuleAtom::Type::Knob) {
    const Knob k = static_cast<Knob>(atom.index);
    if (is_bool_knob(k)) return rules.flag(k) ? "true" : "false";
    return std::string(knob_spec(k).values[rules.get(k)]);
  }
  std::string out = "[";
  const TimingMask mask = rules.permissions[atom.index];
  for (int t = 0; t < kTimingCount; ++t) {
    if ((mask & bit(static_cast<Timing>(t))) == 0) continue;
    if (out.size() > 1) out += ", ";
    out += name(static_cast<Timing>(t));
  }
  return out + "]";
}

bool atom_equal(const Ruleset& a, const Ruleset& b, const RuleAtom& atom) {
  if (atom.type == RuleAtom::Type::Knob) return a.knobs[atom.index] == b.knobs[atom.index];
  return a.permissions[atom.index] == b.permissions[atom.index];
}

std::vector<RuleAtom> differing_atoms(const Ruleset& a, const Ruleset& b) {
  std::vector<RuleAtom> out;
  for (const RuleAtom& atom : all_atoms())
    if (!atom_equal(a, b, atom)) out.push_back(atom);
  return out;
}

Ruleset with_atoms(const Ruleset& base, const Ruleset& donor, const std::vector<RuleAtom>& atoms) {
  Ruleset out = bare_rules(base);
  for (const RuleAtom& atom : atoms) {
    if (atom.type == RuleAtom::Type::Knob) out.knobs[atom.index] = donor.knobs[atom.index];
    else out.permissions[atom.index] = donor.permissions[atom.index];
  }
  return out;
}

Ruleset bare_rules(const Ruleset& r) {
  Ruleset out;
  out.name = r.name;
  out.knobs = r.knobs;
  out.permissions = r.permissions;
  return out;
}

std::string_view name(RuleDivergenceKind k) {
  switch (k) {
    case RuleDivergenceKind::OnlyFirstAllows: return "only_first_allows";
    case RuleDivergenceKind::OnlySecondAllows: return "only_second_allows";
    case RuleDivergenceKind::DifferentEvents: return "different_events";
  }
  return "?";
}

namespace {

using differential::contains;
using differential::same_events;

/// Both models stepped along a shared path.
struct PairWalk {
  const Model& first;
  const Model& second;
  State a;
  State b;
  ActionList la, lb;
  EventBuffer ea, eb;

  PairWalk(const Model& m1, const Model& m2) : first(m1), second(m2), a(m1.initial()), b(m2.initial()) {}

  /// Take `x` under both; false if it is illegal under either or the events differ.
  bool step(const Action& x) {
    expand();
    if (!contains(la, x) || !contains(lb, x)) return false;
    ea.clear();
    eb.clear();
    a = first.next(a, x, ea);
    b = second.next(b, x, eb);
    return same_events(ea, eb);
  }

  void expand() {
    la.clear();
    lb.clear();
    first.actions(a, la);
    second.actions(b, lb);
  }

  /// Whether the current pair shows divergence `kind` on `x`.
  bool diverges(RuleDivergenceKind kind, const Action& x) {
    expand();
    const bool in_a = contains(la, x);
    const bool in_b = contains(lb, x);
    switch (kind) {
      case RuleDivergenceKind::OnlyFirstAllows: return in_a && !in_b;
      case RuleDivergenceKind::OnlySecondAllows: return !in_a && in_b;
      case RuleDivergenceKind::DifferentEvents: {
        if (!in_a || !in_b) return false;
        ea.clear();
        eb.clear();
        (void)first.next(a, x, ea);
        (void)second.next(b, x, eb);
        return !same_events(ea, eb);
      }
    }
    return false;
  }
};

}  // namespace

bool resolves(const Scenario& scenario, const Ruleset& first, const Ruleset& second, const RuleDivergence& d) {
  const Model m1(scenario, first);
  const Model m2(scenario, second);
  PairWalk walk(m1, m2);
  for (const Action& x : d.path)
    if (!walk.step(x)) return false;
  return !walk.diverges(d.kind, d.action);
}

std::vector<RuleAtom> minimal_root(const Scenario& scenario, const Ruleset& first, const Ruleset& second,
                                   const RuleDivergence& d, const std::vector<RuleAtom>& candidates) {
  for (const RuleAtom& atom : candidates)
    if (resolves(scenario, first, with_atoms(second, first, {atom}), d)) return {atom};
  std::vector<RuleAtom> root = candidates;
  for (const RuleAtom& atom : candidates) {
    std::vector<RuleAtom> fewer;
    for (const RuleAtom& r : root)
      if (!(r == atom)) fewer.push_back(r);
    if (resolves(scenario, first, with_atoms(second, first, fewer), d)) root = std::move(fewer);
  }
  std::sort(root.begin(), root.end());
  return root;
}

std::vector<std::uint8_t> action_indices(const Scenario& scenario, const Ruleset& rules,
                                         const std::vector<Action>& actions) {
  const Model model(scenario, rules);
  State s = model.initial();
  ActionList list;
  EventBuffer events;
  std::vector<std::uint8_t> out;
  for (const Action& x : actions) {
    list.clear();
    model.actions(s, list);
    const auto* it = std::find(list.begin(), list.end(), x);
    if (it == list.end()) break;
    out.push_back(static_cast<std::uint8_t>(it - list.begin()));
    events.clear();
    s = model.next(s, x, events);
  }
  return out;
}

}  // namespace bc
