#pragma once
/// Loading scenarios (and, through model/rulesets, rulesets) from TOML: the
/// only place (with the CLI) that throws. Errors name the file, line and field.
#include <stdexcept>
#include <string>
#include <string_view>

#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"
#include "model/rulesets/ruleset_loader.hpp"
#include "model/toml/input_error.hpp"

namespace bc {

/// Parse a scenario from TOML text; `origin` names the file in errors.
Scenario parse_scenario(std::string_view text, const std::string& origin);
Scenario load_scenario_file(const std::string& path);

/// Serialize a scenario back to TOML (used when writing counterexamples).
std::string scenario_to_toml(const Scenario& s);

}  // namespace bc
