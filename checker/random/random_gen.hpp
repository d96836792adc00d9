#pragma once
/// RapidCheck generators for random exploration (issue 3 "Random
/// exploration"): valid scenarios far past the exhaustive bounds, and action
/// choices. A run is a scenario plus a list of choices; choice i picks legal
/// action (choice % number of legal actions) of the i-th state, so 0 is always
/// the first legal action (Pass wherever passing is allowed) and a run is
/// replayable as plain action indices with replay().
///
/// Shrinking goes toward fewer monsters and cards, smaller terms (term_gen.hpp),
/// smaller values, face-up Attack Position, not the first turn, and fewer and
/// smaller choices.
#include <cstdint>
#include <vector>

#include "model/vocabulary/types.hpp"

#include <rapidcheck.h>

#include "model/rules/model.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// Default cap on the number of steps of one random run.
inline constexpr int kDefaultMaxSteps = 200;
/// Choices are drawn from [0, kChoiceRange): at least the largest legal action list.
inline constexpr std::uint32_t kChoiceRange = 64;

/// What generated scenarios and runs may contain.
struct GenBounds {
  int max_monsters_per_side = 5;  ///< monsters on each side of the board (at most 5 zones)
  int max_cards_per_player = 8;   ///< effect cards each player holds (at most kMaxCardsPerPlayer)
  int max_steps = kDefaultMaxSteps;  ///< actions in one run; after the choices run out, choice 0 is taken
  int max_token_templates = 2;    ///< monsters off the board that summoning effects bring out
  int first_turn_percent = 10;    ///< how often a scenario is the duel's first turn (no Battle Phase)
  /// Effect classes cards may have: bit i = EffectKind i (default: every class).
  std::uint32_t kinds = (1u << kEffectKindCount) - 1;
  /// Where a card's effect comes from, as weights (default a third each): the
  /// 19 presets, generated terms over the whole term space, the card library.
  /// Presets only (the other two 0): the boards drawn before the terms.
  int preset_weight = 1;
  int term_weight = 1;
  int library_weight = 1;
  /// Known boards (e.g. the default scenario, a mutant's own scenario) that
  /// generation starts from `seed_percent` of the time, like a fuzzer's seed
  /// corpus; such a board shrinks like a generated one (fewer monsters and
  /// cards, face-up Attack Position, smaller values). Empty: fresh boards only.
  std::vector<Scenario> seeds;
  int seed_percent = 50;
};

/// Valid scenarios (they pass the loader's checks after scenario_to_toml):
/// monsters on both sides in any position, ATK/DEF 0..5000 in steps of 50
/// (often on a coarse 500 grid so that ties and zeros happen), effect cards
/// (presets, generated terms, library cards) with hosts, token templates,
/// values and conditions as the loader requires.
rc::Gen<Scenario> gen_scenario(const GenBounds& bounds);

/// Choice lists of at most `max_steps` elements in [0, kChoiceRange); the
/// length grows with RapidCheck's size; shrinks toward fewer and smaller choices.
rc::Gen<std::vector<std::uint32_t>> gen_choices(int max_steps);

/// Walk the model from its initial state: choice i (0 once the list runs out)
/// picks action (choice % legal count) of the current state. Stops at a
/// terminal state, a state with no action, or after `max_steps` actions.
/// Returns the action indices taken (replay(model, indices) re-runs them).
std::vector<std::uint8_t> choices_to_indices(const Model& model, const std::vector<std::uint32_t>& choices,
                                             int max_steps = kDefaultMaxSteps);

/// A scenario's size for reports: monsters on the board plus effect cards.
int scenario_size(const Scenario& s);

}  // namespace bc
