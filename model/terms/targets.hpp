#pragma once
/// What an effect targets (docs/effects.md "Targets"): how a selector admits
/// a monster, the one reading the model and the monitors share, and what an
/// operation may do to the target the term names.
#include <cstdint>

#include "model/terms/effect.hpp"

namespace bc {

/// Operation `o` of `t` removes a monster: not the destruction of a Spell or Trap target.
inline bool removes_monster(const EffectTerm& t, const Op& o) {
  return op_removes(o.code) && !(o.object == Object::Target && t.target.kind == TargetKind::SpellTrap);
}
/// What is wrong with operation `o` acting on `t`'s target (nullptr: nothing):
/// a target the term has not, or a Spell or Trap target anything but destroyed.
const char* target_op_problem(const EffectTerm& t, const Op& o);
/// Where a monster stands, as a target selector reads it.
struct TargetFacts {
  bool own_side = false;       ///< on the side of the effect's controller
  bool face_down = false;      ///< face-down Defense Position
  bool attacker = false;       ///< the attacking monster of the attack in progress
  bool attack_target = false;  ///< the monster attacked in the attack in progress
};
/// Whether a monster selector ("monster opponent face_up", "own battling")
/// admits a monster: side, face and role, the one reading the model (which
/// monsters it offers as targets) and the target_matches_selector monitor
/// (which targets a trace may show) share. The rules' own limits on any
/// target (one destroyed by battle) are other rules.
bool selector_admits(const TargetSpec& sel, const TargetFacts& m);
/// Whether a selector's side admits a card on the controller's side (`own_side`) or the opponent's.
constexpr bool side_admits(SideSel sel, bool own_side) {
  return sel == SideSel::Any || (sel == SideSel::Own) == own_side;
}
/// TargetSpec in one byte (kind, side, face, role: mixed radix, 180 values) and back, for the trace
/// header the monitors keep per card.
std::uint8_t pack_selector(const TargetSpec& sel);
TargetSpec unpack_selector(std::uint8_t packed);

}  // namespace bc
