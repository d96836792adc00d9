// A monster's continuous effects on itself, read from its script
// (docs/engines/ygopro.md, "From script attributes to terms").
#include <array>
#include <string>
#include <string_view>

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
constexpr std::array<ContinuousCode, 10> kContinuousCodes = {{
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
}};

}  // namespace

/// A monster's continuous effect on itself, read as the term's continuous
/// part: a single effect without a condition whose code is one of
/// kContinuousCodes, with the value the code needs (a cards file without
/// `value` reads as no value). Every other continuous effect stays unread.
bool continuous_part(const json& e, std::uint32_t card_type, EffectTerm& t, ScriptReading& r) {
  const std::string type = text_of(e, "effect_type");
  const bool single = type.empty() ? value_of(e, "effect_type_value") == 0x1 : type == "EFFECT_TYPE_SINGLE";
  if (!(card_type & kTypeMonster) || !single || e.contains("condition")) return false;
  for (const ContinuousCode& c : kContinuousCodes) {
    if (!event_is(e, c.code) || (c.value != 0 && value_of(e, "value") != c.value)) continue;
    t.activation = Activation::Continuous;
    t.card_type = CardType::Monster;
    t.continuous = ContinuousSpec{c.kind, 0};
    r.rule = std::string(c.code.name) + (c.value != 0 ? " (value " + std::to_string(c.value) + ")" : std::string()) +
             " on itself -> " + std::string(c.says) + " (continuous)";
    return true;
  }
  return false;
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
  return names("TYPE_MONSTER") || names("TYPE_EFFECT") || !(names("TYPE_TRAP") || names("TYPE_SPELL"));
}

}  // namespace bc::ygopro::script_attrs
