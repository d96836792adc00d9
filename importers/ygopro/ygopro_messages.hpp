#pragma once
/// ygopro-core message streams decoded into one flat value per message.
/// Two framings exist (docs/engines/ygopro.md): Fluorohydride's core writes
/// messages back to back with no length, EDOPro's prefixes each record with
/// a u32 length. Decoding never throws: a bad stream is an error value that
/// names the byte offset.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "importers/ygopro/ygopro_lengths.hpp"

namespace bc::ygopro {

/// Which core wrote the stream.
enum class Framing : std::uint8_t { Fluoro, Edo };

std::string_view name(Framing f);
std::optional<Framing> parse_framing(std::string_view s);

/// Message codes the importer reads (ygopro-core common.h; same numbers in both cores).
/// Every other code of the core is named by message_name() and, in the fluoro
/// framing, skipped by the length rule of fluoro_payload_length().
namespace msg {
inline constexpr std::uint8_t kHint = 2, kSelectBattleCmd = 10, kSelectIdleCmd = 11, kSelectYesNo = 13,
                              kSelectCard = 15, kSelectChain = 16, kShuffleHand = 33, kNewTurn = 40,
                              kNewPhase = 41, kMove = 50, kPosChange = 53, kChaining = 70, kChained = 71,
                              kChainSolving = 72, kChainSolved = 73, kChainEnd = 74, kChainNegated = 75,
                              kChainDisabled = 76, kDraw = 90, kDamage = 91, kRecover = 92, kAttack = 110, kBattle = 111,
                              kAttackDisabled = 112, kDamageStepStart = 113, kDamageStepEnd = 114,
                              kCardHint = 160, kBecomeTarget = 83;
}

/// Card locations (ygopro-core constant.lua).
namespace loc {
inline constexpr std::uint8_t kDeck = 0x01, kHand = 0x02, kMzone = 0x04, kSzone = 0x08, kGrave = 0x10,
                              kRemoved = 0x20, kExtra = 0x40;
}
/// Card positions.
namespace pos {
inline constexpr std::uint32_t kFaceUpAttack = 0x1, kFaceDownAttack = 0x2, kFaceUpDefense = 0x4,
                               kFaceDownDefense = 0x8;
}
/// Move reasons.
namespace reason {
inline constexpr std::uint32_t kDestroy = 0x1, kRelease = 0x2, kBattle = 0x20, kEffect = 0x40, kCost = 0x80;
}

/// Where a card is: controller, location, sequence, position (both cores' loc_info, unpacked).
struct Location {
  std::uint8_t controller = 0;
  std::uint8_t location = 0;
  std::uint32_t sequence = 0;
  std::uint32_t position = 0;
  bool operator==(const Location&) const = default;
};

/// One entry of a selection list (SELECT_CHAIN, SELECT_BATTLECMD, SELECT_IDLECMD, SELECT_CARD).
struct Choice {
  std::uint32_t code = 0;
  Location where;
  std::uint64_t description = 0;
  bool direct = false;  ///< SELECT_BATTLECMD attackers: may attack directly
};

/// One decoded message. A flat value: fields a code does not carry keep
/// their defaults. The lists are reused between messages (no allocation in
/// steady state).
struct Message {
  std::uint8_t code = 0;
  std::size_t offset = 0;           ///< byte offset of the message (fluoro: its code; edo: its length prefix)
  std::uint8_t player = 0;
  std::uint8_t hint_type = 0;
  std::uint64_t data = 0;           ///< HINT data, SELECT_YESNO description, NEW_PHASE phase, DAMAGE amount
  std::uint32_t card = 0;           ///< MOVE / POS_CHANGE / CHAINING passcode
  Location from, to;                ///< MOVE from/to; POS_CHANGE uses `from` (prev) and `to` (cur); CHAINING `from`
  std::uint32_t move_reason = 0;
  std::uint8_t link = 0;            ///< chain messages: link number; CHAINING: chain size
  Location attacker, target;        ///< ATTACK / BATTLE; target.location == 0: direct
  std::int32_t atk[2] = {0, 0};     ///< BATTLE: attacker, target
  std::int32_t def[2] = {0, 0};
  bool destroyed[2] = {false, false};
  bool forced = false;              ///< SELECT_CHAIN: a pass is not offered
  bool to_battle = false, to_main2 = false, to_end = false;  ///< SELECT_IDLECMD / SELECT_BATTLECMD
  std::vector<Choice> activations;  ///< SELECT_CHAIN, SELECT_BATTLECMD, SELECT_IDLECMD activatable effects
  std::vector<Choice> attackers;    ///< SELECT_BATTLECMD
  std::vector<Choice> cards;        ///< SELECT_CARD
};

/// A decoding failure: what and where.
struct DecodeError {
  std::size_t offset = 0;
  std::string what;
  std::string text() const { return "byte " + std::to_string(offset) + ": " + what; }
};

/// Walks a stream message by message.
class Decoder {
 public:
  Decoder(std::span<const std::uint8_t> bytes, Framing framing) : bytes_(bytes), framing_(framing) {}
  /// Decode the next message into `m`. Returns false at the end of the
  /// stream or on error (then error() is set).
  bool next(Message& m);
  const std::optional<DecodeError>& error() const { return error_; }
  std::size_t position() const { return pos_; }
  std::size_t messages() const { return count_; }

 private:
  bool next_fluoro(Message& m);
  bool next_edo(Message& m);
  std::span<const std::uint8_t> bytes_;
  Framing framing_;
  std::size_t pos_ = 0;
  std::size_t count_ = 0;
  std::optional<DecodeError> error_;
};

/// Guess the framing from the first records. Empty when it cannot be told
/// reliably (the caller then asks for --framing).
std::optional<Framing> detect_framing(std::span<const std::uint8_t> bytes);

}  // namespace bc::ygopro
