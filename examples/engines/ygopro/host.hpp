#pragma once
/// The recording host's shared types (README.md): the duel as the host sets
/// it up, the responses it sends, and the interface each core is driven
/// through (engine_fluoro.cpp, engine_edo.cpp: one is linked per executable).
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "importers/ygopro/ygopro_messages.hpp"

namespace bc::host {

/// A failure at the host's edges (bad spec, unknown passcode, missing script,
/// an engine that rejects a response): the message names the file, line and
/// field where it can. Exit code 2.
class HostError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Card data the core asks for (both cores' card readers serve this).
struct CardData {
  std::uint32_t code = 0;
  std::uint32_t alias = 0;
  std::uint64_t setcode = 0;   ///< packed u16 archetype codes, as in cards.cdb
  std::uint32_t type = 0;      ///< TYPE_* flags
  std::uint32_t level = 0;     ///< level/rank only (scales split off)
  std::uint32_t attribute = 0;
  std::uint64_t race = 0;
  std::int32_t atk = 0;
  std::int32_t def = 0;
  std::uint32_t lscale = 0, rscale = 0;
  std::uint32_t link_marker = 0;
  std::string name;            ///< from cards.cdb `texts` or the spec; may be empty
  std::string source;          ///< "cdb", "spec", "builtin filler", or "cdb+spec"
};

/// One card to create, in creation order.
struct NewCard {
  std::uint32_t code = 0;        ///< passcode
  std::uint8_t player = 0;       ///< owner == controller
  std::uint8_t location = 0;     ///< LOCATION_* (1 deck, 2 hand, 4 mzone, 8 szone)
  std::uint8_t sequence = 0;     ///< as passed at creation
  std::uint8_t position = 0;     ///< POS_* as passed at creation
  std::uint32_t result_sequence = 0;  ///< the index the card gets (deck/hand: appended)
  std::string label;             ///< the card's name for cards.json
  std::string role;              ///< "deck filler", "monster", "hand", "set"
  std::string script;            ///< the script file served for it (relative to --scripts), empty if none
};

/// Duel options shared by both cores; each engine reads what applies to it.
struct DuelOptions {
  std::uint32_t lp = 8000;
  std::uint32_t draw_per_turn = 1;
  std::uint32_t fluoro_rule = 5;          ///< start_duel(rule << 16 | flags)
  std::uint32_t fluoro_flags = 0x12;      ///< DUEL_ATTACK_FIRST_TURN | DUEL_PSEUDO_SHUFFLE
  std::string edo_mode = "mr5";           ///< DUEL_MODE_* name
  bool edo_single_chain = false;          ///< DUEL_SINGLE_CHAIN_IN_DAMAGE_SUBSTEP
  std::uint32_t stop_at_new_turn = 2;     ///< stop at the N-th MSG_NEW_TURN
};

/// A response as sent: an i32 or a byte buffer.
struct Response {
  bool is_int = true;
  std::int32_t value = 0;
  std::vector<std::uint8_t> bytes;
  static Response i32(std::int32_t v) { return {true, v, {}}; }
  static Response raw(std::vector<std::uint8_t> b) { return {false, 0, std::move(b)}; }
};

/// What the core did after one process step.
enum class Status : std::uint8_t { Continue, Awaiting, End };

class CardDb;
class ScriptTree;

/// One core, one duel at a time. Implemented once per core.
class Engine {
 public:
  virtual ~Engine() = default;
  /// "fluoro" or "edo".
  virtual std::string short_name() const = 0;
  /// The engine named for cards.json, e.g. "Fluorohydride/ygopro-core".
  virtual std::string long_name() const = 0;
  virtual bc::ygopro::Framing framing() const = 0;
  /// Create and start a duel: base scripts, players, cards in order.
  /// Throws HostError when the core refuses.
  virtual void start(const DuelOptions& options, const CardDb& db, const ScriptTree& scripts,
                     const std::vector<NewCard>& cards) = 0;
  /// Run the core until it has messages; append them to `stream`.
  virtual Status process(std::vector<std::uint8_t>& stream) = 0;
  /// Send a response to the prompt the core waits on.
  virtual void respond(const Response& r) = 0;
  /// Script errors and debug messages the core reported since the last call.
  virtual std::vector<std::string> take_log() = 0;
  /// End the duel (also done by the destructor).
  virtual void finish() = 0;
};

/// The engine this executable was built with.
std::unique_ptr<Engine> make_engine();

}  // namespace bc::host
