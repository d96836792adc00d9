#pragma once
/// Ruleset files (docs/rulesets.md): the built-in rulesets of this folder
/// (embedded in the binary), their mutants, and users' files, read into a
/// Ruleset. Below the card library, which reads the built-in rulesets'
/// permissions when it checks a term (model/library/term_check.hpp). Every
/// failure throws InputError "FILE:LINE: FIELD: what".
#include <string>
#include <string_view>

#include "model/core/ruleset.hpp"
#include "model/toml/input_error.hpp"

namespace bc {

/// A ruleset by built-in name (mr3, a mutant name) or by file path. Files may
/// `extends` a built-in ruleset and override knobs.
Ruleset load_ruleset(const std::string& name_or_path);
Ruleset parse_ruleset(std::string_view text, const std::string& origin);
/// mr3 (or another base) with the named built-in mutant applied.
Ruleset load_mutant(const std::string& mutant_name);

}  // namespace bc
