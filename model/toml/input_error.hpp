#pragma once
/// Bad input and reading input files: the error every loader throws (and the
/// CLI turns into exit code 2), below the TOML reader and the loaders so that
/// both can throw it.
#include <stdexcept>
#include <string>

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

}  // namespace bc
