/// Situations of the effect terms' parts (term_situations.hpp): a cost that
/// spares a monster destroyed by battle (S1 §伤害计算后), and the Battle Phase
/// mechanics issue 31 added: a flip that is no Flip Summon (S4 §2.3.1), "cannot
/// attack" (S1 §战斗步骤), locks on declarations by Level or Type, a control
/// change, Life Points outside battle (S0 §6.3.4.3.3.2).
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

bool no_direct_attacker_stops(const SituationView& v) {
  const TraceContext& c = v.before.trace;
  const Player foe = other(side_of(c.attacker < kSlotCount ? c.attacker : std::uint8_t{0}));
  return v.event.target == kNoSlot && slot_applies(c, c.card_no_direct, c.attacker) && !(c.occupied & side_mask(foe));
}

bool direct_past_ignored(const SituationView& v) {
  const TraceContext& c = v.before.trace;
  if (v.event.target != kDirect || v.event.slot >= kSlotCount) return false;
  const std::uint16_t there = c.occupied & side_mask(other(side_of(v.event.slot)));
  return there != 0 && slots_applying(c, c.card_ignored, there) == there;
}

/// The Battle Phase moves on to the End Step while a monster that could
/// attack but for a lock by its printed Level or Type has not declared.
bool locked_monster_held_back(const SituationView& v) {
  const TraceContext& c = v.before.trace;
  if (v.event.step != Step::EndStep) return false;
  const std::uint16_t ready = c.occupied & side_mask(Player::P1) & ~(c.face_down | c.defense | c.declared);
  for (std::uint8_t s = 0; s < kZonesPerSide; ++s)
    if ((ready & slot_bit(s)) && c.monster_locked(c.slot_monster[s])) return true;
  return false;
}

/// A monster an effect summoned during this Battle Phase (it is on no zone
/// of the starting board) declares an attack.
bool summoned_monster_attacks(const SituationView& v) {
  if (v.event.slot >= kSlotCount) return false;
  const std::uint8_t m = v.before.monster[v.event.slot];
  if (m == kNoMonster) return false;
  for (const auto& side : v.header.board)
    for (const ZoneSpec& z : side)
      if (z.monster == m) return false;
  return true;
}

namespace {
using V = SituationView;
using T = EventType;
constexpr std::uint32_t on(T t) { return 1u << static_cast<int>(t); }
}  // namespace

std::vector<Situation> term_situations() {
  return {
      // ---- summons in the Battle Phase (issue 31) ---------------------------------------
      {"flipped_not_flip_summoned", "a monster with a \"when Flip Summoned\" effect is flipped face-up by an attack, "
       "which is no Flip Summon", "S0 §6.3.4.3; S4 §2.3.1", on(T::FlippedFaceUp), flip_summon_host_flipped},
      {"summoned_in_battle_phase_attacks", "a monster an effect Special Summoned in this Battle Phase declares an "
       "attack (no Normal or Flip Summon is possible there)", "S1 §战斗步骤; S4 §2.3", on(T::AttackDeclared),
       summoned_monster_attacks},
      // ---- attack counts and restrictions (issue 31; model/rules/effects.cpp forbid_attack) --------
      {"cannot_attack_mid_attack", "an effect says the attacking monster cannot attack, in the Battle Step: the "
       "attack stops", "S1 §战斗步骤", on(T::AttackForbidden),
       [](const V& v) { return v.event.slot == v.before.trace.attacker && v.before.trace.in_step(Step::BattleStep); }},
      {"cannot_attack_before_declaring", "an effect says a monster that has not declared an attack cannot attack",
       "S1 §战斗步骤", on(T::AttackForbidden),
       [](const V& v) { return !(v.before.trace.declared & slot_bit(v.event.slot)); }},
      {"second_attack_effect", "a monster declares its second attack of the Battle Phase (a second-attack effect)",
       "S1 §战斗步骤; S4 §2.4.2", on(T::AttackDeclared),
       [](const V& v) { return (v.before.trace.declared & slot_bit(v.event.slot)) != 0; }},
      {"no_direct_attack_after_replay", "a monster that cannot attack directly stops after a replay emptied the "
       "opponent's field", "S1 §战斗步骤的卷回", on(T::ReplayChoice), no_direct_attacker_stops},
      {"direct_attack_past_ignored", "a direct attack while the opponent controls only monsters that cannot be "
       "targeted for attacks but do not prevent direct attacks", "S1 §战斗步骤", on(T::AttackDeclared),
       direct_past_ignored},
      {"attack_all_next_monster", "a monster that attacks each opponent's monster once declares on another of them",
       "S1 §攻击被无效", on(T::AttackDeclared), [](const V& v) {
         const TraceContext& c = v.before.trace;
         return (c.declared & slot_bit(v.event.slot)) && slot_applies(c, c.card_attack_all, v.event.slot);
       }},
      {"must_attack_declares", "a monster that must attack if able declares its attack", "S1 §攻击被无效",
       on(T::AttackDeclared),
       [](const V& v) { return slot_applies(v.before.trace, v.before.trace.card_must_attack, v.event.slot); }},
      {"declaration_locked_by_level_or_type", "the Battle Phase reaches the End Step while a monster in Attack "
       "Position has not declared: a lock by its Level or Type (Gravity Bind, Insect Barrier) held it back",
       "S1 §战斗步骤", on(T::StepEnter), locked_monster_held_back},
      // ---- control change (issue 31; model/rules/control.cpp) ---------------------------------
      {"attacker_changes_control", "the attacking monster changes control in the Battle Step: its attack stops",
       "S1 §战斗步骤", on(T::ControlChanged), [](const V& v) {
         return v.before.trace.has(kBtlActive) && v.event.slot == v.before.trace.attacker;
       }},
      {"target_changes_control", "the attack target changes control: the attacked side's count changes (a replay)",
       "S1 §战斗步骤的卷回", on(T::ControlChanged), [](const V& v) {
         return v.before.trace.has(kBtlActive) && v.event.slot == v.before.trace.target;
       }},
      {"forced_target_replay", "a forced attack target replays an attack declared on another target or a direct one",
       "S1 §战斗步骤的卷回", on(T::Replay), [](const V& v) {
         const TraceContext& c = v.before.trace;
         return (c.forced & c.occupied) != 0 && !(c.forced & slot_bit(c.target));
       }},
      // ---- Life Points outside battle (issue 31; model/rules/effects.cpp change_life_points) ----
      {"effect_damage", "an effect inflicts damage outside battle (not battle damage)", "S0 §6.3.4.3.3.2; S1 §伤害计算时",
       on(T::LifePointsChanged), [](const V& v) { return v.event.value < 0; }},
      {"life_points_gained", "an effect gains a player Life Points", "S0 §6.3.4.3.3.2 (silent on gains)",
       on(T::LifePointsChanged),
       [](const V& v) { return v.event.value > 0; }},
  };
}

}  // namespace bc
