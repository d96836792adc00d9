/// The Fluorohydride framing knows every message code of the core: each has a
/// name and a length rule, messages the Battle Phase import does not read are
/// skipped by length, and a real recording with such messages spliced in
/// decodes and imports exactly as before. Codes the core does not write stay
/// errors at their byte offset.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "trace/format/trace_json.hpp"
#include "importers/ygopro/ygopro_messages.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

using Bytes = std::vector<std::uint8_t>;

/// Little-endian message builder.
struct Msg {
  Bytes b;
  explicit Msg(std::uint8_t code) { b.push_back(code); }
  Msg& u8(std::uint32_t v) { b.push_back(static_cast<std::uint8_t>(v)); return *this; }
  Msg& u16(std::uint32_t v) { return u8(v).u8(v >> 8); }
  Msg& u32(std::uint32_t v) { return u16(v).u16(v >> 16); }
  Msg& card(std::uint32_t code, std::uint32_t con, std::uint32_t location, std::uint32_t seq) {  // u32 + 3 x u8
    return u32(code).u8(con).u8(location).u8(seq);
  }
  Msg& text(const std::string& s) {
    u16(static_cast<std::uint32_t>(s.size()));
    for (char c : s) u8(static_cast<std::uint8_t>(c));
    return u8(0);
  }
};

Bytes concat(const std::vector<Msg>& ms) {
  Bytes out;
  for (const Msg& m : ms) out.insert(out.end(), m.b.begin(), m.b.end());
  return out;
}

/// Every code of ygopro-core's common.h (the commented-out host-side ones included), with its name.
const std::vector<std::pair<int, std::string>>& core_codes() {
  static const std::vector<std::pair<int, std::string>> codes = {
      {1, "MSG_RETRY"}, {2, "MSG_HINT"}, {3, "MSG_WAITING"}, {4, "MSG_START"}, {5, "MSG_WIN"},
      {6, "MSG_UPDATE_DATA"}, {7, "MSG_UPDATE_CARD"}, {8, "MSG_REQUEST_DECK"}, {10, "MSG_SELECT_BATTLECMD"},
      {11, "MSG_SELECT_IDLECMD"}, {12, "MSG_SELECT_EFFECTYN"}, {13, "MSG_SELECT_YESNO"}, {14, "MSG_SELECT_OPTION"},
      {15, "MSG_SELECT_CARD"}, {16, "MSG_SELECT_CHAIN"}, {18, "MSG_SELECT_PLACE"}, {19, "MSG_SELECT_POSITION"},
      {20, "MSG_SELECT_TRIBUTE"}, {22, "MSG_SELECT_COUNTER"}, {23, "MSG_SELECT_SUM"}, {24, "MSG_SELECT_DISFIELD"},
      {25, "MSG_SORT_CARD"}, {26, "MSG_SELECT_UNSELECT_CARD"}, {30, "MSG_CONFIRM_DECKTOP"}, {31, "MSG_CONFIRM_CARDS"},
      {32, "MSG_SHUFFLE_DECK"}, {33, "MSG_SHUFFLE_HAND"}, {34, "MSG_REFRESH_DECK"}, {35, "MSG_SWAP_GRAVE_DECK"},
      {36, "MSG_SHUFFLE_SET_CARD"}, {37, "MSG_REVERSE_DECK"}, {38, "MSG_DECK_TOP"}, {39, "MSG_SHUFFLE_EXTRA"},
      {40, "MSG_NEW_TURN"}, {41, "MSG_NEW_PHASE"}, {42, "MSG_CONFIRM_EXTRATOP"}, {50, "MSG_MOVE"},
      {53, "MSG_POS_CHANGE"}, {54, "MSG_SET"}, {55, "MSG_SWAP"}, {56, "MSG_FIELD_DISABLED"}, {60, "MSG_SUMMONING"},
      {61, "MSG_SUMMONED"}, {62, "MSG_SPSUMMONING"}, {63, "MSG_SPSUMMONED"}, {64, "MSG_FLIPSUMMONING"},
      {65, "MSG_FLIPSUMMONED"}, {70, "MSG_CHAINING"}, {71, "MSG_CHAINED"}, {72, "MSG_CHAIN_SOLVING"},
      {73, "MSG_CHAIN_SOLVED"}, {74, "MSG_CHAIN_END"}, {75, "MSG_CHAIN_NEGATED"}, {76, "MSG_CHAIN_DISABLED"},
      {80, "MSG_CARD_SELECTED"}, {81, "MSG_RANDOM_SELECTED"}, {83, "MSG_BECOME_TARGET"}, {90, "MSG_DRAW"},
      {91, "MSG_DAMAGE"}, {92, "MSG_RECOVER"}, {93, "MSG_EQUIP"}, {94, "MSG_LPUPDATE"}, {95, "MSG_UNEQUIP"},
      {96, "MSG_CARD_TARGET"}, {97, "MSG_CANCEL_TARGET"}, {100, "MSG_PAY_LPCOST"}, {101, "MSG_ADD_COUNTER"},
      {102, "MSG_REMOVE_COUNTER"}, {110, "MSG_ATTACK"}, {111, "MSG_BATTLE"}, {112, "MSG_ATTACK_DISABLED"},
      {113, "MSG_DAMAGE_STEP_START"}, {114, "MSG_DAMAGE_STEP_END"}, {120, "MSG_MISSED_EFFECT"},
      {121, "MSG_BE_CHAIN_TARGET"}, {122, "MSG_CREATE_RELATION"}, {123, "MSG_RELEASE_RELATION"},
      {130, "MSG_TOSS_COIN"}, {131, "MSG_TOSS_DICE"}, {132, "MSG_ROCK_PAPER_SCISSORS"}, {133, "MSG_HAND_RES"},
      {140, "MSG_ANNOUNCE_RACE"}, {141, "MSG_ANNOUNCE_ATTRIB"}, {142, "MSG_ANNOUNCE_CARD"},
      {143, "MSG_ANNOUNCE_NUMBER"}, {160, "MSG_CARD_HINT"}, {161, "MSG_TAG_SWAP"}, {162, "MSG_RELOAD_FIELD"},
      {163, "MSG_AI_NAME"}, {164, "MSG_SHOW_HINT"}, {165, "MSG_PLAYER_HINT"}, {170, "MSG_MATCH_KILL"},
      {180, "MSG_CUSTOM_MSG"}};
  return codes;
}
const std::set<int> kHostOnly = {3, 4, 6, 7, 8, 34, 80, 95, 121, 122, 123};
const std::set<int> kUnconfirmed = {180};
/// The codes whose fields the decoder reads (the rest are skipped by length).
const std::set<int> kRead = {2, 10, 11, 13, 15, 16, 33, 40, 41, 50, 53, 70, 71, 72, 73, 74, 75, 76, 90, 91,
                             110, 111, 112, 113, 114};

void describe(std::ostringstream& o, const Location& l) {
  o << int(l.controller) << '/' << int(l.location) << '/' << l.sequence << '/' << l.position;
}

/// Every field of a decoded message but its offset.
std::string describe(const Message& m) {
  std::ostringstream o;
  o << message_name(m.code) << " p" << int(m.player) << " h" << int(m.hint_type) << " d" << m.data << " c" << m.card
    << ' ';
  describe(o, m.from);
  o << '>';
  describe(o, m.to);
  o << " r" << m.move_reason << " l" << int(m.link) << ' ';
  describe(o, m.attacker);
  o << 'x';
  describe(o, m.target);
  for (int i = 0; i < 2; ++i) o << ' ' << m.atk[i] << '/' << m.def[i] << (m.destroyed[i] ? "!" : "");
  o << (m.forced ? " forced" : "") << (m.to_battle ? " bp" : "") << (m.to_main2 ? " m2" : "")
    << (m.to_end ? " ep" : "");
  for (const auto* list : {&m.activations, &m.attackers, &m.cards}) {
    o << " [";
    for (const Choice& c : *list) {
      o << c.code << '@';
      describe(o, c.where);
      o << ':' << c.description << (c.direct ? "d" : "") << ',';
    }
    o << ']';
  }
  return o.str();
}

struct Walk {
  std::vector<std::pair<std::size_t, std::string>> messages;  ///< offset, description
  std::optional<DecodeError> error;
};

Walk walk(const Bytes& bytes) {
  Walk w;
  Decoder d(bytes, Framing::Fluoro);
  Message m;
  while (d.next(m)) w.messages.emplace_back(m.offset, describe(m));
  w.error = d.error();
  return w;
}

/// `message` (code first) decodes to the end of its `length`-byte payload, and
/// every cut inside it is a "truncated" error at the message's offset.
void expect_splits(const Bytes& message, std::size_t length, const std::string& label) {
  ASSERT_EQ(message.size(), 1 + length) << label << ": the example itself is mis-built";
  const FluoroLength measured = fluoro_payload_length(message[0], std::span(message).subspan(1));
  ASSERT_TRUE(measured.length.has_value()) << label;
  EXPECT_EQ(*measured.length, length) << label;
  Bytes stream = {40, 0};  // NEW_TURN, so the message sits at offset 2
  stream.insert(stream.end(), message.begin(), message.end());
  stream.insert(stream.end(), {40, 1});
  const Walk whole = walk(stream);
  ASSERT_FALSE(whole.error.has_value()) << label << ": " << whole.error->text();
  ASSERT_EQ(whole.messages.size(), 3u) << label;
  EXPECT_EQ(whole.messages[1].first, 2u) << label;
  EXPECT_EQ(whole.messages[2].first, 3 + length) << label << ": the next message starts right after the payload";
  for (std::size_t cut = 3; cut < 2 + message.size(); ++cut) {
    const Walk w = walk(Bytes(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(cut)));
    ASSERT_TRUE(w.error.has_value()) << label << " cut at " << cut;
    EXPECT_EQ(w.error->offset, 2u) << label << " cut at " << cut;
    EXPECT_NE(w.error->what.find("truncated " + message_name(message[0])), std::string::npos) << w.error->what;
  }
}

// ---- (2) every code of the core has a name and a rule ----

TEST(YgoproStreamCodes, EveryCoreCodeHasANameAndARule) {
  std::set<int> core;
  for (const auto& [code, name] : core_codes()) {
    core.insert(code);
    const auto c = static_cast<std::uint8_t>(code);
    EXPECT_EQ(message_name(c), name);
    const FluoroRule rule = fluoro_rule(c);
    if (kHostOnly.count(code)) EXPECT_EQ(rule, FluoroRule::HostOnly) << name;
    else if (kUnconfirmed.count(code)) EXPECT_EQ(rule, FluoroRule::Unconfirmed) << name;
    else EXPECT_EQ(rule, FluoroRule::Layout) << name;
  }
  for (int code = 0; code < 256; ++code) {
    if (core.count(code)) continue;
    EXPECT_EQ(message_name(static_cast<std::uint8_t>(code)), "code " + std::to_string(code));
    EXPECT_EQ(fluoro_rule(static_cast<std::uint8_t>(code)), FluoroRule::Unknown) << code;
  }
}

TEST(YgoproStreamCodes, FixedLengthCodesEndAtTheirLengthAndTruncationIsAnError) {
  const std::vector<std::pair<int, std::size_t>> pinned = {
      {1, 0},   {2, 6},   {5, 2},   {12, 13}, {13, 5},  {18, 6},  {19, 6},  {24, 6},  {32, 1},  {35, 1},
      {37, 0},  {38, 6},  {40, 1},  {41, 2},  {50, 16}, {53, 9},  {54, 8},  {55, 16}, {56, 4},  {60, 8},
      {61, 0},  {62, 8},  {63, 0},  {64, 8},  {65, 0},  {70, 16}, {71, 1},  {72, 1},  {73, 1},  {74, 0},
      {75, 1},  {76, 1},  {91, 5},  {92, 5},  {93, 8},  {94, 5},  {96, 8},  {97, 8},  {100, 5}, {101, 7},
      {102, 7}, {110, 8}, {111, 26}, {112, 0}, {113, 0}, {114, 0}, {120, 8}, {132, 1}, {133, 1}, {140, 6},
      {141, 6}, {160, 9}, {165, 6}, {170, 4}};
  std::size_t fixed = 0;
  for (const auto& [code, length] : pinned) {
    const auto c = static_cast<std::uint8_t>(code);
    ASSERT_EQ(fluoro_fixed_length(c), std::optional<std::size_t>(length)) << message_name(c);
  }
  for (int code = 0; code < 256; ++code) {
    const auto c = static_cast<std::uint8_t>(code);
    const auto length = fluoro_fixed_length(c);
    if (!length) continue;
    ++fixed;
    Bytes message(1 + *length, 0x01);  // filler fields: counts and flags of 1 are still well-formed
    message[0] = c;
    expect_splits(message, *length, message_name(c));
  }
  EXPECT_EQ(fixed, pinned.size()) << "every fixed-length code is pinned above";
}

/// MSG_RELOAD_FIELD (Debug.ReloadFieldEnd): with `cards`, p0 has a monster in
/// zone 0 and a spell/trap in zone 0, and one link is on the chain (70 bytes).
Msg reload_field(bool cards) {
  Msg m(162);
  m.u8(5);  // duel rule
  for (int player = 0; player < 2; ++player) {
    m.u32(8000);
    const bool some = cards && player == 0;
    for (int zone = 0; zone < 7; ++zone) {
      if (some && zone == 0) m.u8(1).u8(0x1).u8(0);  // present, position, overlay count
      else m.u8(0);
    }
    for (int zone = 0; zone < 8; ++zone) {
      if (some && zone == 0) m.u8(1).u8(0x5);  // present, position
      else m.u8(0);
    }
    m.u8(35).u8(5).u8(0).u8(0).u8(0).u8(0);  // deck, hand, grave, removed, extra, face-up extra
  }
  m.u8(cards ? 1 : 0);
  if (cards) m.u32(3).u32(0x01000400).u8(0).u8(4).u8(0).u32(0);  // code, loc, con, location, seq, desc
  return m;
}

TEST(YgoproStreamCodes, CountDrivenLayoutsFollowTheirCounts) {
  const std::uint32_t m0 = 0x01000400;  // p0 monster zone 0, face-up attack
  const std::vector<std::pair<Msg, std::size_t>> examples = {
      {Msg(10).u8(0).u8(1).card(5, 0, 8, 1).u32(7).u8(2).card(1, 0, 4, 0).u8(1).card(2, 0, 4, 1).u8(0).u8(1).u8(1), 32},
      {Msg(11).u8(0).u8(1).card(1, 0, 2, 0).u8(0).u8(0).u8(1).card(2, 0, 2, 1).u8(0).u8(1).card(3, 0, 8, 0).u32(9)
           .u8(1).u8(1).u8(0), 35},
      {Msg(14).u8(1).u8(3).u32(10).u32(11).u32(12), 14},
      {Msg(15).u8(0).u8(0).u8(1).u8(1).u8(2).u32(1).u32(m0).u32(2).u32(m0), 21},
      {Msg(16).u8(1).u8(1).u8(0).u32(0).u32(0).u8(0).u8(1).u32(3).u32(m0).u32(4), 25},
      {Msg(20).u8(0).u8(1).u8(1).u8(2).u8(2).card(1, 0, 4, 0).u8(1).card(2, 0, 4, 1).u8(2), 21},
      {Msg(22).u8(0).u16(0x1001).u16(2).u8(2).card(1, 0, 4, 0).u16(1).card(2, 1, 8, 3).u16(3), 24},
      {Msg(23).u8(0).u8(0).u32(8).u8(1).u8(3).u8(1).card(1, 0, 4, 0).u32(4).u8(2).card(2, 0, 4, 1).u32(3)
           .card(3, 0, 4, 2).u32(4), 43},
      {Msg(25).u8(0).u8(2).card(1, 0, 1, 0).card(2, 0, 1, 1), 16},
      {Msg(26).u8(0).u8(1).u8(0).u8(1).u8(1).u8(2).u32(1).u32(m0).u32(2).u32(m0).u8(1).u32(3).u32(m0), 31},
      {Msg(30).u8(0).u8(1).card(7, 0, 1, 4), 9},
      {Msg(31).u8(1).u8(0).u8(3).card(1, 0, 2, 0).card(2, 0, 2, 1).card(3, 0, 2, 2), 24},  // player, skip_panel
      {Msg(33).u8(0).u8(2).u32(1).u32(2), 10},
      {Msg(36).u8(4).u8(2).u32(m0).u32(m0 + 0x10000).u32(0).u32(0), 18},
      {Msg(39).u8(0).u8(2).u32(1).u32(2), 10},
      {Msg(42).u8(1).u8(0), 2},
      {Msg(81).u8(0).u8(2).u32(m0).u32(m0), 10},
      {Msg(83).u8(3).u32(m0).u32(m0).u32(m0), 13},
      {Msg(90).u8(0).u8(1).u32(10000001), 6},
      {Msg(130).u8(0).u8(3).u8(1).u8(0).u8(1), 5},
      {Msg(131).u8(1).u8(2).u8(6).u8(3), 4},
      {Msg(142).u8(0).u8(3).u32(0x40000100).u32(89631139).u32(0x40000000), 14},
      {Msg(143).u8(0).u8(2).u32(1).u32(2), 10},
      {Msg(161).u8(0).u8(30).u8(2).u8(0).u8(3).u32(0).u32(1).u32(2).u32(3).u32(4).u32(5), 29},
      {reload_field(true), 70},
      {Msg(163).text("Bot"), 6},
      {Msg(164).text("hello"), 8},
  };
  for (const auto& [msg, length] : examples) expect_splits(msg.b, length, message_name(msg.b[0]));
}

// ---- (3) codes the core does not write stay errors at their offset ----

TEST(YgoproStreamCodes, CodeNotInTheCoreIsStillAnErrorAtItsOffset) {
  for (int code : {0, 9, 17, 21, 27, 43, 57, 66, 82, 144, 150, 171, 200, 255}) {
    const Walk w = walk({40, 0, static_cast<std::uint8_t>(code), 1, 2, 3});
    ASSERT_TRUE(w.error.has_value()) << code;
    EXPECT_EQ(w.error->offset, 2u) << code;
    EXPECT_NE(w.error->what.find("unknown message code " + std::to_string(code)), std::string::npos) << w.error->what;
    EXPECT_NE(w.error->what.find("--framing edo"), std::string::npos);
  }
}

TEST(YgoproStreamCodes, HostSideAndWriterlessCodesAreErrorsNamingThem) {
  for (int code : kHostOnly) {
    const Walk w = walk({40, 0, static_cast<std::uint8_t>(code), 0, 4, 0, 0, 0});
    ASSERT_TRUE(w.error.has_value()) << code;
    EXPECT_EQ(w.error->offset, 2u);
    EXPECT_NE(w.error->what.find(message_name(static_cast<std::uint8_t>(code)) + " is a host-side message"),
              std::string::npos)
        << w.error->what;
  }
  const Walk w = walk({40, 0, 180, 4, 0, 0, 0, 1, 2, 3, 4});
  ASSERT_TRUE(w.error.has_value());
  EXPECT_EQ(w.error->offset, 2u);
  EXPECT_NE(w.error->what.find("MSG_CUSTOM_MSG: the core defines this code but no writer"), std::string::npos);
}

TEST(YgoproStreamCodes, TheTableAgreesWithTheDecoderOnEveryRecordedMessage) {
  for (const std::string& run : testing::recordings()) {
    if (run.rfind("fluoro", 0) != 0) continue;
    const Bytes bytes = testing::run_stream(run);
    const Walk w = walk(bytes);
    ASSERT_FALSE(w.error.has_value()) << run;
    for (std::size_t i = 0; i < w.messages.size(); ++i) {
      const std::size_t at = w.messages[i].first;
      const std::size_t end = i + 1 < w.messages.size() ? w.messages[i + 1].first : bytes.size();
      const FluoroLength len = fluoro_payload_length(bytes[at], std::span(bytes).subspan(at + 1));
      ASSERT_TRUE(len.length.has_value()) << run << " byte " << at;
      EXPECT_EQ(1 + *len.length, end - at) << run << " byte " << at << " " << message_name(bytes[at]);
    }
  }
}

// ---- (1) a real recording with foreign messages spliced in ----

/// Messages of summons, sets, prompts and bookkeeping that no Battle Phase
/// record comes from: outside the Battle Phase...
Bytes outside_battle() {
  const std::uint32_t h0 = 0x0a000200, m1 = 0x01010400;  // p0 hand 0 face-down; p0 monster zone 1
  return concat({Msg(60).u32(10000003).u32(m1), Msg(61), Msg(62).u32(10000003).u32(m1), Msg(63),
                 Msg(64).u32(10000003).u32(m1), Msg(65), Msg(54).u32(10000003).u32(0x08020400),
                 Msg(18).u8(0).u8(1).u32(0xffffe0e0), Msg(24).u8(0).u8(1).u32(0xe0e0e0e0),
                 Msg(19).u8(0).u32(10000003).u8(0x5), Msg(12).u8(0).u32(10000003).u32(h0).u32(160),
                 Msg(14).u8(0).u8(2).u32(10).u32(11),
                 Msg(20).u8(0).u8(0).u8(1).u8(1).u8(1).card(10000003, 0, 4, 1).u8(1),
                 Msg(23).u8(0).u8(0).u32(4).u8(1).u8(2).u8(0).u8(1).card(10000003, 0, 4, 1).u32(4),
                 Msg(26).u8(0).u8(1).u8(1).u8(1).u8(1).u8(1).u32(10000003).u32(m1).u8(0),
                 Msg(22).u8(0).u16(0x1001).u16(1).u8(1).card(10000003, 0, 4, 1).u16(1),
                 Msg(25).u8(0).u8(1).card(10000003, 0, 1, 0), Msg(31).u8(1).u8(0).u8(1).card(10000003, 0, 2, 0),
                 Msg(30).u8(0).u8(1).card(10000003, 0, 1, 4), Msg(42).u8(0).u8(0), Msg(32).u8(0),
                 Msg(39).u8(0).u8(0), Msg(38).u8(0).u8(0).u32(10000003), Msg(36).u8(4).u8(1).u32(m1).u32(0),
                 Msg(35).u8(1), Msg(37), Msg(140).u8(0).u8(1).u32(0x3ffffff), Msg(142).u8(0).u8(1).u32(89631139),
                 Msg(143).u8(0).u8(2).u32(1).u32(2), Msg(161).u8(0).u8(5).u8(0).u8(0).u8(1).u32(0).u32(10000003),
                 Msg(163).text("battlecheck"), Msg(164).text("spliced"),
                 reload_field(false)});
}

/// ...and inside it, where the importer is writing records.
Bytes inside_battle() {
  const std::uint32_t m0 = 0x01000400, o0 = 0x01000401;  // the attacker; the defender
  return concat({Msg(83).u8(1).u32(o0), Msg(160).u32(m0).u8(6).u32(1000), Msg(165).u8(1).u8(6).u32(1000),
                 Msg(92).u8(0).u32(500), Msg(100).u8(1).u32(500), Msg(94).u8(1).u32(7500), Msg(93).u32(m0).u32(o0),
                 Msg(96).u32(m0).u32(o0), Msg(97).u32(m0).u32(o0), Msg(101).u16(0x1001).u8(0).u8(4).u8(0).u16(2),
                 Msg(102).u16(0x1001).u8(0).u8(4).u8(0).u16(2), Msg(56).u32(0), Msg(81).u8(0).u8(1).u32(o0),
                 Msg(130).u8(0).u8(2).u8(1).u8(0), Msg(131).u8(1).u8(1).u8(4), Msg(120).u32(m0).u32(10000001),
                 Msg(132).u8(0), Msg(133).u8(0x9), Msg(141).u8(0).u8(1).u32(0x7f), Msg(1)});
}

/// `bytes` with each `extra` inserted at its offset (offsets increasing).
Bytes splice(const Bytes& bytes, const std::vector<std::pair<std::size_t, Bytes>>& at) {
  Bytes out;
  std::size_t from = 0;
  for (const auto& [offset, extra] : at) {
    out.insert(out.end(), bytes.data() + from, bytes.data() + offset);
    out.insert(out.end(), extra.begin(), extra.end());
    from = offset;
  }
  out.insert(out.end(), bytes.data() + from, bytes.data() + bytes.size());
  return out;
}

std::size_t first_offset(const Walk& w, std::uint8_t code) {
  for (const auto& [offset, text] : w.messages)
    if (text.rfind(message_name(code) + " ", 0) == 0) return offset;
  return 0;
}

TEST(YgoproStreamCodes, ForeignMessagesInARealStreamChangeNothing) {
  for (const char* run : {"fluoro-basic", "fluoro-P1", "fluoro-P4"}) {
    const Bytes bytes = testing::run_stream(run);
    const Walk original = walk(bytes);
    ASSERT_FALSE(original.error.has_value()) << run;
    const std::size_t phase = first_offset(original, msg::kNewPhase), attack = first_offset(original, msg::kAttack),
                      step_end = first_offset(original, msg::kDamageStepEnd);
    ASSERT_TRUE(phase > 0 && attack > phase && step_end > attack) << run;
    const Bytes a = outside_battle(), b = inside_battle();
    const Bytes spliced = splice(bytes, {{phase, a}, {attack, b}, {step_end, b}});

    // The messages the importer reads: the same fields, shifted by what was spliced in before them.
    const Walk modified = walk(spliced);
    ASSERT_FALSE(modified.error.has_value()) << run << ": " << modified.error->text();
    std::vector<std::pair<std::size_t, std::string>> read;
    std::size_t skipped = 0;
    for (const auto& m : modified.messages) {
      const auto code = spliced[m.first];
      if (kRead.count(code)) read.push_back(m);
      else ++skipped;
    }
    EXPECT_EQ(skipped, walk(a).messages.size() + 2 * walk(b).messages.size()) << run;
    ASSERT_EQ(read.size(), original.messages.size()) << run;
    for (std::size_t i = 0; i < read.size(); ++i) {
      const std::size_t at = original.messages[i].first;
      const std::size_t shift = (at >= phase ? a.size() : 0) + (at >= attack ? b.size() : 0) +
                                (at >= step_end ? b.size() : 0);
      EXPECT_EQ(read[i].first, at + shift) << run << " message " << i;
      EXPECT_EQ(read[i].second, original.messages[i].second) << run << " message " << i;
    }
    EXPECT_GT(skipped, 60u) << run;

    // The imported trace: identical, framing detected as before.
    const CardFile cards = testing::run_cards(run);
    const ImportResult before = import_stream(bytes, cards, ImportOptions{});
    const ImportResult after = import_stream(spliced, cards, ImportOptions{});
    ASSERT_TRUE(before.ok()) << run;
    ASSERT_TRUE(after.ok()) << run << ": " << after.error->text();
    EXPECT_EQ(after.framing, Framing::Fluoro);
    EXPECT_EQ(write_trace(after.header, after.records), write_trace(before.header, before.records)) << run;
    EXPECT_EQ(after.warnings, before.warnings) << run;
    EXPECT_EQ(after.messages, before.messages + skipped) << run;
  }
}

/// The spliced stream, cut anywhere: an error inside the stream or a valid import, never a crash.
TEST(YgoproStreamCodes, EveryTruncationOfASplicedStreamFailsCleanly) {
  const Bytes bytes = testing::run_stream("fluoro-basic");
  const Walk original = walk(bytes);
  const Bytes spliced = splice(bytes, {{first_offset(original, msg::kNewPhase), outside_battle()},
                                       {first_offset(original, msg::kAttack), inside_battle()}});
  const CardFile cards = testing::run_cards("fluoro-basic");
  ImportOptions options;
  options.framing = Framing::Fluoro;
  for (std::size_t cut = 0; cut < spliced.size(); ++cut) {
    const ImportResult r = import_stream(std::span<const std::uint8_t>(spliced).first(cut), cards, options);
    if (!r.ok()) {
      EXPECT_LE(r.error->offset, cut) << "cut at " << cut;
    }
  }
}

}  // namespace
}  // namespace bc::ygopro
