/// Target selectors and what acts on a target (model/terms/targets.hpp).
#include "model/terms/targets.hpp"

namespace bc {

const char* target_op_problem(const EffectTerm& t, const Op& o) {
  if (o.object != Object::Target || !op_takes_object(o.code)) return nullptr;
  if (t.target.kind == TargetKind::SpellTrap)
    return o.code == OpCode::Destroy || o.code == OpCode::ReturnToHand
               ? nullptr
               : "a Spell or Trap target is only destroyed or returned (\"destroy target\", \"return_to_hand target\")";
  if (t.target.kind == TargetKind::Card)
    return o.code == OpCode::Destroy || o.code == OpCode::Banish || o.code == OpCode::ReturnToHand
               ? nullptr
               : "a card target (a monster or a Spell or Trap) is only destroyed, banished or returned";
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

namespace {
constexpr unsigned kKinds = 5, kSides = 3, kFaces = 3;  // TargetKind, SideSel, FaceSel values (RoleSel: 4)
}  // namespace

std::uint8_t pack_selector(const TargetSpec& sel) {
  const auto v = [](auto e) { return static_cast<unsigned>(e); };
  return static_cast<std::uint8_t>(v(sel.kind) + kKinds * (v(sel.side) + kSides * (v(sel.face) + kFaces * v(sel.role))));
}

TargetSpec unpack_selector(std::uint8_t p) {
  unsigned x = p;
  const auto kind = static_cast<TargetKind>(x % kKinds);
  x /= kKinds;
  const auto side = static_cast<SideSel>(x % kSides);
  x /= kSides;
  return TargetSpec{kind, side, static_cast<FaceSel>(x % kFaces), static_cast<RoleSel>(x / kFaces)};
}

}  // namespace bc
