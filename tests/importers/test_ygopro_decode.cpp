/// Decoder tests: both framings, detection, unknown codes, and truncated or
/// corrupted streams (every byte offset of every recording: no crash, an
/// error naming a byte offset inside the stream, or a valid import).
#include <gtest/gtest.h>

#include "importers/ygopro/ygopro_messages.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

using testing::recordings;
using testing::run_cards;
using testing::run_stream;

std::size_t count_messages(const std::vector<std::uint8_t>& bytes, Framing f) {
  Decoder d(bytes, f);
  Message m;
  while (d.next(m)) {
  }
  EXPECT_FALSE(d.error().has_value()) << d.error()->text();
  return d.messages();
}

TEST(YgoproDecode, DetectsTheFramingOfEveryRecording) {
  for (const std::string& run : recordings()) {
    const auto framing = detect_framing(run_stream(run));
    ASSERT_TRUE(framing.has_value()) << run;
    EXPECT_EQ(*framing, run.rfind("edo", 0) == 0 ? Framing::Edo : Framing::Fluoro) << run;
  }
}

TEST(YgoproDecode, MessageCountsArePinned) {
  EXPECT_EQ(count_messages(run_stream("fluoro-basic"), Framing::Fluoro), 64u);
  EXPECT_EQ(count_messages(run_stream("edo-basic"), Framing::Edo), 64u);
  EXPECT_EQ(count_messages(run_stream("fluoro-replay"), Framing::Fluoro), 82u);
  EXPECT_EQ(count_messages(run_stream("fluoro-P1"), Framing::Fluoro), 74u);
  EXPECT_EQ(count_messages(run_stream("edo-P1"), Framing::Edo), 74u);
  EXPECT_EQ(count_messages(run_stream("edo-P4"), Framing::Edo), 73u);
  EXPECT_EQ(count_messages(run_stream("fluoro-P7"), Framing::Fluoro), 71u);
}

TEST(YgoproDecode, FirstMessagesOfBothFramings) {
  for (const char* run : {"fluoro-basic", "edo-basic"}) {
    const auto bytes = run_stream(run);
    Decoder d(bytes, *detect_framing(bytes));
    Message m;
    ASSERT_TRUE(d.next(m));
    EXPECT_EQ(m.code, msg::kNewTurn);
    EXPECT_EQ(m.player, 0);
    ASSERT_TRUE(d.next(m));
    EXPECT_EQ(m.code, msg::kNewPhase);
    EXPECT_EQ(m.data, 0x01u);
    ASSERT_TRUE(d.next(m));
    EXPECT_EQ(m.code, msg::kHint);
    EXPECT_EQ(m.hint_type, 1);
    EXPECT_EQ(m.data, 27u);
  }
}

TEST(YgoproDecode, BattleMessageFieldsInBothLayouts) {
  for (const char* run : {"fluoro-basic", "edo-basic"}) {
    const auto bytes = run_stream(run);
    Decoder d(bytes, *detect_framing(bytes));
    Message m;
    bool seen = false;
    while (d.next(m))
      if (m.code == msg::kBattle) {
        seen = true;
        EXPECT_EQ(m.attacker.location, loc::kMzone);
        EXPECT_EQ(m.atk[0], 1800);
        EXPECT_EQ(m.atk[1], 1200);
        EXPECT_EQ(m.def[1], 1000);
        EXPECT_FALSE(m.destroyed[0]);
        EXPECT_TRUE(m.destroyed[1]);
        EXPECT_EQ(m.target.controller, 1);
      }
    EXPECT_TRUE(seen) << run;
  }
}

TEST(YgoproDecode, FluoroUnknownCodeIsAnErrorAtItsOffset) {
  const std::vector<std::uint8_t> bytes = {40, 0, 200, 1, 2, 3};
  Decoder d(bytes, Framing::Fluoro);
  Message m;
  EXPECT_TRUE(d.next(m));
  EXPECT_FALSE(d.next(m));
  ASSERT_TRUE(d.error().has_value());
  EXPECT_EQ(d.error()->offset, 2u);
  EXPECT_NE(d.error()->what.find("code 200"), std::string::npos);
}

TEST(YgoproDecode, EdoUnknownCodeIsSkippedByLength) {
  const std::vector<std::uint8_t> bytes = {3, 0, 0, 0, 200, 9, 9, 2, 0, 0, 0, 40, 1};
  Decoder d(bytes, Framing::Edo);
  Message m;
  ASSERT_TRUE(d.next(m));
  EXPECT_EQ(m.code, 200);
  ASSERT_TRUE(d.next(m));
  EXPECT_EQ(m.code, msg::kNewTurn);
  EXPECT_EQ(m.player, 1);
  EXPECT_EQ(m.offset, 7u);
  EXPECT_FALSE(d.next(m));
  EXPECT_FALSE(d.error().has_value());
}

TEST(YgoproDecode, EdoKnownCodeWithWrongLengthIsAnError) {
  const std::vector<std::uint8_t> bytes = {2, 0, 0, 0, 40, 1, 3, 0, 0, 0, 41, 1, 0};  // NEW_TURN, NEW_PHASE (u16)
  Decoder ok(bytes, Framing::Edo);
  Message m;
  EXPECT_TRUE(ok.next(m));
  EXPECT_TRUE(ok.next(m));
  EXPECT_FALSE(ok.error().has_value());
  const std::vector<std::uint8_t> bad = {2, 0, 0, 0, 41, 1};
  Decoder d(bad, Framing::Edo);
  EXPECT_FALSE(d.next(m));
  ASSERT_TRUE(d.error().has_value());
  EXPECT_EQ(d.error()->offset, 0u);
  EXPECT_NE(d.error()->what.find("MSG_NEW_PHASE"), std::string::npos);
}

TEST(YgoproDecode, EdoTruncatedLengthPrefix) {
  const std::vector<std::uint8_t> bytes = {2, 0, 0, 0, 40, 1, 9, 0};
  Decoder d(bytes, Framing::Edo);
  Message m;
  EXPECT_TRUE(d.next(m));
  EXPECT_FALSE(d.next(m));
  ASSERT_TRUE(d.error().has_value());
  EXPECT_EQ(d.error()->offset, 6u);
}

TEST(YgoproDecode, NothingToDetectInATinyStream) {
  EXPECT_FALSE(detect_framing(std::vector<std::uint8_t>{40, 0}).has_value());
  const ImportResult r = import_stream(std::vector<std::uint8_t>{40, 0}, CardFile{}, ImportOptions{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->what.find("--framing"), std::string::npos);
}

/// Cutting a recording anywhere: an error inside the stream, or (at a
/// message boundary before the Battle Phase ends) a shorter valid import.
TEST(YgoproDecode, EveryTruncationOfEveryRecordingFailsCleanly) {
  for (const std::string& run : recordings()) {
    const auto bytes = run_stream(run);
    const CardFile cards = run_cards(run);
    ImportOptions options;
    options.framing = *detect_framing(bytes);
    std::size_t errors = 0;
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
      const ImportResult r = import_stream(std::span<const std::uint8_t>(bytes).first(cut), cards, options);
      if (r.ok()) continue;
      ++errors;
      EXPECT_LE(r.error->offset, cut) << run << " cut at " << cut;
    }
    EXPECT_GT(errors, bytes.size() / 2) << run;
  }
}

TEST(YgoproDecode, FlippedBytesNeverCrash) {
  for (const std::string& run : recordings()) {
    auto bytes = run_stream(run);
    const CardFile cards = run_cards(run);
    ImportOptions options;
    options.framing = *detect_framing(bytes);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      for (std::uint8_t mask : {0xFF, 0x01, 0x80}) {
        bytes[i] ^= mask;
        const ImportResult r = import_stream(bytes, cards, options);
        if (!r.ok()) {
          EXPECT_LE(r.error->offset, bytes.size()) << run << " byte " << i;
        }
        bytes[i] ^= mask;
      }
    }
  }
}

}  // namespace
}  // namespace bc::ygopro
