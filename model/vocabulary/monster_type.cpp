#include "model/vocabulary/monster_type.hpp"

#include <array>

#include "model/vocabulary/name_table.hpp"

namespace bc {
namespace {

constexpr std::array<std::string_view, kMonsterTypeCount> kTypes = {
    "none",    "warrior",      "spellcaster", "fairy",  "fiend",    "zombie",      "machine",     "aqua",    "pyro",
    "rock",    "winged_beast", "plant",       "insect", "thunder",  "dragon",      "beast",       "beast_warrior",
    "dinosaur", "fish",        "sea_serpent", "reptile", "psychic", "divine_beast", "creator_god", "wyrm",
    "cyberse", "illusion"};

constexpr std::array<std::string_view, kMonsterAttributeCount> kAttributes = {
    "none", "earth", "water", "fire", "wind", "light", "dark", "divine"};

}  // namespace

std::string_view name(MonsterAttribute a) { return names::lookup(kAttributes, a); }
std::optional<MonsterAttribute> parse_monster_attribute(std::string_view s) {
  return names::find<MonsterAttribute>(kAttributes, s);
}
std::string_view monster_attribute_names() { return "earth, water, fire, wind, light, dark, divine"; }

std::string_view name(MonsterType t) { return names::lookup(kTypes, t); }
std::optional<MonsterType> parse_monster_type(std::string_view s) { return names::find<MonsterType>(kTypes, s); }
std::string_view monster_type_names() {
  return "warrior, spellcaster, fairy, fiend, zombie, machine, aqua, pyro, rock, winged_beast, plant, insect, "
         "thunder, dragon, beast, beast_warrior, dinosaur, fish, sea_serpent, reptile, psychic, divine_beast, "
         "creator_god, wyrm, cyberse, illusion";
}

}  // namespace bc
