#pragma once
/// A generated board as a draft of independent pieces (monsters per side,
/// token templates, cards per player), each shrinking on its own, and the
/// one function that makes a draft a valid scenario (build_scenario): hosts,
/// summoned tokens, values and conditions resolved modulo what exists, cards
/// that cannot exist dropped. Internal to checker/random (random_gen.cpp,
/// self_check.cpp).
#include <array>
#include <cstdint>
#include <vector>

#include <rapidcheck.h>

#include "model/core/scenario.hpp"

namespace bc {

struct MonsterDraft {
  int atk = 0;
  int def = 0;
  Position position = Position::FaceUpAttack;
  std::uint8_t level = 0;               ///< 0: none given
  MonsterType type = MonsterType::None;
  MonsterAttribute attribute = MonsterAttribute::None;
  bool operator==(const MonsterDraft&) const = default;
};

/// One effect card. A preset card (`custom` false) is its preset `kind` with
/// the draft's value, summons and condition; any other card is a term:
/// generated, from the card library, a seed board's, or a preset or library
/// term that shrinking changed.
struct CardDraft {
  EffectKind kind{};
  int host_pick = 0;     ///< even: no host (when optional); host = pick / 2 modulo the side's monsters
  int value = 100;
  int summons_pick = 0;  ///< token template modulo the templates
  Condition condition = Condition::None;
  bool custom = false;   ///< the card is `term`
  bool blanks = false;   ///< `term` has blanks (an ATK change of 0, an end-of-Battle-Phase condition) the draft fills
  int library = -1;      ///< library_picks() index of a library card, else -1
  EffectTerm term{};
};

struct Draft {
  bool first_turn = false;
  std::array<std::vector<MonsterDraft>, 2> sides;
  std::vector<MonsterDraft> tokens;
  std::array<std::vector<CardDraft>, 2> cards;
  std::uint32_t kinds = ~0u;  ///< allowed effect classes (GenBounds::kinds)
};

/// The valid scenario a draft stands for (it passes the loader's checks after scenario_to_toml).
Scenario build_scenario(const Draft& d);
/// The draft that build_scenario() turns back into `s` (up to names).
Draft draft_of(const Scenario& s);
/// The card with its term shrunk one step (term_shrinks()): a preset card becomes a term.
std::vector<CardDraft> card_shrinks(const CardDraft& c);
/// Simpler drafts than `d`, in RapidCheck's style: chunks of cards and
/// monsters removed, card terms shrunk, monsters made face-up Attack Position
/// with 0 ATK/DEF, not the first turn.
rc::Seq<Draft> shrink_draft(const Draft& d);

}  // namespace bc
