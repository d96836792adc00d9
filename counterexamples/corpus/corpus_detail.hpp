#pragma once
/// Internal to the corpus generator (counterexamples/corpus_*.cpp): building
/// single cases and the mutant twins. See counterexamples/corpus/corpus.hpp.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "counterexamples/corpus/corpus.hpp"
#include "counterexamples/replay/replay.hpp"

namespace bc::detail {

/// Most actions appended to reach the end of the Battle Phase.
inline constexpr int kMaxCompletion = 400;

/// The actions `indices` name, from the initial state (stops at a bad index).
std::vector<Action> actions_of(const Model& model, const std::vector<std::uint8_t>& indices);
/// Append actions until the Battle Phase ends: pass where allowed, else stop a replay, else the first action.
void complete_run(const Model& model, std::vector<std::uint8_t>& indices);
/// A positive case: `indices` completed, replayed, its goals (with near misses) computed.
std::optional<CorpusCase> positive_case(const Model& model, std::size_t scenario, std::vector<std::uint8_t> indices,
                                        std::string origin);
/// A negative case for a refused / second_chain_refused goal; nullopt when
/// the variant's step does not show the refused activation first.
std::optional<CorpusCase> negative_case(const Model& model, RuleVariants& variants, std::size_t scenario,
                                        const Goal& goal, const GoalHit& hit);
/// A negative case exercises every property its trace would violate were
/// the refused event accepted: add those near_miss goals to its covers.
void add_violation_goals(CorpusCase& c);
/// The monitor's verdicts over a whole trace.
Verdicts monitor_trace(const Model& model, const std::vector<Event>& events, bool complete);

/// The two twins of a built-in mutant's shortest counterexample under the base rules.
struct MutantTwins {
  std::optional<CorpusCase> positive;  ///< the same situation under the real rules (covers mutant_twin P)
  std::optional<CorpusCase> negative;  ///< the mutant's trace, ending on its first event the real rules refuse
  std::string note;                    ///< why a twin is missing
};
MutantTwins mutant_twins(const Model& model, const std::string& mutant, std::size_t scenario);

}  // namespace bc::detail
