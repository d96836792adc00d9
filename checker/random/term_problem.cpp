// The checks a generated term passes (docs/random.md "Generated terms"): what
// the term parser refuses and what a scenario file cannot write back, and the
// permissions its class has under the built-in rulesets.
#include "checker/random/term_gen.hpp"
#include "checker/random/term_parts.hpp"

#include <algorithm>

#include "model/library/term_check.hpp"
#include "model/loaders/loader.hpp"
#include "model/terms/targets.hpp"

namespace bc {
namespace {

using namespace term_parts;

/// What the term parser and the scenario writer need of one operation ("" when fine).
std::string op_problem(const Op& o, const EffectTerm& t, bool blanks) {
  const bool monster_target = t.target.kind == TargetKind::Monster;
  if (op_on_life_points(o.code)                   ? !object_is_player(o.object)
      : op_on_player_damage(o.code)                 ? o.object != Object::You
      : o.code == OpCode::CannotDeclareAttacks      ? o.object != Object::Opponent
                                                    : object_is_player(o.object))
    return "object does not fit";
  if (op_on_life_points(o.code) && (o.flag ? o.amount != 0 : o.amount <= 0)) return "an amount or attacker_atk, not both";
  if (objectless(o.code) && o.object != Object::Target) return "an object on an operation without one";
  const bool card_removed = targets_cards(t.target.kind) && target_op_problem(t, o) == nullptr;
  if (o.object == Object::Target && !objectless(o.code) && !monster_target && !card_removed)
    return "acts on a target it has not";
  if (o.code == OpCode::ChangeAttackTarget && o.object != Object::Target) return "redirects to something but its target";
  if (!stat_op(o.code) && !op_on_life_points(o.code) && o.amount != 0) return "an amount on " + std::string(name(o.code));
  if (o.amount % 100 != 0 || o.amount < -kMaxAmount || o.amount > kMaxAmount) return "amount off the grid";
  if ((o.code == OpCode::ChangeDef || (o.code == OpCode::ChangeAtk && !blanks)) && o.amount == 0) return "a change of 0";
  if (op_lasts_turn_only(o.code) ? o.duration != Duration::Turn
      : !stat_op(o.code) && !op_on_player_damage(o.code) && o.duration != Duration::Battle)
    return "a duration it does not print";
  if (o.code != OpCode::ChangePosition && o.code != OpCode::SpecialSummon && o.position != Position::FaceUpAttack)
    return "a position it does not print";
  if (o.flag && o.code != OpCode::NegateActivation && o.code != OpCode::NoBattleDamage &&
      o.code != OpCode::DestroyAfterCalculation && !op_on_life_points(o.code))
    return "a flag it does not print";
  if (o.code != OpCode::SpecialSummon && o.monster != kNoMonster) return "a monster it does not summon";
  return "";
}

/// What the term parser refuses, and what a scenario file cannot write back.
std::string shape_problem(const EffectTerm& t, bool blanks) {
  const bool activated = t.activation != Activation::Continuous;
  if ((t.activation == Activation::Trigger) != (t.trigger != TriggerEvent::None)) return "a trigger event off a trigger";
  if (t.trigger == TriggerEvent::OpponentMonsterSentToGraveyard && !t.mandatory) return "an optional trigger on another card leaving";
  if (!activated && t.continuous.kind == ContinuousKind::None) return "a continuous effect without a continuous part";
  if (!activated && only_after_activation(t.continuous.kind)) return "a part only an activated card carries";
  const bool lock = lasts_after_activation(t.continuous.kind);
  if (continuous_after_activation(t) && (t.card_type == CardType::Monster || !lock))
    return "a continuous part on an activated effect that is not a Continuous Spell or Trap's lock";
  if (activated && t.op_count == 0 && !continuous_after_activation(t)) return "an activated effect without operations";
  if (!activated && t.op_count != 0) return "operations on a continuous effect";
  if (t.op_count > kMaxOps) return "too many operations";
  const bool negates = std::any_of(t.ops.begin(), t.ops.begin() + t.op_count, [](const Op& o) { return negation(o.code); });
  if (negates != (t.target.kind == TargetKind::ChainLink)) return "a negation without target chain_link, or the reverse";
  for (int i = 0; i < t.op_count; ++i)
    if (std::string p = op_problem(t.ops[i], t, blanks); !p.empty()) return "ops[" + std::to_string(i) + "]: " + p;
  for (int i = t.op_count; i < kMaxOps; ++i)
    if (!(t.ops[i] == Op{})) return "a stale operation past op_count";
  if (t.cost == Cost::PayLp ? (t.cost_amount <= 0 || t.cost_amount > 8000) : t.cost_amount != 0) return "cost amount";
  const SideSel side = t.target.kind == TargetKind::SpellTrap ? t.target.side : SideSel::Opponent;
  if (t.target.kind != TargetKind::Monster && !(t.target == TargetSpec{t.target.kind, side}))
    return "a selector off a monster target";
  const ContinuousSpec& c = t.continuous;
  if (is_printed_atk_modifier(c.kind)) {
    const int count = c.kind == ContinuousKind::TypeAtkModifier ? kMonsterTypeCount : kMonsterAttributeCount;
    if (c.of < 1 || c.of >= count || c.amount == 0 || c.amount % 100 != 0 || c.amount < -kMaxAmount || c.amount > kMaxAmount)
      return "continuous amount";
    return "";
  }
  if (c.kind == ContinuousKind::NoBattleDamageAttacking)
    return c.of >= 1 && c.of <= (kSparesController | kSparesOpponent) && c.amount == 0 && !c.all_monsters ? "" : "players spared";
  if (changes_inflicted_damage(c.kind) && c.of == kWhenAttacked && c.amount == 0 && !c.all_monsters) return "";
  const bool up_to = c.kind == ContinuousKind::IndestructibleByBattle && c.of == kUpToAtk && c.amount > 0;
  const bool every_type = c.kind == ContinuousKind::TypePiercing && c.of == kEveryType;
  if (every_type) return c.amount == 0 && !c.all_monsters && c.foe_attribute == 0 && c.foe_type == 0 ? "" : "continuous amount";
  if ((c.of != 0 && !up_to) || c.all_monsters) return "a Type, Attribute or reach on a part that names none";
  if ((c.foe_attribute != 0 || c.foe_type != 0) &&
      (!is_battle_atk_modifier(c.kind) || (c.foe_attribute != 0 && c.foe_type != 0) ||
       c.foe_attribute >= kMonsterAttributeCount || c.foe_type >= kMonsterTypeCount))
    return "a foe on a part that is not a battle ATK change";
  if (c.kind == ContinuousKind::CannotAttackLevelAtLeast ? (c.amount < 1 || c.amount > kMaxLevel)
      : c.kind == ContinuousKind::CannotAttackOfType || c.kind == ContinuousKind::TypePiercing ||
                c.kind == ContinuousKind::FaceUpDefenseOfType
          ? (c.amount < 1 || c.amount >= kMonsterTypeCount)
      : takes_amount(c.kind) ? (c.amount % 100 != 0 || c.amount < -kMaxAmount || c.amount > kMaxAmount)
      : c.kind == ContinuousKind::IndestructibleByBattle ? (c.amount % 100 != 0 || c.amount < 0 || c.amount > kMaxAmount)
                             : c.amount != 0)
    return "continuous amount";
  return "";
}

}  // namespace

const std::array<TimingMask, kEffectKindCount>& permitted_somewhere() {
  static const std::array<TimingMask, kEffectKindCount> table = [] {
    std::array<TimingMask, kEffectKindCount> t{};
    for (const std::string& n : builtin_ruleset_names()) {
      const Ruleset r = load_ruleset(n);
      for (int k = 0; k < kEffectKindCount; ++k) t[k] = static_cast<TimingMask>(t[k] | r.permissions[k]);
    }
    return t;
  }();
  return table;
}

bool term_needs_host(const EffectTerm& t) {
  if (host_rule(t) == HostRule::Required || has_host_part(t)) return true;  // the load check's reading (term_check.hpp)
  if (t.activation == Activation::Trigger && concerns_host(t.trigger)) return true;
  if (t.conditions & kHostConds) return true;
  if (std::any_of(t.ops.begin(), t.ops.begin() + t.op_count, [](const Op& o) { return o.object == Object::Self; }))
    return true;
  return host_bound(t.continuous.kind);
}

std::string term_problem(const EffectTerm& t, bool blanks) {
  if (std::string p = shape_problem(t, blanks); !p.empty()) return p;
  const bool activated = t.activation != Activation::Continuous;
  if (t.activation == Activation::Counter && t.card_type == CardType::Monster) return "a counter on a monster card";
  if (t.mandatory && t.activation != Activation::Trigger) return "mandatory off a trigger";
  if (t.from_hand && (t.card_type != CardType::Monster || !activated)) return "from_hand off an activated monster effect";
  if (term_needs_host(t) && (host_rule(t) == HostRule::Forbidden || t.from_hand)) return "a host-bound part without a host";
  if (!activated && (t.window != Window::Any || t.timings != 0 || t.conditions != 0 || t.cost != Cost::None ||
                     t.target.kind != TargetKind::None))
    return "a window, timings, conditions, cost or target on a continuous effect";
  const TimingMask permitted = permitted_somewhere()[static_cast<int>(class_of(t))];
  if ((t.timings & window_timings(t.window)) != t.timings) return "a timing outside its window";
  if ((t.timings & permitted) != t.timings) return "a timing its class is permitted at under no built-in ruleset";
  if (activated && (text_timings(t) & permitted) == 0) return "usable at no timing under any built-in ruleset";
  return "";
}

}  // namespace bc
