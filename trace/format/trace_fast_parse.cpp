/// The fast path of the trace reader: flat event objects only. Anything it
/// is unsure of returns false, and the full parser decides.
#include <cstdint>
#include <iterator>
#include <limits>

#include "trace/format/trace_stream.hpp"

namespace bc {
namespace {

struct Cursor {
  const char* p;
  const char* end;
  void ws() {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) ++p;
  }
  bool eat(char c) {
    if (p < end && *p == c) { ++p; return true; }
    return false;
  }
};

/// A plain string: no escapes, no control or non-ASCII bytes.
bool plain_string(Cursor& c, std::string_view& out) {
  const char* start = c.p;
  while (c.p < c.end) {
    const auto ch = static_cast<unsigned char>(*c.p);
    if (ch == '"') {
      out = std::string_view(start, static_cast<std::size_t>(c.p - start));
      ++c.p;
      return true;
    }
    if (ch == '\\' || ch < 0x20 || ch >= 0x80) return false;
    ++c.p;
  }
  return false;
}

/// A JSON integer (no fraction or exponent, at most 10 digits).
bool plain_integer(Cursor& c, std::int64_t& out) {
  const bool negative = c.eat('-');
  const char* start = c.p;
  std::int64_t v = 0;
  // The digit count is checked before each multiplication, so a long number
  // (19 digits or more) cannot overflow: it is left to the full parser.
  while (c.p < c.end && *c.p >= '0' && *c.p <= '9') {
    if (c.p - start == 10) return false;
    v = v * 10 + (*c.p++ - '0');
  }
  const auto digits = c.p - start;
  if (digits == 0 || (digits > 1 && *start == '0')) return false;
  if (c.p < c.end && (*c.p == '.' || *c.p == 'e' || *c.p == 'E')) return false;
  out = negative ? -v : v;
  return true;
}

enum class Kind : std::uint8_t { String, Integer, Null };

struct Value {
  Kind kind = Kind::Null;
  std::string_view text;
  std::int64_t number = 0;
};

bool value(Cursor& c, Value& v) {
  if (c.eat('"')) { v.kind = Kind::String; return plain_string(c, v.text); }
  if (c.p < c.end && (*c.p == '-' || (*c.p >= '0' && *c.p <= '9'))) { v.kind = Kind::Integer; return plain_integer(c, v.number); }
  if (c.end - c.p >= 4 && std::string_view(c.p, 4) == "null") { c.p += 4; v.kind = Kind::Null; return true; }
  return false;
}

template <typename E, typename Parse>
bool enum_field(const Value& v, E& out, Parse parse) {
  if (v.kind != Kind::String) return false;
  const auto e = parse(v.text);
  if (!e) return false;
  out = *e;
  return true;
}

bool slot_field(const Value& v, std::uint8_t& out) {
  if (v.kind == Kind::Null) { out = kNoSlot; return true; }
  if (v.kind != Kind::String) return false;
  const std::string_view s = v.text;
  if (s == "none") { out = kNoSlot; return true; }
  if (s == "direct") { out = kDirect; return true; }
  if (s.size() != 5 || s[0] != 'p' || (s[1] != '1' && s[1] != '2') || s[2] != '_' || s[3] != 'm' || s[4] < '0' || s[4] > '4')
    return false;
  out = static_cast<std::uint8_t>((s[1] - '1') * kZonesPerSide + (s[4] - '0'));
  return true;
}

bool int_field(const Value& v, std::int64_t lo, std::int64_t hi, std::int64_t& out) {
  if (v.kind != Kind::Integer || v.number < lo || v.number > hi) return false;
  out = v.number;
  return true;
}

bool index_field(const Value& v, std::uint8_t none, std::uint8_t& out) {
  if (v.kind == Kind::Null) { out = none; return true; }
  std::int64_t i = 0;
  if (!int_field(v, 0, none - 1, i)) return false;
  out = static_cast<std::uint8_t>(i);
  return true;
}

/// Set one field; bit = the key's bit in `seen` (duplicates go to the full parser).
bool set_field(Event& e, std::string_view key, const Value& v, std::uint32_t& seen) {
  constexpr std::int64_t kMin = std::numeric_limits<std::int32_t>::min();
  constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
  static constexpr std::string_view kKeys[] = {"event", "player", "step", "timing", "slot", "target", "card", "link",
                                               "monster", "kind", "reason", "negation", "mode", "position", "value", "value2",
                                               "duration"};
  constexpr int kKeyCount = static_cast<int>(std::size(kKeys));
  int k = 0;
  while (k < kKeyCount && kKeys[k] != key) ++k;
  if (k == kKeyCount || (seen & (1u << k))) return false;
  seen |= 1u << k;
  std::int64_t i = 0;
  switch (k) {
    case 0: return enum_field(v, e.type, parse_event_type);
    case 1: return enum_field(v, e.player, parse_player);
    case 2: return enum_field(v, e.step, parse_step);
    case 3: return enum_field(v, e.timing, parse_timing);
    case 4: return slot_field(v, e.slot);
    case 5: return slot_field(v, e.target);
    case 6: return index_field(v, kNoCard, e.card);
    case 7: if (!int_field(v, 0, 255, i)) return false; e.link = static_cast<std::uint8_t>(i); return true;
    case 8: return index_field(v, kNoMonster, e.monster);
    case 9: return enum_field(v, e.kind, parse_kind);
    case 10: return enum_field(v, e.reason, parse_leave_reason);
    case 11: return enum_field(v, e.negation, parse_negation);
    case 12: return enum_field(v, e.mode, parse_calc_mode);
    case 13: return enum_field(v, e.position, parse_position);
    case 14: if (!int_field(v, kMin, kMax, i)) return false; e.value = static_cast<std::int32_t>(i); return true;
    case 15: if (!int_field(v, kMin, kMax, i)) return false; e.value2 = static_cast<std::int32_t>(i); return true;
    default: return enum_field(v, e.duration, parse_duration);
  }
}

}  // namespace

bool parse_event_fast(std::string_view line, Event& event) {
  Cursor c{line.data(), line.data() + line.size()};
  Event e;
  std::uint32_t seen = 0;
  c.ws();
  if (!c.eat('{')) return false;
  do {
    c.ws();
    std::string_view key;
    Value v;
    if (!c.eat('"') || !plain_string(c, key)) return false;
    c.ws();
    if (!c.eat(':')) return false;
    c.ws();
    if (!value(c, v) || !set_field(e, key, v, seen)) return false;
    c.ws();
  } while (c.eat(','));
  if (!c.eat('}')) return false;
  c.ws();
  if (c.p != c.end || !(seen & 1u)) return false;
  event = e;
  return true;
}

}  // namespace bc
