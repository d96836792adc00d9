#pragma once
/// The continuous part of an effect term (docs/effects.md "Continuous
/// effects"): what applies while the card, or its face-up host, is on the
/// field. Never activated; the model reads it where the rule it changes is
/// applied (model/rules/continuous.cpp), the monitors through the same kinds.
#include <cstdint>
#include <optional>
#include <string>

#include "model/vocabulary/monster_type.hpp"
#include "model/vocabulary/types.hpp"

namespace bc {

/// Continuous effects: apply while the card (or its face-up host) is on the field.
enum class ContinuousKind : std::uint8_t {
  None,
  CalcAtkModifier,      ///< Skyscraper-like: +amount ATK to own attacking monsters during damage calculation only
  DamageStepAtkModifier,///< +amount ATK to own battling monsters during the Damage Step only (both: ContinuousSpec's foe)
  CannotAttackAtLeast,  ///< the opponent's monsters with amount or more ATK cannot declare an attack
  CannotBeAttacked,     ///< the host cannot be chosen as an attack target
  MayAttackDirectly,    ///< the host may attack directly
  NoTrapActivation,     ///< no Trap card can be activated, by either player (Royal Decree, Jinzo; docs/effects.md)
  SelfDestructNoOtherMonster,  ///< the host is destroyed when its controller controls no other monster
  Piercing,             ///< the host, attacking a Defense Position monster with a lower DEF, inflicts the difference
  DoubleBattleDamage,   ///< the battle damage the host inflicts to the opponent is doubled (`of` kWhenAttacked: only when it is the attack target, Stone Statue of the Aztecs)
  RedirectBattleDamage, ///< the battle damage its controller would take from the host's battles goes to the opponent
  SecondAttack,         ///< the host may declare a second attack in each Battle Phase (S4 §2.4.2: one attack "basically")
  CannotAttackDirectly, ///< the host cannot attack directly (it may still attack monsters)
  IgnoredAsAttackTarget,///< the host cannot be targeted for attacks, but does not prevent direct attacks
  AttackAllOnceEach,    ///< the host may attack each of the opponent's monsters once (then no direct attack, S1 §攻击被无效)
  MustAttack,           ///< the host must attack if able: the Battle Phase does not end while it can declare an attack
  CannotAttackLevelAtLeast,  ///< monsters of Level amount or higher cannot declare an attack (Gravity Bind)
  CannotAttackOfType,   ///< monsters of the Type amount (a MonsterType) cannot declare an attack (Insect Barrier)
  IndestructibleByBattle,  ///< the host cannot be destroyed by battle (Spirit Reaper, Marshmallon; S0 §6.3.4.3.3), or with an amount only by a monster with that much ATK or more (indestructible_against)
  /// The host's controller's opponent cannot activate Trap cards during the
  /// Battle Phase (Mirage Dragon): no_trap_activation for one player only.
  OpponentNoTrapActivation,
  /// The host is destroyed when an effect that targets it resolves (Spirit
  /// Reaper): after that chain link's resolution, outside a battle's Damage
  /// Step before damage calculation, where S2 §マスタールール2以前のダメージステップ
  /// has it wait for the battle's destruction to be confirmed (not modelled:
  /// docs/effects.md).
  DestroyedWhenTargeted,
  /// Every face-up monster is in Attack Position and stays there (Final Attack
  /// Orders): only on a Continuous Spell or Trap activated during the duel
  /// (only_after_activation), applied when it comes into force and to each
  /// monster turned face-up, summoned or changed to face-up Defense Position while it applies.
  FaceUpAttackPosition,
  /// Every other Trap card's effects are negated (Royal Decree): a Trap's
  /// chain link resolves without its effect, a Trap's continuous part does not
  /// apply. Only on a Continuous Spell or Trap activated during the duel.
  NegateTrapEffects,
  /// The effects of face-up monsters on the field are negated (Skill Drain): a
  /// monster effect's chain link whose monster is face-up on the field when it
  /// resolves resolves without its effect, and such a monster's continuous
  /// part does not apply. Only on a Continuous Spell or Trap activated during the duel.
  NegateMonsterEffects,
  /// Face-up monsters of the Type `of` gain `amount` ATK (a loss when
  /// negative): its controller's (Command Knight's Warriors), or every one on
  /// the field with `all_monsters`. Applied wherever ATK is read, while the
  /// card applies, a monster flipped by an attack's at once (S3 §Flipping the
  /// Face-Down Monster Face-Up, S3 §Damage Calculation; docs/effects.md
  /// "Continuous effects": `type_atk`, `attribute_atk`).
  TypeAtkModifier,
  /// The same by Attribute (Nightmare Penguin's WATER monsters; Hoshiningen:
  /// LIGHT +500 and DARK -400 on the whole field, two parts, two cards).
  AttributeAtkModifier,
  /// The host, if it has attacked this Battle Phase, changes to Defense
  /// Position as the End Step begins: applied, not activated, so no chain and
  /// nothing to respond to (Goblin Attack Force, Giant Orc, Diamond Crab King:
  /// S0 §6.3.4.3's Diamond Crab King example has it apply even when its battle
  /// had no damage calculation; both cores run it as a continuous effect on
  /// EVENT_PHASE+PHASE_BATTLE before the End Step's prompts). S3 §End of Battle
  /// Phase reads such cards as activated triggers: that reading is the term
  /// trigger `end_of_battle_phase` with `change_position self defense`.
  DefenseAfterAttacking,
  /// Its controller takes no battle damage: a monster's own part, from the
  /// battles of that monster (Rocket Warrior's shape); a Spell's or Trap's, from
  /// any battle while its controller controls a monster (Spirit Barrier, a
  /// Continuous Trap whose part applies once it has resolved). Applied at
  /// damage calculation like "no battle damage" (S0 §6.3.4.3.3).
  NoBattleDamage,
  /// The host, if it is the attacking monster and in Attack Position, changes
  /// to face-up Defense Position as the end of the Damage Step begins, after
  /// the monsters destroyed by battle have left (Spear Dragon). Applied, not
  /// activated: no chain (S1 §伤害步骤结束时 has effects apply at that timing
  /// only when it exists; S2 §マスタールール2以前のダメージステップ stage 6 has
  /// the destroyed monsters leave first).
  DefenseAtEndOfDamageStep,
  /// The host, if it is the attack target and in face-up Defense Position,
  /// changes to face-up Attack Position at the same point (Big Shield Gardna).
  AttackAtEndOfDamageStep,
  /// Its controller's face-up monsters of the printed Type `amount` (a MonsterType) inflict
  /// piercing battle damage when they attack a Defense Position monster
  /// (Enraged Battle Ox: one part for each of its three Types). Read where a
  /// monster's own piercing is, through type_piercing_reaches.
  TypePiercing,
  /// No battle damage from the battles in which the host is the attacking
  /// monster, to the players `of` names (kSparesController, kSparesOpponent):
  /// Exploder Dragon spares both (its script: EFFECT_AVOID_BATTLE_DAMAGE and
  /// EFFECT_NO_BATTLE_DAMAGE while it is the attacker). Applied at damage
  /// calculation like "no battle damage" (S0 §6.3.4.3.3); read through
  /// spared_when_attacking by the model; the monitors leave the amount to conformance.
  NoBattleDamageAttacking,
  /// While the host is the attacking monster (from its attack declaration to the end of that
  /// battle), its controller's opponent cannot activate Spell or Trap cards (Ancient Gear Soldier:
  /// a field EFFECT_CANNOT_ACTIVATE on the opponent, of card activations, under the condition
  /// "it is the attacker"). Read where an activation is allowed (Stepper::spell_traps_locked);
  /// no source speaks of it: the card's own text.
  NoSpellTrapWhileAttacking,
  /// The battle damage the host inflicts to the opponent is halved (Susa Soldier: its own
  /// EFFECT_CHANGE_BATTLE_DAMAGE with aux.ChangeBattleDamage(1,HALF_DAMAGE)); with `of`
  /// kWhenAttacked, only in the battles in which it is the attack target, as double_battle_damage.
  HalveBattleDamageInflicted,
  /// Every face-up monster of the printed Type `amount` (a MonsterType), on either side, is in
  /// face-up Defense Position and stays there (Dragon Capture Jar): Final Attack Orders' shape
  /// with the other position, only on a Continuous Spell or Trap activated during the duel.
  /// Applied when it comes into force and to each such monster summoned or changed to Attack
  /// Position while it applies; one in Defense Position cannot declare an attack.
  FaceUpDefenseOfType,
  /// For the rest of the turn its controller's monsters are no attack targets and keep no
  /// direct attack away: the opponent's monsters attack directly (Absolute End). Only on a
  /// card activated during the duel, lasting once it has resolved (a Normal Trap's too). An
  /// attack declared on one of those monsters, and not yet in the Damage Step, replays once
  /// the chain has resolved, as for a forced attack target (S1 §战斗步骤的卷回: an attack the
  /// attacker may no longer make in the Battle Step replays; knob forced_target_causes_replay).
  OpponentAttacksDirectly,
};
inline constexpr int kContinuousKindCount = 36;
/// The kinds a card on the field from the start may carry (every kind before
/// FaceUpAttackPosition, and the ATK changes by Type or Attribute and
/// DefenseAfterAttacking after them): the random generator draws its
/// continuous effects among the first, the others apart (term_gen.cpp,
/// draw_printed_atk, draw_defense_after_attacking).
inline constexpr int kAlwaysOnContinuousKindCount = 21;

/// Parts that only a Continuous Spell or Trap activated during the duel may
/// carry: one on the field from the start would need the scenario's board to
/// agree with it already.
constexpr bool only_after_activation(ContinuousKind k) {
  return k == ContinuousKind::FaceUpAttackPosition || k == ContinuousKind::NegateTrapEffects ||
         k == ContinuousKind::NegateMonsterEffects || k == ContinuousKind::FaceUpDefenseOfType ||
         k == ContinuousKind::OpponentAttacksDirectly;
}
/// Parts that negate other cards' effects while they apply (model/rules/continuous.cpp
/// negated_by_continuous; the monitors set aside what such a card may negate).
constexpr bool negates_effects(ContinuousKind k) {
  return k == ContinuousKind::NegateTrapEffects || k == ContinuousKind::NegateMonsterEffects;
}

/// Continuous parts that act on the card's own monster (its host): without
/// one they never apply. The loaders' checks and the term generator read this.
constexpr bool continuous_needs_host(ContinuousKind k) {
  return k == ContinuousKind::CannotBeAttacked || k == ContinuousKind::MayAttackDirectly ||
         k == ContinuousKind::SelfDestructNoOtherMonster || k == ContinuousKind::Piercing ||
         k == ContinuousKind::DoubleBattleDamage || k == ContinuousKind::RedirectBattleDamage ||
         k == ContinuousKind::SecondAttack || k == ContinuousKind::CannotAttackDirectly ||
         k == ContinuousKind::IgnoredAsAttackTarget || k == ContinuousKind::AttackAllOnceEach ||
         k == ContinuousKind::MustAttack || k == ContinuousKind::IndestructibleByBattle ||
         k == ContinuousKind::OpponentNoTrapActivation || k == ContinuousKind::DestroyedWhenTargeted ||
         k == ContinuousKind::DefenseAfterAttacking || k == ContinuousKind::DefenseAtEndOfDamageStep ||
         k == ContinuousKind::AttackAtEndOfDamageStep || k == ContinuousKind::NoBattleDamageAttacking ||
         k == ContinuousKind::NoSpellTrapWhileAttacking || k == ContinuousKind::HalveBattleDamageInflicted;
}

/// The continuous parts a Continuous Spell or Trap activated during the duel
/// may carry (continuous_after_activation in effect.hpp): locks, read where
/// the rule they change is applied (a declaration, an activation), and the
/// forced Attack Position, whose changes are events, and a piercing lent to a
/// Type (Dragon's Rage), whose damage the monitors leave to conformance. A
/// monster's own parts need a host, and ATK modifiers are read by the
/// monitors' damage expectations from the start of a trace, so neither is one.
constexpr bool lasts_after_activation(ContinuousKind k) {
  return k == ContinuousKind::CannotAttackAtLeast || k == ContinuousKind::CannotAttackLevelAtLeast ||
         k == ContinuousKind::CannotAttackOfType || k == ContinuousKind::NoTrapActivation ||
         k == ContinuousKind::FaceUpAttackPosition || negates_effects(k) || k == ContinuousKind::NoBattleDamage ||
         k == ContinuousKind::TypePiercing || k == ContinuousKind::FaceUpDefenseOfType ||
         k == ContinuousKind::OpponentAttacksDirectly;
}

struct ContinuousSpec {
  ContinuousKind kind = ContinuousKind::None;
  std::int16_t amount = 0;  ///< ATK, a Level or a MonsterType (cannot_attack_type, type_piercing), as the kind says
  std::uint8_t of = 0;      ///< the MonsterType or MonsterAttribute an ATK change by Type or Attribute names
  bool all_monsters = false;  ///< that change applies to every monster on the field, not only its controller's
  /// calc_atk_modifier, damage_step_atk_modifier: only while the monster it
  /// raises battles a face-up one of this Attribute (foe_attribute) or Type
  /// (foe_type), 0 for any ("vs light": Penumbral Soldier Lady). On a card
  /// with a host, the change is the host's own (docs/effects.md).
  std::uint8_t foe_attribute = 0;
  std::uint8_t foe_type = 0;
  bool operator==(const ContinuousSpec&) const = default;
};

/// Kinds that raise a battling monster's ATK in the Damage Step or at damage calculation.
constexpr bool is_battle_atk_modifier(ContinuousKind k) {
  return k == ContinuousKind::CalcAtkModifier || k == ContinuousKind::DamageStepAtkModifier;
}

/// Whether a battle modifier `k` applies to a monster battling one of this
/// Attribute and Type, face-up or not: the model (Stepper::continuous_atk)
/// reads a card through this one function.
constexpr bool battle_foe_matches(const ContinuousSpec& k, bool foe_face_up, MonsterType type, MonsterAttribute attribute) {
  if (k.foe_attribute == 0 && k.foe_type == 0) return true;
  if (!foe_face_up) return false;
  if (k.foe_attribute != 0 && static_cast<int>(attribute) != k.foe_attribute) return false;
  return k.foe_type == 0 || static_cast<int>(type) == k.foe_type;
}

/// Kinds that change the ATK of the monsters of a printed Type or Attribute.
constexpr bool is_printed_atk_modifier(ContinuousKind k) {
  return k == ContinuousKind::TypeAtkModifier || k == ContinuousKind::AttributeAtkModifier;
}

/// The ATK a printed modifier `k` gives a face-up monster of this Type and
/// Attribute (0 when it names neither). The model (Stepper::printed_atk)
/// reads a card through this one function; which side's monsters it reaches
/// is `k.all_monsters`.
constexpr int printed_atk_change(const ContinuousSpec& k, MonsterType type, MonsterAttribute attribute) {
  if (k.kind == ContinuousKind::TypeAtkModifier)
    return type != MonsterType::None && static_cast<int>(type) == k.of ? k.amount : 0;
  if (k.kind == ContinuousKind::AttributeAtkModifier)
    return attribute != MonsterAttribute::None && static_cast<int>(attribute) == k.of ? k.amount : 0;
  return 0;
}

/// A type_piercing part that names no Type (ContinuousSpec::of; the text's `any`):
/// every monster of its controller's pierces (Meteorain, for the turn once it resolved).
inline constexpr std::uint8_t kEveryType = 1;

/// Whether a lent piercing `k` (TypePiercing) reaches a monster of this
/// printed Type: the Type it names, or any with `of` kEveryType (also a
/// monster with no Type given). The model (Stepper::pierces) reads a card
/// through this one function.
constexpr bool type_piercing_reaches(const ContinuousSpec& k, MonsterType type) {
  if (k.kind != ContinuousKind::TypePiercing) return false;
  return k.of == kEveryType || (type != MonsterType::None && static_cast<int>(type) == k.amount);
}

/// The position a face-up monster of this printed Type ends in when it would be in `pos` while the
/// part `k` applies: Attack Position under face_up_attack_position, face-up Defense Position under
/// face_up_defense_type of its Type, else `pos`. The model (Stepper::forced_position) reads a card
/// through this one function.
constexpr Position forced_by(const ContinuousSpec& k, MonsterType type, Position pos) {
  if (k.kind == ContinuousKind::FaceUpAttackPosition && pos == Position::FaceUpDefense) return Position::FaceUpAttack;
  if (k.kind == ContinuousKind::FaceUpDefenseOfType && pos == Position::FaceUpAttack && type != MonsterType::None &&
      static_cast<int>(type) == k.amount)
    return Position::FaceUpDefense;
  return pos;
}

/// An indestructible_by_battle part with an amount that holds against `amount` or less ATK
/// (ContinuousSpec::of; the text's `up_to`: Different Dimension Dragon, 1900).
inline constexpr std::uint8_t kUpToAtk = 1;

/// Whether an indestructible_by_battle part `k` keeps its host from destruction
/// in a battle against a monster with `foe_atk` ATK at damage calculation:
/// every battle when `k.amount` is 0 (Spirit Reaper), else only against `k.amount`
/// or more ATK (Obnoxious Celtic Guard: 1900), or with `of` kUpToAtk, `k.amount` or
/// less (Different Dimension Dragon: 1900). The model (Stepper::confirm_destroyed)
/// and the monitors (expect_outcome) read a card through this one function.
constexpr bool indestructible_against(const ContinuousSpec& k, int foe_atk) {
  if (k.kind != ContinuousKind::IndestructibleByBattle) return false;
  return k.amount <= 0 || (k.of == kUpToAtk ? foe_atk <= k.amount : foe_atk >= k.amount);
}

/// A change of the battle damage its host inflicts (double_battle_damage, halve_battle_damage_inflicted)
/// only in the battles in which the host is the attack target (ContinuousSpec::of; the text's `attacked`).
inline constexpr std::uint8_t kWhenAttacked = 1;
/// Kinds that change the battle damage their host inflicts to the opponent.
constexpr bool changes_inflicted_damage(ContinuousKind k) {
  return k == ContinuousKind::DoubleBattleDamage || k == ContinuousKind::HalveBattleDamageInflicted;
}

/// The players a no_battle_damage_attacking part spares (ContinuousSpec::of), relative to its controller.
inline constexpr std::uint8_t kSparesController = 1, kSparesOpponent = 2;

/// Whether the part `k` spares a player (its card's controller when
/// `player_is_controller`, else the opponent) the battle damage of a battle;
/// `host_attacks`: the card's host is the attacking monster. The model
/// (Stepper::damage_modifiers) reads a card through this one function.
constexpr bool spared_when_attacking(const ContinuousSpec& k, bool host_attacks, bool player_is_controller) {
  if (k.kind != ContinuousKind::NoBattleDamageAttacking || !host_attacks) return false;
  return (k.of & (player_is_controller ? kSparesController : kSparesOpponent)) != 0;
}

/// Locks on attack declarations that read a monster's printed Level or Type,
/// which never change during a battle (unlike ATK): a trace's header shows
/// them, so the monitors check them where an ATK lock stays unchecked.
constexpr bool is_printed_lock(ContinuousKind k) {
  return k == ContinuousKind::CannotAttackLevelAtLeast || k == ContinuousKind::CannotAttackOfType;
}

/// Whether the printed lock `k` stops a monster of this Level and Type from
/// declaring an attack. The model (Stepper::may_declare) and the monitors
/// (declaration_locks_are_obeyed) read a card through this one function. A
/// monster with no Level (0) or no Type given is never matched.
constexpr bool printed_lock_stops(const ContinuousSpec& k, int level, MonsterType type) {
  if (k.kind == ContinuousKind::CannotAttackLevelAtLeast) return level > 0 && level >= k.amount;
  if (k.kind == ContinuousKind::CannotAttackOfType) return type != MonsterType::None && static_cast<int>(type) == k.amount;
  return false;
}

/// The text of a continuous part: its name, and its amount when it takes one
/// ("cannot_attack_at_least 1500", "cannot_attack_level_at_least 4",
/// "cannot_attack_type insect").
std::string continuous_text(const ContinuousSpec& k);
/// Reads "name [amount]" into `out`; on failure returns false and says why in `error`.
bool parse_continuous_spec(const std::string& text, ContinuousSpec& out, std::string& error);

}  // namespace bc
