#pragma once
/// Access to the data files embedded at build time (model/embed/embed.cmake).
#include <string_view>
#include <utility>
#include <vector>

namespace bc::embedded {
/// (file stem, TOML text) of model/rulesets/*.toml.
const std::vector<std::pair<std::string_view, std::string_view>>& rulesets();
/// (file stem, TOML text) of model/rulesets/mutants/*.toml.
const std::vector<std::pair<std::string_view, std::string_view>>& mutants();
/// Text of scenarios/default.toml.
std::string_view default_scenario();
/// Text of model/library/cards.toml (the card library).
std::string_view card_library();
/// Text of model/library/presets.toml (the effect presets).
std::string_view effect_presets();
}  // namespace bc::embedded
