#pragma once
/// Shared helpers of the scenario and ruleset loaders (internal to model/):
/// reading typed TOML values with "FILE:LINE: FIELD: what is wrong" errors.
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

namespace bc::input {

/// "a, b or c": a list of names for error messages.
std::string one_of(const std::vector<std::string>& names);
/// `"text"` with TOML escapes: for error messages and for writing TOML.
std::string toml_quote(std::string_view s);
/// The closest name to `s` (edit distance at most 3, or a name it begins), or empty.
std::string closest(std::string_view s, const std::vector<std::string>& names);
/// Readable form of a node's value for "got ..." in messages.
std::string show(const toml::node& n);
/// Line of a node or key in its file (at least 1).
int line_of(const toml::source_region& r);

/// Reads one TOML document and reports errors against its origin (a file
/// name). Every failure throws InputError "ORIGIN:LINE: FIELD: what".
class Reader {
 public:
  explicit Reader(std::string origin) : origin_(std::move(origin)) {}
  const std::string& origin() const { return origin_; }

  [[noreturn]] void fail(int line, std::string_view field, std::string_view what) const;
  [[noreturn]] void fail(const toml::node& n, std::string_view field, std::string_view what) const {
    fail(line_of(n.source()), field, what);
  }

  /// Parse text; a syntax error carries toml++'s line and description.
  toml::table parse(std::string_view text) const;

  /// Fail on the first key of t not in `allowed` (with a "did you mean").
  void only_keys(const toml::table& t, std::string_view prefix, std::initializer_list<std::string_view> allowed) const;

  std::optional<std::string> get_string(const toml::table& t, std::string_view key, const std::string& field) const;
  std::optional<std::int64_t> get_int(const toml::table& t, std::string_view key, const std::string& field) const;
  std::optional<bool> get_bool(const toml::table& t, std::string_view key, const std::string& field) const;
  /// A table value, or nullptr when absent.
  const toml::table* get_table(const toml::table& t, std::string_view key, const std::string& field) const;
  /// An array of tables ([[key]]), or nullptr when absent.
  const toml::array* get_table_array(const toml::table& t, std::string_view key, const std::string& field) const;
  /// An array of strings with the line of each element.
  std::optional<std::vector<std::pair<std::string, int>>> get_strings(const toml::table& t, std::string_view key,
                                                                      const std::string& field) const;

  /// The strings of an array node with the line of each element.
  std::vector<std::pair<std::string, int>> strings_of(const toml::node& n, const std::string& field) const;

  /// A required string (fails naming the table's line when missing).
  std::string need_string(const toml::table& t, std::string_view key, const std::string& field) const;
  std::int64_t need_int(const toml::table& t, std::string_view key, const std::string& field) const;

 private:
  std::string origin_;
};

/// Whole text of a file; InputError "PATH: cannot read file: reason" if it cannot be read.
std::string read_file(const std::string& path);
/// The file stem of a path ("dir/my.toml" -> "my").
std::string file_stem(const std::string& path);

}  // namespace bc::input
