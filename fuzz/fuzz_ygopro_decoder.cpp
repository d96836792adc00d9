// libFuzzer target for the ygopro-core stream decoder (importers/ygopro/ygopro_messages.cpp).
// The first input byte picks the framing (even: fluoro, odd: edo); the rest is
// the stream. Every message is decoded until the end or the first error; the
// decoder must never read out of bounds, loop or crash, and an error must
// name an offset inside the stream. Built and run by fuzz/run.sh.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "importers/ygopro/ygopro_messages.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto framing = (data[0] & 1) ? bc::ygopro::Framing::Edo : bc::ygopro::Framing::Fluoro;
  const std::span<const std::uint8_t> bytes(data + 1, size - 1);
  bc::ygopro::Decoder decoder(bytes, framing);
  bc::ygopro::Message m;
  std::size_t last = 0;
  while (decoder.next(m)) {
    if (m.offset < last || m.offset >= bytes.size()) std::abort();  // offsets strictly inside, increasing
    last = m.offset;
  }
  if (decoder.error() && decoder.error()->offset > bytes.size()) std::abort();
  if (decoder.position() > bytes.size()) std::abort();
  (void)bc::ygopro::detect_framing(bytes);
  return 0;
}
