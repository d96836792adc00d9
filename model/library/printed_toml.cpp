/// A monster's printed Level and Type in scenario files and the card library
/// (docs/scenario-format.md "Monsters"): only the locks on declarations that
/// name them read them (printed_lock_stops).
#include "model/library/term_toml.hpp"
#include "model/toml/input_error.hpp"

namespace bc::input {

void read_printed(const Reader& rd, const toml::table& t, const std::string& field, std::uint8_t& level,
                  MonsterType& type) {
  if (const auto v = rd.get_int(t, "level", field + ".level")) {
    if (*v < 1 || *v > kMaxLevel)
      rd.fail(*t.get("level"), field + ".level",
              "must be between 1 and " + std::to_string(kMaxLevel) + ", got " + std::to_string(*v) +
                  " (leave it out for a monster with no Level)");
    level = static_cast<std::uint8_t>(*v);
  }
  if (const auto v = rd.get_string(t, "monster_type", field + ".monster_type")) {
    const auto parsed = parse_monster_type(*v);
    if (!parsed || *parsed == MonsterType::None)
      rd.fail(*t.get("monster_type"), field + ".monster_type",
              "unknown monster Type " + brief_quote(*v) + "; expected one of " + std::string(monster_type_names()));
    type = *parsed;
  }
}

void read_attribute(const Reader& rd, const toml::table& t, const std::string& field, MonsterAttribute& attribute) {
  if (const auto v = rd.get_string(t, "attribute", field + ".attribute")) {
    const auto parsed = parse_monster_attribute(*v);
    if (!parsed || *parsed == MonsterAttribute::None)
      rd.fail(*t.get("attribute"), field + ".attribute",
              "unknown Attribute " + brief_quote(*v) + "; expected one of " + std::string(monster_attribute_names()));
    attribute = *parsed;
  }
}

std::string printed_to_toml(std::uint8_t level, MonsterType type, MonsterAttribute attribute) {
  std::string out;
  if (level != 0) out += "level = " + std::to_string(level) + "\n";
  if (type != MonsterType::None) out += "monster_type = \"" + std::string(name(type)) + "\"\n";
  if (attribute != MonsterAttribute::None) out += "attribute = \"" + std::string(name(attribute)) + "\"\n";
  return out;
}

}  // namespace bc::input
