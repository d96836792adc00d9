#pragma once
/// Loading scenarios and rulesets from TOML: the only place (with the CLI)
/// that throws. Errors name the file, line and field.
#include <stdexcept>
#include <string>
#include <string_view>

#include "model/ruleset.hpp"
#include "model/scenario.hpp"

namespace bc {

/// Bad input: a clear message "FILE:LINE: field: what is wrong". Exit code 2 at the CLI.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Parse a scenario from TOML text; `origin` names the file in errors.
/// Whole text of an input file; InputError "PATH: cannot read file: <why>"
/// (no such file, a directory, unreadable) so no loader reads a directory as
/// empty text.
std::string read_input_file(const std::string& path);

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
