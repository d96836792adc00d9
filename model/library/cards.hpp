#pragma once
/// The card library (issue 5 §2): the real cards the sources use as examples,
/// each mapped to the model's effect kind and the timings at which it is
/// activated, with its printed values, the sources that mention it and the
/// per-source differences. Data in model/library/cards.toml, embedded at build
/// time (model/embed/embed_cards.cmake). Scenario files may name a library card
/// instead of spelling out kind and values (docs/scenario-format.md).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/terms/effect.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"
#include "model/vocabulary/types.hpp"

namespace bc {

/// What one source says differently about a card (its timing or kind).
struct CardDifference {
  std::string source;                 ///< source id, e.g. "S3"
  std::string section;                ///< citation, e.g. "S3 §Honest Issues"
  std::optional<EffectKind> kind;     ///< a different kind, when the source reads the card differently
  std::optional<TimingMask> timings;  ///< the timings this source gives the card
  std::string note;                   ///< what differs, paraphrased
};

/// One card of the library.
struct LibraryCard {
  std::string name;                   ///< English card name, unique
  std::string type;                   ///< "monster", "spell" or "trap"
  std::optional<EffectKind> kind;     ///< empty: no effect the model has (vanilla); class_of(*term) when written in full
  /// The card's effect written in full (`effect = { ... }`, docs/effects.md);
  /// empty for a card described by a preset `kind`. "$summons" in an
  /// operation and an ATK change of 0 are blanks a scenario fills with
  /// `summons` and `value`.
  std::optional<EffectTerm> term;
  std::string effect_toml;            ///< the term as an inline TOML table, for scenarios that name the card
  TimingMask timings = 0;             ///< timings of its activation in the library's (MR3) reading
  std::optional<int> atk, def;        ///< printed values of a monster
  std::uint8_t level = 0;             ///< a monster's Level, 0 if not given (or none)
  MonsterType monster_type = MonsterType::None;  ///< a monster's Type, None if not given
  std::optional<int> value;           ///< fixed ATK change of a boost (Rush Recklessly +700); empty if it varies
  std::vector<std::string> mentions;  ///< citations of the sources that use it as an example
  std::vector<CardDifference> differences;  ///< per-source readings that disagree
  std::string note;                   ///< what the model keeps and what it cannot express
  /// What the model's reading leaves out of, or changes in, the real card's
  /// text (issue 30): empty when the term does what the card does in a Battle
  /// Phase. Every listing and every corpus case that uses the card shows it, so
  /// a golden test named after a real card never passes off a simpler one.
  std::string simplified;
};

/// The built-in library, in file order (parsed once; the embedded file is tested to load).
const std::vector<LibraryCard>& card_library();
/// A library card by exact name, nullptr if unknown.
const LibraryCard* find_library_card(std::string_view name);
/// Names of all library cards (for "did you mean" messages).
std::vector<std::string> library_card_names();
/// Parse a card library text; InputError "ORIGIN:LINE: FIELD: what" on bad input.
std::vector<LibraryCard> parse_card_library(std::string_view text, const std::string& origin);
/// The library card a scenario's card is (the same name, class and form:
/// preset or term), nullptr for a card the scenario wrote itself.
const LibraryCard* library_card_of(const CardSpec& c);

/// A card of a scenario whose reading is not the printed card's.
struct SimplifiedCard {
  std::string name;        ///< the card's name
  std::string simplified;  ///< what the reading leaves out, in one sentence
};
/// The cards among `cards`, once each in order, that bear a real card's name
/// but are not its printed text: a library card marked `simplified`, or a
/// scenario's own card named after a library card but read otherwise. What a
/// corpus case must say its golden test does not cover.
std::vector<SimplifiedCard> simplified_cards(const std::vector<CardSpec>& cards);
/// Raw text of model/library/cards.toml.
std::string_view card_library_text();

}  // namespace bc
