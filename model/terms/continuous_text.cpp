/// The text of a continuous part (docs/effects.md "Continuous effects"): a
/// kind's name and, for some kinds, an amount: ATK in hundreds, a Level, or a
/// Type's name.
#include <sstream>
#include <vector>

#include "model/terms/effect.hpp"
#include "model/terms/effect_text.hpp"
#include "model/toml/input_error.hpp"

namespace bc {
namespace {

enum class AmountKind { None, Atk, Level, Type };

AmountKind amount_kind(ContinuousKind k) {
  switch (k) {
    case ContinuousKind::CalcAtkModifier:
    case ContinuousKind::DamageStepAtkModifier:
    case ContinuousKind::CannotAttackAtLeast: return AmountKind::Atk;
    case ContinuousKind::CannotAttackLevelAtLeast: return AmountKind::Level;
    case ContinuousKind::CannotAttackOfType:
    case ContinuousKind::TypePiercing:
    case ContinuousKind::FaceUpDefenseOfType: return AmountKind::Type;
    default: return AmountKind::None;
  }
}

/// The amount's words for `kind`, nullopt with `error` set when it is out of range.
std::optional<int> read_amount(AmountKind kind, const std::string& w, std::string& error) {
  if (kind == AmountKind::Type) {
    const auto t = parse_monster_type(w);
    if (t && *t != MonsterType::None) return static_cast<int>(*t);
    error = "unknown monster Type " + brief_quote(w) + "; one of " + std::string(monster_type_names());
    return std::nullopt;
  }
  const auto n = term_number(w);
  if (kind == AmountKind::Level) {
    if (n && *n >= 1 && *n <= kMaxLevel) return n;
    error = "the Level must be a whole number from 1 to " + std::to_string(kMaxLevel);
    return std::nullopt;
  }
  if (n && *n % 100 == 0 && *n >= -12700 && *n <= 12700) return n;
  error = "amount must be a multiple of 100 between -12700 and 12700";
  return std::nullopt;
}

/// "type_atk warrior 400", "attribute_atk dark -400 all": the Type or
/// Attribute, the ATK (a multiple of 100, not 0), and `all` for every monster
/// on the field (else its controller's).
std::string printed_atk_text(const ContinuousSpec& k) {
  std::string out(name(k.kind));
  out += " ";
  out += k.kind == ContinuousKind::TypeAtkModifier ? name(static_cast<MonsterType>(k.of))
                                                   : name(static_cast<MonsterAttribute>(k.of));
  out += " " + std::to_string(k.amount);
  return k.all_monsters ? out + " all" : out;
}

bool parse_printed_atk(const std::vector<std::string>& w, ContinuousSpec& out, std::string& error) {
  if (w.size() != 3 && !(w.size() == 4 && w[3] == "all"))
    return error = brief_quote(w[0]) + " needs a " +
                   (out.kind == ContinuousKind::TypeAtkModifier ? "Type" : "Attribute") +
                   ", an ATK amount and optionally `all`", false;
  if (out.kind == ContinuousKind::TypeAtkModifier) {
    const auto t = parse_monster_type(w[1]);
    if (!t || *t == MonsterType::None)
      return error = "unknown monster Type " + brief_quote(w[1]) + "; one of " + std::string(monster_type_names()), false;
    out.of = static_cast<std::uint8_t>(*t);
  } else {
    const auto a = parse_monster_attribute(w[1]);
    if (!a || *a == MonsterAttribute::None)
      return error = "unknown Attribute " + brief_quote(w[1]) + "; one of " + std::string(monster_attribute_names()), false;
    out.of = static_cast<std::uint8_t>(*a);
  }
  const auto n = read_amount(AmountKind::Atk, w[2], error);
  if (!n) return false;
  if (*n == 0) return error = "an ATK change of 0", false;
  out.amount = static_cast<std::int16_t>(*n);
  out.all_monsters = w.size() == 4;
  return true;
}

/// A battle modifier's "vs ATTRIBUTE" or "vs TYPE" (the foe it needs).
bool parse_foe(const std::string& w, ContinuousSpec& out, std::string& error) {
  if (const auto a = parse_monster_attribute(w); a && *a != MonsterAttribute::None) {
    out.foe_attribute = static_cast<std::uint8_t>(*a);
    return true;
  }
  if (const auto t = parse_monster_type(w); t && *t != MonsterType::None) {
    out.foe_type = static_cast<std::uint8_t>(*t);
    return true;
  }
  return error = "`vs` needs an Attribute or a Type, not " + brief_quote(w), false;
}

}  // namespace

std::string continuous_text(const ContinuousSpec& k) {
  if (is_printed_atk_modifier(k.kind)) return printed_atk_text(k);
  if (k.kind == ContinuousKind::NoBattleDamageAttacking)
    return std::string(name(k.kind)) + (k.of == kSparesController ? " you" : k.of == kSparesOpponent ? " opponent" : " both");
  std::string out(name(k.kind));
  if (changes_inflicted_damage(k.kind) && k.of == kWhenAttacked) return out + " attacked";
  const AmountKind a = amount_kind(k.kind);
  if (k.kind == ContinuousKind::TypePiercing && k.of == kEveryType) return out + " any";
  if (a == AmountKind::Type) return out + " " + std::string(name(static_cast<MonsterType>(k.amount)));
  if (k.kind == ContinuousKind::IndestructibleByBattle && k.amount > 0 && k.of == kUpToAtk) out += " up_to";
  if (a != AmountKind::None || (k.kind == ContinuousKind::IndestructibleByBattle && k.amount > 0))
    out += " " + std::to_string(k.amount);
  if (k.foe_attribute != 0) out += " vs " + std::string(name(static_cast<MonsterAttribute>(k.foe_attribute)));
  else if (k.foe_type != 0) out += " vs " + std::string(name(static_cast<MonsterType>(k.foe_type)));
  return out;
}

bool parse_continuous_spec(const std::string& text, ContinuousSpec& out, std::string& error) {
  std::vector<std::string> w;
  std::istringstream in{text};
  for (std::string word; in >> word;) w.push_back(word);
  if (w.empty()) return error = "empty", false;
  const auto kind = parse_continuous(w[0]);
  if (!kind) return error = "unknown continuous effect " + brief_quote(w[0]), false;
  out.kind = *kind;
  if (is_printed_atk_modifier(*kind)) return parse_printed_atk(w, out, error);
  const AmountKind a = amount_kind(*kind);
  if (is_battle_atk_modifier(*kind) && w.size() == 4) {
    if (w[2] != "vs") return error = brief_quote(w[0]) + " takes an amount and optionally `vs` an Attribute or a Type", false;
    if (!parse_foe(w[3], out, error)) return false;
    w.resize(2);
  }
  if (*kind == ContinuousKind::NoBattleDamageAttacking) {  // "you", "opponent" or "both" (kSparesController...)
    const std::uint8_t spares = w.size() != 2 ? 0
                                : w[1] == "you"      ? kSparesController
                                : w[1] == "opponent" ? kSparesOpponent
                                : w[1] == "both"     ? kSparesController | kSparesOpponent
                                                     : 0;
    if (spares == 0) return error = brief_quote(w[0]) + " needs the players it spares: you, opponent or both", false;
    out.of = spares;
    return true;
  }
  if (changes_inflicted_damage(*kind) && w.size() == 2) {  // "attacked": only as the attack target (kWhenAttacked)
    if (w[1] != "attacked") return error = brief_quote(w[0]) + " takes no word but `attacked`, got " + brief_quote(w[1]), false;
    out.of = kWhenAttacked;
    return true;
  }
  if (*kind == ContinuousKind::TypePiercing && w.size() == 2 && w[1] == "any") {  // every Type (kEveryType)
    out.of = kEveryType;
    return true;
  }
  if (*kind == ContinuousKind::IndestructibleByBattle && w.size() == 3) {  // "up_to N": vs N or less ATK
    if (w[1] != "up_to") return error = brief_quote(w[0]) + " takes an amount, or `up_to` and an amount", false;
    out.of = kUpToAtk;
    w.erase(w.begin() + 1);
  }
  if (*kind == ContinuousKind::IndestructibleByBattle && w.size() == 2) {  // "vs N or more ATK" (indestructible_against)
    const auto n = read_amount(AmountKind::Atk, w[1], error);
    if (!n) return false;
    if (*n <= 0) return error = brief_quote(w[0]) + " takes no amount, or the least ATK (above 0) it holds against", false;
    out.amount = static_cast<std::int16_t>(*n);
    return true;
  }
  if ((a != AmountKind::None) != (w.size() == 2))
    return error = brief_quote(w[0]) + (a != AmountKind::None ? " needs an amount" : " takes no amount"), false;
  if (a == AmountKind::None) return true;
  const auto n = read_amount(a, w[1], error);
  if (!n) return false;
  out.amount = static_cast<std::int16_t>(*n);
  return true;
}

}  // namespace bc
