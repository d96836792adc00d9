#pragma once
/// Field readers shared by the trace JSON files (trace_json.cpp,
/// trace_records.cpp): each throws InputError "<where>: field 'x': ..."
/// naming the place and the field. Internal to counterexamples/.
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "trace/input/json_input.hpp"
#include "model/loaders/loader.hpp"
#include "model/vocabulary/types.hpp"

namespace bc::trace_detail {

using nlohmann::json;

/// Throw the InputError of a bad field.
[[noreturn]] inline void fail(const std::string& where, std::string_view field, const std::string& what) {
  throw InputError(where + ": field '" + std::string(field) + "': " + what);
}

/// A snake_case enum name read with its parse_* function.
template <typename E, typename Parse>
E enum_value(const json& v, const std::string& where, std::string_view field, Parse parse) {
  if (!v.is_string()) fail(where, field, "expected a string, got " + brief(v));
  if (auto e = parse(v.get<std::string>())) return *e;
  fail(where, field, "unknown value \"" + brief_text(v.get<std::string>(), 60) + "\"");
}

/// An integer in [lo, hi].
inline std::int64_t int_value(const json& v, const std::string& where, std::string_view field, std::int64_t lo,
                              std::int64_t hi) {
  if (!v.is_number_integer()) fail(where, field, "expected an integer, got " + brief(v));
  const std::int64_t i = v.get<std::int64_t>();
  if (i < lo || i > hi) fail(where, field, "out of range [" + std::to_string(lo) + ", " + std::to_string(hi) + "]: " + brief(v));
  return i;
}

/// A card or monster index in [0, none), or null for `none`.
inline std::uint8_t index_value(const json& v, const std::string& where, std::string_view field, std::uint8_t none) {
  if (v.is_null()) return none;
  return static_cast<std::uint8_t>(int_value(v, where, field, 0, none - 1));
}

/// "p1_m0".."p2_m4", "direct", "none" (or null); with `cards`, also a card
/// an effect targets, "card0".."card15" (an activation's target, version 7).
inline std::uint8_t slot_value(const json& v, const std::string& where, std::string_view field, bool cards = false) {
  if (v.is_null()) return kNoSlot;
  if (!v.is_string()) fail(where, field, "expected a slot name such as \"p2_m1\", got " + brief(v));
  const std::string s = v.get<std::string>();
  if (s == "none") return kNoSlot;
  if (s == "direct") return kDirect;
  for (std::uint8_t i = 0; i < kSlotCount; ++i)
    if (slot_name(i) == s) return i;
  for (std::uint8_t i = 0; cards && i < kMaxCards; ++i)
    if (slot_name(card_target(i)) == s) return card_target(i);
  fail(where, field,
       "unknown slot \"" + s + "\"; expected p1_m0..p2_m4, direct or none" + (cards ? ", or card0..card15" : ""));
}

}  // namespace bc::trace_detail
