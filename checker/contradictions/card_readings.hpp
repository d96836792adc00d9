#pragma once
/// Card-level contradictions (issue 13 §3): a card of the library that one
/// source reads differently (`[[card.differs]]`, model/library/cards.hpp) is played
/// under both readings on small probe boards, and the shortest run where the
/// readings part is found by a paired breadth-first search: the card's
/// activation is offered under one reading and not under the other, or its
/// activation has a different outcome. Nothing here knows a card by name or
/// kind: the probe boards and the term come from the card's data.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/differential/differential.hpp"
#include "model/library/cards.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// One reading of a card: the effect it has and the timings it is activated at.
struct CardReading {
  std::string label;             ///< "library" for the card's main reading, else the source id ("S3")
  std::string citation;          ///< the sections it rests on ("S0 §6.3.4.3.2; S1 §伤害计算前")
  std::string rule_citation;     ///< library reading: how the ruleset cites the kind's permission; else ""
  std::string note;              ///< what the reading says, paraphrased (the library's or the differs entry's note)
  std::optional<EffectKind> kind;  ///< empty: no effect the model has
  TimingMask timings = 0;        ///< the timings of its activation under this reading
};

/// The card's main reading: its library timings, cited by the `mentions` of
/// the sources that have no `differs` entry for it (all mentions if every
/// mentioning source differs), and `rules`' citation of its kind's permission.
/// A card written as a term without timings takes `rules`' permission for its
/// class, narrowed by the timings its term names.
CardReading library_reading(const LibraryCard& card, const Ruleset& rules);
/// The reading of one `differs` entry: its kind (the card's when it names
/// none) and its timings (the main reading's when it names none, or `rules`'
/// permission for the kind it names instead).
CardReading source_reading(const LibraryCard& card, const CardDifference& difference, const Ruleset& rules);

/// What the search found for one pair of readings.
enum class CardSituationKind : std::uint8_t {
  Parted,       ///< a run where the readings part (`first_only`, `second_only`)
  SameTimings,  ///< the readings name the same kind and timings: `offer` reaches the first activation
  NotShown,     ///< they differ, but no probe board shows it within the bounds (`offer`: the first activation, if any)
};
std::string_view name(CardSituationKind k);

/// One run on one probe board: where the readings part, or the card's first activation.
struct CardRun {
  Scenario first;                ///< the probe board with the card under the main reading
  Scenario second;               ///< the same board with the card under the differing reading
  std::string board;             ///< the board in words ("P1: Plain Monster A (...); P2: no monster; ...")
  int monsters = 0;              ///< monsters on the board
  RuleDivergence divergence;     ///< the shared path and the differing (or first activating) action
  bool by_rules = false;         ///< the activation is an event of the action (a trigger the rules activate)
  Timing timing = Timing::MainPhase1;    ///< the timing at which the readings part (or the card is activated)
  std::vector<std::uint8_t> run_first;   ///< action indices under `first` (as far as legal there)
  std::vector<std::uint8_t> run_second;  ///< action indices under `second`
  std::size_t length = 0;        ///< actions in the run, the differing one included
};

/// The shortest situations showing (or failing to show) a card's two readings.
struct CardSituation {
  CardSituationKind kind = CardSituationKind::NotShown;
  /// The shortest run where the main reading offers the card's activation (or
  /// plays it differently) and the differing reading does not.
  std::optional<CardRun> first_only;
  /// The shortest run where only the differing reading offers it.
  std::optional<CardRun> second_only;
  std::optional<CardRun> offer;  ///< not parted: the shortest run to the card's first activation
  int boards = 0;                ///< probe boards tried
  std::uint64_t pairs = 0;       ///< state pairs explored over all boards
  bool complete = true;          ///< false if a bound cut a board's exploration
  /// The run a report leads with: the shorter of the two parts (first_only on
  /// a tie), else the offer; nullptr when there is none.
  const CardRun* main() const;
  /// The other part when both directions show; nullptr otherwise.
  const CardRun* other() const;
  /// Length of main(), 0 without one.
  std::size_t length() const { return main() ? main()->length : 0; }
};

/// Search the probe boards under `rules`, smallest first, for the shortest run
/// where each reading offers the card's activation and the other does not. A
/// probe board holds the card with the reading's timings taken as given
/// (CardSpec::engine_timings), so only the card's reading differs between the
/// two models: held by the turn player (P1) or the other player, its own
/// monster on the field or not (a monster card), face-up or face-down, and at
/// most one plain monster more on each side; a card answering a chain link
/// gets a quick effect to answer, held by the other player.
CardSituation find_card_situation(const LibraryCard& card, const CardReading& first, const CardReading& second,
                                  const Ruleset& rules, const DiffBounds& bounds);

}  // namespace bc
