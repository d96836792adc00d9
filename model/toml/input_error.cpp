/// Bounded renderings of untrusted text for messages (model/toml/input_error.hpp).
#include "model/toml/input_error.hpp"

#include <algorithm>

namespace bc {

std::string brief_text(std::string_view text, std::size_t max) {
  std::size_t keep = std::min(max, text.size());
  // Never split a UTF-8 character: back off over its continuation bytes.
  if (keep < text.size())
    while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
  std::string out;
  out.reserve(keep + 8);
  for (const unsigned char ch : text.substr(0, keep)) {
    if (ch >= 0x20 && ch != 0x7f) {
      out += static_cast<char>(ch);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[ch >> 4];
      out += kHex[ch & 15];
    }
  }
  if (keep < text.size()) out += "...";
  return out;
}

std::string brief_quote(std::string_view text, std::size_t max) {
  std::string out(1, '"');
  out += brief_text(text, max);
  out += '"';
  return out;
}

}  // namespace bc
