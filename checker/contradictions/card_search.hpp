#pragma once
/// The paired breadth-first search behind card findings
/// (checker/contradictions/card_readings.hpp): one probe board, the card under two readings,
/// explored together over pairs of states reached by the same actions with
/// the same events. Internal to checker/contradictions/card_readings.cpp.
#include <array>
#include <cstdint>
#include <optional>

#include "checker/differential/differential.hpp"
#include "model/rules/model.hpp"

namespace bc::card_search {

/// A point found by the search: a divergence, or the card's first activation.
struct Hit {
  RuleDivergence situation;        ///< the shared path and the action at the point
  bool by_rules = false;           ///< the activation is an event of the action, not the action
  Timing timing = Timing::MainPhase1;  ///< the timing at which the activation is (or is not) offered
};

/// What one board's search found.
struct BoardResult {
  /// Per direction (0: the first model offers the card where the second does
  /// not, or plays it differently; 1: only the second offers it) the shortest
  /// divergence, kept only when its path is shorter than that direction's `prune`.
  std::array<std::optional<Hit>, 2> hits;
  std::optional<Hit> offer;        ///< the card's first activation offered under both
  std::uint64_t pairs = 0;         ///< state pairs explored
  bool complete = true;            ///< false if a bound cut the exploration
};

/// Explore `first` and `second` together from their initial states, breadth
/// first, until both directions are found or cannot be shortened below
/// `prune` (path lengths), or, with `stop_at_offer`, until the activation of
/// card `card` is first offered. Divergent actions are not followed.
BoardResult search_board(const Model& first, const Model& second, std::uint8_t card, const DiffBounds& bounds,
                         std::array<std::uint32_t, 2> prune, bool stop_at_offer);

}  // namespace bc::card_search
