#pragma once
/// The records of a trace (docs/trace-format.md, v1) as plain values: the
/// header, events and `offered` records. The model's Event stays as it is;
/// what only traces carry (an activation's real card name, what an engine
/// offered a player) lives here. Lives in checker/ so the conformance
/// checker can consume records; counterexamples/ reads and writes them.
#include <cstddef>
#include <cstdint>
#include <string>

#include "model/vocabulary/action.hpp"
#include "model/vocabulary/event.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// Bit t set = EventType t. Used for the header's "omits" list.
using EventTypeMask = std::uint32_t;
static_assert(kEventTypeCount <= 32, "EventTypeMask holds every event type");
/// The bit of one event type in an EventTypeMask.
constexpr EventTypeMask event_bit(EventType t) { return EventTypeMask{1} << static_cast<int>(t); }

/// Event types new in trace version 2 (ATK/DEF changes and their expiry): a
/// trace of an older version cannot show them, so its readers omit them.
inline constexpr EventTypeMask kVersion2Events = event_bit(EventType::StatChanged) | event_bit(EventType::ChangeExpired);
/// Event types new in trace version 3 (Normal and Flip Summons).
inline constexpr EventTypeMask kVersion3Events = event_bit(EventType::NormalSummoned) | event_bit(EventType::FlipSummoned);
/// Event types new in trace version 4 (an effect forbids a monster to attack; Life Points change outside battle).
inline constexpr EventTypeMask kVersion4Events = event_bit(EventType::AttackForbidden) | event_bit(EventType::LifePointsChanged);
/// Event types new in trace version 5 (a forced attack target).
inline constexpr EventTypeMask kVersion5Events = event_bit(EventType::AttackTargetForced);
/// Event types new in trace version 6 (a control change).
inline constexpr EventTypeMask kVersion6Events = event_bit(EventType::ControlChanged);
/// Event types new in trace version 8 (a Spell or Trap card destroyed on the field).
inline constexpr EventTypeMask kVersion8Events = event_bit(EventType::CardDestroyed);
/// The event types a trace of `version` cannot show (its readers omit them).
constexpr EventTypeMask events_newer_than(int version) {
  return (version < 2 ? kVersion2Events : 0) | (version < 3 ? kVersion3Events : 0) | (version < 4 ? kVersion4Events : 0) |
         (version < 5 ? kVersion5Events : 0) | (version < 6 ? kVersion6Events : 0) | (version < 8 ? kVersion8Events : 0);
}
/// The trace version that introduced event type `t` (1 for the older ones).
constexpr int version_of(EventType t) {
  return (kVersion8Events & event_bit(t))   ? 8
         : (kVersion6Events & event_bit(t)) ? 6
         : (kVersion5Events & event_bit(t)) ? 5
         : (kVersion4Events & event_bit(t)) ? 4
         : (kVersion3Events & event_bit(t)) ? 3
         : (kVersion2Events & event_bit(t)) ? 2
                                            : 1;
}

/// The first line of a trace: format version, ruleset, scenario, and the
/// event types the engine does not emit (the model's are filtered the same way).
struct TraceHeader {
  int version = 8;          ///< 0 to 8 (kTraceVersion, trace_json.hpp)
  std::string ruleset;      ///< name or file of a ruleset; empty = not given
  Scenario scenario;
  EventTypeMask omits = 0;  ///< event types this engine never writes
};

/// "At this point the engine let `player` choose among exactly these
/// actions" (issue 6). Fields an action leaves out (an activation's target,
/// a declaration's target) match any value when compared with the model.
struct Offered {
  Player player = Player::P1;
  bool has_timing = false;   ///< the record named the timing window
  Timing timing = Timing::MainPhase1;
  ActionList actions;        ///< as offered, in the record's order
};

/// True when `given` (an action as an engine wrote it) names `legal` (one of
/// Model::actions()): same type, and every field `given` sets is equal; a
/// field left unset (kNoCard / kNoSlot) matches any value. So an offered
/// {"action":"activate","card":3} covers every target of card 3, and
/// {"action":"replay_stop"} the model's replay_stop of the current attacker.
constexpr bool action_matches(const Action& given, const Action& legal) {
  return given.type == legal.type && (given.card == kNoCard || given.card == legal.card) &&
         (given.attacker == kNoSlot || given.attacker == legal.attacker) &&
         (given.target == kNoSlot || given.target == legal.target) && (given.cost == kNoSlot || given.cost == legal.cost);
}

/// What one line of a trace holds.
enum class RecordKind : std::uint8_t { Event, Offered };

/// One trace line after the header. `line` is its 1-based line number.
struct TraceRecord {
  RecordKind kind = RecordKind::Event;
  Event event{};
  Offered offered{};
  std::string card_name;  ///< activate events: the engine's real card name; may be empty
  std::size_t line = 0;
};

}  // namespace bc
