/// Target selectors and what acts on a target (model/terms/targets.hpp).
#include "model/terms/targets.hpp"

namespace bc {

const char* target_op_problem(const EffectTerm& t, const Op& o) {
  if (o.object != Object::Target || !op_takes_object(o.code)) return nullptr;
  if (t.target.kind == TargetKind::SpellTrap)
    return o.code == OpCode::Destroy ? nullptr : "a Spell or Trap target is only destroyed (\"destroy target\")";
  return t.target.kind == TargetKind::Monster ? nullptr : "acts on the target, but the effect has no monster target";
}

bool selector_admits(const TargetSpec& sel, const TargetFacts& m) {
  if (sel.side == SideSel::Own && !m.own_side) return false;
  if (sel.side == SideSel::Opponent && m.own_side) return false;
  if (sel.face == FaceSel::FaceUp && m.face_down) return false;
  if (sel.face == FaceSel::FaceDown && !m.face_down) return false;
  if (sel.role == RoleSel::Battling && !(m.attacker || m.attack_target)) return false;
  if (sel.role == RoleSel::Attacker && !m.attacker) return false;
  if (sel.role == RoleSel::AttackTarget && !m.attack_target) return false;
  return true;
}

std::uint8_t pack_selector(const TargetSpec& sel) {
  return static_cast<std::uint8_t>(static_cast<unsigned>(sel.kind) | (static_cast<unsigned>(sel.side) << 2) |
                                   (static_cast<unsigned>(sel.face) << 4) | (static_cast<unsigned>(sel.role) << 6));
}

TargetSpec unpack_selector(std::uint8_t p) {
  return TargetSpec{static_cast<TargetKind>(p & 3u), static_cast<SideSel>((p >> 2) & 3u),
                    static_cast<FaceSel>((p >> 4) & 3u), static_cast<RoleSel>((p >> 6) & 3u)};
}

}  // namespace bc
