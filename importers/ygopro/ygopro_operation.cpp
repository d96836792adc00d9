/// Operations read from a script's operation function (operation_ops).
#include "importers/ygopro/ygopro_script_attrs.hpp"

namespace bc::ygopro::script_attrs {

namespace {

Op make_op(OpCode code, Object object) {
  Op o;
  o.code = code;
  o.object = object;
  return o;
}

/// Whether the operation gives an effect it registers a check of the cards it reaches
/// (`:SetTarget`, not `:SetTargetRange`), or names a Type or Attribute.
bool names_a_check(const std::string& operation) {
  for (std::size_t at = operation.find(":SetTarget"); at != std::string::npos; at = operation.find(":SetTarget", at + 1))
    if (operation.compare(at, 15, ":SetTargetRange") != 0) return true;
  return operation.find(":IsRace") != std::string::npos || operation.find(":IsAttribute") != std::string::npos;
}

}  // namespace

/// What the operation does, read from its source text when no category says
/// it (the categories are hints for the AI, and many cards declare none):
/// registering EFFECT_AVOID_BATTLE_DAMAGE is "no battle damage to you for this
/// battle" (Kuriboh: reset at the end of the Damage Step); Duel.NegateAttack()
/// negates the attack; Duel.ChangeAttackTarget(tc) on the effect's target moves
/// the attack to it (Shift); Duel.SkipPhase(..., PHASE_BATTLE, ...) ends the Battle
/// Phase (Negate Attack). Nothing else is guessed: the rest stays opaque.
bool operation_ops(EffectTerm& t, ScriptReading& r, const std::string& operation) {
  auto has = [&](const char* s) { return operation.find(s) != std::string::npos; };
  if (has("EFFECT_AVOID_BATTLE_DAMAGE")) {
    Op o = make_op(OpCode::NoBattleDamage, Object::You);
    o.flag = has("EFFECT_INDESTRUCTABLE_BATTLE");
    o.duration = duration_of("", operation);
    t.ops[t.op_count++] = o;
    r.rule += ", operation registers EFFECT_AVOID_BATTLE_DAMAGE: no battle damage to you";
  }
  // Registered on the player (Duel.RegisterEffect), not on a card: the
  // battle damage the controller takes, redirected or halved (processor.cpp,
  // the battle damage of damage calculation: EFFECT_REFLECT_BATTLE_DAMAGE,
  // EFFECT_CHANGE_BATTLE_DAMAGE with HALF_DAMAGE).
  const bool on_player = has("Duel.RegisterEffect");
  if (on_player && has("EFFECT_REFLECT_BATTLE_DAMAGE") && t.op_count < kMaxOps) {
    Op o = make_op(OpCode::RedirectBattleDamage, Object::You);
    o.duration = duration_of("", operation);
    t.ops[t.op_count++] = o;
    r.rule += ", operation registers EFFECT_REFLECT_BATTLE_DAMAGE on the player: the opponent takes the battle damage";
  }
  if (on_player && has("EFFECT_CHANGE_BATTLE_DAMAGE") && has("HALF_DAMAGE") && t.op_count < kMaxOps) {
    Op o = make_op(OpCode::HalveBattleDamage, Object::You);
    o.duration = duration_of("", operation);
    t.ops[t.op_count++] = o;
    r.rule += ", operation registers EFFECT_CHANGE_BATTLE_DAMAGE with HALF_DAMAGE on the player: battle damage halved";
  }
  // The damage the player takes is a gain instead, for the turn: EFFECT_REVERSE_DAMAGE on the
  // effect's own player (target range 1,0; Rainbow Life), read last by the cores' damage processing.
  if (on_player && has("EFFECT_REVERSE_DAMAGE") && has(":SetTargetRange(1,0)") &&
      duration_of("", operation) == Duration::Turn && t.op_count < kMaxOps) {
    Op o = make_op(OpCode::ReverseDamage, Object::You);
    o.duration = Duration::Turn;
    t.ops[t.op_count++] = o;
    r.rule += ", operation registers EFFECT_REVERSE_DAMAGE on its player for the turn: the damage it takes is a gain";
  }
  // A player's "cannot declare an attack" (EFFECT_CANNOT_ATTACK_ANNOUNCE on a
  // player target: Threatening Roar) lasts the turn and binds the opponent,
  // the one player who declares in the Battle Phase it can apply in.
  if (on_player && has("EFFECT_CANNOT_ATTACK_ANNOUNCE") && has("EFFECT_FLAG_PLAYER_TARGET") && t.op_count < kMaxOps) {
    t.ops[t.op_count++] = make_op(OpCode::CannotDeclareAttacks, Object::Opponent);
    r.rule += ", operation registers EFFECT_CANNOT_ATTACK_ANNOUNCE on a player: the opponent cannot declare an attack this turn";
  }
  if (has("Duel.NegateAttack")) {
    t.ops[t.op_count++] = make_op(OpCode::NegateAttack, Object::Target);
    r.rule += ", operation calls Duel.NegateAttack";
  }
  if (has("Duel.ChangeAttackTarget") && t.target.kind == TargetKind::Monster && t.op_count < kMaxOps) {
    t.ops[t.op_count++] = make_op(OpCode::ChangeAttackTarget, Object::Target);
    r.rule += ", operation calls Duel.ChangeAttackTarget: the attack moves to the target";
  }
  // "The opponent's monsters must attack that target" (EFFECT_MUST_ATTACK_MONSTER
  // registered on the player: Staunch Defender). After a move of the attack to
  // it (Fluorohydride's script calls Duel.ChangeAttackTarget first), an attack
  // already on it goes on; else it replays (S1 §战斗步骤的卷回, as EDOPro's core does).
  if (on_player && has("EFFECT_MUST_ATTACK_MONSTER") && t.target.kind == TargetKind::Monster && t.op_count < kMaxOps) {
    t.ops[t.op_count++] = make_op(OpCode::AttractAttacks, Object::Target);
    r.rule += ", operation registers EFFECT_MUST_ATTACK_MONSTER for its target: the opponent's monsters may attack only it";
  }
  // EFFECT_PIERCE registered on a card for the turn: on the target, or on a
  // monster's own card (Exarion Universe's operation, beside its ATK loss).
  const bool on_target = t.target.kind == TargetKind::Monster;
  if (has(":RegisterEffect") && has("EFFECT_PIERCE") && (on_target || t.card_type == CardType::Monster) &&
      duration_of("", operation) == Duration::Turn && t.op_count < kMaxOps) {
    Op o = make_op(OpCode::GrantPiercing, on_target ? Object::Target : Object::Self);
    o.duration = Duration::Turn;
    t.ops[t.op_count++] = o;
    r.rule += ", operation registers EFFECT_PIERCE on a card for the turn: it inflicts piercing damage";
  }
  turn_protection(t, r, operation);
  battle_changes(t, r, operation);
  if (has("Duel.SkipPhase") && has("PHASE_BATTLE") && t.op_count < kMaxOps) {
    t.ops[t.op_count++] = make_op(OpCode::EndBattlePhase, Object::Target);
    r.rule += ", operation skips the Battle Phase";
  }
  // A field EFFECT_PIERCE on its controller's monster zone, registered on the player for the
  // turn with no check of its own (Meteorain): every monster of that player's pierces once it
  // has resolved (both cores: field::calculate_battle_damage asks is_affected_by_effect(EFFECT_PIERCE)).
  if (on_player && has("EFFECT_PIERCE") && has("LOCATION_MZONE") && has("EFFECT_TYPE_FIELD") && !names_a_check(operation) &&
      duration_of("", operation) == Duration::Turn && t.card_type != CardType::Monster &&
      t.continuous.kind == ContinuousKind::None && t.op_count == 0 && t.target.kind == TargetKind::None) {
    t.continuous = ContinuousSpec{ContinuousKind::TypePiercing, 0, kEveryType};
    r.rule += ", operation registers EFFECT_PIERCE on its monster zone for the turn: its monsters inflict piercing "
              "damage once it has resolved";
    return true;
  }
  // A field EFFECT_IGNORE_BATTLE_TARGET on its controller's monster zone, registered on the
  // player for the turn (Absolute End): none of its monsters is an attack target, so the
  // opponent's monsters attack directly (both cores: field::get_attack_target neither lists
  // nor counts such a monster; card::is_capable_be_battle_target fails for one already attacked).
  if (on_player && has("EFFECT_IGNORE_BATTLE_TARGET") && has("LOCATION_MZONE") && has("EFFECT_TYPE_FIELD") &&
      duration_of("", operation) == Duration::Turn && t.card_type != CardType::Monster &&
      t.continuous.kind == ContinuousKind::None && t.op_count == 0) {
    t.continuous = ContinuousSpec{ContinuousKind::OpponentAttacksDirectly, 0};
    r.rule += ", operation registers EFFECT_IGNORE_BATTLE_TARGET on its monster zone for the turn: the opponent's "
              "monsters attack directly once it has resolved";
    return true;
  }
  // A field EFFECT_DISABLE on the Spell & Trap Zones, registered on the player
  // for the turn, whose check names Traps and no monster (Trap Stun): every
  // other Trap's effects are negated once it has resolved, as Royal Decree's
  // part negates them (both cores: EFFECT_DISABLE sets STATUS_DISABLED in
  // card::refresh_disable_status, card.cpp; its EVENT_CHAIN_SOLVING operation
  // negates each Trap link as it resolves, Duel.NegateEffect).
  const bool traps = (has("TYPE_TRAP") || has(":IsTrap")) && !has("TYPE_EFFECT") && !has("TYPE_MONSTER");
  if (on_player && has("EFFECT_DISABLE") && has("LOCATION_SZONE") && traps && t.card_type != CardType::Monster &&
      t.continuous.kind == ContinuousKind::None) {
    t.continuous = ContinuousSpec{ContinuousKind::NegateTrapEffects, 0};
    r.rule += ", operation registers EFFECT_DISABLE on Traps for the turn: every other Trap's effects are negated once it has resolved";
    return true;
  }
  return t.op_count > 0;
}

bool turn_protection(EffectTerm& t, ScriptReading& r, const std::string& operation) {
  auto has = [&](const char* s) { return operation.find(s) != std::string::npos; };
  const bool on_target = t.target.kind == TargetKind::Monster;
  if (!has(":RegisterEffect") || !(on_target || t.card_type == CardType::Monster) ||
      duration_of("", operation) != Duration::Turn)
    return false;
  auto add = [&](OpCode code, const char* rule) {
    if (t.op_count >= kMaxOps) return;
    Op o = make_op(code, on_target ? Object::Target : Object::Self);
    o.duration = Duration::Turn;
    t.ops[t.op_count++] = o;
    r.rule += rule;
  };
  const int before = t.op_count;
  if (has("EFFECT_INDESTRUCTABLE_BATTLE") && !has("EFFECT_AVOID_BATTLE_DAMAGE"))
    add(OpCode::IndestructibleByBattle,
        ", operation registers EFFECT_INDESTRUCTABLE_BATTLE on a card for the turn: it cannot be destroyed by battle");
  // The owner's battle damage from battles involving the card, halved: Fluorohydride's
  // EFFECT_CHANGE_INVOLVING_BATTLE_DAMAGE, EDOPro's EFFECT_CHANGE_BATTLE_DAMAGE on a card, each
  // with aux.ChangeBattleDamage(0,HALF_DAMAGE) (0: the effect's owner; Half Unbreak).
  const bool involving = has("EFFECT_CHANGE_INVOLVING_BATTLE_DAMAGE") ||
                         (has("EFFECT_CHANGE_BATTLE_DAMAGE") && !has("Duel.RegisterEffect"));
  if (involving && has("HALF_DAMAGE") && has("aux.ChangeBattleDamage(0)"))
    add(OpCode::HalveDamageInvolving,
        ", operation registers a halving of its owner's battle damage in battles involving a card, for the turn");
  return t.op_count > before;
}

/// Cross Counter's resolution: EFFECT_CHANGE_BATTLE_DAMAGE registered on a card (not the
/// player) with aux.ChangeBattleDamage(1,DOUBLE_DAMAGE) (1: the effect owner's opponent takes
/// it, utility.lua) and reset with the Damage Step (RESET_PHASE+PHASE_DAMAGE) doubles that
/// damage in this battle, on the battler it names; a continuous effect registered on the
/// player, on EVENT_BATTLED (Fluorohydride's tree: once damage calculation is over) or on
/// EVENT_DAMAGE_STEP_END (EDOPro's: as the Damage Step ends), calling Duel.Destroy and
/// Duel.GetAttacker, destroys the attacker then (both cores raise the events in
/// field::process_damage_step / processor.cpp's damage step).
bool battle_changes(EffectTerm& t, ScriptReading& r, const std::string& operation) {
  auto has = [&](const char* s) { return operation.find(s) != std::string::npos; };
  const int before = t.op_count;
  const bool this_battle = has("RESET_PHASE") && has("PHASE_DAMAGE") && !has("PHASE_END");
  if (this_battle && has(":RegisterEffect") && has("EFFECT_CHANGE_BATTLE_DAMAGE") && has("DOUBLE_DAMAGE") &&
      has("aux.ChangeBattleDamage(1)") && t.op_count < kMaxOps) {
    const Object on = t.target.kind == TargetKind::Monster ? Object::Target
                      : has("Duel.GetAttackTarget")         ? Object::AttackTarget
                                                            : Object::Attacker;
    t.ops[t.op_count++] = make_op(OpCode::DoubleDamageInvolving, on);
    r.rule += ", operation registers a doubling of the opponent's battle damage on a battler, for this battle";
  }
  const bool battled = has("EVENT_BATTLED"), at_end = has("EVENT_DAMAGE_STEP_END");
  if ((battled != at_end) && has("EFFECT_TYPE_CONTINUOUS") && has("Duel.RegisterEffect") && has("Duel.Destroy") &&
      has("Duel.GetAttacker") && t.op_count < kMaxOps) {
    Op o = make_op(OpCode::DestroyAfterCalculation, Object::Attacker);
    o.flag = at_end;
    t.ops[t.op_count++] = o;
    r.rule += at_end ? ", operation registers the attacker's destruction at the end of the Damage Step (EVENT_DAMAGE_STEP_END)"
                     : ", operation registers the attacker's destruction after damage calculation (EVENT_BATTLED)";
  }
  return t.op_count > before;
}

}  // namespace bc::ygopro::script_attrs
