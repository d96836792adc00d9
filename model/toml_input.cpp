#include "model/toml_input.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/loader.hpp"

namespace bc::input {
namespace {

std::string type_name(toml::node_type t) {
  switch (t) {
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a floating-point number";
    case toml::node_type::boolean: return "a boolean";
    case toml::node_type::date: return "a date";
    case toml::node_type::time: return "a time";
    case toml::node_type::date_time: return "a date-time";
    case toml::node_type::array: return "an array";
    case toml::node_type::table: return "a table";
    default: return "nothing";
  }
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

/// Where TOML allows a character outside ASCII: inside strings and comments
/// only. toml++ 3.3 reaches __builtin_unreachable (undefined behaviour) when
/// it tests some such characters for whitespace (after '=', at a line start,
/// after a line-ending backslash), so they are refused before it sees them.
struct AsciiScan {
  std::string_view t;
  std::size_t i = 0;
  int line = 1;

  bool at(std::string_view s) const { return t.substr(i, s.size()) == s; }
  bool high() const { return static_cast<unsigned char>(t[i]) >= 0x80; }
  void step() { line += t[i++] == '\n'; }
  /// After a backslash in a """ string: toml++ tests the next character, and
  /// every blank or line end after it, for whitespace; false if a high byte
  /// is tested.
  bool skip_trimmed() {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\t' || t[i] == '\r' || t[i] == '\n')) step();
    return i >= t.size() || !high();
  }
  /// Skips a string opened by `quote` (the opening already consumed).
  bool string(std::string_view quote, bool escapes) {
    while (i < t.size() && !at(quote)) {
      if (escapes && t[i] == '\\') {
        step();
        const bool blank = i < t.size() && std::string_view(" \t\r\n").find(t[i]) != std::string_view::npos;
        if (quote.size() == 3 && (blank || (i < t.size() && high()))) {
          if (!skip_trimmed()) return false;
          continue;  // a line-ending backslash: what follows is not escaped
        }
        if (i < t.size()) step();  // the escaped character
        continue;
      }
      if (quote.size() == 1 && t[i] == '\n') return true;  // unterminated: toml++ reports it
      step();
    }
    for (std::size_t k = 0; k < quote.size() && i < t.size(); ++k) step();
    return true;
  }
  static bool blank(char c) { return c == ' ' || c == '\t'; }
  static bool bare_key_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  }
  /// Whether the quote at i opens a string (or a quoted key): it follows '=',
  /// ',' or the start of a line, blanks aside; or a '[' or '{' that itself
  /// does; or the '.' of a dotted key. Elsewhere it is inside a bare token
  /// (-d$"x, W['x, +."x), which toml++ scans with its whitespace test. The
  /// look-back is bounded (kLookBack bytes), so no input makes it quadratic.
  bool opens_string() const {
    constexpr std::size_t kLookBack = 256;
    const std::size_t stop = i > kLookBack ? i - kLookBack : 0;
    std::size_t j = i;
    bool key = false;  // what comes next must be a key (after a dot)
    for (;;) {
      while (j > stop && blank(t[j - 1])) --j;
      if (j == 0) return true;
      if (j == stop) return false;
      const char p = t[j - 1];
      if (p == '\n' || p == ',' || p == '{' || (p == '[' && key)) return true;
      if (p == '=') return !key;
      if (key && (p == '"' || p == '\'')) return true;  // a quoted key before the dot
      if (key) {  // a bare key before the dot: go to its start
        const std::size_t end = j;
        while (j > stop && bare_key_char(t[j - 1])) --j;
        if (j == end) return false;
        key = false;
        while (j > stop && blank(t[j - 1])) --j;
        if (j > stop && t[j - 1] == '.') { --j; key = true; continue; }
        if (j == 0) return true;
        if (j == stop) return false;
        const char q = t[j - 1];
        return q == '\n' || q == '{' || q == ',' || q == '[';
      }
      if (p == '.') { --j; key = true; continue; }
      if (p != '[') return false;
      --j;  // an opening bracket: structural only where a value or a header may start
    }
  }
  /// The 1-based line of the first character outside ASCII that is neither
  /// in a string nor in a comment, or 0.
  int run() {
    while (i < t.size()) {
      if (t[i] == '#') {
        while (i < t.size() && t[i] != '\n') step();
      } else if ((t[i] == '"' || t[i] == '\'') && !opens_string()) {
        step();  // a quote inside a bare token: part of a malformed value
      } else if (at(R"(""")") || at("'''")) {
        const std::string_view quote = t.substr(i, 3);
        i += 3;
        if (!string(quote, quote[0] == '"')) return line;
      } else if (t[i] == '"' || t[i] == '\'') {
        const std::string_view quote = t.substr(i, 1);
        ++i;
        string(quote, quote[0] == '"');
      } else if (high()) {
        return line;
      } else {
        step();
      }
    }
    return 0;
  }
};

}  // namespace

std::string one_of(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += (i + 1 == names.size()) ? " or " : ", ";
    out += names[i];
  }
  return out;
}

std::string toml_quote(std::string_view s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04X", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string closest(std::string_view s, const std::vector<std::string>& names) {
  std::string best;
  std::size_t best_d = 4;
  for (const auto& n : names) {
    const std::size_t d = edit_distance(s, n);
    if (d < best_d) { best_d = d; best = n; }
  }
  if (best.empty() && s.size() >= 4) {  // a cut-short name: "after_damage_calc"
    for (const auto& n : names)
      if (n.starts_with(s)) return n;
  }
  return best;
}

std::string show(const toml::node& n) {
  if (const auto* s = n.as_string()) return toml_quote(s->get());
  if (const auto* i = n.as_integer()) return std::to_string(i->get());
  if (const auto* b = n.as_boolean()) return b->get() ? "true" : "false";
  if (const auto* f = n.as_floating_point()) {
    std::ostringstream os;
    os << f->get();
    return os.str();
  }
  return type_name(n.type());
}

int line_of(const toml::source_region& r) { return std::max(1, static_cast<int>(r.begin.line)); }

void Reader::fail(int line, std::string_view field, std::string_view what) const {
  std::string msg = origin_;
  if (line > 0) msg += ":" + std::to_string(line);
  msg += ": ";
  if (!field.empty()) msg += std::string(field) + ": ";
  msg += what;
  throw InputError(msg);
}

toml::table Reader::parse(std::string_view text) const {
  if (const int line = AsciiScan{text}.run(); line > 0)
    fail(line, "TOML syntax", "a character outside ASCII outside a string or comment");
  try {
    return toml::parse(text, origin_);
  } catch (const toml::parse_error& e) {
    fail(line_of(e.source()), "TOML syntax", std::string(e.description()));
  }
}

void Reader::only_keys(const toml::table& t, std::string_view prefix,
                       std::initializer_list<std::string_view> allowed) const {
  for (const auto& [key, node] : t) {
    const std::string_view k = key.str();
    if (std::find(allowed.begin(), allowed.end(), k) != allowed.end()) continue;
    std::vector<std::string> names(allowed.begin(), allowed.end());
    std::string what = "unknown key";
    const std::string near = closest(k, names);
    if (!near.empty()) what += " (did you mean " + near + "?)";
    what += "; allowed keys: " + one_of(names);
    fail(line_of(key.source()), std::string(prefix) + std::string(k), what);
  }
}

std::optional<std::string> Reader::get_string(const toml::table& t, std::string_view key,
                                              const std::string& field) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  if (const auto* s = n->as_string()) return s->get();
  fail(*n, field, "must be a string, got " + show(*n));
}

std::optional<std::int64_t> Reader::get_int(const toml::table& t, std::string_view key,
                                            const std::string& field) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  if (const auto* i = n->as_integer()) return i->get();
  fail(*n, field, "must be an integer, got " + show(*n));
}

std::optional<bool> Reader::get_bool(const toml::table& t, std::string_view key, const std::string& field) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  if (const auto* b = n->as_boolean()) return b->get();
  fail(*n, field, "must be true or false, got " + show(*n));
}

const toml::table* Reader::get_table(const toml::table& t, std::string_view key, const std::string& field) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return nullptr;
  if (const auto* tbl = n->as_table()) return tbl;
  fail(*n, field, "must be a table, got " + show(*n));
}

const toml::array* Reader::get_table_array(const toml::table& t, std::string_view key,
                                           const std::string& field) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return nullptr;
  const auto* arr = n->as_array();
  if (arr == nullptr || !arr->is_array_of_tables())
    fail(*n, field, "must be an array of tables written [[" + std::string(key) + "]], got " + show(*n));
  return arr;
}

std::optional<std::vector<std::pair<std::string, int>>> Reader::get_strings(const toml::table& t,
                                                                            std::string_view key,
                                                                            const std::string& field) const {
  const toml::node* n = t.get(key);
  if (n == nullptr) return std::nullopt;
  return strings_of(*n, field);
}

std::vector<std::pair<std::string, int>> Reader::strings_of(const toml::node& n, const std::string& field) const {
  const auto* arr = n.as_array();
  if (arr == nullptr) fail(n, field, "must be an array of strings, got " + show(n));
  std::vector<std::pair<std::string, int>> out;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const toml::node& e = *arr->get(i);
    const auto* s = e.as_string();
    if (s == nullptr) fail(e, field + "[" + std::to_string(i) + "]", "must be a string, got " + show(e));
    out.emplace_back(s->get(), line_of(e.source()));
  }
  return out;
}

std::string Reader::need_string(const toml::table& t, std::string_view key, const std::string& field) const {
  auto v = get_string(t, key, field);
  if (!v) fail(line_of(t.source()), field, "missing (a string is required)");
  return *v;
}

std::int64_t Reader::need_int(const toml::table& t, std::string_view key, const std::string& field) const {
  auto v = get_int(t, key, field);
  if (!v) fail(line_of(t.source()), field, "missing (an integer is required)");
  return *v;
}

std::string read_file(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) throw InputError(path + ": cannot read file: no such file");
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": cannot read file: it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot read file: " + std::strerror(errno));
  std::ostringstream os;
  os << in.rdbuf();
  if (in.bad()) throw InputError(path + ": cannot read file: read error");
  return os.str();
}

std::string file_stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

}  // namespace bc::input

namespace bc {

std::string read_input_file(const std::string& path) { return input::read_file(path); }

}  // namespace bc
