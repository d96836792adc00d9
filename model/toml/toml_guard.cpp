#include "model/toml/toml_guard.hpp"

#include <vector>

namespace bc::input {
namespace {

/// What the next token must be.
enum class Expect { LineStart, Key, HeaderKey, AfterKey, AfterHeaderKey, Value, AfterValue, LineEnd };
/// An open array or inline table.
enum class Nest { Array, Inline };

constexpr std::string_view kOutside = "a character outside ASCII outside a string or comment";

class Guard {
 public:
  explicit Guard(std::string_view text) : t_(text) {}

  TomlGuardProblem run() {
    if (at("\xEF\xBB\xBF")) i_ = 3;  // a UTF-8 byte order mark, which toml++ skips
    while (i_ < t_.size()) {
      skip_blanks();
      if (i_ >= t_.size()) break;
      const char c = t_[i_];
      if (c == '#') {
        while (i_ < t_.size() && t_[i_] != '\n') step();
      } else if (c == '\n' || c == '\r') {
        if (!nest_.empty() && nest_.back() == Nest::Inline) return confused();
        step();
        if (nest_.empty()) expect_ = Expect::LineStart;
      } else if (high(c)) {
        return {line_, std::string(kOutside)};
      } else if (!token(c)) {
        return confused();
      } else if (!problem_.what.empty()) {
        return problem_;
      }
    }
    return {};
  }

 private:
  static bool high(char c) { return static_cast<unsigned char>(c) >= 0x80; }
  static bool blank(char c) { return c == ' ' || c == '\t'; }
  static bool bare_key_char(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
  }
  static bool value_end(char c) {
    return blank(c) || c == ',' || c == ']' || c == '}' || c == '#' || c == '\r' || c == '\n';
  }
  bool at(std::string_view s) const { return t_.substr(i_, s.size()) == s; }
  void step() { line_ += t_[i_++] == '\n'; }
  void skip_blanks() {
    while (i_ < t_.size() && blank(t_[i_])) ++i_;
  }

  /// The document stops making sense here: refused here if a character
  /// outside ASCII follows anywhere (toml++ may scan ahead), else left to
  /// toml++'s own message.
  TomlGuardProblem confused() const {
    for (std::size_t j = i_; j < t_.size(); ++j)
      if (high(t_[j])) return {line_, "unexpected '" + std::string(1, t_[i_]) + "' (and " + std::string(kOutside) + " follows)"};
    return {};
  }

  /// One token at i_ in the current expectation; false when it does not fit.
  bool token(char c) {
    switch (expect_) {
      case Expect::LineStart:
        if (c == '[') {
          step();
          if (i_ < t_.size() && t_[i_] == '[') step();
          expect_ = Expect::HeaderKey;
          return true;
        }
        expect_ = Expect::Key;
        return key(Expect::AfterKey);
      case Expect::Key:
        if (c == '}' && !nest_.empty() && nest_.back() == Nest::Inline) return close();
        return key(Expect::AfterKey);
      case Expect::HeaderKey:
        return key(Expect::AfterHeaderKey);
      case Expect::AfterKey:
        if (c == '.') return step(), expect_ = Expect::Key, true;
        if (c == '=') return step(), expect_ = Expect::Value, true;
        return false;
      case Expect::AfterHeaderKey:
        if (c == '.') return step(), expect_ = Expect::HeaderKey, true;
        if (c != ']') return false;
        step();
        if (i_ < t_.size() && t_[i_] == ']') step();
        expect_ = Expect::LineEnd;
        return true;
      case Expect::Value:
        return value(c);
      case Expect::AfterValue:
        if (c == ',' && !nest_.empty()) {
          step();
          expect_ = nest_.back() == Nest::Array ? Expect::Value : Expect::Key;
          return true;
        }
        return (c == ']' || c == '}') && close();
      case Expect::LineEnd:
        return false;
    }
    return false;
  }

  /// A bare or quoted key, then `next`.
  bool key(Expect next) {
    const char c = t_[i_];
    if (c == '"' || c == '\'') {
      if (at(R"(""")") || at("'''")) return false;  // no multi-line keys
      step();
      if (!string(std::string_view(&t_[i_ - 1], 1))) return false;
    } else if (bare_key_char(c)) {
      while (i_ < t_.size() && bare_key_char(t_[i_])) ++i_;
    } else {
      return false;
    }
    expect_ = next;
    return true;
  }

  /// A value: a string, an array or inline table opened, or a bare value.
  bool value(char c) {
    if (c == '[') return step(), nest_.push_back(Nest::Array), expect_ = Expect::Value, true;
    if (c == '{') return step(), nest_.push_back(Nest::Inline), expect_ = Expect::Key, true;
    if (c == ']') return close();  // an empty array, or a trailing comma
    if (c == '"' || c == '\'') {
      const std::size_t width = at(R"(""")") || at("'''") ? 3 : 1;
      const std::string_view quote = t_.substr(i_, width);
      for (std::size_t k = 0; k < width; ++k) step();
      if (!string(quote)) return false;
    } else {
      bare_value();
    }
    expect_ = nest_.empty() ? Expect::LineEnd : Expect::AfterValue;
    return true;
  }

  /// A bare value (number, boolean, date-time, or something malformed) up to
  /// what toml++ takes for its end; a date and time may be joined by a blank.
  void bare_value() {
    for (;;) {
      while (i_ < t_.size() && !value_end(t_[i_])) {
        if (high(t_[i_])) {
          problem_ = {line_, std::string(kOutside)};
          return;
        }
        ++i_;
      }
      if (i_ + 1 < t_.size() && t_[i_] == ' ' && t_[i_ + 1] >= '0' && t_[i_ + 1] <= '9') {
        ++i_;
        continue;
      }
      return;
    }
  }

  bool close() {
    if (nest_.empty()) return false;
    const Nest want = t_[i_] == ']' ? Nest::Array : Nest::Inline;
    if (nest_.back() != want) return false;
    step();
    nest_.pop_back();
    expect_ = nest_.empty() ? Expect::LineEnd : Expect::AfterValue;
    return true;
  }

  /// The rest of a string opened by `quote`; false if it is unterminated.
  /// In a """ string, toml++ tests the character after a backslash, and the
  /// blanks and line ends after a line-ending backslash, for whitespace.
  bool string(std::string_view quote) {
    const bool escapes = quote[0] == '"';
    const bool multi = quote.size() == 3;
    while (i_ < t_.size() && !at(quote)) {
      if (!multi && t_[i_] == '\n') return false;
      if (!escapes || t_[i_] != '\\') {
        step();
        continue;
      }
      step();
      if (i_ >= t_.size()) return false;
      if (multi && (std::string_view(" \t\r\n").find(t_[i_]) != std::string_view::npos || high(t_[i_]))) {
        while (i_ < t_.size() && std::string_view(" \t\r\n").find(t_[i_]) != std::string_view::npos) step();
        if (i_ < t_.size() && high(t_[i_])) {
          problem_ = {line_, std::string(kOutside)};
          return true;
        }
        continue;
      }
      step();  // the escaped character
    }
    if (i_ >= t_.size()) return false;
    for (std::size_t k = 0; k < quote.size(); ++k) step();
    // """a"""" and '''a'''': up to two more quotes belong to the string.
    for (int k = 0; multi && k < 2 && i_ < t_.size() && t_[i_] == quote[0]; ++k) step();
    return true;
  }

  std::string_view t_;
  std::size_t i_ = 0;
  int line_ = 1;
  Expect expect_ = Expect::LineStart;
  std::vector<Nest> nest_;
  TomlGuardProblem problem_;
};

}  // namespace

TomlGuardProblem guard_toml(std::string_view text) { return Guard(text).run(); }

}  // namespace bc::input
