/// Untrusted JSON: a structural pre-scan (iterative, so no input can exhaust
/// the stack) checks nesting, duplicate keys and number range with the line
/// of each problem, then nlohmann::json builds the value.
#include "trace/input/json_input.hpp"

#include <cmath>
#include <cstdlib>
#include <deque>
#include <optional>
#include <unordered_set>
#include <vector>

#include "model/toml/input_error.hpp"

namespace bc {

namespace {

using nlohmann::json;

/// One open array or object of the scan.
struct Frame {
  bool object = false;
  std::size_t index = 0;        ///< arrays: the element being read
  std::size_t pointer_len = 0;  ///< length of the pointer of this container
  std::vector<std::string_view> keys;
  std::unordered_set<std::string_view> key_set;  ///< used once an object has many keys
};

/// Iterative structural scan. Syntax errors stop it silently: nlohmann reports
/// them (with line and column) when it parses the same text.
class Scanner {
 public:
  Scanner(std::string_view text, std::size_t first_line, std::unordered_map<std::string, std::size_t>* lines)
      : s_(text), line_(first_line), lines_(lines) {}

  /// Empty, or the problem found; line() says where.
  std::string run() {
    std::string problem;
    if (!value(problem)) return problem;
    for (;;) {
      if (stack_.empty()) return {};
      ws();
      if (i_ >= s_.size()) return {};
      Frame& f = stack_.back();
      const char c = s_[i_];
      if (c == ',') {
        ++i_;
        if (f.object) {
          if (!key(problem)) return problem;
        } else {
          ++f.index;
          if (lines_) {
            pointer_.resize(f.pointer_len);
            pointer_ += "/" + std::to_string(f.index);
          }
        }
        if (!value(problem)) return problem;
      } else if (c == (f.object ? '}' : ']')) {
        ++i_;
        pop();
      } else {
        return {};
      }
    }
  }
  std::size_t line() const { return line_; }

 private:
  void ws() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n')) {
      if (s_[i_] == '\n') ++line_;
      ++i_;
    }
  }
  void pop() {
    pointer_.resize(stack_.back().pointer_len);
    stack_.pop_back();
  }
  /// Reads one value; containers are opened (their contents follow in run()).
  /// False with `problem` set on a problem, false with it empty on a syntax
  /// error (left to the parser), true otherwise.
  bool value(std::string& problem) {
    ws();
    if (lines_) lines_->emplace(pointer_, line_);
    if (i_ >= s_.size()) return false;
    const char c = s_[i_];
    if (c == '{' || c == '[') return open(c == '{', problem);
    if (c == '"') return string().has_value();
    return scalar(problem);
  }
  bool open(bool object, std::string& problem) {
    if (static_cast<int>(stack_.size()) >= kMaxJsonDepth) {
      problem = "nested deeper than " + std::to_string(kMaxJsonDepth) + " arrays or objects";
      return false;
    }
    ++i_;
    stack_.emplace_back();
    stack_.back().object = object;
    stack_.back().pointer_len = pointer_.size();
    ws();
    if (i_ < s_.size() && s_[i_] == (object ? '}' : ']')) {
      ++i_;
      pop();
      return true;
    }
    if (object) return key(problem) && value(problem);
    if (lines_) pointer_ += "/0";
    return value(problem);
  }
  /// A key, its duplicate check and the colon; leaves the pointer at the key.
  bool key(std::string& problem) {
    ws();
    if (i_ >= s_.size() || s_[i_] != '"') return false;
    const auto raw = string();
    if (!raw) return false;
    Frame& f = stack_.back();
    std::string_view k = *raw;
    if (k.find('\\') != std::string_view::npos) {
      json decoded = json::parse("\"" + std::string(k) + "\"", nullptr, false);
      if (!decoded.is_string()) return false;
      decoded_.push_back(decoded.get<std::string>());
      k = decoded_.back();
    }
    if (seen(f, k)) {
      problem = "duplicate key \"" + brief_text(k, 40) + "\"";
      return false;
    }
    ws();
    if (i_ >= s_.size() || s_[i_] != ':') return false;
    ++i_;
    if (!lines_) return true;
    pointer_.resize(f.pointer_len);
    pointer_ += "/";
    for (char ch : k) pointer_ += ch == '~' ? std::string("~0") : ch == '/' ? std::string("~1") : std::string(1, ch);
    return true;
  }
  static bool seen(Frame& f, std::string_view k) {
    if (f.key_set.empty() && f.keys.size() < 16) {
      for (std::string_view old : f.keys)
        if (old == k) return true;
      f.keys.push_back(k);
      return false;
    }
    if (f.key_set.empty()) f.key_set.insert(f.keys.begin(), f.keys.end());
    return !f.key_set.insert(k).second;
  }
  /// The raw contents of a string (escapes kept), or nothing if unterminated.
  std::optional<std::string_view> string() {
    const std::size_t start = ++i_;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (s_[i_] == '\n') return std::nullopt;
      i_ += s_[i_] == '\\' ? 2 : 1;
    }
    if (i_ >= s_.size()) return std::nullopt;
    return s_.substr(start, i_++ - start);
  }
  /// A number or literal; numbers beyond a double's range are a problem.
  bool scalar(std::string& problem) {
    const std::size_t start = i_;
    while (i_ < s_.size() && std::string_view("+-.0123456789eEtruefalsn").find(s_[i_]) != std::string_view::npos) ++i_;
    const std::string_view token = s_.substr(start, i_ - start);
    if (token.empty()) return false;
    if (token.front() == '-' || (token.front() >= '0' && token.front() <= '9')) {
      const std::string copy(token.substr(0, 400));
      const double d = std::strtod(copy.c_str(), nullptr);
      if (std::isinf(d) || token.size() > 400) {
        problem = "number out of range: " + brief_text(token, 40);
        return false;
      }
    }
    return true;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::size_t line_;
  std::unordered_map<std::string, std::size_t>* lines_;
  std::vector<Frame> stack_;
  /// Keys written with escapes, decoded; the frames' keys view them, so they
  /// live here (a deque never moves its elements), not in a Frame that the
  /// stack may move.
  std::deque<std::string> decoded_;
  std::string pointer_;
};

/// nlohmann's "... parse error at line L, column C: what" as "column C: what",
/// with L added to `line` (counted from the text's first line).
std::string parser_problem(const std::string& what, std::size_t& line) {
  std::string text = what;
  const std::size_t at = text.find(" at line ");
  if (at != std::string::npos) {
    line += std::strtoull(text.c_str() + at + 9, nullptr, 10) - 1;
    const std::size_t column = text.find("column ", at);
    if (column != std::string::npos) text = text.substr(column);
  }
  return brief_text(text, 200);
}

}  // namespace

std::string parse_untrusted_json(std::string_view text, const std::string& origin, json& out, std::size_t first_line) {
  Scanner scan(text, first_line, nullptr);
  if (std::string problem = scan.run(); !problem.empty())
    return origin + ":" + std::to_string(scan.line()) + ": " + problem;
  try {
    out = json::parse(text);
  } catch (const json::exception& e) {
    std::size_t line = first_line;
    const std::string problem = parser_problem(e.what(), line);
    return origin + ":" + std::to_string(line) + ": not valid JSON (" + problem + ")";
  }
  return {};
}

json parse_json_or_throw(std::string_view text, const std::string& origin, std::size_t first_line) {
  json out;
  if (std::string problem = parse_untrusted_json(text, origin, out, first_line); !problem.empty())
    throw InputError(problem);
  return out;
}

std::string brief(const json& v, std::size_t max) {
  return brief_text(v.dump(-1, ' ', false, json::error_handler_t::replace), max);
}

JsonLines::JsonLines(std::string_view text) {
  Scanner scan(text, 1, &lines_);
  (void)scan.run();
}

std::size_t JsonLines::line(const std::string& pointer) const {
  const auto it = lines_.find(pointer);
  return it == lines_.end() ? 0 : it->second;
}

std::string JsonLines::with_line(const std::string& message, const std::string& origin) const {
  const std::string lead = origin + ": ";
  const std::size_t field_at = message.find("field '");
  if (message.rfind(lead, 0) != 0 || field_at == std::string::npos) return message;
  const std::size_t field_end = message.find('\'', field_at + 7);
  if (field_end == std::string::npos) return message;
  std::string path = message.substr(field_at + 7, field_end - field_at - 7);
  if (field_at > lead.size() + 2) path = message.substr(lead.size(), field_at - 2 - lead.size()) + "." + path;
  // "cards[3].effect.timing" -> "/cards/3/effect/timing"
  std::string pointer;
  for (char ch : path) pointer += ch == '.' || ch == '[' ? '/' : ch;
  std::erase(pointer, ']');
  if (pointer.empty() || pointer.front() != '/') pointer.insert(pointer.begin(), '/');
  for (;;) {
    if (const std::size_t l = line(pointer); l != 0)
      return origin + ":" + std::to_string(l) + ": " + message.substr(lead.size());
    const std::size_t cut = pointer.rfind('/');
    if (cut == std::string::npos) return message;
    pointer.resize(cut);
  }
}

}  // namespace bc
