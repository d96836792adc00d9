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

/// The monsters battling when an outcome happened (kNoSlot: none), so that an
/// outcome on a second monster can be stated by its role.
struct OutcomeBattlers {
  std::uint8_t attacker = kNoSlot;
  std::uint8_t target = kNoSlot;
  /// Whether the effect may target: false for one known not to (a script
  /// without EFFECT_FLAG_CARD_TARGET), whose battling monsters are then all
  /// stated by their roles; a monster not battling still only as the target.
  bool targets = true;
  /// The slots holding a monster as the link began to resolve, and those of
  /// them in face-up Attack Position (bit per slot; 0: not known). One
  /// operation alike on each of two or more of them, by an effect that does
  /// not target, is stated by the object naming them all (mass_object).
  std::uint16_t field = 0;
  std::uint16_t attack_position = 0;
};

/// A term whose operations were learnt from an engine's outcome.
struct LearntTerm {
  EffectTerm term;
  std::uint8_t target = kNoSlot;  ///< the monster the outcome acted on (the activation's target)
};

/// Whether an engine's events show the operation (a learnt outcome makes it),
/// or it is the opaque one that stands for whatever they show.
bool shown_by_events(OpCode c);

/// `term` with its operations replaced by `events`' outcomes, in order. The
/// first monster acted on becomes the target (the selector takes its side
/// relative to `owner`), unless the effect does not target; an outcome on another monster is kept when that
/// monster is battling (an operation on the owner's or the opponent's
/// battler: D.D. Warrior Lady banishes both) and dropped otherwise. An effect
/// that does not target and did one operation alike to every monster on the
/// field, every monster the opponent controls, or every one of them in
/// Attack Position (two or more, by `battlers.field`) has that one operation
/// on all of them (Torrential Tribute). The term's operations that no event
/// can show (ending the Battle Phase, negating the attack, ATK changes...)
/// follow the learnt ones: the stream does not contradict them (Battle Fader
/// summons itself, then ends the Battle Phase). Empty when the events hold no outcome.
std::optional<LearntTerm> learn_outcome(const EffectTerm& term, Player owner, const std::vector<Event>& events,
                                        OutcomeBattlers battlers = {});

}  // namespace bc
