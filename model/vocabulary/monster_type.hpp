#pragma once
/// A monster's printed Type (Warrior, Insect, ...), which some attack
/// restrictions read (Insect Barrier: docs/effects.md "Continuous effects").
/// The order after None is the ygopro cores' RACE_* bit order (bit i is
/// Type i + 1), so an importer maps a card database's race by position.
#include <cstdint>
#include <optional>
#include <string_view>

namespace bc {

/// A monster's Type; None: not given (a condition on a Type never matches it).
enum class MonsterType : std::uint8_t {
  None, Warrior, Spellcaster, Fairy, Fiend, Zombie, Machine, Aqua, Pyro, Rock, WingedBeast, Plant, Insect,
  Thunder, Dragon, Beast, BeastWarrior, Dinosaur, Fish, SeaSerpent, Reptile, Psychic, DivineBeast, CreatorGod,
  Wyrm, Cyberse, Illusion,
};
inline constexpr int kMonsterTypeCount = 27;

/// A monster's printed Attribute, which ATK changes by Attribute read
/// (Nightmare Penguin, Hoshiningen: docs/effects.md "Continuous effects"). The
/// order after None is the ygopro cores' ATTRIBUTE_* bit order (bit i is
/// Attribute i + 1), so an importer maps a card database's attribute by position.
enum class MonsterAttribute : std::uint8_t { None, Earth, Water, Fire, Wind, Light, Dark, Divine };
inline constexpr int kMonsterAttributeCount = 8;

/// The highest Level a monster may be given (0: none given, or a monster with
/// no Level, which a condition on a Level never matches).
inline constexpr int kMaxLevel = 12;

/// Text name ("winged_beast"), as scenario, card and trace files write it.
std::string_view name(MonsterType t);
/// The Type named `s`, nullopt when no name matches.
std::optional<MonsterType> parse_monster_type(std::string_view s);
/// Every Type's name but "none", comma-separated (for error messages).
std::string_view monster_type_names();

/// Text name ("water"), as scenario, card and trace files write it.
std::string_view name(MonsterAttribute a);
/// The Attribute named `s`, nullopt when no name matches.
std::optional<MonsterAttribute> parse_monster_attribute(std::string_view s);
/// Every Attribute's name but "none", comma-separated (for error messages).
std::string_view monster_attribute_names();

}  // namespace bc
