#pragma once
/// Conformance of an engine's trace to the model (issue 4 §2): each event
/// must be one the model allows from the state reached so far, and each
/// `offered` record must list exactly the legal actions. Records are fed one
/// at a time (constant memory); every property monitor runs along. Returns
/// values only: no exceptions.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "trace/format/trace_record.hpp"
#include "model/rules/model.hpp"
#include "properties/monitors/context.hpp"
#include "properties/catalog/property.hpp"

namespace bc {

/// What the first divergence was about.
enum class DivergenceKind : std::uint8_t {
  None,
  Event,        ///< an event the model does not allow here
  Offered,      ///< an offered record that differs from the legal actions
  EndOfTrace,   ///< the trace ends inside an action: the model still expects events
};

/// The first point where the trace leaves the model.
struct Divergence {
  DivergenceKind kind = DivergenceKind::None;
  std::size_t line = 0;                 ///< the record's line (for EndOfTrace: the last line)
  Event found{};                        ///< Event: the trace's event
  std::vector<Event> expected;          ///< Event / EndOfTrace: the events the model allowed instead
  Offered offered;                      ///< Offered: the record
  std::vector<Action> illegal;          ///< Offered: offered but not legal
  std::vector<Action> withheld;         ///< Offered: legal but not offered
  std::vector<Action> legal;            ///< Offered: the model's legal actions there
  std::vector<std::string> rules;       ///< knobs / permissions that forbid it, each with its citation
  std::vector<int> properties;          ///< Always properties the divergent event violates
};

/// Where an engine offered a card (docs/engines/ygopro.md, "Withheld offers
/// with conditions"): the timing, the player, the chain's length and the
/// battle with its participants. A card with a hidden condition that the
/// engine withholds in the same situation later in the same battle, unused,
/// is withheld by the engine, not by its condition: nothing the condition can
/// read (phase and timing, the card's place, the battle's monsters) changed.
struct OfferSituation {
  bool valid = false;
  Timing timing = Timing::MainPhase1;
  Player player = Player::P1;
  std::uint8_t chain_len = 0;
  std::uint32_t battle = 0;                 ///< attack declarations seen so far
  std::uint8_t attacker = kNoSlot, target = kNoSlot;
  ZoneState attacker_zone{}, target_zone{};  ///< the battling monsters and their positions
  std::int8_t attacker_boost = 0, target_boost = 0;  ///< their ATK changes (a condition may read ATK)
  std::int8_t attacker_mod = 0, target_mod = 0;
  bool operator==(const OfferSituation&) const = default;
};

/// The verdict on one trace.
struct ConformanceResult {
  Divergence divergence;                ///< the first divergence; kind None = the trace conforms
  /// Divergences after the first: conformance goes on past an offer that
  /// differs only in activations (the state is the same either way), so a
  /// card's unclear offer does not hide a later fault. At most kMaxLater.
  std::vector<Divergence> later;
  static constexpr std::size_t kMaxLater = 20;
  Verdicts verdicts;                    ///< property monitors over the whole trace
  std::array<std::size_t, kMaxProperties> violation_line{};  ///< first line where a property was violated (0 = never)
  /// The line at which conformance stopped (0: it never did). Property
  /// violations first seen after it follow from a state the model no longer
  /// shares with the engine: reports leave them out (violations_after_stop()).
  std::size_t stopped_line = 0;
  bool complete = false;                ///< the trace reached the end of the Battle Phase
  std::uint64_t events = 0;
  std::uint64_t offered = 0;
  /// Legal activations the engine withheld that were not checked: the card has
  /// a condition the model cannot see (CardSpec::hidden_condition), and the
  /// engine had not offered it in the same situation before (OfferSituation).
  std::uint64_t unchecked_offers = 0;
  /// Of those withheld activations, the ones judged anyway: the engine had
  /// offered the card in the same situation earlier in the battle.
  std::uint64_t withheld_after_offer = 0;
  /// Activations offered again after the card's use (a script with no count
  /// limit): beyond the model's once-a-turn bound, not checked.
  std::uint64_t offered_again = 0;
  /// Pass-only prompts an engine sends for a window the model has already left
  /// (docs/engines/ygopro.md, "The cores' own prompts"): not compared.
  std::uint64_t closing_prompts = 0;
  /// Cards whose resolution the trace showed otherwise than their term:
  /// conformance took the engine's outcome as the card's and went on from
  /// there (card findings, not the procedure's).
  std::vector<std::string> card_resyncs;
  bool conforms() const { return divergence.kind == DivergenceKind::None; }
  /// True when the trace conforms and no Always/Eventually property is violated.
  bool holds() const;
};

/// Feeds trace records through the model. After a divergence the property
/// monitors go on over the trace's own events (from the context reached at
/// the divergence); conformance stops there.
class ConformanceChecker {
 public:
  /// `model` must outlive the checker. The checker keeps the records it is
  /// fed (up to kMaxKept) so that it can resynchronise on an engine's outcome. `omits`: event types the trace leaves
  /// out (the model's events of those types are skipped when matching).
  ConformanceChecker(const Model& model, EventTypeMask omits);

  /// Feed one event read at `line`.
  void on_event(const Event& e, std::size_t line);
  /// Feed one offered record read at `line`.
  void on_offered(const Offered& o, std::size_t line);
  /// A record of either kind.
  void on_record(const TraceRecord& r);
  /// End of the trace: the verdict.
  ConformanceResult finish();

  /// Conformance has stopped (the property monitors go on over the trace's events).
  bool diverged() const { return stopped_; }

 private:
  ConformanceResult without_disputed(ConformanceResult r) const;
  // conformance_resync.cpp
  static constexpr std::size_t kMaxKept = 1u << 16;
  void start();
  bool keep(const Event& e, std::size_t line);
  bool keep(const Offered& o, std::size_t line);
  bool start_resync(const Event& e);
  void resync();
  bool learn_card(std::uint8_t card, std::size_t from, std::size_t to);
  void replay_kept();
  struct Candidate {
    State origin{};        ///< state before the action being matched
    State post{};          ///< state after it
    TraceContext ctx{};    ///< monitors along this path
    Verdicts verdicts;
    std::int32_t buf = -1; ///< index into pool_ of the action's events
    std::uint8_t pos = 0;  ///< next event of buf to match
    std::uint8_t matched = 0;  ///< trace events matched inside this action
    bool opening = false;  ///< the initial events, not an action
  };

  bool at_boundary(const Candidate& c) const { return c.pos >= pool_[c.buf].size(); }
  bool omitted(const Event& e) const { return (omits_ & event_bit(e.type)) != 0; }
  void skip_omitted(Candidate& c);
  std::int32_t alloc_buffer();
  void release(std::int32_t buf) { free_.push_back(buf); }
  void match(Candidate& c, const Event& e);
  void expand(const Candidate& from, const Event& e, int depth);
  void boundary_states(const Candidate& from, int depth, std::vector<Candidate>& out);
  void push_next(Candidate&& c);
  void diverge_event(const Event& e, std::size_t line);
  void follow_trigger_target(const Event& e);
  bool retarget(Candidate& c, const Event& e) const;
  /// Records the divergence; returns whether conformance can go on past it.
  bool diverge_offered(const Offered& o, std::size_t line, const std::vector<Candidate>& states);
  /// In the Start or End Step: the engine's first prompt after the last chain
  /// ended went to the opponent, where the turn player acts first; "" otherwise.
  std::string phase_priority_note() const;
  std::string one_chain_note(const Offered& o) const;
  /// Where the next divergence is recorded: the first, or one more of `later` (null when full).
  Divergence* next_divergence();
  bool closing_prompt(const Offered& o, const std::vector<Candidate>& states) const;
  void note_violations(const Verdicts& before, const Verdicts& after, std::size_t line);
  void remember(const Event& e);
  std::vector<Event> recent(int count) const;

  const Model* model_;
  std::unique_ptr<Scenario> owned_scenario_;  ///< the scenario with outcomes learnt from the trace
  std::unique_ptr<Model> owned_;    ///< the model over it (a Model keeps references)
  EventTypeMask omits_;
  /// A record fed, kept for a restart: an event, or an index into kept_offers_.
  struct Kept {
    RecordKind kind = RecordKind::Event;
    std::size_t line = 0;
    Event event{};
    std::uint32_t offer = 0;
  };
  std::vector<Kept> kept_;          ///< every record fed, while under kMaxKept
  std::vector<Offered> kept_offers_;
  bool replaying_ = false;
  bool restart_ = false;            ///< a card was learnt during a replay: replay again
  std::uint32_t learnt_ = 0;        ///< cards whose outcome was learnt
  std::uint8_t resync_card_ = 0xFF; ///< a card whose resolution is being buffered
  std::size_t resync_from_ = 0;     ///< kept_ index of its resolve record
  std::size_t replay_at_ = 0;       ///< kept_ index being replayed
  std::vector<EventBuffer> pool_;
  std::vector<std::int32_t> free_;
  std::vector<Candidate> cur_;
  std::vector<Candidate> next_;
  std::vector<State> closure_seen_;
  bool retargeting_ = false;  ///< expand() also follows a trigger's other target (follow_trigger_target)
  TraceContext tail_ctx_{};         ///< after a divergence: monitors over the trace's events
  bool stopped_ = false;            ///< conformance stopped at a divergence it cannot go past
  ConformanceResult result_;
  std::array<Event, EventBuffer::kCapacity> recent_{};  ///< ring of the last trace events
  std::uint64_t recent_count_ = 0;
  std::size_t last_line_ = 0;
  Timing trace_timing_ = Timing::MainPhase1;  ///< the trace's current window
  std::uint32_t battles_ = 0;                 ///< attack declarations in the trace so far
  std::vector<OfferSituation> offered_at_;    ///< per card: where the engine last offered it
  OfferSituation situation(const State& s, Player player) const;
  void note_offer(const Offered& o, const State& s);
};

/// Check a whole sequence of records (tests, small traces).
ConformanceResult check_conformance(const Model& model, EventTypeMask omits, const std::vector<TraceRecord>& records);

}  // namespace bc
