#pragma once
/// The payload reader shared by the two framings' decoders (ygopro_messages.cpp)
/// and the parsers of the messages the importer reads (ygopro_payload.cpp).
#include <cstddef>
#include <cstdint>

#include "importers/ygopro/ygopro_messages.hpp"

namespace bc::ygopro::payload {

/// Bounds-checked little-endian reads; the first overrun sets `failed`.
struct Reader {
  const std::uint8_t* p;
  std::size_t at;
  std::size_t end;
  bool failed = false;

  bool has(std::size_t n) {
    if (failed || end - at < n) { failed = true; return false; }
    return true;
  }
  std::uint64_t le(std::size_t n) {
    if (!has(n)) return 0;
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < n; ++i) v |= static_cast<std::uint64_t>(p[at + i]) << (8 * i);
    at += n;
    return v;
  }
  std::uint8_t u8() { return static_cast<std::uint8_t>(le(1)); }
  std::uint16_t u16() { return static_cast<std::uint16_t>(le(2)); }
  std::uint32_t u32() { return static_cast<std::uint32_t>(le(4)); }
  std::uint64_t u64() { return le(8); }
  void skip(std::size_t n) { if (has(n)) at += n; }
};

/// The framing-specific field shapes.
struct Shape {
  bool edo;
  Location loc(Reader& r) const {  // fluoro: packed u32; edo: loc_info
    Location l;
    if (edo) {
      l.controller = r.u8();
      l.location = r.u8();
      l.sequence = r.u32();
      l.position = r.u32();
    } else {
      const std::uint32_t v = r.u32();
      l.controller = static_cast<std::uint8_t>(v & 0xFF);
      l.location = static_cast<std::uint8_t>((v >> 8) & 0xFF);
      l.sequence = (v >> 16) & 0xFF;
      l.position = (v >> 24) & 0xFF;
    }
    return l;
  }
  std::size_t count(Reader& r) const { return edo ? r.u32() : r.u8(); }
  std::uint64_t desc(Reader& r) const { return edo ? r.u64() : r.u32(); }
  /// code, con, location, sequence (u8 in fluoro, u32 in edo) - the idle/battle command lists.
  Location short_loc(Reader& r, bool seq32) const {
    Location l;
    l.controller = r.u8();
    l.location = r.u8();
    l.sequence = (edo && seq32) ? r.u32() : r.u8();
    return l;
  }
};

/// Parse the payload of `code` (reader positioned after the code byte).
/// Returns false for a code this decoder does not know.
bool parse_payload(std::uint8_t code, Reader& r, const Shape& s, Message& m);

}  // namespace bc::ygopro::payload
