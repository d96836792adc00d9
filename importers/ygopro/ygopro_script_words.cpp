/// Words of a script's attributes and functions the mapping reads (docs/engines/ygopro.md,
/// "From script attributes to terms"): category names, amounts, resets, a choice of effects.
#include <algorithm>
#include <array>
#include <regex>
#include <string_view>

#include "importers/ygopro/ygopro_script_attrs.hpp"

namespace bc::ygopro::script_attrs {
namespace {

/// The RACE_* names in bit order (bit i is MonsterType i + 1), each tree's
/// spelling where they differ (Fluorohydride / EDOPro), and the ATTRIBUTE_* names.
constexpr std::array<std::string_view, 26> kRaceNames = {
    "RACE_WARRIOR", "RACE_SPELLCASTER", "RACE_FAIRY", "RACE_FIEND", "RACE_ZOMBIE", "RACE_MACHINE", "RACE_AQUA",
    "RACE_PYRO", "RACE_ROCK", "RACE_WINDBEAST|RACE_WINGEDBEAST", "RACE_PLANT", "RACE_INSECT", "RACE_THUNDER",
    "RACE_DRAGON", "RACE_BEAST", "RACE_BEASTWARRIOR", "RACE_DINOSAUR", "RACE_FISH", "RACE_SEASERPENT", "RACE_REPTILE",
    "RACE_PSYCHO|RACE_PSYCHIC", "RACE_DIVINE", "RACE_CREATORGOD", "RACE_WYRM", "RACE_CYBERSE", "RACE_ILLUSION"};
constexpr std::array<std::string_view, 7> kAttributeNames = {"ATTRIBUTE_EARTH", "ATTRIBUTE_WATER", "ATTRIBUTE_FIRE",
                                                             "ATTRIBUTE_WIND",  "ATTRIBUTE_LIGHT", "ATTRIBUTE_DARK",
                                                             "ATTRIBUTE_DIVINE"};

/// The one entry of `table` the facts name as a whole word (1-based; 0: none, or more than one).
template <std::size_t N>
int one_named(const std::array<std::string_view, N>& table, const json& uses) {
  int found = 0;
  for (std::size_t i = 0; i < N; ++i) {
    bool named = false;
    for (std::size_t from = 0; from < table[i].size();) {
      const std::size_t bar = std::min(table[i].find('|', from), table[i].size());
      const std::string_view spelling = table[i].substr(from, bar - from);
      for (const json& u : uses) named = named || (u.is_string() && u.get<std::string>() == spelling);
      from = bar + 1;
    }
    if (named && found != 0) return 0;
    if (named) found = static_cast<int>(i) + 1;
  }
  return found;
}

}  // namespace

int race_named(const json& uses) { return one_named(kRaceNames, uses); }
int attribute_named(const json& uses) { return one_named(kAttributeNames, uses); }

/// The category bits named in `names` (CATEGORY_* names, any separator).
std::uint32_t category_bits(const std::string& names) {
  std::uint32_t c = 0;
  struct Named { std::string_view name; std::uint32_t bit; };
  static constexpr std::array<Named, 13> kNames = {{
      {"CATEGORY_DESTROY", category::kDestroy}, {"CATEGORY_REMOVE", category::kRemove},
      {"CATEGORY_TOHAND", category::kToHand}, {"CATEGORY_TODECK", category::kToDeck},
      {"CATEGORY_TOGRAVE", category::kToGrave}, {"CATEGORY_SPECIAL_SUMMON", category::kSpecialSummon},
      {"CATEGORY_TOKEN", category::kToken}, {"CATEGORY_POSITION", category::kPosition},
      {"CATEGORY_CONTROL", category::kControl}, {"CATEGORY_DISABLE", category::kDisable},
      {"CATEGORY_ATKCHANGE", category::kAtkChange}, {"CATEGORY_DEFCHANGE", category::kDefChange},
      {"CATEGORY_NEGATE", category::kNegate}}};
  for (const Named& n : kNames)
    if (names.find(n.name) != std::string::npos) c |= n.bit;
  return c;
}

std::uint32_t categories(const json& e) { return value_of(e, "category_value") | category_bits(text_of(e, "category")); }

/// "+500 ATK" / "ATK+500" in the card's prose: the amount of its ATK change.
int atk_amount(const std::string& prose) {
  static const std::regex a(R"(ATK\s*\+\s*(\d+))"), b(R"(\+\s*(\d+)\s*ATK)");
  std::smatch m;
  if (std::regex_search(prose, m, a) || std::regex_search(prose, m, b)) return std::stoi(m[1].str()) / 100 * 100;
  return 0;
}

/// The amount of an ATK change written as a literal in the operation's source
/// (`e1:SetValue(3000)`, Injection Fairy Lily; a loss, `SetValue(-500)`, Snake Fang); 0 when
/// the value is computed.
int literal_amount(const std::string& operation) {
  static const std::regex v(R"(SetValue\(\s*(-?\d+)\s*\))");
  std::smatch m;
  if (std::regex_search(operation, m, v)) return std::stoi(m[1].str()) / 100 * 100;
  return 0;
}

/// How long what the operation registers lasts: "until the end of the turn"
/// when the card's prose says so, or when the script resets it at the End
/// Phase (`SetReset(RESET_PHASE+PHASE_END)`: Rush Recklessly, Waboku); else
/// for this battle (Kuriboh resets at PHASE_DAMAGE, Lily at PHASE_DAMAGE_CAL).
Duration duration_of(const std::string& prose, const std::string& operation) {
  if (prose.find("end of turn") != std::string::npos || prose.find("this turn") != std::string::npos) return Duration::Turn;
  const bool phase_end = operation.find("RESETS_STANDARD_PHASE_END") != std::string::npos ||  // EDOPro's shorthand
                         (operation.find("RESET_PHASE") != std::string::npos &&
                          operation.find("PHASE_END") != std::string::npos);
  return phase_end ? Duration::Turn : Duration::Battle;
}

/// Whether a function's facts show the player choosing one of the card's
/// effects: Fluorohydride's scripts call Duel.SelectOption, EDOPro's Duel.SelectEffect.
bool chooses_effect(const std::string& uses) {
  return uses.find("Duel.SelectOption") != std::string::npos || uses.find("Duel.SelectEffect") != std::string::npos;
}

}  // namespace bc::ygopro::script_attrs
