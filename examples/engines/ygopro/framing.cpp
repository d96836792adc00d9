/// Buffer splitting with the importer's decoder.
#include "examples/engines/ygopro/framing.hpp"

#include "examples/engines/ygopro/host.hpp"

namespace bc::host {

using bc::ygopro::Framing;

std::vector<StreamMessage> split_buffer(std::span<const std::uint8_t> stream, std::size_t start, Framing framing) {
  std::vector<StreamMessage> out;
  const auto buffer = stream.subspan(start);
  bc::ygopro::Decoder d(buffer, framing);
  bc::ygopro::Message m;
  while (d.next(m)) {
    StreamMessage s;
    s.decoded = m;
    s.decoded.offset += start;
    s.payload = s.decoded.offset + (framing == Framing::Edo ? 5 : 1);
    s.end = start + d.position();
    out.push_back(std::move(s));
  }
  if (d.error())
    throw HostError("the core's message buffer at stream byte " + std::to_string(start) +
                    " does not split: " + d.error()->what + " (byte " + std::to_string(start + d.error()->offset) + ")");
  return out;
}

std::uint64_t read_le(std::span<const std::uint8_t> stream, std::size_t at, std::size_t n) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (at + i < stream.size()) v |= static_cast<std::uint64_t>(stream[at + i]) << (8 * i);
  return v;
}

}  // namespace bc::host
