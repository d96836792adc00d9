#pragma once
/// Name tables of the model's enums: an enum's names are a std::array in
/// enum order; these look a value's name up and parse a name back.
#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <string_view>

namespace bc::names {

/// The name of `value` in `names`, "?" when out of range.
template <typename E, std::size_t N>
std::string_view lookup(const std::array<std::string_view, N>& names, E value) {
  const auto i = static_cast<std::size_t>(value);
  return i < N ? names[i] : std::string_view("?");
}

/// The value named `s`, nullopt when no name matches.
template <typename E, std::size_t N>
std::optional<E> find(const std::array<std::string_view, N>& names, std::string_view s) {
  const auto it = std::find(names.begin(), names.end(), s);
  if (it == names.end()) return std::nullopt;
  return static_cast<E>(it - names.begin());
}

}  // namespace bc::names
