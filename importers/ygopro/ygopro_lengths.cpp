/// Names of every ygopro-core message code and, for the Fluorohydride framing
/// (no length prefix), the rule that gives each payload's length
/// (docs/engines/ygopro.md, "Framings").
///
/// Every layout below was read off the code in Fluorohydride/ygopro-core that
/// writes the message (pduel->write_buffer8/16/32, write_buffer, in field.cpp,
/// operations.cpp, processor.cpp, playerop.cpp, card.cpp, libduel.cpp,
/// libgroup.cpp, libdebug.cpp), as of the core the recordings came from
/// (db4fd16a), and cross-checked with the host that splits the same buffers
/// (Fluorohydride/ygopro gframe/single_duel.cpp, SingleDuel::Analyze).
/// Field sizes: u8 = 1, u16 = 2, u32 = 4; "loc" is the packed u32 location.
#include <array>
#include <string>

#include "importers/ygopro/ygopro_lengths.hpp"

namespace bc::ygopro {
namespace {

/// How one code's payload is measured.
enum class How : std::uint8_t {
  Steps,        ///< `steps` below: fixed fields and u8-counted lists
  SelectChain,  ///< u8 player, u8 n, u8 spe_count, u32 x2, then n x 14 (the count is not next to its list)
  TagSwap,      ///< u8 player, u8 main, u8 extra, u8 extra_p, u8 hand, u32 top, then (hand + extra) x u32
  Text,         ///< u16 length, that many bytes, u8 0 (Debug.SetAIName / Debug.ShowHint)
  ReloadField,  ///< per-slot presence flags decide each slot's size
  HostOnly,     ///< commented out in the core's common.h: only hosts write it
  Unconfirmed,  ///< defined in the core's common.h, but no writer: no length known
};

/// A layout as steps: n > 0 is n bytes of fixed fields; n < 0 is a u8 count
/// followed by that many items of -n bytes. At most 8 steps, 0 ends them.
using Steps = std::array<std::int8_t, 8>;

struct Rule {
  std::uint8_t code;
  const char* name;
  How how;
  Steps steps;
};

// clang-format off
constexpr Rule kRules[] = {
    {1, "MSG_RETRY", How::Steps, {}},                                // no payload
    {2, "MSG_HINT", How::Steps, {6}},                                // u8 type, u8 player, u32 data
    {3, "MSG_WAITING", How::HostOnly, {}},
    {4, "MSG_START", How::HostOnly, {}},
    {5, "MSG_WIN", How::Steps, {2}},                                 // u8 player, u8 reason
    {6, "MSG_UPDATE_DATA", How::HostOnly, {}},
    {7, "MSG_UPDATE_CARD", How::HostOnly, {}},
    {8, "MSG_REQUEST_DECK", How::HostOnly, {}},
    {10, "MSG_SELECT_BATTLECMD", How::Steps, {1, -11, -8, 2}},       // player; activatable; attackable; to_m2, to_ep
    {11, "MSG_SELECT_IDLECMD", How::Steps, {1, -7, -7, -7, -7, -7, -11, 3}},  // 5 card lists, activatable, 3 flags
    {12, "MSG_SELECT_EFFECTYN", How::Steps, {13}},                   // u8 player, u32 code, loc, u32 desc
    {13, "MSG_SELECT_YESNO", How::Steps, {5}},                       // u8 player, u32 desc
    {14, "MSG_SELECT_OPTION", How::Steps, {1, -4}},                  // u8 player, n x u32 desc
    {15, "MSG_SELECT_CARD", How::Steps, {4, -8}},                    // player, cancelable, min, max; n x (code, loc)
    {16, "MSG_SELECT_CHAIN", How::SelectChain, {}},
    {18, "MSG_SELECT_PLACE", How::Steps, {6}},                       // u8 player, u8 count, u32 flag
    {19, "MSG_SELECT_POSITION", How::Steps, {6}},                    // u8 player, u32 code, u8 positions
    {20, "MSG_SELECT_TRIBUTE", How::Steps, {4, -8}},                 // player, cancelable, min, max; n x 8
    {22, "MSG_SELECT_COUNTER", How::Steps, {5, -9}},                 // player, u16 type, u16 count; n x 9
    {23, "MSG_SELECT_SUM", How::Steps, {8, -11, -11}},               // mode, player, u32 acc, min, max; 2 lists
    {24, "MSG_SELECT_DISFIELD", How::Steps, {6}},                    // as SELECT_PLACE
    {25, "MSG_SORT_CARD", How::Steps, {1, -7}},                      // player; n x (code, con, loc, seq)
    {26, "MSG_SELECT_UNSELECT_CARD", How::Steps, {5, -8, -8}},       // player, finishable, cancelable, min, max
    {30, "MSG_CONFIRM_DECKTOP", How::Steps, {1, -7}},
    {31, "MSG_CONFIRM_CARDS", How::Steps, {2, -7}},                  // player, skip_panel; n x (code, con, loc, seq): libduel.cpp confirm_cards, operations.cpp
    {32, "MSG_SHUFFLE_DECK", How::Steps, {1}},
    {33, "MSG_SHUFFLE_HAND", How::Steps, {1, -4}},
    {34, "MSG_REFRESH_DECK", How::HostOnly, {}},
    {35, "MSG_SWAP_GRAVE_DECK", How::Steps, {1}},
    {36, "MSG_SHUFFLE_SET_CARD", How::Steps, {1, -8}},               // u8 location; n x loc, then n x overlay loc
    {37, "MSG_REVERSE_DECK", How::Steps, {}},
    {38, "MSG_DECK_TOP", How::Steps, {6}},                           // u8 player, u8 seq, u32 code
    {39, "MSG_SHUFFLE_EXTRA", How::Steps, {1, -4}},
    {40, "MSG_NEW_TURN", How::Steps, {1}},
    {41, "MSG_NEW_PHASE", How::Steps, {2}},
    {42, "MSG_CONFIRM_EXTRATOP", How::Steps, {1, -7}},
    {50, "MSG_MOVE", How::Steps, {16}},                              // code, from loc, to loc, reason
    {53, "MSG_POS_CHANGE", How::Steps, {9}},                         // code, con, loc, seq, prev pos, cur pos
    {54, "MSG_SET", How::Steps, {8}},                                // code, loc
    {55, "MSG_SWAP", How::Steps, {16}},                              // code, loc, code, loc
    {56, "MSG_FIELD_DISABLED", How::Steps, {4}},
    {60, "MSG_SUMMONING", How::Steps, {8}},
    {61, "MSG_SUMMONED", How::Steps, {}},
    {62, "MSG_SPSUMMONING", How::Steps, {8}},
    {63, "MSG_SPSUMMONED", How::Steps, {}},
    {64, "MSG_FLIPSUMMONING", How::Steps, {8}},
    {65, "MSG_FLIPSUMMONED", How::Steps, {}},
    {70, "MSG_CHAINING", How::Steps, {16}},                          // code, loc, con, loc, seq, u32 desc, chain size
    {71, "MSG_CHAINED", How::Steps, {1}},
    {72, "MSG_CHAIN_SOLVING", How::Steps, {1}},
    {73, "MSG_CHAIN_SOLVED", How::Steps, {1}},
    {74, "MSG_CHAIN_END", How::Steps, {}},
    {75, "MSG_CHAIN_NEGATED", How::Steps, {1}},
    {76, "MSG_CHAIN_DISABLED", How::Steps, {1}},
    {80, "MSG_CARD_SELECTED", How::HostOnly, {}},
    {81, "MSG_RANDOM_SELECTED", How::Steps, {1, -4}},                // player; n x loc
    {83, "MSG_BECOME_TARGET", How::Steps, {-4}},                     // n x loc
    {90, "MSG_DRAW", How::Steps, {1, -4}},
    {91, "MSG_DAMAGE", How::Steps, {5}},
    {92, "MSG_RECOVER", How::Steps, {5}},
    {93, "MSG_EQUIP", How::Steps, {8}},                              // loc, target loc
    {94, "MSG_LPUPDATE", How::Steps, {5}},
    {95, "MSG_UNEQUIP", How::HostOnly, {}},
    {96, "MSG_CARD_TARGET", How::Steps, {8}},
    {97, "MSG_CANCEL_TARGET", How::Steps, {8}},
    {100, "MSG_PAY_LPCOST", How::Steps, {5}},
    {101, "MSG_ADD_COUNTER", How::Steps, {7}},                       // u16 type, con, loc, seq, u16 count
    {102, "MSG_REMOVE_COUNTER", How::Steps, {7}},
    {110, "MSG_ATTACK", How::Steps, {8}},
    {111, "MSG_BATTLE", How::Steps, {26}},
    {112, "MSG_ATTACK_DISABLED", How::Steps, {}},
    {113, "MSG_DAMAGE_STEP_START", How::Steps, {}},
    {114, "MSG_DAMAGE_STEP_END", How::Steps, {}},
    {120, "MSG_MISSED_EFFECT", How::Steps, {8}},                     // loc, code
    {121, "MSG_BE_CHAIN_TARGET", How::HostOnly, {}},
    {122, "MSG_CREATE_RELATION", How::HostOnly, {}},
    {123, "MSG_RELEASE_RELATION", How::HostOnly, {}},
    {130, "MSG_TOSS_COIN", How::Steps, {1, -1}},                     // player; n x u8 result
    {131, "MSG_TOSS_DICE", How::Steps, {1, -1}},
    {132, "MSG_ROCK_PAPER_SCISSORS", How::Steps, {1}},
    {133, "MSG_HAND_RES", How::Steps, {1}},
    {140, "MSG_ANNOUNCE_RACE", How::Steps, {6}},                     // player, count, u32 available
    {141, "MSG_ANNOUNCE_ATTRIB", How::Steps, {6}},
    {142, "MSG_ANNOUNCE_CARD", How::Steps, {1, -4}},                 // player; n x u32 opcode
    {143, "MSG_ANNOUNCE_NUMBER", How::Steps, {1, -4}},
    {160, "MSG_CARD_HINT", How::Steps, {9}},                         // loc, u8 type, u32 value
    {161, "MSG_TAG_SWAP", How::TagSwap, {}},
    {162, "MSG_RELOAD_FIELD", How::ReloadField, {}},
    {163, "MSG_AI_NAME", How::Text, {}},
    {164, "MSG_SHOW_HINT", How::Text, {}},
    {165, "MSG_PLAYER_HINT", How::Steps, {6}},                       // player, u8 type, u32 value
    {170, "MSG_MATCH_KILL", How::Steps, {4}},
    {180, "MSG_CUSTOM_MSG", How::Unconfirmed, {}},
};
// clang-format on

constexpr std::array<std::int16_t, 256> make_index() {
  std::array<std::int16_t, 256> index{};
  for (auto& i : index) i = -1;
  for (std::size_t i = 0; i < std::size(kRules); ++i) index[kRules[i].code] = static_cast<std::int16_t>(i);
  return index;
}
constexpr auto kIndex = make_index();

const Rule* find_rule(std::uint8_t code) {
  const std::int16_t i = kIndex[code];
  return i < 0 ? nullptr : &kRules[i];
}

/// Bounds-checked cursor over one payload; `ok` drops at the first overrun.
struct Cursor {
  std::span<const std::uint8_t> p;
  std::size_t at = 0;
  bool ok = true;
  bool skip(std::size_t n) {
    if (!ok || p.size() - at < n) return ok = false;
    at += n;
    return true;
  }
  std::size_t u8() {
    if (!ok || at >= p.size()) { ok = false; return 0; }
    return p[at++];
  }
  std::size_t u8_at(std::size_t i) const { return i < p.size() ? p[i] : 0; }
  /// `count` items of `size` bytes, without overflowing the multiplication.
  bool items(std::size_t count, std::size_t size) {
    if (!ok || (size != 0 && count > (p.size() - at) / size)) return ok = false;
    at += count * size;
    return true;
  }
};

void walk_steps(const Steps& steps, Cursor& c) {
  for (std::int8_t s : steps) {
    if (s == 0 || !c.ok) return;
    if (s > 0) {
      c.skip(static_cast<std::size_t>(s));
    } else {
      const std::size_t n = c.u8();
      c.items(n, static_cast<std::size_t>(-s));
    }
  }
}

void walk_reload_field(Cursor& c) {
  c.skip(1);  // duel rule
  for (int player = 0; player < 2 && c.ok; ++player) {
    c.skip(4);  // lp
    for (int slot = 0; slot < 7 && c.ok; ++slot)
      if (c.u8() != 0) c.skip(2);  // monster zone: position, overlay count
    for (int slot = 0; slot < 8 && c.ok; ++slot)
      if (c.u8() != 0) c.skip(1);  // spell/trap zone: position
    c.skip(6);  // deck, hand, grave, removed, extra, face-up extra counts
  }
  c.items(c.u8(), 15);  // chain: code, loc, con, location, seq, u32 desc
}

}  // namespace

std::string message_name(std::uint8_t code) {
  const Rule* r = find_rule(code);
  return r ? std::string(r->name) : "code " + std::to_string(code);
}

FluoroRule fluoro_rule(std::uint8_t code) {
  const Rule* r = find_rule(code);
  if (!r) return FluoroRule::Unknown;
  if (r->how == How::HostOnly) return FluoroRule::HostOnly;
  if (r->how == How::Unconfirmed) return FluoroRule::Unconfirmed;
  return FluoroRule::Layout;
}

std::optional<std::size_t> fluoro_fixed_length(std::uint8_t code) {
  const Rule* r = find_rule(code);
  if (!r || r->how != How::Steps) return std::nullopt;
  std::size_t n = 0;
  for (std::int8_t s : r->steps) {
    if (s < 0) return std::nullopt;
    n += static_cast<std::size_t>(s);
  }
  return n;
}

FluoroLength fluoro_payload_length(std::uint8_t code, std::span<const std::uint8_t> payload) {
  FluoroLength out;
  out.rule = fluoro_rule(code);
  if (out.rule != FluoroRule::Layout) return out;
  const Rule& r = *find_rule(code);
  Cursor c{payload};
  switch (r.how) {
    case How::Steps: walk_steps(r.steps, c); break;
    case How::SelectChain:
      if (c.skip(11)) c.items(c.u8_at(1), 14);
      break;
    case How::TagSwap:
      if (c.skip(9)) c.items(c.u8_at(2) + c.u8_at(4), 4);
      break;
    case How::Text:
      if (c.skip(2) && c.items(c.u8_at(0) | (c.u8_at(1) << 8), 1)) c.skip(1);
      break;
    case How::ReloadField: walk_reload_field(c); break;
    default: break;
  }
  if (c.ok) out.length = c.at;
  return out;
}

}  // namespace bc::ygopro
