#pragma once
/// Test-only rapidcheck generator of arbitrary (not necessarily sensible)
/// events, with every enum field inside its range.
#include <rapidcheck.h>

#include "model/vocabulary/event.hpp"

namespace bc::test {

template <typename E>
E any_enum(int count) {
  return static_cast<E>(*rc::gen::inRange(0, count));
}

/// A slot, kDirect or kNoSlot.
inline std::uint8_t any_slot() {
  return *rc::gen::element<std::uint8_t>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, kDirect, kNoSlot);
}

inline Event any_event() {
  Event e;
  e.type = any_enum<EventType>(kEventTypeCount);
  e.player = any_enum<Player>(2);
  e.step = any_enum<Step>(kStepCount);
  e.timing = any_enum<Timing>(kTimingCount);
  e.slot = any_slot();
  e.target = any_slot();
  e.card = *rc::gen::element<std::uint8_t>(0, 1, 5, 15, kNoCard);
  e.link = static_cast<std::uint8_t>(*rc::gen::inRange(0, 9));
  e.monster = *rc::gen::element<std::uint8_t>(0, 3, 31, kNoMonster);
  e.kind = any_enum<EffectKind>(kEffectKindCount);
  e.reason = any_enum<LeaveReason>(3);
  e.negation = any_enum<Negation>(2);
  e.mode = any_enum<CalcMode>(3);
  e.position = any_enum<Position>(3);
  e.value = *rc::gen::inRange(-100000, 100000);
  e.value2 = *rc::gen::inRange(-100000, 100000);
  e.duration = any_enum<Duration>(3);
  return e;
}

}  // namespace bc::test
