#pragma once
/// Source rulesets (issue 5 §1, docs/rulesets.md "Source rulesets"): the
/// parts of a ruleset file that only a ruleset encoding one ruling source may
/// have (`source`, `[unspecified]`, `[[claims]]`, `other_reading`). Internal to
/// model/rulesets/ruleset_loader.cpp; every failure throws InputError "FILE:LINE: FIELD: what".
#include <array>
#include <string>

#include <toml++/toml.h>

#include "model/core/ruleset.hpp"
#include "model/toml/toml_input.hpp"

namespace bc::source_input {

/// Which entries the file itself sets (as opposed to inheriting them).
struct SetInFile {
  std::array<bool, kKnobCount> knobs{};
  std::array<bool, kEffectKindCount> permissions{};
};

/// Reads `source = "S3"` into r.source (a source id "S<digits>"); no-op when absent.
void read_source_id(const input::Reader& rd, const toml::table& doc, Ruleset& r);

/// Checks one citation list of a source ruleset's entry: at least one, each of
/// the ruleset's own source ("S3 §..."). `entry` is the node of the entry.
void check_own_citations(const input::Reader& rd, const Ruleset& r, const toml::node& entry,
                         const std::string& field, const Provenance& p);

/// Reads `[unspecified] knobs = [...] permissions = [...]`, marks those
/// entries unspecified in r and returns them; an entry both set in the file
/// and listed, or listed twice, is an error.
SetInFile read_unspecified(const input::Reader& rd, const toml::table& doc, const SetInFile& set, Ruleset& r);

/// Reads `[[claims]] property = "..." section = "S3 §..." note = "..."`.
void read_claims(const input::Reader& rd, const toml::table& doc, Ruleset& r);

/// A file with `source` must say of every knob and every permission whether
/// its source states it: set in the file, listed in [unspecified], or stated
/// by a source parent. Fails naming the first one it says nothing of.
void check_accounted(const input::Reader& rd, const toml::table& doc, const SetInFile& set,
                     const SetInFile& listed, const Ruleset& r);

/// Keys only a source ruleset may use; fails on the first one in a file without `source`.
void reject_source_keys(const input::Reader& rd, const toml::table& doc);

}  // namespace bc::source_input
