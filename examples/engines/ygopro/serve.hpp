#pragma once
/// Serve mode (README.md, "Serve mode"): the host speaks battlecheck's engine
/// protocol (docs/engine-protocol.md) on stdin/stdout so that `battlecheck
/// drive` explores the duel's Battle Phase in the real core side by side with
/// the model. The served state is the list of core responses sent so far;
/// every request re-runs the deterministic duel from scratch with them, and
/// battlecheck's importer (importers/ygopro) maps the stream to events and
/// `offered` records. Priority, which the cores never show, is written by
/// the host from the core's prompts (see ServeSession).
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "examples/engines/ygopro/explore.hpp"
#include "importers/ygopro/ygopro_import.hpp"

namespace bc::host {

/// One served duel. Requests map to load(), actions() and apply(); each
/// answers the protocol's response object. Throws HostError when the core
/// or the importer fails, or an action cannot be sent to the core.
///
/// Priority: on entering a window where players may act, P1 gets priority;
/// after an activation, the other player; after a first pass, the other
/// player; after the second pass in a row, the chain resolves or the window
/// closes, as the stream shows; after a chain, P1 again where the core
/// prompts again. A player with priority whom the core does
/// not prompt there (nothing to activate) is offered only `pass`.
class ServeSession {
 public:
  /// `setup` is the duel (engine, cards, scripts); `cards` the cards file the
  /// importer reads (the host's own, or one completed by `battlecheck ygopro cards`).
  ServeSession(Setup setup, bc::ygopro::CardFile cards);

  /// `load`: a fresh duel up to its first Main Phase prompt; the opening
  /// events. A `scenario` other than default_scenario() is refused (the
  /// duel is the spec's; so drive's shrinking keeps the scenario whole).
  nlohmann::json load(const nlohmann::json& scenario = nullptr);
  /// `actions`: every action legal now.
  nlohmann::json actions();
  /// `apply`: send the action to the core; the events it caused.
  nlohmann::json apply(const nlohmann::json& action);
  /// The scenario the importer derives from the default policy's run, with
  /// each card whose outcome it learns from the stream as the first explored
  /// path that activates it shows it (computed once).
  const Scenario& default_scenario();

 private:
  bool real_prompt() const;
  void settle();
  PathRun probe(const Response& extra);
  void import(const Run& run);
  void advance(nlohmann::json& events);
  bool note(const Event& e, nlohmann::json& events);
  void give_priority(Player p, nlohmann::json& events);
  std::vector<Action> expand(const Offered& o);
  std::vector<std::uint8_t> targets_after(const Response& r, std::uint8_t card);
  Response card_response(std::uint32_t index) const;
  std::uint8_t slot(const bc::ygopro::Location& l) const;
  std::optional<std::size_t> activation_index(std::uint8_t card) const;
  void send(const Action& a);
  bool end_phase_after(std::size_t offset) const;
  nlohmann::json trace_records();
  nlohmann::json trace_scenario();

  Setup setup_;
  bc::ygopro::CardFile cards_;
  std::vector<Response> responses_;        ///< sent so far (the served state)
  std::vector<std::uint8_t> answer_codes_;  ///< the prompt code each response answered
  std::vector<std::uint8_t> stream_;       ///< the current run's messages
  std::vector<TraceRecord> records_;       ///< the import of the current run
  std::vector<std::size_t> offsets_;
  std::vector<std::uint32_t> card_codes_;
  Scenario scenario_;
  bool scenario_found_ = false;            ///< the last import found the Battle Phase (scenario_ is its)
  std::optional<nlohmann::json> served_;
  std::optional<Scenario> served_scenario_;   ///< default_scenario() as JSON, once computed
  std::uint8_t turn_player_ = 0;
  std::optional<StreamMessage> prompt_;    ///< the decision prompt the core waits on
  std::size_t cursor_ = 0;                 ///< records_ up to here are answered
  nlohmann::json tail_ = nlohmann::json::array();  ///< events after the import's (skipping the Battle Phase)
  std::uint8_t follow_target_ = kNoSlot;   ///< the slot to pick at the next SELECT_CARD
  std::pair<std::uint8_t, std::uint8_t> target_of_{kNoCard, kNoSlot};  ///< the card activated last, its action's target
  Player holder_ = Player::P1;
  int passes_ = 0;
  Timing timing_ = Timing::MainPhase1;
};

/// Read requests from `in`, one JSON object a line, answer on `out`, until
/// `quit` or end of input. Returns the exit code (0).
int serve(ServeSession& session, std::istream& in, std::ostream& out);

}  // namespace bc::host
