#pragma once
/// ygopro-core message stream -> battlecheck trace v1 (docs/engines/ygopro.md).
/// The first turn that has a Battle Phase is imported: its turn player is P1,
/// the board at the start of that Battle Phase (cards file + the moves seen
/// so far) is the scenario, and the battle-relevant messages become events;
/// selection messages become `offered` records. Never throws: a bad stream or
/// a card the file does not know is an error value naming the byte offset.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "trace/format/trace_record.hpp"
#include "importers/ygopro/ygopro_cards.hpp"
#include "importers/ygopro/ygopro_messages.hpp"

namespace bc::ygopro {

/// Event types a ygopro-core stream cannot show (the header's "omits").
EventTypeMask importer_omits();

struct ImportOptions {
  std::optional<Framing> framing;  ///< empty = detect (detect_framing)
  std::string ruleset = "mr3";     ///< written in the header
  int battle_phase = 1;            ///< which Battle Phase of the duel to import (1 = the first)
};

struct ImportResult {
  Framing framing = Framing::Fluoro;
  TraceHeader header;
  std::vector<TraceRecord> records;   ///< line = the line it gets when written (header = line 1)
  std::vector<std::size_t> offsets;   ///< per record: byte offset of the message it came from
  std::vector<std::string> warnings;  ///< things skipped (effect damage, cards over the model's bound...)
  /// The core's post-chain prompt rounds in the open Battle Step in which both
  /// players passed: not written (docs/engines/ygopro.md, "The cores' own prompts").
  std::size_t dropped_prompts = 0;
  std::vector<std::string> card_findings;  ///< card data the stream contradicts (an outcome its categories do not declare)
  std::size_t undescribed = 0;        ///< cards the engine used that the cards file does not describe
  /// Their scenario card indices: read as a quick effect at any timing, which no script declares, so
  /// the card audit passes over them (audit_cards).
  std::vector<std::uint8_t> undescribed_cards;
  std::optional<DecodeError> error;   ///< the stream (or the cards file) does not fit
  std::size_t messages = 0;           ///< messages decoded
  bool battle_phase_found = false;
  int battle_phases = 0;              ///< Battle Phases in the whole stream (the import counts them all)
  std::vector<std::uint32_t> card_codes;  ///< the scenario's card index -> its passcode
  std::uint8_t turn_player = 0;       ///< the engine player who is P1
  bool ok() const { return !error.has_value(); }
};

/// Import a whole stream.
ImportResult import_stream(std::span<const std::uint8_t> bytes, const CardFile& cards, const ImportOptions& options);

}  // namespace bc::ygopro
