#pragma once
/// Reading one effect's attributes in a cards file (docs/engines/ygopro.md,
/// "The cards file"): by the constant's name when the file gives names (the
/// two cores' constant.lua agree on names, not on every value), by its value
/// otherwise. Internal to importers/ygopro (ygopro_terms.cpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_terms.hpp"

namespace bc::ygopro::script_attrs {

using nlohmann::json;

/// One constant: its name in constant.lua and its value there.
struct Constant {
  std::string_view name;
  std::uint32_t value;
};

inline std::string text_of(const json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

/// What the file says of a function: its text (a synthetic script's
/// condition) or its place, then the names its source uses (`<key>_uses`,
/// written by `battlecheck ygopro cards`), as one searchable string.
inline std::string function_facts(const json& j, const std::string& key) {
  std::string out = text_of(j, key.c_str());
  if (auto u = j.find(key + "_uses"); u != j.end() && u->is_array())
    for (const json& name : *u)
      if (name.is_string()) out += " " + name.get<std::string>();
  return out;
}

inline std::uint32_t value_of(const json& j, const std::string& key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number_unsigned() ? it->get<std::uint32_t>() : 0;
}

/// Whether the attribute `key` holds the constant `c`: by name when named, else by value bits.
inline bool holds(const json& e, const char* key, const Constant& c) {
  const std::string names = text_of(e, key);
  if (!names.empty() && names.find("not set") == std::string::npos) return names.find(c.name) != std::string::npos;
  return (value_of(e, std::string(key) + "_value") & c.value) == c.value && c.value != 0;
}

/// The event code: by name when named, else by value.
inline bool event_is(const json& e, const Constant& c) {
  const std::string name = text_of(e, "event_code");
  if (!name.empty()) return name.rfind(c.name, 0) == 0 && (name.size() == c.name.size() || name[c.name.size()] == ' ');
  return value_of(e, "event_code_value") == c.value;
}

/// Whether the effect can change a monster's ATK: its category says so
/// (CATEGORY_ATKCHANGE), or it is, or its operation registers, an
/// EFFECT_UPDATE_ATTACK / EFFECT_SET_ATTACK(_FINAL) (Mirror Wall's field
/// effect, Limiter Removal's operation). An opaque resolution of such a card
/// may have its ATK outcome read from the damage calculation (Mapper::learn_atk_outcome).
inline bool changes_atk(const json& e) {
  static constexpr Constant kAtkCategory{"CATEGORY_ATKCHANGE", 0x200000};
  static constexpr Constant kCodes[] = {{"EFFECT_UPDATE_ATTACK", 100}, {"EFFECT_SET_ATTACK", 101}, {"EFFECT_SET_ATTACK_FINAL", 102}};
  if (holds(e, "category", kAtkCategory)) return true;
  const std::string uses = function_facts(e, "operation");
  for (const Constant& c : kCodes)
    if (event_is(e, c) || uses.find(std::string(c.name)) != std::string::npos) return true;
  return false;
}

/// A monster's change of its own ATK while it is on the field whose amount is
/// computed (Gyaku-Gire Panda: 500 for each opponent's monster) or whose
/// condition the term cannot state (Blade Knight: while its controller holds
/// at most 1 card): an EFFECT_TYPE_SINGLE EFFECT_UPDATE_ATTACK in the Monster
/// Zone with a value function or a condition. Read when no term reads it.
inline bool own_atk_unread(const json& e) {
  static constexpr Constant kSingle{"EFFECT_TYPE_SINGLE", 0x1}, kField{"EFFECT_TYPE_FIELD", 0x2};
  static constexpr Constant kUpdate{"EFFECT_UPDATE_ATTACK", 100};
  const bool in_zone = (value_of(e, "range_value") & 0x4) != 0 || text_of(e, "range").find("LOCATION_MZONE") != std::string::npos;
  return event_is(e, kUpdate) && holds(e, "effect_type", kSingle) && !holds(e, "effect_type", kField) && in_zone &&
         (e.contains("value_function") || e.contains("condition"));
}

/// The target check chooses a Spell or Trap card on the field (Mystical Space
/// Typhoon): it looks on the field but not in the Monster Zones, and names the
/// Spell/Trap type (fluoro: a filter's c:IsType(TYPE_SPELL+TYPE_TRAP), which
/// `battlecheck ygopro cards` reads into the target check's names; EDOPro:
/// Card.IsSpellTrap).
inline bool targets_spell_trap(const json& e) {
  const std::string uses = function_facts(e, "target_check");
  auto has = [&](const char* s) { return uses.find(s) != std::string::npos; };
  const bool field = (has("LOCATION_ONFIELD") || has("LOCATION_SZONE")) && !has("LOCATION_MZONE");
  return field && (has("IsSpellTrap") || (has("TYPE_SPELL") && has("TYPE_TRAP")));
}

/// The target check chooses any card on the field, monster or Spell or Trap
/// (Nightmare Penguin: `Duel.SelectTarget(..., 0, LOCATION_ONFIELD, ...)`
/// with no type test): it looks on the whole field, names no zone of its
/// own, and no card type nor anything only a monster has (its filter's
/// ATK, DEF, Level, Rank, Type, Attribute, battle position or summon: such a
/// test chooses monsters, which a monster target already reads).
inline bool targets_any_card(const json& e) {
  const std::string uses = function_facts(e, "target_check");
  auto has = [&](const char* s) { return uses.find(s) != std::string::npos; };
  if (!has("LOCATION_ONFIELD") || has("LOCATION_MZONE") || has("LOCATION_SZONE")) return false;
  for (const char* typed : {"IsSpellTrap", "TYPE_SPELL", "TYPE_TRAP", "TYPE_MONSTER", "Attack", "Defense", "Level", "Rank",
                            "Race", "Attribute", "Pos", "Summon", "TurnSet"})
    if (has(typed)) return false;
  return true;
}

/// A term read as removing its monster target (destroyed, banished or
/// returned to the hand, one operation) whose target check chooses a Spell or
/// Trap (targets_spell_trap) targets `spell_trap any` instead; one whose
/// check chooses any card on the field (targets_any_card), `card any`.
inline void spell_trap_target(const json& e, EffectTerm& t, std::string& rule) {
  if (t.target.kind != TargetKind::Monster || t.op_count != 1 || t.ops[0].object != Object::Target) return;
  const OpCode c = t.ops[0].code;
  if (targets_spell_trap(e) && (c == OpCode::Destroy || c == OpCode::ReturnToHand)) {
    t.target = TargetSpec{TargetKind::SpellTrap, SideSel::Any};
    rule += ", its target is a Spell or Trap card on the field";
  } else if (targets_any_card(e) && (c == OpCode::Destroy || c == OpCode::Banish || c == OpCode::ReturnToHand)) {
    t.target = TargetSpec{TargetKind::Card, SideSel::Any};
    rule += ", its target is any card on the field";
  }
}

/// A change of the damage its player takes that the operation registers
/// (DamageChange), or none.
inline std::optional<DamageChange> changes_damage(const json& e) {
  const std::string uses = function_facts(e, "operation");
  auto has = [&](const char* s) { return uses.find(s) != std::string::npos; };
  if (!has("Duel.RegisterEffect") || !has("EFFECT_CHANGE_DAMAGE") || has("EFFECT_AVOID_BATTLE_DAMAGE")) return std::nullopt;
  DamageChange d;
  d.turn = has("RESETS_STANDARD_PHASE_END") || (has("RESET_PHASE") && has("PHASE_END"));
  d.indestructible = has("EFFECT_INDESTRUCTABLE_BATTLE") && has("LOCATION_MZONE");
  return d;
}

/// A monster's own unconditional continuous effect, read as the term's
/// continuous part (ygopro_continuous.cpp): false, and `t` untouched, for
/// every other effect.
bool continuous_part(const json& e, std::uint32_t card_type, EffectTerm& t, ScriptReading& r);

/// A field piercing lent to its controller's monsters of printed Types
/// (Enraged Battle Ox) from the zones of `range` (LOCATION_MZONE 0x4; a Continuous Trap's
/// LOCATION_SZONE 0x8, Dragon's Rage): each Type named (MonsterType values), or none.
std::vector<int> lent_piercing_types(const json& e, int range = 0x4);

/// A Continuous Spell or Trap's lock on the field, read as the continuous
/// part its card applies once its activation has resolved
/// (continuous_after_activation; ygopro_continuous.cpp): false, and `out`
/// untouched, for every other effect.
bool field_lock(const json& e, std::uint32_t card_type, ContinuousSpec& out, std::string& rule);
/// A monster's own lock on declarations by ATK (Gora Turtle: EFFECT_CANNOT_ATTACK_ANNOUNCE
/// over both sides' monsters with `:IsAttackAbove(N)`): cannot_attack_at_least N.
bool monster_atk_lock(const json& e, ContinuousSpec& out);
/// A monster kept from destruction by battle by strong monsters only (Obnoxious Celtic Guard:
/// EFFECT_INDESTRUCTABLE_BATTLE whose value tests the foe's ATK >= N): indestructible_by_battle N.
bool battle_guard_by_atk(const json& e, ContinuousSpec& out);
/// A monster's own "no battle damage" while it attacks (Exploder Dragon: EFFECT_AVOID_BATTLE_DAMAGE,
/// EFFECT_NO_BATTLE_DAMAGE under Duel.GetAttacker()==handler): no_battle_damage_attacking you / opponent.
bool attacking_shield(const json& e, ContinuousSpec& out);
/// A monster's lock on the opponent's Spell and Trap cards while it attacks (Ancient Gear Soldier:
/// EFFECT_CANNOT_ACTIVATE on card activations under Duel.GetAttacker()==handler): no_spell_trap_while_attacking.
bool attacking_card_lock(const json& e, ContinuousSpec& out);
/// A monster's own doubling or halving of the battle damage it inflicts (Stone Statue of the Aztecs
/// while attacked, Susa Soldier): double_battle_damage / halve_battle_damage_inflicted [attacked].
bool inflicted_damage_change(const json& e, ContinuousSpec& out);
/// The continuous negations field_lock reads (Skill Drain's of monsters'
/// effects, Royal Decree's of Traps'): false, and `out` untouched, otherwise.
bool field_negation(const json& e, ContinuousSpec& out, std::string& rule);

/// Whether the effect negates monsters' effects on the field, continuously
/// (Skill Drain), whatever its card: where field_lock does not read it as the
/// card's part, the other cards' continuous effects are left unread (ygopro_board.cpp).
bool negates_monster_effects(const json& e);

/// The category bits named in `names` (CATEGORY_* names, any separator).
/// The one RACE_* name `uses` holds as a whole word, as a MonsterType value (bit i of the cores'
/// RACE_* flags is MonsterType i + 1; each tree's spelling); 0 for none or more than one.
int race_named(const json& uses);
/// The same for the ATTRIBUTE_* names (MonsterAttribute values).
int attribute_named(const json& uses);
std::uint32_t category_bits(const std::string& names);
/// The effect's registered category bits, by value and by name.
std::uint32_t categories(const json& e);
/// "+500 ATK" / "ATK+500" in the card's prose: the amount of its ATK change (0: none).
int atk_amount(const std::string& prose);
/// A literal `SetValue(N)` in the operation's source, to a multiple of 100 (0: computed).
int literal_amount(const std::string& operation);
/// "For the turn" when the prose says so or the operation resets at the End Phase; else for this battle.
Duration duration_of(const std::string& prose, const std::string& operation);
/// Whether a function's facts show the player choosing one of the card's effects.
bool chooses_effect(const std::string& uses);
/// The operations an operation function's facts name (ygopro_operation.cpp):
/// added to `t`, their reading to `r.rule`; false when it names none.
bool operation_ops(EffectTerm& t, ScriptReading& r, const std::string& operation);
/// What an operation registers on a card for the turn: EFFECT_INDESTRUCTABLE_BATTLE
/// without EFFECT_AVOID_BATTLE_DAMAGE beside it (that pair is no_battle_damage's
/// flag) appends indestructible_by_battle (Half Shut, beside its ATK change), a
/// halving of the owner's damage in the card's battles halve_damage_involving
/// (Half Unbreak); on the target, or on a monster's own card. Whether it appended one.
bool turn_protection(EffectTerm& t, ScriptReading& r, const std::string& operation);
/// What an operation registers for this battle only (Cross Counter): a doubling of the
/// opponent's battle damage on a battler (double_damage_involving), a continuous effect that
/// destroys the attacker after damage calculation or at the end of the Damage Step
/// (destroy_after_calculation). Whether it appended one.
bool battle_changes(EffectTerm& t, ScriptReading& r, const std::string& operation);
/// A monster's untargeted trigger whose ATK change is the attack target's (ygopro_battler_changes.cpp).
void attack_target_change(const json& e, EffectTerm& t, ScriptReading& r);
/// A monster's trigger on its destruction by battle whose ATK change is the destroyer's.
void destroyer_change(const json& e, EffectTerm& t, ScriptReading& r);
/// EFFECT_SET_ATTACK_FINAL with a literal value: set_atk (8-Claws Scorpion), on the attacker where
/// the target function fetches it (Sanga of the Thunder).
void set_atk_change(const json& e, EffectTerm& t, ScriptReading& r);

}  // namespace bc::ygopro::script_attrs
