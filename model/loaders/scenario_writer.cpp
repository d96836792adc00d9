// Writing a scenario back as TOML (counterexample files, corpora): the inverse
// of the scenario loader (docs/scenario-format.md).
#include <optional>
#include <sstream>
#include <utility>

#include "model/library/presets.hpp"
#include "model/library/term_toml.hpp"
#include "model/loaders/loader.hpp"
#include "model/toml/toml_input.hpp"

namespace bc {
namespace {

/// Zone holding monster m as (side, zone), if any.
std::optional<std::pair<int, int>> zone_of_monster(const Scenario& s, std::size_t m) {
  for (int side = 0; side < 2; ++side)
    for (int z = 0; z < kZonesPerSide; ++z)
      if (s.board[side][z].monster == m) return std::make_pair(side, z);
  return std::nullopt;
}

std::string monster_name(const Scenario& s, std::uint8_t m) {
  return m < s.monsters.size() ? s.monsters[m].name : std::string("?");
}

}  // namespace

std::string scenario_to_toml(const Scenario& s) {
  std::ostringstream os;
  os << "name = " << input::toml_quote(s.name) << "\n";
  if (!s.description.empty()) os << "description = " << input::toml_quote(s.description) << "\n";
  os << "first_turn = " << (s.first_turn ? "true" : "false") << "\n";
  for (std::size_t i = 0; i < s.monsters.size(); ++i) {
    const auto& m = s.monsters[i];
    os << "\n[[monster]]\nname = " << input::toml_quote(m.name) << "\natk = " << m.atk << "\ndef = " << m.def << "\n"
       << input::printed_to_toml(m.level, m.type, m.attribute);
    if (const auto z = zone_of_monster(s, i)) {
      os << "player = " << input::toml_quote(name(static_cast<Player>(z->first))) << "\nzone = " << z->second
         << "\nposition = " << input::toml_quote(name(s.board[z->first][z->second].position)) << "\n";
    }
  }
  std::vector<std::string> names;
  for (const auto& m : s.monsters) names.push_back(m.name);
  for (const auto& c : s.cards) {
    os << "\n[[card]]\nname = " << input::toml_quote(c.name) << "\n";
    if (c.custom) os << "effect = " << input::term_to_toml(c.term, names) << "\n";
    else os << "kind = " << input::toml_quote(name(c.kind)) << "\n";
    os << "player = " << input::toml_quote(name(c.owner)) << "\n";
    if (c.host != kNoMonster) os << "host = " << input::toml_quote(monster_name(s, c.host)) << "\n";
    if (c.resolved_before) os << "resolved_before = true\n";
    if (c.stays_on_field) os << "stays_on_field = true\n";
    if (c.set) os << "set = true\n";
    if (c.destroyed_before) os << "destroyed_before = true\n";
    if (c.effect_of < s.cards.size()) os << "effect_of = " << input::toml_quote(s.cards[c.effect_of].name) << "\n";
    if (c.resolved_target < kSlotCount) {
      const ZoneSpec& z = s.board[c.resolved_target / kZonesPerSide][c.resolved_target % kZonesPerSide];
      os << "resolved_target = " << input::toml_quote(monster_name(s, z.monster)) << "\n";
    }
    if (c.custom) continue;
    if (preset_takes_value(c.kind)) os << "value = " << c.value << "\n";
    if (c.summons != kNoMonster) os << "summons = " << input::toml_quote(monster_name(s, c.summons)) << "\n";
    if (c.condition != Condition::None) os << "condition = " << input::toml_quote(name(c.condition)) << "\n";
  }
  return os.str();
}

}  // namespace bc
