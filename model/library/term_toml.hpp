#pragma once
/// Internal to model/: an effect term written as a TOML table (an inline
/// `effect = { ... }` in scenarios, the card library and the presets).
#include <string>
#include <vector>

#include "model/library/term_check.hpp"
#include "model/terms/effect_text.hpp"
#include "model/toml/toml_input.hpp"

namespace bc::input {

/// Read `effect` (a table) as a term; failures name FIELD.key[i] and the line.
EffectTerm read_term(const Reader& rd, const toml::node& effect, const std::string& field,
                     const std::vector<std::string>& monster_names);
/// Refuse a term read from `effect` that cannot mean anything (check_term_meaning),
/// naming FIELD.key[i] and its line.
void check_term(const Reader& rd, const toml::node& effect, const std::string& field, const EffectTerm& t,
                TermHost host);
/// The term as an inline TOML table text (`{ activation = "quick", ... }`).
std::string term_to_toml(const EffectTerm& t, const std::vector<std::string>& monster_names);

}  // namespace bc::input
