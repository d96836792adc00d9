#pragma once
/// Bad input and reading input files: the error every loader throws (and the
/// CLI turns into exit code 2), below the TOML reader and the loaders so that
/// both can throw it.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bc {

/// Bad input: a clear message "FILE:LINE: field: what is wrong". Exit code 2 at the CLI.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Whole text of an input file; InputError "PATH: cannot read file: <why>"
/// (no such file, a directory, unreadable) so no loader reads a directory as
/// empty text.
std::string read_input_file(const std::string& path);

/// Untrusted text shown in a message (docs/hardening.md): control bytes
/// escaped as \xNN (a NUL no longer ends the message), cut to `max` bytes at a
/// character boundary, "..." marking a cut. The one bounded rendering of input
/// in messages, TOML and JSON alike (trace/input's brief() uses it too).
std::string brief_text(std::string_view text, std::size_t max = 80);
/// The same in double quotes, for a value named in a message: `unknown operation "destory"`.
std::string brief_quote(std::string_view text, std::size_t max = 80);
/// The longest message part (field or what) a loader reports; a longer one is cut.
inline constexpr std::size_t kMaxMessagePart = 2000;

}  // namespace bc
