#pragma once
/// A guard in front of toml++ for untrusted TOML. toml++ 3.3 (Debian's
/// libtomlplusplus) reaches __builtin_unreachable, undefined behaviour, when
/// it tests some characters outside ASCII for whitespace: after '=', at a
/// line start, after a backslash in a multi-line string, while it scans a
/// malformed bare value up to its end. TOML allows such characters only in
/// strings and comments, so the guard follows the document's shape (keys,
/// headers, values, arrays, inline tables, strings, comments) and refuses a
/// character outside ASCII anywhere else. See docs/hardening.md.
#include <string>
#include <string_view>

namespace bc::input {

/// Where the guard refuses a text: the 1-based line and what is wrong.
struct TomlGuardProblem {
  int line = 0;  ///< 0: nothing refused (toml++ may still find a syntax error)
  std::string what;
};

/// Checks `text` before toml++ parses it. Refuses a character outside ASCII
/// outside strings and comments; where the document stops making sense (a
/// syntax error) and such a character follows later, refuses at the error,
/// since toml++ may scan ahead from there.
TomlGuardProblem guard_toml(std::string_view text);

}  // namespace bc::input
