#pragma once
/// Differential exploration of two rulesets over one scenario, and the
/// contradiction finder built on it (`battlecheck contradictions`, issue 5 §3).
///
/// The two models are explored together, breadth first, over pairs of states
/// reached by the same actions with the same events. At each pair the legal
/// actions and the events of every common action are compared; a difference is
/// a divergence (a "situation"). Each divergence is traced to its root: the
/// smallest set of rule atoms (knobs, or the timing list of one effect kind)
/// that, copied from the first ruleset into the second, makes that divergence
/// vanish on that very situation (delta debugging by replay). Divergences with
/// the same root are one finding, shown by its shortest situation.
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/vocabulary/action.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// One unit of rule data a source can state: a knob, or the timing
/// permission list of one effect kind (one entry, one citation, in a file).
struct RuleAtom {
  enum class Type : std::uint8_t { Knob, Permission };
  Type type = Type::Knob;
  std::uint8_t index = 0;  ///< Knob or EffectKind value
  auto operator<=>(const RuleAtom&) const = default;
};

/// All atoms, knobs first (in Knob order), then permissions (in EffectKind order).
std::vector<RuleAtom> all_atoms();
/// File name of an atom: the knob name, or "permissions.<kind>".
std::string atom_name(const RuleAtom& atom);
/// The atom's value in a ruleset, as the file writes it ("true", "several",
/// "[start_step, battle_step]").
std::string atom_value(const Ruleset& rules, const RuleAtom& atom);
/// Whether two rulesets give an atom the same value.
bool atom_equal(const Ruleset& a, const Ruleset& b, const RuleAtom& atom);
/// Atoms whose values differ between a and b, in all_atoms() order.
std::vector<RuleAtom> differing_atoms(const Ruleset& a, const Ruleset& b);
/// `base` with the values of `atoms` copied from `donor` (provenance not copied).
Ruleset with_atoms(const Ruleset& base, const Ruleset& donor, const std::vector<RuleAtom>& atoms);
/// A copy holding only what the model reads (no provenance strings): cheap to copy.
Ruleset bare_rules(const Ruleset& r);

/// How two rulesets differ at one point of a shared run.
enum class RuleDivergenceKind : std::uint8_t {
  OnlyFirstAllows,   ///< the action is legal under the first ruleset only
  OnlySecondAllows,  ///< the action is legal under the second ruleset only
  DifferentEvents,   ///< legal under both, with different observable events
};
std::string_view name(RuleDivergenceKind k);

/// A situation: a shared run, then the action at which the rulesets part.
struct RuleDivergence {
  RuleDivergenceKind kind = RuleDivergenceKind::OnlyFirstAllows;
  std::vector<Action> path;  ///< common actions from the initial state (same events under both)
  Action action{};           ///< the action that differs
};

/// Whether `second` agrees with `first` on the situation `d`: the path replays
/// (each of its actions legal, with the same events, under both) and the
/// divergence `d` names is gone at its end. False while `d` still shows, and
/// false if the rulesets now part earlier on the path.
bool resolves(const Scenario& scenario, const Ruleset& first, const Ruleset& second, const RuleDivergence& d);

/// Delta debugging: a 1-minimal set of atoms among `candidates` which,
/// copied from `first` into `second`, makes `d` vanish. Single atoms are tried
/// first, then atoms are removed one at a time from the full set.
std::vector<RuleAtom> minimal_root(const Scenario& scenario, const Ruleset& first, const Ruleset& second,
                                   const RuleDivergence& d, const std::vector<RuleAtom>& candidates);

/// Bounds of one differential exploration; 0 = unbounded.
struct DiffBounds {
  std::uint32_t max_depth = 0;
  std::uint64_t max_pairs = 0;
};

/// One root found by a differential exploration, with its shortest situation.
struct RootedDivergence {
  std::vector<RuleAtom> root;  ///< sorted
  RuleDivergence situation;        ///< the shortest one found (breadth first)
  std::uint64_t situations = 0;  ///< divergences traced to exactly this root by minimization
  /// Roots of earlier rounds, copied from the first ruleset into the second
  /// for this situation to show: a pervasive disagreement (who gets priority
  /// first) would otherwise hide every later one behind it.
  std::vector<RuleAtom> aligned;
};

/// What a differential exploration of one scenario under two rulesets found.
struct PairResult {
  std::vector<RootedDivergence> roots;  ///< in the order found (shortest situations first)
  std::uint64_t pairs = 0;              ///< distinct state pairs explored
  std::uint64_t transitions = 0;        ///< common transitions followed
  std::uint64_t divergences = 0;        ///< divergent (pair, action) points met
  std::uint64_t minimizations = 0;      ///< divergences traced by delta debugging
  std::uint32_t depth = 0;
  int rounds = 0;                       ///< explorations run (see RootedDivergence::aligned)
  bool complete = true;                 ///< false if a bound cut the exploration
};

/// Explore `scenario` under both rulesets together and group every divergence
/// by its root. Runs again with the roots found copied over, until a round
/// finds no new root (at most 8 rounds). Deterministic.
PairResult explore_pair(const Scenario& scenario, const Ruleset& first, const Ruleset& second,
                        const DiffBounds& bounds);

/// Indices into Model::actions() of `actions` replayed under `rules`, as far
/// as they stay legal (a shorter list means the next action is illegal there).
std::vector<std::uint8_t> action_indices(const Scenario& scenario, const Ruleset& rules,
                                         const std::vector<Action>& actions);

}  // namespace bc
