/// Whose ATK a monster's untargeted trigger changes, read from what its
/// condition and operation fetch (docs/engines/ygopro.md, "From script
/// attributes to terms"): the attack target (Rocket Warrior), the monster that
/// destroyed its host (Slate Warrior). Run after the resolution is read.
#include <regex>

#include "importers/ygopro/ygopro_script_attrs.hpp"

namespace bc::ygopro::script_attrs {

/// A monster's trigger that changes ATK with no target, whose condition makes
/// its host the attacker (it compares :GetHandler with Duel.GetAttacker) and
/// whose operation fetches the attack target and not the attacker: Rocket
/// Warrior lowers the monster it attacked. The change is the attack target's,
/// and the trigger needs its host attacking.
void attack_target_change(const json& e, EffectTerm& t, ScriptReading& r) {
  if (t.card_type != CardType::Monster || t.activation != Activation::Trigger) return;
  const std::string cond = function_facts(e, "condition"), operation = function_facts(e, "operation");
  const auto in = [](const std::string& text, const char* word) { return text.find(word) != std::string::npos; };
  const bool host_attacks = in(cond, ":GetHandler") && in(cond, "Duel.GetAttacker");
  const bool fetches_target = in(operation, "Duel.GetAttackTarget") && !in(operation, "Duel.GetAttacker") &&
                              !in(operation, ":GetBattleTarget");
  if (!host_attacks || !fetches_target) return;
  bool changed = false;
  for (int i = 0; i < t.op_count; ++i)
    if (t.ops[i].code == OpCode::ChangeAtk && t.ops[i].object == Object::OwnBattler) {
      t.ops[i].object = Object::AttackTarget;
      changed = true;
    }
  if (!changed) return;
  t.conditions = static_cast<std::uint16_t>((t.conditions & ~kCondOwnBattling) | kCondHostAttacking);
  r.rule += ", its operation changes the attack target of its attacking host";
}

/// Slate Warrior's shape: a monster's trigger on its own destruction by battle whose
/// operation fetches the attacker and the attack target (the one that is not the host)
/// changes the monster that destroyed it: `change_atk opponent_battler`, with no
/// battling condition (its host has left). A change reset only as it leaves the
/// field (no RESET_PHASE) outlasts the turn: read as the turn.
void destroyer_change(const json& e, EffectTerm& t, ScriptReading& r) {
  if (t.card_type != CardType::Monster || t.trigger != TriggerEvent::DestroyedByBattle) return;
  const std::string operation = function_facts(e, "operation");
  const auto in = [&](const char* word) { return operation.find(word) != std::string::npos; };
  if (!in("Duel.GetAttacker") || !in("Duel.GetAttackTarget")) return;
  bool changed = false;
  for (int i = 0; i < t.op_count; ++i)
    if (t.ops[i].code == OpCode::ChangeAtk && t.ops[i].object == Object::OwnBattler) {
      t.ops[i].object = Object::OpponentBattler;
      if (!in("RESET_PHASE")) t.ops[i].duration = Duration::Turn;
      changed = true;
    }
  if (!changed) return;
  t.conditions = static_cast<std::uint16_t>(t.conditions & ~kCondOwnBattling);
  r.rule += ", its operation changes the monster that destroyed its host";
}

/// An ATK change whose operation registers EFFECT_SET_ATTACK_FINAL (or EFFECT_SET_ATTACK) with a
/// literal value, and no EFFECT_UPDATE_ATTACK: the ATK becomes that value (`set_atk`; 8-Claws
/// Scorpion's 2400 on itself, Sanga of the Thunder's 0). Where the effect's target function
/// fetches the attacker (Duel.GetAttacker with Duel.SetTargetCard, no target flag) and its
/// condition makes the host the attack target, the change is the attacker's (Sanga).
void set_atk_change(const json& e, EffectTerm& t, ScriptReading& r) {
  const std::string operation = function_facts(e, "operation");
  const auto in = [](const std::string& text, const char* word) { return text.find(word) != std::string::npos; };
  static const std::regex literal(R"(SetValue\((\d+)\))");
  std::smatch m;
  if (!in(operation, "EFFECT_SET_ATTACK") || in(operation, "EFFECT_UPDATE_ATTACK") ||
      !std::regex_search(operation, m, literal))
    return;
  const int value = std::stoi(m[1].str());
  if (value % 100 != 0 || value > 12700) return;
  const std::string cond = function_facts(e, "condition"), target = function_facts(e, "target_check");
  const bool attacker = in(target, "Duel.GetAttacker") && in(target, "Duel.SetTargetCard") &&
                        in(cond, "Duel.GetAttackTarget") && in(cond, ":GetHandler");
  bool changed = false;
  for (int i = 0; i < t.op_count; ++i)
    if (t.ops[i].code == OpCode::ChangeAtk && t.ops[i].object == Object::OwnBattler) {
      t.ops[i].code = OpCode::SetAtk;
      t.ops[i].amount = static_cast<std::int16_t>(value);
      if (attacker) t.ops[i].object = Object::Attacker;
      changed = true;
    }
  if (!changed) return;
  r.computed_amount = false;
  r.rule += ", its operation sets the ATK of " + std::string(attacker ? "the attacker" : "its host") + " to " +
            std::to_string(value) + " (EFFECT_SET_ATTACK_FINAL)";
}

}  // namespace bc::ygopro::script_attrs
