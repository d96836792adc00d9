// A Continuous Spell's or Trap's field effects that apply once it has
// resolved: locks, forced positions, negations, a shield from battle damage
// (docs/engines/ygopro.md, "From script attributes to terms").
#include <algorithm>
#include <cstdlib>
#include <string>

#include "importers/ygopro/ygopro_script_attrs.hpp"

namespace bc::ygopro::script_attrs {
namespace {

/// EFFECT_SET_POSITION (140) reaching the monster zones of both sides (SetTargetRange with
/// LOCATION_MZONE, 0x4, on each; a file without the range is not read): with the value
/// POS_FACEUP_ATTACK (1) and no target check, Final Attack Orders, face_up_attack_position; with
/// POS_FACEUP_DEFENSE (4) and a target check that is `:IsRace` of one RACE_* and nothing else,
/// Dragon Capture Jar, face_up_defense_type. Both cores set the position of each face-up monster
/// it reaches at every adjustment (field::adjust_step, its "position" stage in processor.cpp), so
/// a monster it names never stays in the other position.
bool forced_position(const json& e, ContinuousSpec& out, std::string& rule) {
  const bool both_sides = (value_of(e, "target_range_self") & 0x4) != 0 && (value_of(e, "target_range_opponent") & 0x4) != 0;
  if (!both_sides) return false;
  if (value_of(e, "value") == 1 && !e.contains("target_check")) {
    out = ContinuousSpec{ContinuousKind::FaceUpAttackPosition, 0};
    rule = "EFFECT_SET_POSITION POS_FACEUP_ATTACK on every monster zone -> every face-up monster in Attack Position "
           "(once resolved)";
    return true;
  }
  const auto uses = e.find("target_check_uses");
  if (value_of(e, "value") != 4 || uses == e.end() || !uses->is_array() || uses->size() != 2 ||
      std::none_of(uses->begin(), uses->end(), [](const json& u) { return u == ":IsRace"; }))
    return false;
  const int race = race_named(*uses);
  if (race == 0) return false;
  out = ContinuousSpec{ContinuousKind::FaceUpDefenseOfType, static_cast<std::int16_t>(race)};
  rule = "EFFECT_SET_POSITION POS_FACEUP_DEFENSE on every monster zone's monsters of one Type (:IsRace) -> " +
         continuous_text(out) + " (once resolved)";
  return true;
}

/// Spirit Barrier's shape: EFFECT_AVOID_BATTLE_DAMAGE (201 in both cores) on
/// a player (EFFECT_FLAG_PLAYER_TARGET) reaching its controller alone
/// (SetTargetRange(1,0)), under a condition that only counts its controller's
/// monsters (Duel.GetFieldGroupCount of LOCATION_MZONE): no battle damage to
/// its controller while it controls a monster.
bool shields_with_a_monster(const json& e) {
  if (!event_is(e, Constant{"EFFECT_AVOID_BATTLE_DAMAGE", 201}) ||
      !holds(e, "property_flags", Constant{"EFFECT_FLAG_PLAYER_TARGET", 0x800}) || !e.contains("target_range_self") ||
      value_of(e, "target_range_self") != 1 || value_of(e, "target_range_opponent") != 0)
    return false;
  const auto uses = e.find("condition_uses");
  if (uses == e.end() || !uses->is_array()) return false;
  bool counts = false, zone = false;
  for (const json& u : *uses) {
    const std::string w = u.is_string() ? u.get<std::string>() : std::string();
    counts = counts || w == "Duel.GetFieldGroupCount";
    zone = zone || w == "LOCATION_MZONE";
    if (w != "Duel.GetFieldGroupCount" && w != "LOCATION_MZONE" && w != ":GetHandlerPlayer" && w != ":GetHandler" &&
        w != ":GetControler")
      return false;
  }
  return counts && zone;
}

}  // namespace

/// A field EFFECT_DISABLE (2 in both cores; by value, since EDOPro's
/// constant.lua gives 2 other names too) on the monster zones whose target
/// check names TYPE_EFFECT (Skill Drain): negate_monster_effects; on the
/// Spell & Trap Zones whose check names TYPE_TRAP or :IsTrap (Royal Decree):
/// negate_trap_effects. A SetTargetRange the file gives must reach that zone
/// on both sides (an older cards file has none). field_lock has already
/// kept it to a Continuous Spell or Trap's own field effect.
bool field_negation(const json& e, ContinuousSpec& out, std::string& rule) {
  const bool disable = e.contains("event_code_value") ? value_of(e, "event_code_value") == 2
                                                      : event_is(e, Constant{"EFFECT_DISABLE", 2});
  if (!disable) return false;
  const std::string target = function_facts(e, "target_check");
  const auto names = [&target](const char* n) { return target.find(n) != std::string::npos; };
  const auto reaches = [&e](std::uint32_t zone) {
    return !e.contains("target_range_self") ||
           ((value_of(e, "target_range_self") & zone) && (value_of(e, "target_range_opponent") & zone));
  };
  if (names("TYPE_EFFECT") && !names("TYPE_TRAP") && !names("TYPE_SPELL") && reaches(0x4)) {
    out = ContinuousSpec{ContinuousKind::NegateMonsterEffects, 0};
    rule = "EFFECT_DISABLE on effect monsters -> the effects of face-up monsters on the field are negated (once resolved)";
    return true;
  }
  if ((names("TYPE_TRAP") || names(":IsTrap")) && !names("TYPE_EFFECT") && !names("TYPE_MONSTER") && reaches(0x8)) {
    out = ContinuousSpec{ContinuousKind::NegateTrapEffects, 0};
    rule = "EFFECT_DISABLE on Traps -> every other Trap's effects are negated (once resolved)";
    return true;
  }
  return false;
}

/// A Continuous Spell or Trap's field effect from its Spell & Trap Zone,
/// without a condition, that the model holds as a lock: EFFECT_CANNOT_ATTACK
/// (85 in both cores' effect.h) whose target check is `:IsLevelAbove(N)` or
/// `:GetLevel()>=N`, a literal Level (Gravity Bind in either tree): "cannot
/// attack", cannot_attack_level_at_least N; or EFFECT_SET_POSITION as
/// forced_position reads it; or EFFECT_DISABLE as field_negation reads
/// it. Royal Decree's EFFECT_DISABLE on Traps is no "cannot be activated":
/// it negates their effects, and both cores still let a Trap be activated
/// under it (batch 3's royal_decree runs).
bool field_lock(const json& e, std::uint32_t card_type, ContinuousSpec& out, std::string& rule) {
  constexpr std::uint32_t kTypeSpell = 0x2, kTypeTrap = 0x4, kTypeContinuous = 0x20000;
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? (value_of(e, "effect_type_value") & 0x2) != 0 : type.find("EFFECT_TYPE_FIELD") != std::string::npos;
  // By value where the file gives one: EDOPro's constant.lua names 0x8 LOCATION_REASON_RETURN too.
  const bool szone = e.contains("range_value") ? (value_of(e, "range_value") & 0x8) != 0
                                               : holds(e, "range", Constant{"LOCATION_SZONE", 0x8});
  if (!(card_type & (kTypeSpell | kTypeTrap)) || !(card_type & kTypeContinuous) || !field || !szone) return false;
  if (shields_with_a_monster(e)) {
    out = ContinuousSpec{ContinuousKind::NoBattleDamage, 0};
    rule = "EFFECT_AVOID_BATTLE_DAMAGE on its controller while it controls a monster -> no_battle_damage (once resolved)";
    return true;
  }
  if (e.contains("condition")) return false;
  if (event_is(e, Constant{"EFFECT_SET_POSITION", 140})) return forced_position(e, out, rule);
  if (const std::vector<int> types = lent_piercing_types(e, 0x8); types.size() == 1) {  // Dragon's Rage
    out = ContinuousSpec{ContinuousKind::TypePiercing, static_cast<std::int16_t>(types[0])};
    rule = "field EFFECT_PIERCE on its controller's monsters of one Type (:IsRace) -> type_piercing (once resolved)";
    return true;
  }
  if (field_negation(e, out, rule)) return true;
  if (!event_is(e, Constant{"EFFECT_CANNOT_ATTACK", 85})) return false;
  const std::string target = function_facts(e, "target_check");
  const auto above = target.find(":IsLevelAbove("), at_least = target.find(":GetLevel()>=");
  if (above == std::string::npos && at_least == std::string::npos) return false;
  const int level = std::atoi(target.c_str() + (above != std::string::npos ? above + 14 : at_least + 13));
  if (level < 1 || level > 12) return false;
  out = ContinuousSpec{ContinuousKind::CannotAttackLevelAtLeast, static_cast<std::int16_t>(level)};
  rule = "EFFECT_CANNOT_ATTACK on Level " + std::to_string(level) + " or higher -> cannot attack (once resolved)";
  return true;
}

/// Gora Turtle's shape: a monster's field EFFECT_CANNOT_ATTACK_ANNOUNCE (86 in
/// both cores) from LOCATION_MZONE, without a condition, reaching both sides'
/// monster zones, whose target check is `:IsAttackAbove(N)` alone: monsters
/// with N or more ATK (as they are now) cannot declare an attack.
bool monster_atk_lock(const json& e, ContinuousSpec& out) {
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? (value_of(e, "effect_type_value") & 0x2) != 0 : type.find("EFFECT_TYPE_FIELD") != std::string::npos;
  const bool both_sides = (value_of(e, "target_range_self") & 0x4) != 0 && (value_of(e, "target_range_opponent") & 0x4) != 0;
  const bool mzone = (value_of(e, "range_value") & 0x4) != 0 || text_of(e, "range").find("LOCATION_MZONE") != std::string::npos;
  if (!field || !mzone || !both_sides || e.contains("condition") || !event_is(e, Constant{"EFFECT_CANNOT_ATTACK_ANNOUNCE", 86}))
    return false;
  // One literal test and nothing else: the facts name each call the check makes.
  int atk = 0;
  const auto uses = e.find("target_check_uses");
  if (uses == e.end() || !uses->is_array()) return false;
  for (const json& u : *uses) {
    const std::string w = u.is_string() ? u.get<std::string>() : std::string();
    if (w.rfind(":IsAttackAbove", 0) != 0) return false;
    if (w.size() > 15) atk = std::atoi(w.c_str() + 15);
  }
  if (atk <= 0 || atk % 100 != 0 || atk > 12700) return false;
  out = ContinuousSpec{ContinuousKind::CannotAttackAtLeast, static_cast<std::int16_t>(atk)};
  return true;
}

/// Obnoxious Celtic Guard's shape: a monster's own EFFECT_INDESTRUCTABLE_BATTLE
/// (42) without a condition whose value function tests the monster it battles
/// for N or more ATK (`:IsAttackAbove(N)`, or EDOPro's `:GetAttack()>=N`), and at
/// most, in Fluorohydride's, the same test of DEF for itself attacking in Defense
/// Position (which the model has not): indestructible_by_battle N. Different Dimension Dragon's
/// `:IsAttackBelow(N)` (N or less ATK, both trees): indestructible_by_battle up_to N.
bool battle_guard_by_atk(const json& e, ContinuousSpec& out) {
  const std::string type = text_of(e, "effect_type");
  const bool single = type.empty() ? value_of(e, "effect_type_value") == 0x1 : type == "EFFECT_TYPE_SINGLE";
  if (!single || e.contains("condition") || !event_is(e, Constant{"EFFECT_INDESTRUCTABLE_BATTLE", 42})) return false;
  const auto uses = e.find("value_function_uses");
  if (uses == e.end() || !uses->is_array()) return false;
  int atk = 0;
  bool up_to = false;
  for (const json& u : *uses) {
    const std::string w = u.is_string() ? u.get<std::string>() : std::string();
    if (w.rfind(":IsAttackAbove(", 0) == 0) atk = std::atoi(w.c_str() + 15);
    else if (w.rfind(":IsAttackBelow(", 0) == 0) atk = std::atoi(w.c_str() + 15), up_to = true;
    else if (w.rfind(":GetAttack()>=", 0) == 0) atk = std::atoi(w.c_str() + 14);
    else if (w != ":IsAttackAbove" && w != ":IsAttackBelow" && w != ":GetAttack" && w.rfind(":IsDefenseAbove", 0) != 0 && w != ":IsDefensePos" &&
             w != "Duel.GetAttacker")
      return false;
  }
  if (atk <= 0 || atk % 100 != 0 || atk > 12700) return false;
  out = ContinuousSpec{ContinuousKind::IndestructibleByBattle, static_cast<std::int16_t>(atk)};
  if (up_to) out.of = kUpToAtk;
  return true;
}

/// Exploder Dragon's shape: a monster's own EFFECT_AVOID_BATTLE_DAMAGE (201: its
/// controller takes none) or EFFECT_NO_BATTLE_DAMAGE (200: the opponent takes none)
/// with SetValue(1), under a condition that asks only whether it is the attacker
/// (Duel.GetAttacker against its handler): no_battle_damage_attacking you / opponent.
bool attacking_shield(const json& e, ContinuousSpec& out) {
  const std::string type = text_of(e, "effect_type");
  const bool single = type.empty() ? value_of(e, "effect_type_value") == 0x1 : type == "EFFECT_TYPE_SINGLE";
  const bool avoid = event_is(e, Constant{"EFFECT_AVOID_BATTLE_DAMAGE", 201});
  if (!single || value_of(e, "value") != 1 || !(avoid || event_is(e, Constant{"EFFECT_NO_BATTLE_DAMAGE", 200}))) return false;
  const auto uses = e.find("condition_uses");
  if (uses == e.end() || !uses->is_array()) return false;
  bool attacker = false;
  for (const json& u : *uses) {
    const std::string w = u.is_string() ? u.get<std::string>() : std::string();
    attacker = attacker || w == "Duel.GetAttacker";
    if (w != "Duel.GetAttacker" && w != ":GetHandler") return false;
  }
  if (!attacker) return false;
  out = ContinuousSpec{ContinuousKind::NoBattleDamageAttacking};
  out.of = avoid ? kSparesController : kSparesOpponent;
  return true;
}

/// Ancient Gear Soldier's shape: a field EFFECT_CANNOT_ACTIVATE (6) on the opponent only
/// (EFFECT_FLAG_PLAYER_TARGET, SetTargetRange(0,1)) whose value names card activations and
/// nothing else (re:IsHasType(EFFECT_TYPE_ACTIVATE): Spell and Trap cards being activated),
/// under a condition that asks only whether the monster is the attacker: no_spell_trap_while_attacking.
bool attacking_card_lock(const json& e, ContinuousSpec& out) {
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? value_of(e, "effect_type_value") == 0x2 : type == "EFFECT_TYPE_FIELD";
  if (!field || !event_is(e, Constant{"EFFECT_CANNOT_ACTIVATE", 6}) ||
      !holds(e, "property_flags", Constant{"EFFECT_FLAG_PLAYER_TARGET", 0x800}) || !e.contains("target_range_self") ||
      value_of(e, "target_range_self") != 0 || value_of(e, "target_range_opponent") != 1)
    return false;
  const auto only = [&e](const char* key, std::initializer_list<const char*> allowed, const char* needed) {
    const auto uses = e.find(key);
    if (uses == e.end() || !uses->is_array()) return false;
    bool seen = false;
    for (const json& u : *uses) {
      const std::string w = u.is_string() ? u.get<std::string>() : std::string();
      if (std::find_if(allowed.begin(), allowed.end(), [&w](const char* a) { return w == a; }) == allowed.end()) return false;
      seen = seen || w == needed;
    }
    return seen;
  };
  if (!only("value_function_uses", {":IsHasType", "EFFECT_TYPE_ACTIVATE"}, "EFFECT_TYPE_ACTIVATE") ||
      !only("condition_uses", {":GetHandler", "Duel.GetAttacker"}, "Duel.GetAttacker"))
    return false;
  out = ContinuousSpec{ContinuousKind::NoSpellTrapWhileAttacking};
  return true;
}

/// Stone Statue of the Aztecs' and Susa Soldier's shape: a monster's own EFFECT_CHANGE_BATTLE_DAMAGE
/// (208), or Fluorohydride's EFFECT_CHANGE_INVOLVING_BATTLE_DAMAGE (314), whose value is
/// aux.ChangeBattleDamage(1,DOUBLE_DAMAGE or HALF_DAMAGE) (the stub names the closure's player and
/// amount: the effect owner's opponent's damage), with no condition, or one that asks only whether
/// it is the attack target: double_battle_damage / halve_battle_damage_inflicted [attacked].
bool inflicted_damage_change(const json& e, ContinuousSpec& out) {
  const std::string type = text_of(e, "effect_type");
  const bool single = type.empty() ? value_of(e, "effect_type_value") == 0x1 : type == "EFFECT_TYPE_SINGLE";
  if (!single || !(event_is(e, Constant{"EFFECT_CHANGE_BATTLE_DAMAGE", 208}) ||
                   event_is(e, Constant{"EFFECT_CHANGE_INVOLVING_BATTLE_DAMAGE", 314})))
    return false;
  const std::string value = function_facts(e, "value_function");
  const auto names = [&value](const char* n) { return value.find(n) != std::string::npos; };
  const bool twice = names("value=DOUBLE_DAMAGE"), half = names("value=HALF_DAMAGE");
  if (!names("player=1") || twice == half) return false;
  std::uint8_t of = 0;
  if (e.contains("condition")) {
    const auto uses = e.find("condition_uses");
    if (uses == e.end() || !uses->is_array()) return false;
    for (const json& u : *uses) {
      const std::string w = u.is_string() ? u.get<std::string>() : std::string();
      if (w != ":GetHandler" && w != "Duel.GetAttackTarget") return false;
      if (w == "Duel.GetAttackTarget") of = kWhenAttacked;
    }
    if (of == 0) return false;
  }
  out = ContinuousSpec{twice ? ContinuousKind::DoubleBattleDamage : ContinuousKind::HalveBattleDamageInflicted};
  out.of = of;
  return true;
}

/// Skill Drain's shape: a field effect EFFECT_DISABLE (2 in both cores)
/// whose target check does not keep to Spells or Traps (Royal Decree's and
/// Jinzo's name only TYPE_TRAP; Spell Canceller's only TYPE_SPELL).
bool negates_monster_effects(const json& e) {
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? (value_of(e, "effect_type_value") & 0x2) != 0 : type.find("EFFECT_TYPE_FIELD") != std::string::npos;
  // By value where the file gives one: 2 in both cores, and EDOPro's constant.lua gives 2
  // other EFFECT_ names too (EFFECT_COUNT_CODE_DUEL), which the stub may write instead.
  const bool disable = e.contains("event_code_value") ? value_of(e, "event_code_value") == 2
                                                      : event_is(e, Constant{"EFFECT_DISABLE", 2});
  if (!field || !disable) return false;
  const std::string target = function_facts(e, "target_check");
  const auto names = [&target](const char* n) { return target.find(n) != std::string::npos; };
  return names("TYPE_MONSTER") || names("TYPE_EFFECT") || names(":IsMonster") ||
         !(names("TYPE_TRAP") || names("TYPE_SPELL") || names(":IsTrap") || names(":IsSpell"));
}

}  // namespace bc::ygopro::script_attrs
