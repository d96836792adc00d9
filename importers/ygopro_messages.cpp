/// Decoding of both ygopro-core framings (docs/engines/ygopro.md, "Framings").
/// Layouts: Fluorohydride core db4fd16a and EDOPro core 46779fbe, as in
/// ../shared/engine-logs/README.md; EDOPro's loc_info is u8 con, u8 location,
/// u32 sequence, u32 position and its HINT data / descriptions are u64.
#include "importers/ygopro_messages.hpp"

#include <array>

namespace bc::ygopro {

std::string_view name(Framing f) { return f == Framing::Fluoro ? "fluoro" : "edo"; }

std::optional<Framing> parse_framing(std::string_view s) {
  if (s == "fluoro") return Framing::Fluoro;
  if (s == "edo") return Framing::Edo;
  return std::nullopt;
}

namespace {

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

void read_list(Reader& r, const Shape& s, std::vector<Choice>& out, bool with_desc) {
  const std::size_t n = s.count(r);
  out.clear();
  for (std::size_t i = 0; i < n && !r.failed; ++i) {
    Choice c;
    c.code = r.u32();
    c.where = s.short_loc(r, true);
    if (with_desc) {
      c.description = s.desc(r);
      if (s.edo) r.u8();  // client mode
    }
    out.push_back(c);
  }
}

void read_chain_list(Reader& r, const Shape& s, Message& m, std::size_t n) {
  m.activations.clear();
  for (std::size_t i = 0; i < n && !r.failed; ++i) {
    Choice c;
    if (s.edo) {
      c.code = r.u32();
      c.where = s.loc(r);
      c.description = r.u64();
      r.u8();  // client mode
    } else {
      r.u8();                      // edesc
      if (r.u8()) m.forced = true;  // forced
      c.code = r.u32();
      c.where = s.loc(r);
      c.description = r.u32();
    }
    m.activations.push_back(c);
  }
}

void read_idle(Reader& r, const Shape& s, Message& m) {
  m.player = r.u8();
  for (int list = 0; list < 5 && !r.failed; ++list) {
    const std::size_t n = s.count(r);
    const std::size_t item = s.edo ? (list == 2 ? 7 : 10) : 7;  // edo repositionable: u8 sequence
    if (n > (r.end - r.at) / item) { r.failed = true; return; }
    r.skip(n * item);
  }
  read_list(r, s, m.activations, true);
  m.to_battle = r.u8() != 0;
  m.to_end = r.u8() != 0;
  r.u8();  // can shuffle
}

void read_battlecmd(Reader& r, const Shape& s, Message& m) {
  m.player = r.u8();
  read_list(r, s, m.activations, true);
  const std::size_t n = s.count(r);
  m.attackers.clear();
  for (std::size_t i = 0; i < n && !r.failed; ++i) {
    Choice c;
    c.code = r.u32();
    c.where = s.short_loc(r, false);
    c.direct = r.u8() != 0;
    m.attackers.push_back(c);
  }
  m.to_main2 = r.u8() != 0;
  m.to_end = r.u8() != 0;
}

void read_battle_side(Reader& r, const Shape& s, Message& m, int i) {
  (i == 0 ? m.attacker : m.target) = s.loc(r);
  m.atk[i] = static_cast<std::int32_t>(r.u32());
  m.def[i] = static_cast<std::int32_t>(r.u32());
  m.destroyed[i] = r.u8() != 0;
}

/// Parse the payload of `code` (reader positioned after the code byte).
/// Returns false for a code this decoder does not know.
bool parse_payload(std::uint8_t code, Reader& r, const Shape& s, Message& m) {
  switch (code) {
    case msg::kHint:
      m.hint_type = r.u8();
      m.player = r.u8();
      m.data = s.desc(r);
      return true;
    case msg::kSelectBattleCmd: read_battlecmd(r, s, m); return true;
    case msg::kSelectIdleCmd: read_idle(r, s, m); return true;
    case msg::kSelectYesNo:
      m.player = r.u8();
      m.data = s.desc(r);
      return true;
    case msg::kSelectCard: {
      m.player = r.u8();
      r.u8();  // cancelable
      if (s.edo) { r.u32(); r.u32(); } else { r.u8(); r.u8(); }
      const std::size_t n = s.count(r);
      m.cards.clear();
      for (std::size_t i = 0; i < n && !r.failed; ++i) {
        Choice c;
        c.code = r.u32();
        c.where = s.loc(r);
        m.cards.push_back(c);
      }
      return true;
    }
    case msg::kSelectChain: {
      m.player = r.u8();
      std::size_t n = 0;
      if (s.edo) {
        r.u8();  // spe_count
        m.forced = r.u8() != 0;
        r.u32(); r.u32();  // hint timings
        n = r.u32();
      } else {
        n = r.u8();
        r.u8();  // spe_count
        r.u32(); r.u32();
      }
      read_chain_list(r, s, m, n);
      return true;
    }
    case msg::kShuffleHand: {
      m.player = r.u8();
      const std::size_t n = s.count(r);
      if (n > (r.end - r.at) / 4) { r.failed = true; return true; }
      r.skip(4 * n);
      return true;
    }
    case msg::kDraw: {
      m.player = r.u8();
      const std::size_t n = s.count(r);
      const std::size_t item = s.edo ? 8 : 4;
      if (n > (r.end - r.at) / item) { r.failed = true; return true; }
      r.skip(item * n);
      return true;
    }
    case msg::kNewTurn: m.player = r.u8(); return true;
    case msg::kNewPhase: m.data = r.u16(); return true;
    case msg::kMove:
      m.card = r.u32();
      m.from = s.loc(r);
      m.to = s.loc(r);
      m.move_reason = r.u32();
      return true;
    case msg::kPosChange:
      m.card = r.u32();
      m.from.controller = m.to.controller = r.u8();
      m.from.location = m.to.location = r.u8();
      m.from.sequence = m.to.sequence = r.u8();
      m.from.position = r.u8();
      m.to.position = r.u8();
      return true;
    case msg::kChaining:
      m.card = r.u32();
      m.from = s.loc(r);
      m.to.controller = r.u8();  // triggering controller, location, sequence
      m.to.location = r.u8();
      m.to.sequence = s.edo ? r.u32() : r.u8();
      m.data = s.desc(r);
      m.link = static_cast<std::uint8_t>(s.edo ? r.u32() : r.u8());
      return true;
    case msg::kChained: case msg::kChainSolving: case msg::kChainSolved: case msg::kChainNegated:
    case msg::kChainDisabled:
      m.link = r.u8();
      return true;
    case msg::kChainEnd: case msg::kDamageStepStart: case msg::kDamageStepEnd: case msg::kAttackDisabled:
      return true;
    case msg::kDamage:
      m.player = r.u8();
      m.data = r.u32();
      return true;
    case msg::kAttack:
      m.attacker = s.loc(r);
      m.target = s.loc(r);
      return true;
    case msg::kBattle:
      read_battle_side(r, s, m, 0);
      read_battle_side(r, s, m, 1);
      return true;
    default:
      return false;
  }
}

void reset(Message& m) {
  m.player = m.hint_type = m.link = 0;
  m.data = 0;
  m.card = m.move_reason = 0;
  m.from = m.to = m.attacker = m.target = Location{};
  m.atk[0] = m.atk[1] = m.def[0] = m.def[1] = 0;
  m.destroyed[0] = m.destroyed[1] = false;
  m.forced = m.to_battle = m.to_main2 = m.to_end = false;
  m.activations.clear();
  m.attackers.clear();
  m.cards.clear();
}

}  // namespace

bool Decoder::next(Message& m) {
  if (error_ || pos_ >= bytes_.size()) return false;
  reset(m);
  m.offset = pos_;
  const bool ok = framing_ == Framing::Fluoro ? next_fluoro(m) : next_edo(m);
  if (ok) ++count_;
  return ok;
}

bool Decoder::next_fluoro(Message& m) {
  Reader r{bytes_.data(), pos_, bytes_.size()};
  m.code = r.u8();
  if (parse_payload(m.code, r, Shape{false}, m)) {  // a message the importer reads
    if (r.failed) {
      error_ = DecodeError{pos_, "truncated " + message_name(m.code) + ": the stream ends inside its payload"};
      return false;
    }
    pos_ = r.at;
    return true;
  }
  // Any other code of the core: skipped by the length rule of its layout.
  const FluoroLength len = fluoro_payload_length(m.code, bytes_.subspan(pos_ + 1));
  switch (len.rule) {
    case FluoroRule::Layout:
      if (!len.length) {
        error_ = DecodeError{pos_, "truncated " + message_name(m.code) + ": the stream ends inside its payload"};
        return false;
      }
      pos_ += 1 + *len.length;
      return true;
    case FluoroRule::HostOnly:
      error_ = DecodeError{pos_, message_name(m.code) +
                                     " is a host-side message the Fluorohydride core never writes, so its length is "
                                     "unknown and the rest of the stream cannot be split (is this a host log rather "
                                     "than the core's message buffers?)"};
      return false;
    case FluoroRule::Unconfirmed:
      error_ = DecodeError{pos_, message_name(m.code) +
                                     ": the core defines this code but no writer of it, so its length is unknown and "
                                     "the rest of the stream cannot be split"};
      return false;
    case FluoroRule::Unknown:
      break;
  }
  error_ = DecodeError{pos_, "unknown message " + message_name(m.code) +
                                 ": the fluoro framing has no lengths, so the rest of the stream cannot be split "
                                 "(is this an EDOPro stream? try --framing edo)"};
  return false;
}

bool Decoder::next_edo(Message& m) {
  Reader head{bytes_.data(), pos_, bytes_.size()};
  const std::uint32_t length = head.u32();
  if (head.failed) {
    error_ = DecodeError{pos_, "truncated record: the stream ends inside a u32 length prefix"};
    return false;
  }
  if (length == 0) {
    error_ = DecodeError{pos_, "record of length 0 (a record holds at least its message code)"};
    return false;
  }
  if (length > bytes_.size() - head.at) {
    error_ = DecodeError{pos_, "truncated record: length " + std::to_string(length) + " but only " +
                                   std::to_string(bytes_.size() - head.at) + " bytes left"};
    return false;
  }
  const std::size_t end = head.at + length;
  Reader r{bytes_.data(), head.at, end};
  m.code = r.u8();
  if (m.code == msg::kCardHint || !parse_payload(m.code, r, Shape{true}, m)) {
    pos_ = end;  // unknown codes are skipped by length
    return true;
  }
  if (r.failed || r.at != end) {
    error_ = DecodeError{pos_, message_name(m.code) + " record of length " + std::to_string(length) +
                                   " does not fit the EDOPro layout of that message"};
    return false;
  }
  pos_ = end;
  return true;
}

std::optional<Framing> detect_framing(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 5) return std::nullopt;
  const std::uint32_t first = bytes[0] | (bytes[1] << 8) | (bytes[2] << 16) | (static_cast<std::uint32_t>(bytes[3]) << 24);
  // EDOPro: a small length whose record starts with a known code, and the
  // next record (if any) starts with a plausible length too.
  Message probe;
  const bool edo_like = first >= 1 && first <= (1u << 16) && first <= bytes.size() - 4 && [&] {
    Decoder d(bytes, Framing::Edo);
    for (int i = 0; i < 4 && d.next(probe);) ++i;
    return !d.error() && d.messages() >= std::min<std::size_t>(4, 1);
  }();
  Decoder f(bytes, Framing::Fluoro);
  for (int i = 0; i < 4 && f.next(probe);) ++i;
  const bool fluoro_like = !f.error() && f.messages() >= 1;
  if (edo_like && !fluoro_like) return Framing::Edo;
  if (fluoro_like && !edo_like) return Framing::Fluoro;
  return std::nullopt;
}

}  // namespace bc::ygopro
