#pragma once
/// The text form of an effect term (docs/effects.md "Writing a term"): a table
/// of short fields that scenario files, the card library, the preset file,
/// trace headers and engine cards files share. Parsing reports the field and
/// what is wrong; the caller adds the file and line.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/terms/effect.hpp"

namespace bc {

/// Text form of one operation ("destroy target", "change_atk own_battler 700 turn",
/// "special_summon Sheep Token defense").
std::string op_text(const Op& op, const std::vector<std::string>& monster_names);
/// Text form of a target selector ("none", "chain_link", "monster opponent face_up battling").
std::string target_text(const TargetSpec& t);
/// Parse a target selector text; nullopt with `error` set on bad input.
std::optional<TargetSpec> parse_target(std::string_view s, std::string& error);

/// How a field was written: one value, a list, or unknown (built by hand).
enum class FieldShape : std::uint8_t { Unknown, Value, List };

/// One field of a term in text form: the shape scenario files and trace
/// headers carry (docs/effects.md "Writing a term"). `line` is the file line
/// for error messages (0 when unknown). A reader of a file sets `shape`, so
/// `ops = "destroy"` (a list key written as one value) is refused.
struct TermField {
  std::string key;
  std::vector<std::string> values;
  int line = 0;
  FieldShape shape = FieldShape::Unknown;
};

/// Whether a term key holds a list (timings, conditions, ops).
bool term_key_is_list(std::string_view key);

/// Error of parse_term() and of the load checks (check_term_meaning,
/// model/library/term_check.hpp): the field (e.g. "ops[1]") and what is wrong.
struct TermError {
  std::string field;
  std::string message;
  int line = 0;
};

/// Build a term from its fields; monster names resolve `special_summon NAME`.
/// Unknown keys, unknown names, a missing activation, a list written as one
/// value, an operation with two objects (or amounts, durations, positions)
/// or with a word its operation takes none of, and inconsistent parts are
/// errors. Values are shown in messages bounded (bc::brief_quote).
std::optional<EffectTerm> parse_term(const std::vector<TermField>& fields, const std::vector<std::string>& monster_names,
                                     TermError& error);
/// The fields of a term (only those that differ from the defaults, plus activation).
std::vector<TermField> term_to_fields(const EffectTerm& t, const std::vector<std::string>& monster_names);
/// Keys a term may have, for "did you mean" messages.
const std::vector<std::string>& term_keys();

/// A whole decimal integer, optionally after a '+': the amounts of an
/// operation's and of a continuous part's text; nullopt for anything else.
std::optional<int> term_number(std::string_view s);

}  // namespace bc
