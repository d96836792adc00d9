/// The response policy: options per prompt, option 0 the default.
#include "examples/engines/ygopro/policy.hpp"

#include <cstdio>
#include <sstream>

#include "importers/ygopro/ygopro_lengths.hpp"

namespace bc::host {

using bc::ygopro::Framing;

namespace {

constexpr std::uint8_t kEffectYn = 12, kOption = 14, kPlace = 18, kPosition = 19, kDisfield = 24, kUnselect = 26,
                       kAnnounceNumber = 143;

std::string code_of(const bc::ygopro::Choice& c) { return std::to_string(c.code); }

void add(Options& o, Response r, std::string label) {
  o.responses.push_back(std::move(r));
  o.labels.push_back(std::move(label));
}

/// SELECT_CARD: a single pick per option when at most one card is required,
/// else the first `min` cards.
void card_options(const StreamMessage& m, std::span<const std::uint8_t> s, bool edo, Options& o) {
  const std::size_t p = m.payload;
  const std::uint32_t min = edo ? static_cast<std::uint32_t>(read_le(s, p + 2, 4)) : s[p + 2];
  const auto& cards = m.decoded.cards;
  auto pick = [&](std::vector<std::uint32_t> idx) {
    std::vector<std::uint8_t> b;
    if (edo) {
      auto u32 = [&b](std::uint32_t v) { for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i))); };
      u32(0);
      u32(static_cast<std::uint32_t>(idx.size()));
      for (auto i : idx) u32(i);
    } else {
      b.push_back(static_cast<std::uint8_t>(idx.size()));
      for (auto i : idx) b.push_back(static_cast<std::uint8_t>(i));
    }
    return Response::raw(std::move(b));
  };
  if (min <= 1) {
    for (std::uint32_t i = 0; i < cards.size(); ++i) add(o, pick({i}), "card #" + std::to_string(i) + " " + code_of(cards[i]));
    o.branch = cards.size() > 1;
  } else {
    std::vector<std::uint32_t> idx;
    for (std::uint32_t i = 0; i < min && i < cards.size(); ++i) idx.push_back(i);
    add(o, pick(idx), "the first " + std::to_string(min) + " cards");
  }
}

/// EDOPro's SELECT_UNSELECT_CARD (playerop.cpp, select_unselect_card; Mystik
/// Wok's Tribute): finish (-1) once the core allows it, else each selectable
/// card (i32 1, i32 index). Its payload: player, finishable, cancelable, min,
/// max (u32s), then the selectable cards (u32 count; u32 code, u8 controller,
/// u8 location, u32 sequence, u32 position each).
bool unselect_options(const StreamMessage& m, std::span<const std::uint8_t> s, Options& o) {
  const std::size_t p = m.payload;
  if (p + 15 > s.size()) return false;
  if (s[p + 1] != 0) {
    add(o, Response::i32(-1), "finish");
    return true;
  }
  const auto count = static_cast<std::uint32_t>(read_le(s, p + 11, 4));
  for (std::uint32_t i = 0; i < count && p + 15 + 14 * (i + 1) <= s.size(); ++i) {
    std::vector<std::uint8_t> b = {1, 0, 0, 0};
    for (int k = 0; k < 4; ++k) b.push_back(static_cast<std::uint8_t>(i >> (8 * k)));
    add(o, Response::raw(std::move(b)), "card #" + std::to_string(i) + " " + std::to_string(read_le(s, p + 15 + 14 * i, 4)));
  }
  o.branch = o.responses.size() > 1;
  return !o.responses.empty();
}

/// SELECT_PLACE / SELECT_DISFIELD: the first free zones of the asking player
/// (monster zones, then spell/trap zones), then of the opponent.
void place_options(const StreamMessage& m, std::span<const std::uint8_t> s, Options& o) {
  const std::uint8_t player = s[m.payload];
  const std::uint8_t count = s[m.payload + 1];
  std::uint32_t flag = static_cast<std::uint32_t>(read_le(s, m.payload + 2, 4));
  std::vector<std::uint8_t> b;
  for (std::uint8_t k = 0; k < count; ++k) {
    bool found = false;
    for (int side = 0; side < 2 && !found; ++side)
      for (int zone = 0; zone < 2 && !found; ++zone)
        for (int seq = 0; seq < (zone == 0 ? 7 : 8) && !found; ++seq) {
          const std::uint32_t bit = (1u << seq) << (zone * 8) << (side * 16);
          if (flag & bit) continue;
          flag |= bit;
          b.push_back(static_cast<std::uint8_t>(side == 0 ? player : 1 - player));
          b.push_back(zone == 0 ? 0x04 : 0x08);
          b.push_back(static_cast<std::uint8_t>(seq));
          found = true;
        }
    if (!found) throw HostError("MSG_SELECT_PLACE at stream byte " + std::to_string(m.decoded.offset) + ": no free zone");
  }
  add(o, Response::raw(std::move(b)), "the first free zone(s)");
}

}  // namespace

bool is_prompt(std::uint8_t code) {
  return (code >= 10 && code <= 26) || code == 130 || code == 131 || code == 132 || (code >= 140 && code <= 143);
}

Options Policy::options_for(const StreamMessage& m, std::span<const std::uint8_t> s) const {
  const bool edo = framing_ == Framing::Edo;
  const auto& d = m.decoded;
  Options o;
  switch (d.code) {
    case bc::ygopro::msg::kSelectIdleCmd:
      if (!battle_seen_ && d.to_battle) add(o, Response::i32(6), "to the Battle Phase");
      else add(o, Response::i32(7), "to the End Phase");
      return o;
    case bc::ygopro::msg::kSelectBattleCmd:
      // One attack a path; more when the core lets the Battle Phase end no other way (a monster
      // that must attack if able, Berserk Gorilla: neither Main Phase 2 nor the End Phase offered).
      if (attacks_ == 0 || (!d.to_main2 && !d.to_end))
        for (std::size_t i = 0; i < d.attackers.size(); ++i)
          add(o, Response::i32(static_cast<std::int32_t>(i << 16 | 1)), "attack with #" + std::to_string(i) + " " + code_of(d.attackers[i]));
      if (o.responses.empty()) {
        if (d.to_end) add(o, Response::i32(3), "to the End Phase");
        else add(o, Response::i32(2), "to Main Phase 2");
      }
      for (std::size_t i = 0; i < d.activations.size(); ++i)
        add(o, Response::i32(static_cast<std::int32_t>(i << 16)), "activate " + code_of(d.activations[i]));
      o.branch = o.responses.size() > 1;
      return o;
    case kEffectYn:
    case bc::ygopro::msg::kSelectYesNo:
      add(o, Response::i32(1), "yes");
      add(o, Response::i32(0), "no");
      o.branch = true;
      return o;
    case bc::ygopro::msg::kSelectCard:
      card_options(m, s, edo, o);
      return o;
    case bc::ygopro::msg::kSelectChain:
      if (!d.forced) add(o, Response::i32(-1), "pass");
      for (std::size_t i = 0; i < d.activations.size(); ++i)
        add(o, Response::i32(static_cast<std::int32_t>(i)), "activate " + code_of(d.activations[i]));
      o.branch = o.responses.size() > 1;
      return o;
    case kOption: {
      const std::uint8_t n = s[m.payload + 1];
      for (std::uint8_t i = 0; i < n; ++i) add(o, Response::i32(i), "option " + std::to_string(i));
      o.branch = n > 1;
      if (n == 0) break;
      return o;
    }
    case kAnnounceNumber: {  // a number to declare (Bark of Dark Ruler's Life Points): the first, then the last
      const std::uint8_t n = s[m.payload + 1];
      if (n == 0) break;
      add(o, Response::i32(0), "number #0");
      if (n > 1) add(o, Response::i32(n - 1), "number #" + std::to_string(n - 1));
      o.branch = n > 1;
      return o;
    }
    case kUnselect:
      if (edo && unselect_options(m, s, o)) return o;
      break;
    case kPlace:
    case kDisfield:
      place_options(m, s, o);
      return o;
    case kPosition: {
      const std::uint8_t positions = s[m.payload + (edo ? 5 : 5)];
      for (std::uint8_t p : {0x1, 0x4, 0x2, 0x8})
        if (positions & p) add(o, Response::i32(p), "position " + std::to_string(p));
      o.branch = o.responses.size() > 1;
      if (o.responses.empty()) break;
      return o;
    }
    default:
      break;
  }
  throw HostError("the core asks " + bc::ygopro::message_name(d.code) + " (stream byte " + std::to_string(d.offset) +
                  "), a prompt this host does not answer");
}

void Policy::observe(const StreamMessage& m) {
  if (m.decoded.code == bc::ygopro::msg::kNewPhase && m.decoded.data == 0x08) battle_seen_ = true;
}

void Policy::chose(const StreamMessage& m, const Options& o, std::size_t index) {
  if (m.decoded.code == bc::ygopro::msg::kSelectBattleCmd && o.labels[index].rfind("attack", 0) == 0) ++attacks_;
}

std::string response_text(const Response& r) {
  if (r.is_int) return "i32 " + std::to_string(r.value);
  std::string out = "bytes ";
  char hex[3];
  for (std::uint8_t b : r.bytes) {
    std::snprintf(hex, sizeof hex, "%02x", b);
    out += hex;
  }
  return out;
}

bool parse_response_line(const std::string& raw, Response& out) {
  const std::string line = raw.substr(0, raw.find('#'));
  std::istringstream in(line);
  std::string kind, value;
  if (!(in >> kind >> value)) return false;
  if (kind == "i32") {
    try {
      std::size_t used = 0;
      const long v = std::stol(value, &used);
      if (used != value.size()) return false;
      out = Response::i32(static_cast<std::int32_t>(v));
      return true;
    } catch (...) {
      return false;
    }
  }
  if (kind != "bytes" || value.size() % 2 != 0) return false;
  std::vector<std::uint8_t> b;
  for (std::size_t i = 0; i < value.size(); i += 2) {
    const std::string h = value.substr(i, 2);
    if (h.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) return false;
    b.push_back(static_cast<std::uint8_t>(std::stoul(h, nullptr, 16)));
  }
  out = Response::raw(std::move(b));
  return true;
}

}  // namespace bc::host
