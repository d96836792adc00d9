#pragma once
/// Untrusted JSON (trace lines, cards files, counterexample files, engine
/// responses): bounded nesting, no duplicate keys, numbers in range, every
/// error naming its line; and bounded renderings of untrusted values for
/// messages. See docs/hardening.md.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "model/toml/input_error.hpp"

namespace bc {

/// The deepest nesting of arrays and objects any input may use. No format of
/// the project needs more than 8; a cap keeps recursive code (printing,
/// comparing, destroying) far from the stack's end.
inline constexpr int kMaxJsonDepth = 64;

/// What is wrong with JSON text, or empty when it parses: a one-line message
/// "<origin>:<line>: <what>" where line counts from `first_line` at the first
/// byte of `text`. Checks the nesting (kMaxJsonDepth), duplicate object keys,
/// syntax, and numbers outside a double's range (1e400).
/// On success `out` holds the value.
std::string parse_untrusted_json(std::string_view text, const std::string& origin, nlohmann::json& out,
                                 std::size_t first_line = 1);

/// As parse_untrusted_json, throwing InputError (model/toml/input_error.hpp) on a problem.
nlohmann::json parse_json_or_throw(std::string_view text, const std::string& origin, std::size_t first_line = 1);

/// A value shown in a message: its JSON text cut to `max` characters ("..."
/// marks a cut). Safe on any value parse_untrusted_json accepted.
std::string brief(const nlohmann::json& v, std::size_t max = 80);

// Untrusted text in a message: bc::brief_text / bc::brief_quote (model/toml/input_error.hpp).

/// The line of each value of a multi-line JSON document, by JSON pointer
/// ("/cards/3/atk"), so a field error can name its line.
class JsonLines {
 public:
  /// Index `text` (which must already have parsed).
  explicit JsonLines(std::string_view text);
  /// The 1-based line where the value at `pointer` starts; 0 if unknown.
  std::size_t line(const std::string& pointer) const;
  /// A loader's message "<origin>: [<context>: ]field '<field>': <what>",
  /// where context and field are paths such as "cards[3]" and "effect.timing",
  /// with the line of that field (or of its nearest enclosing value) added:
  /// "<origin>:<line>: ...". Other messages are returned unchanged.
  std::string with_line(const std::string& message, const std::string& origin) const;

 private:
  std::unordered_map<std::string, std::size_t> lines_;
};

}  // namespace bc
