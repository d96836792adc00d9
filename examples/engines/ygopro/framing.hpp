#pragma once
/// Splitting what the core sent into messages (README.md, "Recordings"):
/// battlecheck's own stream decoder (importers/ygopro/ygopro_messages) walks
/// each buffer, so the host and the importer agree on every boundary.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "importers/ygopro/ygopro_messages.hpp"

namespace bc::host {

/// One message of the stream: decoded, with its raw payload.
struct StreamMessage {
  bc::ygopro::Message decoded;    ///< offset is absolute in the stream
  std::size_t payload = 0;        ///< absolute offset of the first payload byte (after the code)
  std::size_t end = 0;            ///< absolute offset just past the message
};

/// The messages of the buffer that starts at `start` in `stream` and runs
/// to its end. Throws HostError with the byte offset if the buffer does not
/// split (a framing the decoder does not know).
std::vector<StreamMessage> split_buffer(std::span<const std::uint8_t> stream, std::size_t start,
                                        bc::ygopro::Framing framing);

/// Little-endian read of `n` bytes at `at` (0 past the end).
std::uint64_t read_le(std::span<const std::uint8_t> stream, std::size_t at, std::size_t n);

}  // namespace bc::host
