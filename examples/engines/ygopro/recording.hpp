#pragma once
/// Writing one run as the shared recordings are written
/// (../shared/engine-logs/README.md): <run>.bin, <run>.responses.txt and
/// <run>.cards.json, each atomically (temp file + rename), never over an
/// existing file unless forced.
#include <cstdint>
#include <string>
#include <vector>

#include "examples/engines/ygopro/card_db.hpp"
#include "examples/engines/ygopro/host.hpp"

namespace bc::host {

/// One response as sent, and the prompt it answered.
struct Answer {
  Response response;
  std::uint8_t code = 0;      ///< the prompt's message code
  std::size_t offset = 0;     ///< the prompt's stream offset (fluoro: code byte; edo: length prefix)
};

/// One run of the duel.
struct Run {
  std::vector<std::uint8_t> stream;   ///< every buffer the core sent, in order
  std::vector<Answer> answers;
  std::vector<std::string> choices;   ///< the branch decisions taken ("SELECT_CHAIN p1 @412: activate 44095762")
  std::vector<std::string> log;       ///< the core's script errors and messages
  std::string end;                    ///< why the run stopped
};

/// What cards.json says about the setup.
struct RecordingContext {
  std::string engine;        ///< e.g. "Fluorohydride/ygopro-core"
  std::string spec;          ///< the spec file
  std::string scripts;       ///< the script tree
  std::string cdb;           ///< the card database, or empty
  std::string options;       ///< the duel options, as text
  /// Cards the host does not create but whose data it serves (tokens a
  /// script creates): listed after the created cards, with no start.
  std::vector<std::uint32_t> served_only;
};

/// Paths of a run's three files.
std::vector<std::string> recording_paths(const std::string& dir, const std::string& run);

/// Fail (HostError) if any of the run's files exists and `force` is off.
void check_free(const std::string& dir, const std::string& run, bool force);

/// The text of the run's cards.json (what write_recording writes).
std::string cards_json_text(const std::string& run, const Run& r, const std::vector<NewCard>& cards, const CardDb& db,
                            const RecordingContext& ctx);

/// Write the run's three files into `dir` (created if missing).
void write_recording(const std::string& dir, const std::string& run, const Run& r, const std::vector<NewCard>& cards,
                     const CardDb& db, const RecordingContext& ctx, bool force);

}  // namespace bc::host
