#pragma once
/// The primitive operations of a resolution (Op::code) and the classes of
/// them the model, the load checks and the text form read alike
/// (docs/effects.md "Operations").
#include <cstdint>
#include <string_view>

namespace bc {

/// Primitive operations of a resolution.
enum class OpCode : std::uint8_t {
  Destroy,
  Banish,
  ReturnToHand,
  ChangePosition,     ///< to Op::position
  ChangeAtk,          ///< + Op::amount
  SetAtk,             ///< = Op::amount
  ChangeDef,          ///< + Op::amount
  NegateActivation,   ///< of the chain link below (Op::flag "and_destroy": and destroy its monster)
  NegateEffect,       ///< of the chain link below
  NegateAttack,
  EndBattlePhase,
  NoBattleDamage,     ///< to the controller, for this battle or this turn (Op::flag "indestructible": and its monsters are not destroyed by battle)
  SpecialSummon,      ///< Op::monster in Op::position to the controller's field
  ChangeAttackTarget, ///< the attack now targets the effect's target
  Opaque,             ///< something the model does not track (importers)
  HalveBattleDamage,  ///< the battle damage the controller takes is halved, for this battle or this turn
  RedirectBattleDamage,  ///< the battle damage the controller would take is taken by the opponent instead
  CannotAttack,       ///< the monster cannot attack for the rest of the turn; an attack it declared stops (S1 §战斗步骤)
  InflictDamage,      ///< effect damage to a player (object you|opponent): Op::amount, or the attacker's ATK (Op::flag)
  GainLp,             ///< a player (object you|opponent) gains Op::amount LP, or the attacker's ATK (Op::flag)
  AttractAttacks,     ///< for the rest of the turn the opponent's monsters may attack only this monster (S1 §战斗步骤的卷回)
  TakeControl,        ///< the controller takes control of the monster (to a free zone of its own) for the rest of the turn
  /// The controller's opponent (object opponent) may declare no attack for the rest of the turn; an attack
  /// already declared goes on, unlike after "cannot attack" (S1 §战斗步骤: Threatening Roar at a declaration).
  CannotDeclareAttacks,
  /// The monster inflicts piercing battle damage for the rest of the turn (Exarion Universe registers
  /// EFFECT_PIERCE on itself): read where a continuous piercing is (Stepper::pierces). Duration `turn` only.
  GrantPiercing,
  /// The monster cannot be destroyed by battle for the rest of the turn (Half Shut registers
  /// EFFECT_INDESTRUCTABLE_BATTLE on its target): a State::bp_changes record (BpChange::kBpChangeSafe),
  /// read where destruction by battle is confirmed. Duration `turn` only.
  IndestructibleByBattle,
  /// The card's controller takes half the battle damage of the monster's battles for the rest of the turn
  /// (Half Unbreak): a State::bp_changes record as above (BpChange::kBpChangeHalve). Duration `turn` only.
  HalveDamageInvolving,
  /// For the rest of the turn the damage the controller would take (battle and effect damage) is a gain
  /// of Life Points instead (Rainbow Life registers EFFECT_REVERSE_DAMAGE on its player): State::damage_mods
  /// (kReverseTurnP1/P2), read last, once the amount is fixed. Object `you`, duration `turn` only.
  ReverseDamage,
  /// The battle damage the card controller's opponent takes from the monster's battles is doubled, for this
  /// battle (Cross Counter registers EFFECT_CHANGE_BATTLE_DAMAGE with aux.ChangeBattleDamage(1,DOUBLE_DAMAGE) on
  /// the attack target, reset with the Damage Step): a State::bp_changes record flagged BpChange::kBpChangeBattle,
  /// cleared as the battle ends. Duration `battle` only.
  DoubleDamageInvolving,
  /// The monster is destroyed once damage calculation is over (Cross Counter's EVENT_BATTLED on the
  /// Fluorohydride tree), or with Op::flag "at_end_of_damage_step" as the End of the Damage Step begins
  /// (EDOPro's EVENT_DAMAGE_STEP_END), if it is still on the field: a flagged State::bp_changes record as above.
  /// Duration `battle` only.
  DestroyAfterCalculation,
};
inline constexpr int kOpCodeCount = 29;

/// The word of a term's text that sets Op::flag on an operation ("": none;
/// attacker_atk, the Life Point operations' flag, is read as their amount).
std::string_view flag_word(OpCode c);

/// Operations whose change lasts the turn, always (their duration is unwritten in a term's text).
constexpr bool op_lasts_turn_only(OpCode c) {
  return c == OpCode::GrantPiercing || c == OpCode::IndestructibleByBattle || c == OpCode::HalveDamageInvolving ||
         c == OpCode::ReverseDamage;
}

/// Operations whose change lasts this battle only, kept in a record of the
/// monster's (BpChange::kBpChangeBattle): their duration is unwritten too.
constexpr bool op_lasts_battle_only(OpCode c) {
  return c == OpCode::DoubleDamageInvolving || c == OpCode::DestroyAfterCalculation;
}

/// Operations on the battle damage the controller takes (object `you`, a
/// duration): "no damage", halved, redirected to the opponent, turned into a gain.
constexpr bool op_on_player_damage(OpCode c) {
  return c == OpCode::NoBattleDamage || c == OpCode::HalveBattleDamage || c == OpCode::RedirectBattleDamage ||
         c == OpCode::ReverseDamage;
}
/// Operations on a player's Life Points outside battle (object `you` or
/// `opponent`; an amount, or `attacker_atk`): effect damage and gains.
constexpr bool op_on_life_points(OpCode c) { return c == OpCode::InflictDamage || c == OpCode::GainLp; }

}  // namespace bc
