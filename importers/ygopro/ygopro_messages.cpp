/// Decoding of both ygopro-core framings (docs/engines/ygopro.md, "Framings").
/// Layouts: Fluorohydride core db4fd16a and EDOPro core 46779fbe, as in
/// ../shared/engine-logs/README.md; EDOPro's loc_info is u8 con, u8 location,
/// u32 sequence, u32 position and its HINT data / descriptions are u64.
#include "importers/ygopro/ygopro_messages.hpp"

#include <array>

#include "importers/ygopro/ygopro_payload.hpp"

namespace bc::ygopro {

std::string_view name(Framing f) { return f == Framing::Fluoro ? "fluoro" : "edo"; }

std::optional<Framing> parse_framing(std::string_view s) {
  if (s == "fluoro") return Framing::Fluoro;
  if (s == "edo") return Framing::Edo;
  return std::nullopt;
}

namespace {

using payload::Reader;
using payload::Shape;
using payload::parse_payload;

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
