/// Situations of the effect terms' parts (term_situations.hpp): a cost that
/// spares a monster destroyed by battle (S1 §伤害计算后), a flip that is no
/// Flip Summon (S4 §2.3.1).
#include "checker/coverage/term_situations.hpp"

namespace bc {

bool tribute_spares_destroyed(const SituationView& v) {
  if (v.event.reason != LeaveReason::Cost || v.event.slot >= kSlotCount) return false;
  const int base = side_of(v.event.slot) == Player::P1 ? 0 : kZonesPerSide;
  return ((v.before.trace.confirmed >> base) & 0x1Fu) != 0;
}

bool flip_summon_host_flipped(const SituationView& v) {
  if (v.event.slot >= kSlotCount) return false;
  const std::uint8_t monster = v.before.monster[v.event.slot];
  for (const CardSpec& c : v.header.cards)
    if (c.term.activation == Activation::Trigger && c.term.trigger == TriggerEvent::FlipSummoned && c.host == monster &&
        monster != kNoMonster)
      return true;
  return false;
}

}  // namespace bc
