// A monster's continuous effects on itself, read from its script
// (docs/engines/ygopro.md, "From script attributes to terms").
#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "importers/ygopro/ygopro_script_attrs.hpp"

namespace bc::ygopro::script_attrs {
namespace {

constexpr std::uint32_t kTypeMonster = 0x1;

/// The continuous effects a monster has on itself that a term states: the
/// code (effect.h of both cores: the same values), what the host then does,
/// and the `SetValue` it needs (0: any). How each core applies the code is
/// in docs/engines/ygopro.md, "From script attributes to terms".
struct ContinuousCode {
  Constant code;
  ContinuousKind kind;
  std::string_view says;
  std::uint32_t value = 0;
};
constexpr std::array<ContinuousCode, 11> kContinuousCodes = {{
    {{"EFFECT_DIRECT_ATTACK", 74}, ContinuousKind::MayAttackDirectly, "may attack directly"},  // Jinzo #7
    // Amazoness Swords Woman: the damage its controller would take from its battles goes to the opponent.
    {{"EFFECT_REFLECT_BATTLE_DAMAGE", 202}, ContinuousKind::RedirectBattleDamage, "redirects the battle damage"},
    {{"EFFECT_PIERCE", 203}, ContinuousKind::Piercing, "inflicts piercing battle damage"},  // Spear Dragon
    // Hayabusa Knight: SetValue(1), one attack more (field::get_attack_target's extra_count).
    {{"EFFECT_EXTRA_ATTACK", 194}, ContinuousKind::SecondAttack, "may attack twice", 1},
    // Asura Priest: after its first attack, each opponent's monster once (SetValue(1)), never directly.
    {{"EFFECT_ATTACK_ALL", 193}, ContinuousKind::AttackAllOnceEach, "may attack each monster once", 1},
    {{"EFFECT_CANNOT_DIRECT_ATTACK", 73}, ContinuousKind::CannotAttackDirectly, "cannot attack directly"},
    // Counted among the opponent's monsters (no direct attack) but never a target.
    {{"EFFECT_CANNOT_BE_BATTLE_TARGET", 70}, ContinuousKind::CannotBeAttacked, "cannot be attacked"},
    // Not counted at all: the opponent may attack directly past it (Legendary Fisherman's shape).
    {{"EFFECT_IGNORE_BATTLE_TARGET", 72}, ContinuousKind::IgnoredAsAttackTarget, "is ignored as an attack target"},
    {{"EFFECT_MUST_ATTACK", 191}, ContinuousKind::MustAttack, "must attack"},
    // Spirit Reaper, Marshmallon: SetValue(1), not destroyed by any battle (a function would pick the battles).
    {{"EFFECT_INDESTRUCTABLE_BATTLE", 42}, ContinuousKind::IndestructibleByBattle, "cannot be destroyed by battle", 1},
    // Rocket Warrior: SetValue(1), its controller takes no battle damage from its battles.
    {{"EFFECT_AVOID_BATTLE_DAMAGE", 201}, ContinuousKind::NoBattleDamage, "spares its controller the battle damage", 1},
}};

/// A condition that only asks whether it is its controller's turn
/// (Duel.GetTurnPlayer()==e:GetHandlerPlayer(), or :GetControler of its handler).
bool own_turn_condition(const json& e) {
  const auto uses = e.find("condition_uses");
  if (uses == e.end() || !uses->is_array()) return false;
  bool turn = false;
  for (const json& u : *uses) {
    const std::string w = u.is_string() ? u.get<std::string>() : std::string();
    turn = turn || w == "Duel.GetTurnPlayer";
    if (w != "Duel.GetTurnPlayer" && w != ":GetHandlerPlayer" && w != ":GetHandler" && w != ":GetControler") return false;
  }
  return turn;
}

/// Mirage Dragon's shape: a field EFFECT_CANNOT_ACTIVATE (6 in both cores) on
/// a player (EFFECT_FLAG_PLAYER_TARGET) from the monster zone, reaching the
/// opponent alone (SetTargetRange(0,1)), whose value names Trap cards'
/// activations (TYPE_TRAP or EDOPro's :IsTrap, with EFFECT_TYPE_ACTIVATE) and whose condition is
/// the Battle Phase (PHASE_BATTLE, or EDOPro's Duel.IsBattlePhase). A cards
/// file without the range or the value's names is not read.
bool battle_phase_trap_lock(const json& e) {
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? (value_of(e, "effect_type_value") & 0x2) != 0 : type.find("EFFECT_TYPE_FIELD") != std::string::npos;
  if (!field || !event_is(e, Constant{"EFFECT_CANNOT_ACTIVATE", 6}) ||
      !holds(e, "property_flags", Constant{"EFFECT_FLAG_PLAYER_TARGET", 0x800}))
    return false;
  if (!e.contains("target_range_self") || value_of(e, "target_range_self") != 0 || value_of(e, "target_range_opponent") != 1)
    return false;
  const std::string value = function_facts(e, "value_function"), condition = function_facts(e, "condition");
  const bool trap = value.find("TYPE_TRAP") != std::string::npos || value.find(":IsTrap") != std::string::npos;
  const bool traps = trap && value.find("EFFECT_TYPE_ACTIVATE") != std::string::npos &&
                     value.find("TYPE_MONSTER") == std::string::npos && value.find("TYPE_SPELL") == std::string::npos;
  const bool battle_phase = condition.find("PHASE_BATTLE") != std::string::npos ||
                            condition.find("Duel.IsBattlePhase") != std::string::npos;
  return traps && battle_phase;
}

/// Jinzo's shape: no Trap card can be activated, by either player, while the
/// monster is face-up. EDOPro: a field EFFECT_CANNOT_ACTIVATE (6) on both
/// players (EFFECT_FLAG_PLAYER_TARGET, SetTargetRange(1,1)) whose value names
/// Trap cards (:IsTrap or TYPE_TRAP) and no other kind, with no condition.
/// Both, and EDOPro's first: a field EFFECT_CANNOT_TRIGGER (7; a card under it cannot be
/// activated) on Trap cards (target TYPE_TRAP, or a closure over Card.IsTrap) of both players' hand and
/// Spell & Trap Zones, whose condition at most asks whether the monster has
/// one named effect (:IsHasEffect: the script's switch between this and an
/// opponent-only lock, for a card that grants that effect, which no
/// scenario holds: the printed text's both-players lock is read).
bool trap_activation_lock(const json& e) {
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? (value_of(e, "effect_type_value") & 0x2) != 0 : type.find("EFFECT_TYPE_FIELD") != std::string::npos;
  if (!field || !e.contains("target_range_self") || value_of(e, "target_range_self") == 0 ||
      value_of(e, "target_range_opponent") == 0)
    return false;
  if (event_is(e, Constant{"EFFECT_CANNOT_ACTIVATE", 6})) {
    const std::string value = function_facts(e, "value_function");
    const bool trap = value.find("TYPE_TRAP") != std::string::npos || value.find(":IsTrap") != std::string::npos;
    return trap && holds(e, "property_flags", Constant{"EFFECT_FLAG_PLAYER_TARGET", 0x800}) && !e.contains("condition") &&
           value.find("TYPE_MONSTER") == std::string::npos && value.find("TYPE_SPELL") == std::string::npos &&
           value.find(":IsSpell") == std::string::npos && value.find(":IsMonster") == std::string::npos;
  }
  if (!event_is(e, Constant{"EFFECT_CANNOT_TRIGGER", 7})) return false;
  const std::string target = function_facts(e, "target_check");
  const auto names = [&target](const char* n) { return target.find(n) != std::string::npos; };
  if (!(names("TYPE_TRAP") || names(":IsTrap")) || names("TYPE_SPELL") || names(":IsSpell") || names("TYPE_MONSTER") ||
      names(":IsMonster"))
    return false;
  if (!e.contains("condition")) return true;
  const auto uses = e.find("condition_uses");
  if (uses == e.end() || !uses->is_array()) return false;
  for (const json& u : *uses)
    if (!u.is_string() || (u.get<std::string>() != ":GetHandler" && u.get<std::string>().rfind(":IsHasEffect", 0) != 0))
      return false;
  return true;
}

/// EFFECT_TYPE_CONTINUOUS (0x800 in both cores), by name or by value.
bool is_continuous(const json& e) {
  const std::string type = text_of(e, "effect_type");
  return type.empty() ? (value_of(e, "effect_type_value") & 0x800) != 0
                      : type.find("EFFECT_TYPE_CONTINUOUS") != std::string::npos;
}

/// Spirit Reaper's shape: a continuous effect on EVENT_CHAIN_SOLVED (1022 in
/// both cores) whose operation destroys the card when the link that targeted
/// it resolves (fluoro: `re` related to the card; EDOPro: the chain's
/// CHAININFO_TARGET_CARDS), waiting in the Damage Step until damage
/// calculation (Duel.IsDamageCalculated). Its EVENT_BECOME_TARGET and
/// EVENT_BATTLED halves are bookkeeping of the same rule and read as nothing.
bool destroyed_when_targeted(const json& e) {
  if (!is_continuous(e) || !event_is(e, Constant{"EVENT_CHAIN_SOLVED", 1022})) return false;
  const std::string op = function_facts(e, "operation");
  auto has = [&](const char* s) { return op.find(s) != std::string::npos; };
  return has("Duel.Destroy") && has("Duel.IsDamageCalculated") && (has(":IsRelateToEffect") || has("CHAININFO_TARGET_CARDS"));
}

/// Goblin Attack Force's, Giant Orc's and Diamond Crab King's shape: a
/// continuous effect (EFFECT_TYPE_CONTINUOUS) on EVENT_PHASE+PHASE_BATTLE
/// (0x1080 in both cores), whose condition asks whether the card has attacked
/// (:GetAttackedCount) and whose operation changes it to face-up Defense
/// Position (Duel.ChangePosition, POS_FACEUP_DEFENSE). The cores run it in
/// field::process_phase_event, step 0, before the End Step's prompts, with no chain.
bool defense_after_attacking(const json& e) {
  if (!is_continuous(e) || !event_is(e, Constant{"EVENT_PHASE+PHASE_BATTLE", 0x1080})) return false;
  const std::string op = function_facts(e, "operation");
  return function_facts(e, "condition").find(":GetAttackedCount") != std::string::npos &&
         op.find("Duel.ChangePosition") != std::string::npos && op.find("POS_FACEUP_DEFENSE") != std::string::npos;
}

/// Spear Dragon's and Big Shield Gardna's shape: a continuous effect on
/// EVENT_DAMAGE_STEP_END (1141) that changes the card's position
/// (Duel.ChangePosition): to face-up Defense when it names the attacker
/// (Duel.GetAttacker), to face-up Attack when it names the attack target
/// (Duel.GetAttackTarget). The cores run it as the event is raised, before
/// the triggers of the end of the Damage Step, with no chain.
std::optional<ContinuousKind> position_at_end_of_damage_step(const json& e) {
  if (!is_continuous(e) || !event_is(e, Constant{"EVENT_DAMAGE_STEP_END", 1141})) return std::nullopt;
  const std::string op = function_facts(e, "operation"), all = function_facts(e, "condition") + " " + op;
  if (op.find("Duel.ChangePosition") == std::string::npos) return std::nullopt;
  const auto has = [&](const char* w) { return all.find(w) != std::string::npos; };
  if (has("POS_FACEUP_DEFENSE") && has("Duel.GetAttacker") && !has("Duel.GetAttackTarget"))
    return ContinuousKind::DefenseAtEndOfDamageStep;
  if (has("POS_FACEUP_ATTACK") && has("Duel.GetAttackTarget") && !has("Duel.GetAttacker"))
    return ContinuousKind::AttackAtEndOfDamageStep;
  return std::nullopt;
}

/// Command Knight's, Nightmare Penguin's and Hoshiningen's shape: a field
/// EFFECT_UPDATE_ATTACK (100 in both cores) from the Monster Zone, without a
/// condition, with a literal value (a multiple of 100, not 0), SetTargetRange
/// reaching LOCATION_MZONE on its controller's side (and on the opponent's:
/// every monster on the field), and a target check that is `:IsRace` of one
/// RACE_* or `:IsAttribute` of one ATTRIBUTE_*, and nothing else (a file
/// without the range, or a check naming more, is not read). Both cores apply
/// such an effect to face-up monsters only, and recompute it wherever ATK is read.
bool printed_atk_part(const json& e, ContinuousSpec& out) {
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? value_of(e, "effect_type_value") == 0x2 : type == "EFFECT_TYPE_FIELD";
  if (!field || !event_is(e, Constant{"EFFECT_UPDATE_ATTACK", 100}) || e.contains("condition") ||
      !e.contains("target_range_self") || (value_of(e, "target_range_self") & ~0x4u) != 0 ||
      (value_of(e, "target_range_self") & 0x4) == 0 || (value_of(e, "target_range_opponent") & ~0x4u) != 0 ||
      (value_of(e, "range_value") & 0x4) == 0 || !e.contains("value") || !e["value"].is_number_integer())
    return false;
  const std::int64_t amount = e["value"].get<std::int64_t>();  // a loss is negative (Hoshiningen's DARK -400)
  if (amount == 0 || amount % 100 != 0 || amount < -12700 || amount > 12700) return false;
  const auto uses = e.find("target_check_uses");
  if (uses == e.end() || !uses->is_array() || uses->size() != 2) return false;
  const auto method = [&uses](const char* m) {
    return std::any_of(uses->begin(), uses->end(), [m](const json& u) { return u.is_string() && u.get<std::string>() == m; });
  };
  const int race = method(":IsRace") ? race_named(*uses) : 0;
  const int attribute = method(":IsAttribute") ? attribute_named(*uses) : 0;
  if (race == 0 && attribute == 0) return false;
  out = ContinuousSpec{race ? ContinuousKind::TypeAtkModifier : ContinuousKind::AttributeAtkModifier,
                       static_cast<std::int16_t>(amount), static_cast<std::uint8_t>(race ? race : attribute),
                       (value_of(e, "target_range_opponent") & 0x4) != 0};
  return true;
}

}  // namespace

/// Enraged Battle Ox's shape: a field EFFECT_PIERCE (203) from the Monster
/// Zone, without a condition, reaching its controller's Monster Zone only,
/// whose target check is `:IsRace` of RACE_* names (EDOPro's
/// RACES_BEAST_BWARRIOR_WINGB is its three) and nothing else. Each Type named
/// (MonsterType values), none when the shape differs.
std::vector<int> lent_piercing_types(const json& e, int range) {
  const std::string type = text_of(e, "effect_type");
  const bool field = type.empty() ? value_of(e, "effect_type_value") == 0x2 : type == "EFFECT_TYPE_FIELD";
  if (!field || !event_is(e, Constant{"EFFECT_PIERCE", 203}) || e.contains("condition") ||
      value_of(e, "target_range_self") != 0x4 || value_of(e, "target_range_opponent") != 0 ||
      (value_of(e, "range_value") & range) == 0)
    return {};
  const auto uses = e.find("target_check_uses");
  if (uses == e.end() || !uses->is_array()) return {};
  std::vector<int> types;
  bool is_race = false;
  for (const json& u : *uses) {
    const std::string w = u.is_string() ? u.get<std::string>() : "";
    if (w == ":IsRace") { is_race = true; continue; }
    if (w == "RACES_BEAST_BWARRIOR_WINGB") {
      for (const char* n : {"RACE_BEAST", "RACE_BEASTWARRIOR", "RACE_WINGEDBEAST"}) types.push_back(race_named(json::array({n})));
      continue;
    }
    const int race = race_named(json::array({w}));
    if (race == 0) return {};
    types.push_back(race);
  }
  if (!is_race || std::find(types.begin(), types.end(), 0) != types.end()) return {};
  std::sort(types.begin(), types.end());
  types.erase(std::unique(types.begin(), types.end()), types.end());
  return types;
}

namespace {

/// Penumbral Soldier Lady's shape: a monster's own EFFECT_UPDATE_ATTACK (100)
/// from the Monster Zone with a literal value (a multiple of 100, not 0), under
/// a condition that asks only the phase (Duel.GetCurrentPhase: PHASE_DAMAGE,
/// the Damage Step, or only PHASE_DAMAGE_CAL, damage calculation), the
/// monster it battles (:GetBattleTarget, :IsRelateToBattle), that monster
/// face-up, and at most one Attribute (:IsAttribute) or Type (:IsRace) of it.
/// Both cores recompute the ATK wherever it is read, so it applies through
/// the Damage Step with no chain (S3 §Start of the Damage Step): the host's
/// damage_step_atk_modifier, or calc_atk_modifier, "vs" that foe.
bool battle_atk_part(const json& e, ContinuousSpec& out) {
  const std::string type = text_of(e, "effect_type");
  const bool single = type.empty() ? value_of(e, "effect_type_value") == 0x1 : type == "EFFECT_TYPE_SINGLE";
  if (!single || !event_is(e, Constant{"EFFECT_UPDATE_ATTACK", 100}) || (value_of(e, "range_value") & 0x4) == 0 ||
      !e.contains("value") || !e["value"].is_number_integer())
    return false;
  const std::int64_t amount = e["value"].get<std::int64_t>();
  if (amount == 0 || amount % 100 != 0 || amount < -12700 || amount > 12700) return false;
  const auto uses = e.find("condition_uses");
  if (uses == e.end() || !uses->is_array()) return false;
  static constexpr std::array<std::string_view, 9> kAsked = {
      ":GetBattleTarget", ":GetHandler", ":IsRelateToBattle", ":IsFaceup", ":IsAttribute",
      ":IsRace", "Duel.GetCurrentPhase", "PHASE_DAMAGE", "PHASE_DAMAGE_CAL"};
  bool calc = false, step = false, foe = false;
  for (const json& u : *uses) {
    const std::string w = u.is_string() ? u.get<std::string>() : std::string();
    const bool known = std::find(kAsked.begin(), kAsked.end(), w) != kAsked.end() || w.rfind("RACE_", 0) == 0 ||
                       w.rfind("ATTRIBUTE_", 0) == 0;
    if (!known) return false;
    calc = calc || w == "PHASE_DAMAGE_CAL";
    step = step || w == "PHASE_DAMAGE";
    foe = foe || w == ":GetBattleTarget";
  }
  if (!foe || !(calc || step)) return false;
  const auto method = [&uses](const char* m) {
    return std::any_of(uses->begin(), uses->end(), [m](const json& u) { return u.is_string() && u.get<std::string>() == m; });
  };
  const int race = method(":IsRace") ? race_named(*uses) : 0;
  const int attribute = method(":IsAttribute") ? attribute_named(*uses) : 0;
  if ((method(":IsRace") && race == 0) || (method(":IsAttribute") && attribute == 0) || (race && attribute)) return false;
  out = ContinuousSpec{step ? ContinuousKind::DamageStepAtkModifier : ContinuousKind::CalcAtkModifier,
                       static_cast<std::int16_t>(amount)};
  out.foe_attribute = static_cast<std::uint8_t>(attribute);
  out.foe_type = static_cast<std::uint8_t>(race);
  return true;
}

/// The term is a monster's continuous part of this kind, read by `rule`.
bool monster_part(EffectTerm& t, ScriptReading& r, ContinuousKind kind, std::string rule) {
  t.activation = Activation::Continuous;
  t.card_type = CardType::Monster;
  t.continuous = ContinuousSpec{kind, 0};
  r.rule = std::move(rule);
  return true;
}

}  // namespace

/// A monster's continuous effect on itself, read as the term's continuous
/// part: a single effect without a condition whose code is one of
/// kContinuousCodes, with the value the code needs (a cards file without
/// `value` reads as no value). Every other continuous effect stays unread.
bool continuous_part(const json& e, std::uint32_t card_type, EffectTerm& t, ScriptReading& r) {
  if ((card_type & kTypeMonster) && battle_phase_trap_lock(e))
    return monster_part(t, r, ContinuousKind::OpponentNoTrapActivation,
                        "EFFECT_CANNOT_ACTIVATE on the opponent, of Trap cards, in the Battle Phase -> the opponent "
                        "cannot activate Traps during the Battle Phase (continuous)");
  if ((card_type & kTypeMonster) && trap_activation_lock(e))
    return monster_part(t, r, ContinuousKind::NoTrapActivation,
                        "EFFECT_CANNOT_ACTIVATE (EDOPro) or EFFECT_CANNOT_TRIGGER (Fluorohydride) on Trap cards of both "
                        "players -> no Trap card can be activated (continuous)");
  if ((card_type & kTypeMonster) && destroyed_when_targeted(e))
    return monster_part(t, r, ContinuousKind::DestroyedWhenTargeted,
                        "EVENT_CHAIN_SOLVED destroying itself when the link that targeted it resolves -> destroyed "
                        "when targeted (continuous)");
  if ((card_type & kTypeMonster) && defense_after_attacking(e))
    return monster_part(t, r, ContinuousKind::DefenseAfterAttacking,
                        "EVENT_PHASE+PHASE_BATTLE changing itself to Defense Position if it attacked -> "
                        "defense_after_attacking (continuous, applied as the End Step begins)");
  if (const auto k = (card_type & kTypeMonster) ? position_at_end_of_damage_step(e) : std::nullopt)
    return monster_part(t, r, *k,
                        "EVENT_DAMAGE_STEP_END changing itself to " +
                            std::string(*k == ContinuousKind::DefenseAtEndOfDamageStep ? "Defense Position if it attacked"
                                                                                       : "Attack Position if it was attacked") +
                            " -> " + continuous_text(ContinuousSpec{*k}) + " (continuous, applied as the end of the Damage Step begins)");
  if (ContinuousSpec lock; (card_type & kTypeMonster) && monster_atk_lock(e, lock)) {
    monster_part(t, r, lock.kind,
                 "field EFFECT_CANNOT_ATTACK_ANNOUNCE on every monster with :IsAttackAbove(" + std::to_string(lock.amount) +
                     ") -> " + continuous_text(lock) + " (continuous)");
    t.continuous = lock;
    return true;
  }
  if (ContinuousSpec own; (card_type & kTypeMonster) &&
                          (battle_guard_by_atk(e, own) || attacking_shield(e, own) || attacking_card_lock(e, own) ||
                           inflicted_damage_change(e, own))) {
    monster_part(t, r, own.kind, std::string(own.kind == ContinuousKind::IndestructibleByBattle
                                                 ? (own.of == kUpToAtk ? "EFFECT_INDESTRUCTABLE_BATTLE on itself against that much ATK or less"
                                                                       : "EFFECT_INDESTRUCTABLE_BATTLE on itself against that much ATK or more")
                                             : own.kind == ContinuousKind::NoSpellTrapWhileAttacking
                                                 ? "EFFECT_CANNOT_ACTIVATE on the opponent's card activations while it attacks"
                                             : changes_inflicted_damage(own.kind)
                                                 ? "EFFECT_CHANGE_BATTLE_DAMAGE on itself, aux.ChangeBattleDamage(1,...)"
                                                 : "EFFECT_AVOID_BATTLE_DAMAGE or EFFECT_NO_BATTLE_DAMAGE while it attacks") +
                                     " -> " + continuous_text(own) + " (continuous)");
    t.continuous = own;
    return true;
  }
  if (ContinuousSpec atk; (card_type & kTypeMonster) && printed_atk_part(e, atk)) {
    monster_part(t, r, atk.kind,
                 "field EFFECT_UPDATE_ATTACK " + std::to_string(atk.amount) + " on " +
                     (atk.all_monsters ? "every monster" : "its controller's monsters") + " of one " +
                     (atk.kind == ContinuousKind::TypeAtkModifier ? "Type (:IsRace)" : "Attribute (:IsAttribute)") +
                     " -> " + continuous_text(atk) + " (continuous)");
    t.continuous = atk;
    return true;
  }
  if (ContinuousSpec atk; (card_type & kTypeMonster) && battle_atk_part(e, atk)) {
    monster_part(t, r, atk.kind,
                 "EFFECT_UPDATE_ATTACK " + std::to_string(atk.amount) + " on itself in the Damage Step, against the "
                 "monster it battles -> " + continuous_text(atk) + " (continuous)");
    t.continuous = atk;
    return true;
  }
  const std::string type = text_of(e, "effect_type");
  const bool single = type.empty() ? value_of(e, "effect_type_value") == 0x1 : type == "EFFECT_TYPE_SINGLE";
  const bool own_turn = e.contains("condition") && own_turn_condition(e);
  if ((card_type & kTypeMonster) && single && e.contains("condition") && !own_turn &&
      event_is(e, Constant{"EFFECT_DIRECT_ATTACK", 74})) {
    // Under a condition the term cannot state (Rocket Jumper: no Spells or Traps and no Attack Position
    // monster on the opponent's side): the model offers the direct attack, and an engine that withholds
    // it is not checked (CardSpec::hidden_condition; checker/conformance, compare_offer).
    r.hidden_condition = true;
    return monster_part(t, r, ContinuousKind::MayAttackDirectly,
                        "EFFECT_DIRECT_ATTACK on itself under a condition -> may attack directly (continuous; "
                        "the condition is not read: a withheld direct attack is not checked)");
  }
  if ((card_type & kTypeMonster) && single && e.contains("condition") && !own_turn &&
      event_is(e, Constant{"EFFECT_EXTRA_ATTACK", 194}) && value_of(e, "value") == 1) {
    // Likewise (Tyrant Dragon: a second attack while the opponent controls a monster): the model
    // offers the second declaration, and an engine that withholds it is not checked.
    r.hidden_condition = true;
    return monster_part(t, r, ContinuousKind::SecondAttack,
                        "EFFECT_EXTRA_ATTACK (value 1) on itself under a condition -> may attack twice (continuous; "
                        "the condition is not read: a withheld second declaration is not checked)");
  }
  if (!(card_type & kTypeMonster) || !single || (e.contains("condition") && !own_turn)) return false;
  for (const ContinuousCode& c : kContinuousCodes) {
    if (!event_is(e, c.code) || (c.value != 0 && value_of(e, "value") != c.value)) continue;
    r.own_turn_only = own_turn;
    return monster_part(t, r, c.kind,
                        std::string(c.code.name) + (c.value != 0 ? " (value " + std::to_string(c.value) + ")" : std::string()) +
                            " on itself" + (own_turn ? " in its controller's turn" : "") + " -> " + std::string(c.says) +
                            " (continuous)");
  }
  return false;
}

}  // namespace bc::ygopro::script_attrs
