#pragma once
/// Internal to model/: an effect term written as a TOML table (an inline
/// `effect = { ... }` in scenarios, the card library and the presets).
#include <string>
#include <vector>

#include "model/library/term_check.hpp"
#include "model/terms/effect_text.hpp"
#include "model/toml/toml_input.hpp"
#include "model/vocabulary/monster_type.hpp"

namespace bc::input {

/// Read `effect` (a table) as a term; failures name FIELD.key[i] and the line.
EffectTerm read_term(const Reader& rd, const toml::node& effect, const std::string& field,
                     const std::vector<std::string>& monster_names);
/// Refuse a term read from `effect` that cannot mean anything (check_term_meaning),
/// naming FIELD.key[i] and its line.
void check_term(const Reader& rd, const toml::node& effect, const std::string& field, const EffectTerm& t,
                TermHost host);
/// A monster's optional `level` (1 to kMaxLevel) and `monster_type` (a
/// MonsterType name) from table `t` (docs/scenario-format.md), left as they
/// are when absent; failures name FIELD.level / FIELD.monster_type and the line.
void read_printed(const Reader& rd, const toml::table& t, const std::string& field, std::uint8_t& level,
                  MonsterType& type);
/// The TOML lines of a monster's level and Type, empty when neither is given.
/// A scenario monster's printed Attribute (`attribute = "water"`), read by ATK changes by Attribute.
void read_attribute(const Reader& rd, const toml::table& t, const std::string& field, MonsterAttribute& attribute);
std::string printed_to_toml(std::uint8_t level, MonsterType type, MonsterAttribute attribute = MonsterAttribute::None);
/// The term as an inline TOML table text (`{ activation = "quick", ... }`).
std::string term_to_toml(const EffectTerm& t, const std::vector<std::string>& monster_names);

}  // namespace bc::input
