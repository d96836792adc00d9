/// Effect terms: the names of the parts (activation, window, trigger event,
/// cost, operation, object, continuous kind, card type, conditions) and their
/// parsers, the words of docs/effects.md.
#include "model/terms/effect.hpp"
#include "model/vocabulary/name_table.hpp"

namespace bc {
namespace {

using names::find;
using names::lookup;

constexpr std::array<std::string_view, kActivationCount> kActivations = {"trigger", "quick", "counter", "continuous"};
constexpr std::array<std::string_view, kWindowCount> kWindows = {"any", "attack_declared", "damage_step",
                                                                 "damage_calculation"};
constexpr std::array<std::string_view, kTriggerEventCount> kTriggers = {
    "none", "attacks_face_down", "flipped", "inflicts_battle_damage", "battled", "destroyed_by_battle",
    "destroyed_opponent_by_battle", "sent_to_graveyard", "attack_declared", "targeted_for_attack",
    "special_summoned", "opponent_special_summoned", "end_of_damage_step", "end_of_battle_phase",
    "flip_summoned", "before_damage_calculation", "monster_inflicts_battle_damage",
    "opponent_monster_sent_to_graveyard", "monster_summoned", "attacks_face_up_defense",
    "attacks_monster", "at_damage_calculation"};
constexpr std::array<std::string_view, kCostCount> kCosts = {"none", "pay_lp", "tribute", "discard"};
constexpr std::array<std::string_view, kOpCodeCount> kOps = {
    "destroy", "banish", "return_to_hand", "change_position", "change_atk", "set_atk", "change_def",
    "negate_activation", "negate_effect", "negate_attack", "end_battle_phase", "no_battle_damage", "special_summon",
    "change_attack_target", "opaque", "halve_battle_damage", "redirect_battle_damage", "cannot_attack",
    "inflict_damage", "gain_lp", "attract_attacks", "take_control",
    "cannot_declare_attacks", "grant_piercing", "indestructible_by_battle",
    "halve_damage_involving", "reverse_damage", "double_damage_involving", "destroy_after_calculation"};
constexpr std::array<std::string_view, kObjectCount> kObjects = {
    "target", "self", "own_battler", "opponent_battler", "attacker", "attack_target", "both_battlers",
    "opponents_monsters", "opponents_attack_position", "all_monsters", "you", "opponent"};
constexpr std::array<std::string_view, kContinuousKindCount> kContinuous = {
    "none", "calc_atk_modifier", "damage_step_atk_modifier", "cannot_attack_at_least", "cannot_be_attacked",
    "may_attack_directly", "no_trap_activation", "self_destruct_no_other_monster", "piercing",
    "double_battle_damage", "redirect_battle_damage", "second_attack", "cannot_attack_directly",
    "ignored_as_attack_target", "attack_all_once_each", "must_attack", "cannot_attack_level_at_least",
    "cannot_attack_type", "indestructible_by_battle", "opponent_no_trap_activation",
    "destroyed_when_targeted", "face_up_attack_position", "negate_trap_effects",
    "negate_monster_effects", "type_atk", "attribute_atk", "defense_after_attacking",
    "no_battle_damage", "defense_at_end_of_damage_step", "attack_at_end_of_damage_step", "type_piercing",
    "no_battle_damage_attacking", "no_spell_trap_while_attacking",
    "halve_battle_damage_inflicted", "face_up_defense_type", "opponent_attacks_directly"};
constexpr std::array<std::string_view, 3> kCardTypes = {"monster", "spell", "trap"};
const std::vector<std::string_view> kConditions = {"battle",          "own_battling",    "opponent_attacks",
                                                   "direct_attack",   "host_attacked",   "host_battled",
                                                   "target_on_field", "host_attacking", "foe_on_field"};

}  // namespace

std::string_view name(Activation a) { return lookup(kActivations, a); }
std::string_view name(Window w) { return lookup(kWindows, w); }
std::string_view name(TriggerEvent e) { return lookup(kTriggers, e); }
std::string_view name(Cost c) { return lookup(kCosts, c); }
std::string_view name(OpCode o) { return lookup(kOps, o); }
std::string_view name(Object o) { return lookup(kObjects, o); }
std::string_view name(ContinuousKind k) { return lookup(kContinuous, k); }
std::string_view name(CardType c) { return lookup(kCardTypes, c); }
std::optional<Activation> parse_activation(std::string_view s) { return find<Activation>(kActivations, s); }
std::optional<Window> parse_window(std::string_view s) { return find<Window>(kWindows, s); }
std::optional<TriggerEvent> parse_trigger_event(std::string_view s) { return find<TriggerEvent>(kTriggers, s); }
std::optional<Cost> parse_cost(std::string_view s) { return find<Cost>(kCosts, s); }
std::optional<OpCode> parse_op_code(std::string_view s) { return find<OpCode>(kOps, s); }
std::optional<Object> parse_object(std::string_view s) { return find<Object>(kObjects, s); }
std::optional<ContinuousKind> parse_continuous(std::string_view s) { return find<ContinuousKind>(kContinuous, s); }
std::optional<CardType> parse_card_type(std::string_view s) { return find<CardType>(kCardTypes, s); }
const std::vector<std::string_view>& condition_names() { return kConditions; }
std::string_view flag_word(OpCode c) {
  return c == OpCode::NegateActivation ? "and_destroy" : c == OpCode::NoBattleDamage ? "indestructible"
       : c == OpCode::DestroyAfterCalculation ? "at_end_of_damage_step" : "";
}

}  // namespace bc
