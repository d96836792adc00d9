#pragma once
/// Internal to model/loaders: library cards in scenario files
/// (docs/scenario-format.md "Library cards"), filled in before an entry is read.
#include <string>

#include "model/core/scenario.hpp"
#include "model/toml/toml_input.hpp"

namespace bc::loaders {

/// Host rule of a preset kind.
HostRule kind_host_rule(EffectKind k);
/// A copy of a [[monster]] table with the library card's name and printed values where the file gives none.
toml::table with_library_monster(const input::Reader& rd, const toml::table& t, const std::string& f);
/// A copy of a [[card]] table with the library card's name, kind, value and host filled in
/// where the file gives none (a monster card's host: the [[monster]] of the same name in `s`).
toml::table with_library_card(const input::Reader& rd, const Scenario& s, const toml::table& t, const std::string& f);

}  // namespace bc::loaders
