// libFuzzer target: the streaming trace reader (trace/format/trace_stream.hpp).
// Any bytes must give records or a clean error value, never a crash.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "trace/format/trace_stream.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bc::TraceStream in(text, "fuzz");
  bc::TraceHeader header;
  if (!in.read_header(header)) return 0;
  bc::TraceRecord record;
  while (in.next(record)) {
  }
  // Every line also goes through the fast path alone: it must never crash either.
  bc::Event e;
  for (std::size_t start = 0; start < size;) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = size;
    bc::parse_event_fast(text.substr(start, end - start), e);
    start = end + 1;
  }
  return 0;
}
