#pragma once
/// Effect presets (model/library/presets.toml, docs/effects.md): named effect
/// terms, one per former effect kind, with their citations. A scenario, a
/// trace header or the card library may name a preset as `kind`; the card's
/// parameters (value, summons, condition) fill the preset's blanks.
#include <string>
#include <vector>

#include "model/terms/effect.hpp"

namespace bc {

struct Preset {
  std::string name;                  ///< the preset's name = name(class_of(term))
  EffectKind kind{};                 ///< class_of(term)
  std::string summary;
  std::vector<std::string> sources;  ///< citations
  EffectTerm term;                   ///< with kNoMonster for "$summons" and 0 for an ATK change amount
};

/// The built-in presets, in file order (parsed once; the file is tested to load).
const std::vector<Preset>& presets();
/// The preset of a class, nullptr if the class has none (the newer classes).
const Preset* find_preset(EffectKind kind);
/// A card's term from a preset and the card's parameters: `value` becomes the
/// amount of the ATK change (if the preset changes ATK), `summons` the monster
/// of its special summon, `condition` an extra activation condition. A class
/// without a preset gives a quick effect with an opaque resolution.
EffectTerm preset_term(EffectKind kind, int value, std::uint8_t summons, Condition condition);
struct CardSpec;
/// Set a preset card's term from its kind and parameters (a card written in
/// full, `custom`, keeps its own). Every place that builds a CardSpec by hand calls it.
void fill_preset_term(CardSpec& card);
/// Whether a preset takes `value` (it changes ATK) / `summons` (it special summons).
bool preset_takes_value(EffectKind kind);
bool preset_takes_summons(EffectKind kind);
/// Parse a presets file; InputError "ORIGIN:LINE: FIELD: what" on bad input.
std::vector<Preset> parse_presets(std::string_view text, const std::string& origin);

}  // namespace bc
