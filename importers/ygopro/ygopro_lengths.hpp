#pragma once
/// Message codes of the Fluorohydride framing: their names and the length of
/// every payload the core writes (ygopro_lengths.cpp), so that the decoder can
/// step over a message it does not read.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace bc::ygopro {

/// Name of a message code ("MSG_ATTACK") for every code of ygopro-core's
/// common.h, or "code N" for a code the core does not define.
std::string message_name(std::uint8_t code);

/// What the Fluorohydride framing knows of a message code (ygopro_lengths.cpp).
enum class FluoroRule : std::uint8_t {
  Layout,       ///< written by the core: the payload length follows from its layout (fixed, or from its counts)
  HostOnly,     ///< commented out in the core's common.h: written by hosts, never by the core
  Unconfirmed,  ///< defined by the core, but no writer of it was found: its length is not known
  Unknown,      ///< not a code of the core
};

/// The rule for `code` in the Fluorohydride framing.
FluoroRule fluoro_rule(std::uint8_t code);

/// The payload length (bytes after the code) of a fixed-length code; empty for
/// count-driven layouts and for codes with no layout.
std::optional<std::size_t> fluoro_fixed_length(std::uint8_t code);

/// One fluoro payload measured against its layout.
struct FluoroLength {
  FluoroRule rule = FluoroRule::Unknown;
  std::optional<std::size_t> length;  ///< bytes after the code; empty if `payload` ends inside it or there is no layout
};

/// Measure the payload of a fluoro message `code` whose payload starts at
/// payload[0] (`payload` may run on past it). Never reads outside `payload`.
FluoroLength fluoro_payload_length(std::uint8_t code, std::span<const std::uint8_t> payload);

}  // namespace bc::ygopro
