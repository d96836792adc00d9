#pragma once
/// Outcomes an engine shows (docs/engines/ygopro.md, "Outcomes from the
/// stream"): when a card's resolution is not known, or its written term and
/// the engine disagree, the moves, summons and position changes the engine
/// made while the card's link resolved become the card's operations, so the
/// model can go on from the engine's state. Used by the ygopro importer (open
/// resolutions) and by conformance (resynchronising after a card's outcome
/// differs from its term).
#include <optional>
#include <vector>

#include "model/terms/effect.hpp"
#include "model/vocabulary/event.hpp"

namespace bc {

/// The operation an outcome event is, acting on the effect's target; none for
/// events that are not outcomes (a battle destruction, a chain event...).
std::optional<Op> outcome_op(const Event& e);

/// A term whose operations were learnt from an engine's outcome.
struct LearntTerm {
  EffectTerm term;
  std::uint8_t target = kNoSlot;  ///< the monster the outcome acted on (the activation's target)
};

/// `term` with its operations replaced by `events`' outcomes, in order, on one
/// monster (the first acted on; outcomes on others are dropped): the target
/// selector becomes that monster's side relative to `owner`. Empty when the
/// events hold no outcome.
std::optional<LearntTerm> learn_outcome(const EffectTerm& term, Player owner, const std::vector<Event>& events);

}  // namespace bc
