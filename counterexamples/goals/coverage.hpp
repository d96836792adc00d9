#pragma once
/// Coverage goals of a test corpus (issue 3 "Test corpora", docs/corpus.md)
/// and the exhaustive exploration that finds which goals are reachable.
///
/// A goal is one thing an engine's test suite should exercise:
///  - activated T K: an activation of kind K is legal at timing T and taken;
///  - refused T K: the rules refuse kind K at timing T (its permission list
///    omits T) in a state where the card is otherwise usable (right owner,
///    priority or pending trigger, unused, target available): a negative case;
///  - second_chain T: a second chain is formed in the window T;
///  - second_chain_refused T: a one-chain window refuses a second chain that
///    a player could otherwise start (a negative case);
///  - near_miss P: a case one event edit away from violating property P;
///  - witnessed P: a Sometimes property witnessed by a case;
///  - mutant_twin P: the real-rules twin of the shortest counterexample of the
///    built-in mutant that P catches.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/rules/model.hpp"
#include "properties/catalog/property.hpp"

namespace bc {

enum class GoalType : std::uint8_t { Activated, Refused, SecondChain, SecondChainRefused, NearMiss, Witnessed, MutantTwin };

/// A coverage goal packed into one ordered key: type, then timing/property, then kind.
struct Goal {
  GoalType type{};
  std::uint8_t a = 0;  ///< Timing for the first four types, property index for the rest
  std::uint8_t b = 0;  ///< EffectKind for Activated / Refused
  std::uint32_t key() const { return (std::uint32_t(type) << 16) | (std::uint32_t(a) << 8) | b; }
  static Goal from_key(std::uint32_t k) {
    return Goal{GoalType(k >> 16), std::uint8_t(k >> 8), std::uint8_t(k)};
  }
  Timing timing() const { return static_cast<Timing>(a); }
  EffectKind kind() const { return static_cast<EffectKind>(b); }
  int property() const { return a; }
};
Goal activated_goal(Timing t, EffectKind k);
Goal refused_goal(Timing t, EffectKind k);
Goal second_chain_goal(Timing t);
Goal second_chain_refused_goal(Timing t);
Goal property_goal(GoalType type, int property);

/// Stable text id, e.g. "activated:damage_calculation:damage_calc_atk_change", "near_miss:spell_speed_respected".
std::string goal_id(const Goal& g);
/// Short name of a goal type ("activated", "refused", ...).
std::string_view name(GoalType t);

/// The chain knob that rules window t (model/rules/flow.cpp's mapping).
Knob chains_knob_of(Timing t);

/// Which rule a negative case breaks: a kind's timing permission, a
/// one-chain window, or (mutant twins) the rule a built-in mutant distorts.
enum class RefusalRule : std::uint8_t { Permission, OneChain, Mutant };

/// How to reach a goal from the initial state: the run `path` (action
/// indices under the base rules), then one more step `action`. For positive
/// goals the step is legal; for refusals it is taken under the permissive
/// variant of the rules (the one the refusal names) and may be illegal.
struct GoalHit {
  std::vector<std::uint8_t> path;
  Action action{};
  bool legal = true;          ///< `action` is legal under the base rules
  std::uint8_t card = kNoCard;  ///< refusals: the card whose activation is refused
  /// second_chain_refused: actions taken under the several-chain variant
  /// after `action` (a pass, then the second chain's first activation).
  std::vector<Action> extra;
};

/// Rulesets derived from a base ruleset: all permissions opened, and the
/// one-entry variants a negative case is written with.
/// Keeps every Ruleset alive while Models refer to them.
class RuleVariants {
 public:
  explicit RuleVariants(const Ruleset& base);
  const Ruleset& base() const { return base_; }
  const Ruleset& all_permissions() const { return *all_perm_; }
  /// base plus kind k permitted at t.
  const Ruleset& with_permission(EffectKind k, Timing t);
  /// base with window t's chain knob set to several.
  const Ruleset& with_several(Timing t);

 private:
  const Ruleset& base_;
  std::unique_ptr<Ruleset> all_perm_;
  std::map<std::uint32_t, std::unique_ptr<Ruleset>> cache_;
};

/// Goals a step (state s, its events) reaches: activations taken and second chains.
void step_goals(const State& s, const EventBuffer& events, std::vector<Goal>& out);

/// Progress of a long corpus run: a stage label and counts (total 0 = unknown).
struct CorpusProgress {
  std::string stage;
  std::uint64_t done = 0;
  std::uint64_t total = 0;
};
using CorpusProgressFn = std::function<void(const CorpusProgress&)>;

/// Result of exploring a scenario for goals.
struct GoalExploration {
  std::map<std::uint32_t, GoalHit> hits;  ///< first (shortest) hit per reachable goal
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::uint32_t depth = 0;
  bool complete = true;  ///< false when the depth bound cut the exploration
  double seconds = 0;
};

/// Breadth-first exploration of every model state of `model` (its rules are
/// `variants.base()`) to `max_depth` steps (0 = unbounded), recording the
/// first hit of every activated / refused / second-chain goal.
GoalExploration explore_goals(const Model& model, RuleVariants& variants, std::uint32_t max_depth,
                              const CorpusProgressFn& progress = {});

/// The refused-goal hits reachable along one run (random mode): states of the
/// run where a refusal is possible, first one per goal.
void run_refusals(const Model& model, RuleVariants& variants, const std::vector<std::uint8_t>& run,
                  std::map<std::uint32_t, GoalHit>& hits);

/// Properties P such that one edit of `events` (drop one event, swap it with
/// the next one, or duplicate it) makes the monitor report P violated.
/// `complete`: the trace ends the Battle Phase (finish() is run as complete).
PropertyBits near_misses(const Scenario& scenario, const std::vector<Event>& events, bool complete);

}  // namespace bc
