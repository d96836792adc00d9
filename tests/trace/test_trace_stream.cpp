// The streaming reader: the fast path and the full parser agree on every
// event line, and lines the fast path refuses still read through the full
// parser; long lines and reads from a pipe-like fd work.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <unistd.h>

#include <thread>

#include "trace/format/trace_json.hpp"
#include "trace/format/trace_stream.hpp"
#include "tests/properties/random_events.hpp"

namespace bc {
namespace {

using nlohmann::json;

RC_GTEST_PROP(TraceStreamFast, AgreesWithTheFullParserOnEveryEvent, ()) {
  const Event e = test::any_event();
  const std::string line = event_to_json(e).dump();
  Event fast;
  RC_ASSERT(parse_event_fast(line, fast));
  RC_ASSERT(fast == event_from_json(json::parse(line), "x"));
  RC_ASSERT(fast == e);
}

RC_GTEST_PROP(TraceStreamFast, NeverAcceptsWhatTheFullParserRefusesOrReadsDifferently, ()) {
  std::string line = event_to_json(test::any_event()).dump();
  const auto at = *rc::gen::inRange<std::size_t>(0, line.size());
  const char c = *rc::gen::element('"', '{', '}', ',', ':', 'x', '1', '-', ' ', '\\', '.', 'n');
  line[at] = c;
  Event fast;
  if (!parse_event_fast(line, fast)) return;
  // The fast path accepted it: the full parser must read the same event.
  const json j = json::parse(line, nullptr, false);
  RC_ASSERT(!j.is_discarded());
  RC_ASSERT(fast == event_from_json(j, "x"));
}

TEST(TraceStreamFast, RefusesWhatItLeavesToTheFullParser) {
  Event e;
  EXPECT_TRUE(parse_event_fast(R"( {"event" : "priority", "player":"p2"} )", e));
  EXPECT_EQ(e.player, Player::P2);
  EXPECT_FALSE(parse_event_fast(R"({"event":"priority","player":"p\u0032"})", e));
  EXPECT_FALSE(parse_event_fast(R"({"event":"priority","player":"p1","player":"p2"})", e));
  EXPECT_FALSE(parse_event_fast(R"({"event":"battle_damage","value":1.0})", e));
  EXPECT_FALSE(parse_event_fast(R"({"event":"battle_damage","value":01})", e));
  EXPECT_FALSE(parse_event_fast(R"({"event":"offered","player":"p1","actions":[]})", e));
  EXPECT_FALSE(parse_event_fast(R"({"player":"p1"})", e));
  EXPECT_FALSE(parse_event_fast(R"({"event":"priority"} x)", e));
}

// Issue 12: a number of 19 digits or more overflowed int64 before its digits
// were counted (undefined behaviour, caught by the sanitized suite).
TEST(TraceStreamFast, LongNumbersAreLeftToTheFullParserWithoutOverflow) {
  Event e;
  EXPECT_TRUE(parse_event_fast(R"({"event":"battle_damage","player":"p2","value":1234567890})", e));
  EXPECT_EQ(e.value, 1234567890);
  EXPECT_FALSE(parse_event_fast(R"({"event":"battle_damage","player":"p2","value":12345678901})", e));
  EXPECT_FALSE(parse_event_fast(R"({"event":"battle_damage","player":"p2","value":99999999999999999999999999})", e));
  EXPECT_FALSE(parse_event_fast(R"({"event":"battle_damage","player":"p2","value":-99999999999999999999999999})", e));
}

TEST(TraceStream, ReadsFromAFileDescriptorInChunks) {
  const std::string header = trace_header(default_scenario(), "mr3").dump() + "\n";
  std::string body;
  for (int i = 0; i < 200000; ++i) body += "{\"event\":\"priority\",\"player\":\"p" + std::to_string(1 + i % 2) + "\"}\n";
  const std::string text = header + body + "{\"event\":\"chain_end\"}";  // last line without newline
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::thread writer([&] {
    std::size_t off = 0;
    while (off < text.size()) off += static_cast<std::size_t>(::write(fds[1], text.data() + off, std::min<std::size_t>(65536, text.size() - off)));
    ::close(fds[1]);
  });
  TraceStream in(fds[0], "pipe");
  TraceHeader h;
  ASSERT_TRUE(in.read_header(h)) << in.error();
  TraceRecord r;
  std::size_t n = 0;
  Event last;
  while (in.next(r)) {
    ++n;
    last = r.event;
  }
  writer.join();
  ::close(fds[0]);
  EXPECT_EQ(in.error(), "");
  EXPECT_EQ(n, 200001u);
  EXPECT_EQ(last.type, EventType::ChainEnd);
  EXPECT_EQ(r.line, 200002u);
}

TEST(TraceStream, ErrorsNameTheLine) {
  const std::string header = trace_header(default_scenario(), "mr3", event_bit(EventType::Priority)).dump() + "\n";
  auto error_of = [](const std::string& text) {
    TraceStream in(text, "t.jsonl");
    TraceHeader h;
    TraceRecord r;
    if (in.read_header(h))
      while (in.next(r)) {
      }
    return in.error();
  };
  EXPECT_EQ(error_of(header + "\n{\"event\":\"priority\",\"player\":\"p1\"}\n"),
            "t.jsonl:3: field 'event': \"priority\" events are listed in the header's \"omits\"");
  EXPECT_NE(error_of(header + "{\"event\":\"chain_end\"").find("t.jsonl:2: truncated line"), std::string::npos);
  EXPECT_NE(error_of(header + "{\"event\":\"chain_end\",\"card_name\":\"x\"}\n").find("t.jsonl:2: field 'card_name'"),
            std::string::npos);
  EXPECT_NE(error_of(header + std::string(TraceStream::kMaxLine + 10, ' ') + "\n").find("t.jsonl:2: line longer"),
            std::string::npos);
}


/// Feed `text` through a pipe in 64 KiB writes and read it back with TraceStream.
struct PipeRead {
  bool header_ok = false;
  std::size_t records = 0;
  std::string error;
};
PipeRead read_through_pipe(const std::string& text) {
  int fds[2];
  if (::pipe(fds) != 0) return {false, 0, "pipe failed"};
  std::thread writer([&] {
    std::size_t off = 0;
    while (off < text.size()) {
      const ssize_t n = ::write(fds[1], text.data() + off, std::min<std::size_t>(65536, text.size() - off));
      if (n <= 0) break;
      off += static_cast<std::size_t>(n);
    }
    ::close(fds[1]);
  });
  PipeRead out;
  {
    TraceStream in(fds[0], "pipe");
    TraceHeader h;
    out.header_ok = in.read_header(h);
    TraceRecord r;
    while (out.header_ok && in.next(r)) ++out.records;
    out.error = in.error();
  }
  ::close(fds[0]);  // a writer blocked on a full pipe gets EPIPE and stops
  writer.join();
  return out;
}

TEST(TraceStream, LinesLongerThanTheFirstBufferGrowItUpToTheLimit) {
  json header = trace_header(default_scenario(), "mr3");
  header["source"] = std::string(300000, 'x');  // far past the 64 KiB the buffer starts with
  const std::string event = "{\"event\":\"chain_end\"}\n";
  const PipeRead ok = read_through_pipe(header.dump() + "\n" + event + event);
  EXPECT_TRUE(ok.header_ok) << ok.error;
  EXPECT_EQ(ok.records, 2u);
  EXPECT_EQ(ok.error, "");
  const PipeRead too_long = read_through_pipe(header.dump() + "\n" + std::string(TraceStream::kMaxLine + 10, ' ') + "\n");
  EXPECT_NE(too_long.error.find("pipe:2: line longer"), std::string::npos) << too_long.error;
}

TEST(HeaderCache, AHeaderSeenBeforeReadsTheSameAndErrorsAreNeverCached) {
  const std::string header = trace_header(default_scenario(), "mr3", event_bit(EventType::Priority)).dump() + "\n";
  HeaderCache cache;
  auto read = [&](const std::string& text, const std::string& origin, TraceHeader& h) {
    TraceStream in(text, origin);
    const bool ok = in.read_header(h, &cache);
    return ok ? std::string() : in.error();
  };
  TraceHeader first, second;
  EXPECT_EQ(read(header, "a.jsonl", first), "");
  ASSERT_NE(cache.find(std::string_view(header).substr(0, header.size() - 1)), nullptr);
  EXPECT_EQ(read("\n" + header, "b.jsonl", second), "");  // a blank line first: same header line
  EXPECT_TRUE(second.scenario == first.scenario);
  EXPECT_EQ(second.ruleset, "mr3");
  EXPECT_EQ(second.omits, event_bit(EventType::Priority));
  // A bad header is reported for every trace that has it, each with its own file and line.
  const std::string bad = header.substr(0, 40) + "\n";
  TraceHeader h;
  EXPECT_NE(read(bad, "c.jsonl", h).find("c.jsonl:1: not valid JSON"), std::string::npos);
  EXPECT_NE(read("\n" + bad, "d.jsonl", h).find("d.jsonl:2: not valid JSON"), std::string::npos);
  EXPECT_EQ(cache.find(bad.substr(0, bad.size() - 1)), nullptr);
}

}  // namespace
}  // namespace bc
