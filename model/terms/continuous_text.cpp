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
    case ContinuousKind::CannotAttackOfType: return AmountKind::Type;
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

}  // namespace

std::string continuous_text(const ContinuousSpec& k) {
  std::string out(name(k.kind));
  const AmountKind a = amount_kind(k.kind);
  if (a == AmountKind::Type) return out + " " + std::string(name(static_cast<MonsterType>(k.amount)));
  if (a != AmountKind::None) out += " " + std::to_string(k.amount);
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
  const AmountKind a = amount_kind(*kind);
  if ((a != AmountKind::None) != (w.size() == 2))
    return error = brief_quote(w[0]) + (a != AmountKind::None ? " needs an amount" : " takes no amount"), false;
  if (a == AmountKind::None) return true;
  const auto n = read_amount(a, w[1], error);
  if (!n) return false;
  out.amount = static_cast<std::int16_t>(*n);
  return true;
}

}  // namespace bc
