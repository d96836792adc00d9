#pragma once
/// The continuous part of an effect term (docs/effects.md "Continuous
/// effects"): what applies while the card, or its face-up host, is on the
/// field. Never activated; the model reads it where the rule it changes is
/// applied (model/rules/continuous.cpp), the monitors through the same kinds.
#include <cstdint>

namespace bc {

/// Continuous effects: apply while the card (or its face-up host) is on the field.
enum class ContinuousKind : std::uint8_t {
  None,
  CalcAtkModifier,      ///< Skyscraper-like: +amount ATK to own attacking monsters during damage calculation only
  DamageStepAtkModifier,///< +amount ATK to own battling monsters during the Damage Step only
  CannotAttackAtLeast,  ///< the opponent's monsters with amount or more ATK cannot declare an attack
  CannotBeAttacked,     ///< the host cannot be chosen as an attack target
  MayAttackDirectly,    ///< the host may attack directly
  NoTrapActivation,     ///< no Trap card can be activated, by either player (Royal Decree, Jinzo; docs/effects.md)
  SelfDestructNoOtherMonster,  ///< the host is destroyed when its controller controls no other monster
  Piercing,             ///< the host, attacking a Defense Position monster with a lower DEF, inflicts the difference
  DoubleBattleDamage,   ///< the battle damage the host inflicts to the opponent is doubled
  RedirectBattleDamage, ///< the battle damage its controller would take from the host's battles goes to the opponent
  SecondAttack,         ///< the host may declare a second attack in each Battle Phase (S4 §2.4.2: one attack "basically")
  CannotAttackDirectly, ///< the host cannot attack directly (it may still attack monsters)
  IgnoredAsAttackTarget,///< the host cannot be targeted for attacks, but does not prevent direct attacks
  AttackAllOnceEach,    ///< the host may attack each of the opponent's monsters once (then no direct attack, S1 §攻击被无效)
  MustAttack,           ///< the host must attack if able: the Battle Phase does not end while it can declare an attack
};
inline constexpr int kContinuousKindCount = 16;

/// Continuous parts that act on the card's own monster (its host): without
/// one they never apply. The loaders' checks and the term generator read this.
constexpr bool continuous_needs_host(ContinuousKind k) {
  return k == ContinuousKind::CannotBeAttacked || k == ContinuousKind::MayAttackDirectly ||
         k == ContinuousKind::SelfDestructNoOtherMonster || k == ContinuousKind::Piercing ||
         k == ContinuousKind::DoubleBattleDamage || k == ContinuousKind::RedirectBattleDamage ||
         k == ContinuousKind::SecondAttack || k == ContinuousKind::CannotAttackDirectly ||
         k == ContinuousKind::IgnoredAsAttackTarget || k == ContinuousKind::AttackAllOnceEach ||
         k == ContinuousKind::MustAttack;
}

struct ContinuousSpec {
  ContinuousKind kind = ContinuousKind::None;
  std::int16_t amount = 0;
  bool operator==(const ContinuousSpec&) const = default;
};

}  // namespace bc
