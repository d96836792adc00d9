#include "model/toml/toml_input.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/toml/input_error.hpp"
#include "model/toml/toml_guard.hpp"

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
    if (s.size() > n.size() + 3 || n.size() > s.size() + 3) continue;  // at least 4 edits apart (and no long scan)
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
  if (const auto* s = n.as_string()) return brief_quote(s->get());
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
  // Values are quoted bounded where they are named (brief_quote); the field
  // (it may end in a key of the file) and the whole text are bounded here too.
  std::string msg = origin_;
  if (line > 0) msg += ":" + std::to_string(line);
  msg += ": ";
  if (!field.empty()) msg += brief_text(field, 160) + ": ";
  msg += brief_text(what, kMaxMessagePart);
  throw InputError(msg);
}

toml::table Reader::parse(std::string_view text) const {
  if (const TomlGuardProblem p = guard_toml(text); p.line > 0) fail(p.line, "TOML syntax", p.what);
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
