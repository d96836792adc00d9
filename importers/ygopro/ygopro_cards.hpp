#pragma once
/// The cards file of a ygopro-core import: which engine cards (passcodes)
/// are in the duel, where they start, their ATK/DEF, and the effect kind
/// each effect card maps to. Two shapes are read (docs/engines/ygopro.md,
/// "The cards file"): the recordings' cards.json and a minimal hand-written
/// form. Loading is an edge: bad input throws InputError naming the field.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "importers/ygopro/ygopro_terms.hpp"
#include "model/terms/effect_text.hpp"
#include "model/vocabulary/types.hpp"

namespace bc::ygopro {

/// One engine card as the cards file describes it.
struct EngineCard {
  std::uint32_t code = 0;
  std::string name;
  std::uint8_t controller = 0;           ///< engine player 0 or 1
  bool monster = false;
  int atk = 0;
  int def = 0;
  std::uint8_t location = 0;             ///< at duel start (loc:: constants); 0 = not given
  std::uint32_t sequence = 0;
  std::uint32_t position = 0;            ///< pos:: bits
  std::uint32_t type = 0;                ///< TYPE_* flags (0: not given)
  int level = 0;                         ///< a monster's Level (0: not given)
  std::uint32_t race = 0;                ///< a monster's RACE_* flag, its Type (0: not given)
  std::uint32_t attribute = 0;           ///< a monster's ATTRIBUTE_* flag (0: not given)
  std::optional<EffectKind> kind;        ///< a preset named by the file ("kind")
  int value = 0;                         ///< ATK change of boost kinds
  std::vector<TermField> effect;         ///< a term written in the file ("effect"), parsed with the scenario's monsters
  ScriptReading script;                  ///< the term read from a synthetic script's registered effects
  /// A monster's other continuous effects on itself (piercing, "cannot be
  /// destroyed by battle", ...), then its further triggers (Reflect Bounder's
  /// "battled" destruction after its "before damage calculation" damage):
  /// each its own card of the model on the same host, since a model card
  /// holds one term. An activation of the engine card goes to the one of
  /// them whose trigger's timing is the current one (Mapper::ensure_card).
  std::vector<ScriptReading> more;
  /// Its script negates monsters' effects on the field continuously (Skill
  /// Drain), which no term states: no monster's continuous effect is read then.
  bool negates_monster_effects = false;
  /// A monster whose own ATK change on the field is not read (script_attrs::own_atk_unread):
  /// its ATK is taken from its first damage calculation (Mapper::learn_own_atk).
  bool open_own_atk = false;
  /// One of its script's effects can change a monster's ATK (script_attrs::changes_atk).
  bool changes_atk = false;
  /// The CATEGORY_* bits every effect of its script declares (its categories and those its target and
  /// operation functions name), read or not: what the card audit holds an outcome against.
  std::uint32_t script_categories = 0;
  /// One of its script's operations registers a change of its player's damage (script_attrs::changes_damage).
  std::optional<DamageChange> changes_damage;
  std::string kind_origin;               ///< "given", "effect" or the script mapping rule
  /// Whether the card has an effect the importer can name (preset, term or script).
  bool described() const { return kind.has_value() || !effect.empty() || script.term.has_value(); }
};

/// Every card of the file, in file order, plus what could not be classified.
struct CardFile {
  std::string run;                       ///< the file's "run" name, or empty
  std::vector<EngineCard> cards;
  std::vector<std::string> warnings;     ///< scripted cards with no effect the Battle Phase uses
};

/// Read a cards file from JSON text; `origin` names it in errors.
CardFile parse_card_file(const std::string& text, const std::string& origin);
/// Read a cards file from disk (throws InputError when unreadable).
CardFile load_card_file(const std::string& path);

}  // namespace bc::ygopro
