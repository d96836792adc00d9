#pragma once
/// Loading scenarios and rulesets from TOML: the only place (with the CLI)
/// that throws. Errors name the file, line and field.
#include <stdexcept>
#include <string>
#include <string_view>

#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"
#include "model/toml/input_error.hpp"

namespace bc {

/// Parse a scenario from TOML text; `origin` names the file in errors.
Scenario parse_scenario(std::string_view text, const std::string& origin);
Scenario load_scenario_file(const std::string& path);

/// A ruleset by built-in name (mr3, a mutant name) or by file path. Files may
/// `extends` a built-in ruleset and override knobs.
Ruleset load_ruleset(const std::string& name_or_path);
Ruleset parse_ruleset(std::string_view text, const std::string& origin);
/// mr3 (or another base) with the named built-in mutant applied.
Ruleset load_mutant(const std::string& mutant_name);

/// Serialize a scenario back to TOML (used when writing counterexamples).
std::string scenario_to_toml(const Scenario& s);

}  // namespace bc
