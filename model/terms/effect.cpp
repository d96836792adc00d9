/// Effect terms: names of the parts, attributes, the derived class, and the
/// text form of a term (docs/effects.md).
#include "model/terms/effect.hpp"
#include "model/vocabulary/name_table.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>

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
    "flip_summoned"};
constexpr std::array<std::string_view, kCostCount> kCosts = {"none", "pay_lp", "tribute", "discard"};
constexpr std::array<std::string_view, kOpCodeCount> kOps = {
    "destroy", "banish", "return_to_hand", "change_position", "change_atk", "set_atk", "change_def",
    "negate_activation", "negate_effect", "negate_attack", "end_battle_phase", "no_battle_damage", "special_summon",
    "change_attack_target", "opaque", "halve_battle_damage", "redirect_battle_damage", "cannot_attack"};
constexpr std::array<std::string_view, kObjectCount> kObjects = {
    "target", "self", "own_battler", "opponent_battler", "attacker", "attack_target", "both_battlers",
    "opponents_monsters", "opponents_attack_position", "all_monsters", "you"};
constexpr std::array<std::string_view, kContinuousKindCount> kContinuous = {
    "none", "calc_atk_modifier", "damage_step_atk_modifier", "cannot_attack_at_least", "cannot_be_attacked",
    "may_attack_directly", "no_trap_activation", "self_destruct_no_other_monster", "piercing",
    "double_battle_damage", "redirect_battle_damage"};
constexpr std::array<std::string_view, 3> kCardTypes = {"monster", "spell", "trap"};
const std::vector<std::string_view> kConditions = {"battle",          "own_battling",    "opponent_attacks",
                                                   "direct_attack",   "host_attacked",   "host_battled",
                                                   "target_on_field", "host_attacking"};

}  // namespace

bool EffectTerm::has_op(OpCode c) const { return find_op(c) != nullptr; }

const Op* EffectTerm::find_op(OpCode c) const {
  for (int i = 0; i < op_count; ++i)
    if (ops[i].code == c) return &ops[i];
  return nullptr;
}

std::uint32_t effect_attrs(const EffectTerm& t) {
  std::uint32_t a = 0;
  if (t.activation == Activation::Trigger) a |= kAttrTrigger;
  a |= static_cast<std::uint32_t>(t.trigger) << kAttrTriggerShift;
  if (t.activation == Activation::Counter) a |= kAttrCounter;
  if (t.mandatory) a |= kAttrMandatory;
  if (t.window == Window::DamageCalculation) a |= kAttrCalcOnly;
  if (t.window == Window::DamageStep) a |= kAttrDamageStepText;
  if (t.window == Window::AttackDeclared) a |= kAttrAttackResponse;
  if (t.target.kind == TargetKind::Monster) a |= kAttrTargets;
  if (t.card_type == CardType::Trap) a |= kAttrTrap;
  if (t.cost != Cost::None) a |= kAttrCost;
  if (t.continuous.kind == ContinuousKind::Piercing) a |= kAttrPiercing;
  for (int i = 0; i < t.op_count; ++i) {
    const OpCode c = t.ops[i].code;
    if (op_changes_stat(c)) a |= kAttrAtkChange;
    if (c == OpCode::NegateActivation) a |= kAttrNegatesActivation;
    if (c == OpCode::NegateEffect) a |= kAttrNegatesEffect;
    if (c == OpCode::NoBattleDamage) a |= kAttrNoBattleDamage;
    if (c == OpCode::SpecialSummon) a |= kAttrSummons;
    if (op_removes(c)) a |= kAttrRemoves;
    if (c == OpCode::ChangePosition) a |= kAttrPosition;
    if (c == OpCode::NoBattleDamage && t.ops[i].duration == Duration::Turn) a |= kAttrNoDamageTurn;
    if (c == OpCode::ChangeAttackTarget) a |= kAttrRedirects;
    if (c == OpCode::NegateAttack) a |= kAttrNegatesAttack;
    if (c == OpCode::EndBattlePhase) a |= kAttrEndsBattlePhase;
    const bool turn = t.ops[i].duration == Duration::Turn;
    if (c == OpCode::HalveBattleDamage) a |= turn ? kAttrHalvesDamageTurn : kAttrHalvesDamage;
    if (c == OpCode::RedirectBattleDamage) a |= turn ? kAttrRedirectsDamageTurn : kAttrRedirectsDamage;
    // Per operation, as the model applies them: a turn-long protection and one
    // for the battle are different facts (a battle's may protect nothing).
    if (c == OpCode::NoBattleDamage && t.ops[i].flag)
      a |= t.ops[i].duration == Duration::Turn ? kAttrIndestructibleTurn : kAttrIndestructible;
  }
  return a;
}

bool needs_host_on_field(TriggerEvent e) {
  // Not a flip effect (S1 §伤害步骤, S4 §2.4.3.2; knob flip_effect_after_host_left).
  return e != TriggerEvent::SentToGraveyard && e != TriggerEvent::DestroyedByBattle && e != TriggerEvent::Flipped &&
         e != TriggerEvent::AttackDeclared && e != TriggerEvent::OpponentSpecialSummoned && e != TriggerEvent::None;
}

bool concerns_host(TriggerEvent e) {
  return e != TriggerEvent::None && e != TriggerEvent::AttackDeclared && e != TriggerEvent::OpponentSpecialSummoned;
}

HostRule host_rule(const EffectTerm& t) {
  if (t.card_type == CardType::Trap) return HostRule::Forbidden;
  if (t.card_type != CardType::Monster || t.from_hand) return HostRule::Optional;
  if (t.activation == Activation::Trigger && !concerns_host(t.trigger)) return HostRule::Optional;
  return HostRule::Required;
}

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


bool selector_admits(const TargetSpec& sel, const TargetFacts& m) {
  if (sel.side == SideSel::Own && !m.own_side) return false;
  if (sel.side == SideSel::Opponent && m.own_side) return false;
  if (sel.face == FaceSel::FaceUp && m.face_down) return false;
  if (sel.face == FaceSel::FaceDown && !m.face_down) return false;
  if (sel.role == RoleSel::Battling && !(m.attacker || m.attack_target)) return false;
  if (sel.role == RoleSel::Attacker && !m.attacker) return false;
  if (sel.role == RoleSel::AttackTarget && !m.attack_target) return false;
  return true;
}

std::uint8_t pack_selector(const TargetSpec& sel) {
  return static_cast<std::uint8_t>(static_cast<unsigned>(sel.kind) | (static_cast<unsigned>(sel.side) << 2) |
                                   (static_cast<unsigned>(sel.face) << 4) | (static_cast<unsigned>(sel.role) << 6));
}

TargetSpec unpack_selector(std::uint8_t p) {
  return TargetSpec{static_cast<TargetKind>(p & 3u), static_cast<SideSel>((p >> 2) & 3u),
                    static_cast<FaceSel>((p >> 4) & 3u), static_cast<RoleSel>((p >> 6) & 3u)};
}

}  // namespace bc
