#pragma once
/// A ygopro script's registered effect read as an effect term
/// (docs/engines/ygopro.md, "From script attributes to terms"): the effect
/// type gives the activation, the event code the trigger or the window, the
/// property flags the timings the engine lets the card be used at, the
/// category and the target flag the resolution where they say it. What they
/// do not say stays open: an opaque resolution whose outcome the importer
/// reads from the stream, and a condition the model cannot see.
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "model/terms/effect.hpp"

namespace bc::ygopro {

/// What one registered effect says, as a term.
struct ScriptReading {
  std::optional<EffectTerm> term;  ///< empty: nothing the Battle Phase uses (ignition, continuous, ...)
  bool engine_timings = false;     ///< term.timings are the engine's declaration (its Damage Step flags)
  bool hidden_condition = false;   ///< a condition or target check the term cannot state
  bool open_outcome = false;       ///< the resolution is taken from what the stream shows
  /// The ATK change's amount is computed by the script (Honest:
  /// SetValue(d:GetAttack())): taken from the engine's damage calculation.
  bool computed_amount = false;
  std::uint32_t categories = 0;    ///< the script's category bits (CATEGORY_*), as the effect registers them
  /// `categories` and those its target function or operation names (a card
  /// that chooses one of its effects sets its category there: EDOPro's Enemy
  /// Controller), for checking an outcome (the card audit).
  std::uint32_t declared_categories = 0;
  /// The script is known not to target (no EFFECT_FLAG_CARD_TARGET): a
  /// monster its Duel.SetTargetCard names is no target in the rules' sense.
  bool no_target = false;
  /// A Spell's or Trap's trigger used from the Spell & Trap Zone: an effect of
  /// the card once its activation has resolved (CardSpec::effect_of).
  bool face_up_effect = false;
  /// A monster's continuous part that applies only in its controller's turn
  /// (a condition comparing Duel.GetTurnPlayer with its controller: Rocket
  /// Warrior): kept for the turn player's monster, dropped for the opponent's.
  bool own_turn_only = false;
  std::string rule;                ///< the mapping rule applied, for reports
};

/// Category bits an outcome is checked against (ygopro constant.lua).
/// What an operation that registers a change of the damage its player takes
/// (EFFECT_CHANGE_DAMAGE on a player by Duel.RegisterEffect: Hallowed Life
/// Barrier) says of it. Its value is a function the cards file does not give
/// (no damage, half, effect damage only), so the damage calculation tells
/// (Mapper::learn_damage_outcome).
struct DamageChange {
  bool turn = false;            ///< reset at the End Phase: for the turn
  bool indestructible = false;  ///< it registers EFFECT_INDESTRUCTABLE_BATTLE over its player's Monster Zone too
};

namespace category {
inline constexpr std::uint32_t kDestroy = 0x1, kRemove = 0x4, kToHand = 0x8, kToDeck = 0x10, kToGrave = 0x20,
                               kSpecialSummon = 0x200, kToken = 0x400, kPosition = 0x1000, kControl = 0x2000,
                               kDisable = 0x4000, kAtkChange = 0x200000, kDefChange = 0x400000,
                               kNegate = 0x10000000;
}

/// Read one entry of a cards file's `synthetic_script.effects`. `card_type`
/// is the card's type flags (TYPE_*), `prose` its label and description
/// (for the amount of an ATK change).
ScriptReading read_script_effect(const nlohmann::json& effect, std::uint32_t card_type, const std::string& prose);

/// The term of a card the engine activates but the cards file does not
/// describe: a quick effect with an opaque resolution, usable at any timing
/// (the engine's word is taken; the audit says it could not judge it).
ScriptReading undescribed_card(std::uint32_t card_type);

}  // namespace bc::ygopro
