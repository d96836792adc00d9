// Generated effect terms (docs/random.md "Generated terms"): a term is drawn
// part by part from a 64-bit seed, each part only where it means something
// (host-bound parts on a monster's own effect, a timing list inside its
// window and its class's permissions), and kept only when term_problem()
// finds nothing wrong with it; the shrinks are filtered the same way.
#include "checker/random/term_gen.hpp"
#include "checker/random/term_parts.hpp"

#include "model/library/term_check.hpp"
#include "model/terms/targets.hpp"

#include <algorithm>
#include <bit>

#include "model/library/cards.hpp"
#include "model/library/presets.hpp"
#include "model/loaders/loader.hpp"
#include "model/vocabulary/hash.hpp"

namespace bc {
namespace {

using namespace term_parts;
/// splitmix64 over fmix64: a term's parts from one seed.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() { return fmix64(s += 0x9E3779B97F4A7C15ull); }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
  bool chance(int percent) { return below(100) < percent; }
  /// Index by weights.
  template <std::size_t N>
  int weighted(const std::array<int, N>& w) {
    int total = 0;
    for (int x : w) total += x;
    int v = below(total);
    for (std::size_t i = 0; i < N; ++i)
      if ((v -= w[i]) < 0) return static_cast<int>(i);
    return 0;
  }
  std::int16_t hundreds(int lo, int hi) { return static_cast<std::int16_t>(100 * (lo + below(hi - lo + 1))); }
};

/// A Type for a lock on declarations: one of the few the board generator
/// gives monsters (kDrawnTypes), so that a lock often names one on the board.
std::int16_t draw_type(Rng& r) { return static_cast<std::int16_t>(kDrawnTypes[static_cast<std::size_t>(r.below(3)) + 1]); }

constexpr std::array<TriggerEvent, 5> kFieldEvents = {TriggerEvent::AttackDeclared, TriggerEvent::OpponentSpecialSummoned,
                                                      TriggerEvent::MonsterInflictsBattleDamage,
                                                      TriggerEvent::OpponentMonsterSentToGraveyard,
                                                      TriggerEvent::MonsterSummoned};
constexpr std::array<OpCode, 21> kDrawnOps = {
    OpCode::Destroy,     OpCode::Banish,         OpCode::ReturnToHand,   OpCode::ChangePosition, OpCode::ChangeAtk,
    OpCode::SetAtk,      OpCode::ChangeDef,      OpCode::NegateAttack,   OpCode::EndBattlePhase, OpCode::NoBattleDamage,
    OpCode::SpecialSummon, OpCode::ChangeAttackTarget, OpCode::Opaque, OpCode::HalveBattleDamage,
    OpCode::RedirectBattleDamage, OpCode::CannotAttack, OpCode::InflictDamage, OpCode::GainLp, OpCode::AttractAttacks,
    OpCode::TakeControl, OpCode::CannotDeclareAttacks};
constexpr std::array<int, 21> kOpWeights = {4, 2, 2, 3, 5, 2, 2, 2, 1, 3, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1};

Op draw_op(Rng& r, bool monster_target, bool hostable) {
  Op o;
  o.code = kDrawnOps[r.weighted(kOpWeights)];
  if (o.code == OpCode::ChangeAttackTarget && !monster_target) o.code = OpCode::Destroy;
  if (op_on_player_damage(o.code)) {
    o.object = Object::You;
    o.duration = r.chance(50) ? Duration::Turn : Duration::Battle;
    o.flag = o.code == OpCode::NoBattleDamage && r.chance(30);
    return o;
  }
  if (o.code == OpCode::SpecialSummon) {
    o.position = static_cast<Position>(r.below(3));
    return o;
  }
  if (o.code == OpCode::CannotDeclareAttacks) {
    o.object = Object::Opponent;
    return o;
  }
  if (op_on_life_points(o.code)) {
    o.object = r.chance(50) ? Object::You : Object::Opponent;
    o.flag = r.chance(30);
    o.amount = o.flag ? std::int16_t{0} : r.hundreds(1, 30);
    return o;
  }
  if (objectless(o.code) || o.code == OpCode::ChangeAttackTarget) return o;
  std::vector<Object> objects = {Object::OwnBattler, Object::OpponentBattler, Object::Attacker, Object::AttackTarget,
                                 Object::BothBattlers, Object::OpponentsMonsters, Object::OpponentsAttackPosition,
                                 Object::AllMonsters};
  if (hostable) objects.push_back(Object::Self);
  o.object = monster_target && r.chance(60) ? Object::Target : objects[r.below(static_cast<int>(objects.size()))];
  if (o.code == OpCode::ChangePosition) o.position = static_cast<Position>(r.below(3));
  if (stat_op(o.code)) {
    o.amount = o.code == OpCode::SetAtk ? r.hundreds(0, 30) : r.hundreds(1, 30);
    if (o.code != OpCode::SetAtk && r.chance(30)) o.amount = static_cast<std::int16_t>(-o.amount);
    o.duration = r.chance(50) ? Duration::Turn : Duration::Battle;
  }
  return o;
}

TargetSpec draw_target(Rng& r) {
  TargetSpec t{TargetKind::Monster};
  t.side = static_cast<SideSel>(r.below(3));
  t.face = static_cast<FaceSel>(r.weighted(std::array<int, 3>{3, 1, 1}));
  t.role = static_cast<RoleSel>(r.weighted(std::array<int, 4>{5, 2, 2, 2}));
  return t;
}

/// A grant for the turn (`code`): piercing (Exarion Universe), or "cannot be
/// destroyed by battle" (Half Shut): on one activated effect with room in
/// twenty, from a hash of the generator's state (its own `salt` a grant) that
/// does not advance it, on the card's own monster, its target or its battler.
void draw_turn_grant(const Rng& r, EffectTerm& t, bool hostable, OpCode code = OpCode::GrantPiercing,
                           std::uint64_t salt = 0x91E4'C1D6'7A5E'0005ull) {
  Rng side{fmix64(r.s ^ salt)};
  if (t.op_count >= kMaxOps || t.target.kind == TargetKind::ChainLink || !side.chance(5)) return;
  Op o;
  o.code = code;
  o.duration = Duration::Turn;
  o.object = hostable && side.chance(50) ? Object::Self
             : t.target.kind == TargetKind::Monster && side.chance(50) ? Object::Target
                                                                       : Object::OwnBattler;
  t.ops[t.op_count++] = o;
}

/// A change to one battle (Cross Counter): the damage of a monster's battles
/// doubled, or a monster destroyed after damage calculation or at the End of
/// the Damage Step; drawn as a grant is, with its own salt.
void draw_battle_change(const Rng& r, EffectTerm& t) {
  Rng side{fmix64(r.s ^ 0xC405'5C0D'4B1E'000Aull)};
  if (t.op_count >= kMaxOps || t.target.kind == TargetKind::ChainLink || !side.chance(5)) return;
  Op o;
  o.code = side.chance(50) ? OpCode::DoubleDamageInvolving : OpCode::DestroyAfterCalculation;
  o.flag = o.code == OpCode::DestroyAfterCalculation && side.chance(50);
  constexpr std::array<Object, 4> kBattlers = {Object::OwnBattler, Object::OpponentBattler, Object::Attacker,
                                               Object::AttackTarget};
  o.object = t.target.kind == TargetKind::Monster && side.chance(25) ? Object::Target : kBattlers[side.below(4)];
  t.ops[t.op_count++] = o;
}

/// A reversal of its controller's damage for the turn (Rainbow Life), drawn
/// the same way on one activated effect with room in twenty.
void draw_reversal(const Rng& r, EffectTerm& t) {
  Rng side{fmix64(r.s ^ 0x4E7E'45E0'DA4A'0009ull)};
  if (t.op_count >= kMaxOps || t.target.kind == TargetKind::ChainLink || !side.chance(5)) return;
  Op o;
  o.code = OpCode::ReverseDamage;
  o.object = Object::You;
  o.duration = Duration::Turn;
  t.ops[t.op_count++] = o;
}

/// The activated parts: conditions, cost, target and operations.
void draw_activated(Rng& r, EffectTerm& t, bool hostable) {
  for (int b = 0; b < static_cast<int>(condition_names().size()); ++b)
    if (r.chance(10) && (hostable || !((1u << b) & kHostConds))) t.conditions |= static_cast<std::uint16_t>(1u << b);
  t.cost = static_cast<Cost>(r.weighted(std::array<int, 4>{7, 1, 1, 1}));
  if (t.cost == Cost::PayLp) t.cost_amount = r.hundreds(1, 30);
  const int count = 1 + r.weighted(std::array<int, 3>{5, 3, 2});
  if (r.chance(t.activation == Activation::Counter ? 50 : 12)) {
    t.target.kind = TargetKind::ChainLink;
    Op& n = t.ops[t.op_count++];
    n.code = r.chance(60) ? OpCode::NegateActivation : OpCode::NegateEffect;
    n.flag = n.code == OpCode::NegateActivation && r.chance(50);
  } else if (r.chance(50)) {
    t.target = draw_target(r);
  }
  while (t.op_count < count) t.ops[t.op_count++] = draw_op(r, t.target.kind == TargetKind::Monster, hostable);
  draw_turn_grant(r, t, hostable);
  draw_turn_grant(r, t, hostable, OpCode::IndestructibleByBattle, 0x5AFE'B477'1E00'0006ull);
  draw_turn_grant(r, t, hostable, OpCode::HalveDamageInvolving, 0x4A1F'DA4A'6E00'0008ull);
  draw_reversal(r, t);
  draw_battle_change(r, t);
}

/// A Continuous Spell or Trap's lock, applying once the card has resolved
/// (continuous_after_activation): on one activated Spell or Trap in eight,
/// decided by a hash of the generator's state that does not advance it, so
/// the other parts every seed draws stay as they were.
void draw_lock_after_activation(const Rng& r, EffectTerm& t) {
  if (t.card_type == CardType::Monster || t.activation == Activation::Counter) return;
  Rng side{fmix64(r.s ^ 0xC0A7'1A0C'5EED'0001ull)};
  if (!side.chance(12)) return;
  constexpr std::array<ContinuousKind, 8> kLocks{ContinuousKind::CannotAttackAtLeast,
                                                  ContinuousKind::CannotAttackLevelAtLeast,
                                                  ContinuousKind::CannotAttackOfType, ContinuousKind::NoTrapActivation,
                                                  ContinuousKind::FaceUpAttackPosition, ContinuousKind::NegateTrapEffects,
                                                  ContinuousKind::NegateMonsterEffects, ContinuousKind::NoBattleDamage};
  t.continuous.kind = kLocks[side.below(kLocks.size())];
  if (t.continuous.kind == ContinuousKind::CannotAttackAtLeast) t.continuous.amount = side.hundreds(0, 30);
  else if (t.continuous.kind == ContinuousKind::CannotAttackLevelAtLeast)
    t.continuous.amount = static_cast<std::int16_t>(1 + side.below(kMaxLevel));
  else if (t.continuous.kind == ContinuousKind::CannotAttackOfType) t.continuous.amount = draw_type(side);
  if (t.target.kind == TargetKind::None && side.chance(50)) t.op_count = 0, t.ops = {};  // does nothing else
  // A piercing lent to the Type instead (Dragon's Rage), from a hash of its own.
  Rng lent{fmix64(r.s ^ 0x7E9C'1D4A'6E00'000Dull)};
  if (t.continuous.kind == ContinuousKind::CannotAttackOfType && lent.chance(33)) {
    t.continuous.kind = ContinuousKind::TypePiercing;
    if (lent.chance(30)) t.continuous.amount = 0, t.continuous.of = kEveryType;  // to every Type (Meteorain)
  }
  // The other forced position, by Type (Dragon Capture Jar), from a third.
  Rng jar{fmix64(r.s ^ 0x5A7C'0DEF'0000'0010ull)};
  if (t.continuous.kind == ContinuousKind::FaceUpAttackPosition && jar.chance(50))
    t.continuous = ContinuousSpec{ContinuousKind::FaceUpDefenseOfType, static_cast<std::int16_t>(draw_type(jar))};
  // The opponent's attacks made direct (Absolute End) in place of a Trap lock, from a fourth.
  Rng direct{fmix64(r.s ^ 0xAB50'1E7E'0000'0011ull)};
  if (t.continuous.kind == ContinuousKind::NoTrapActivation && direct.chance(40))
    t.continuous = ContinuousSpec{ContinuousKind::OpponentAttacksDirectly, 0};
}

/// An ATK change by printed Type or Attribute (Command Knight, Hoshiningen):
/// on one continuous effect in eight, from a hash of the generator's state
/// that does not advance it (as draw_lock_after_activation), naming a Type or
/// Attribute the board generator gives monsters.
void draw_printed_atk(const Rng& r, EffectTerm& t) {
  Rng side{fmix64(r.s ^ 0xA7C4'0F7E'5EED'0002ull)};
  if (!side.chance(12)) return;
  ContinuousSpec& c = t.continuous;
  c.kind = side.chance(50) ? ContinuousKind::TypeAtkModifier : ContinuousKind::AttributeAtkModifier;
  c.of = c.kind == ContinuousKind::TypeAtkModifier
             ? static_cast<std::uint8_t>(kDrawnTypes[static_cast<std::size_t>(side.below(3)) + 1])
             : static_cast<std::uint8_t>(kDrawnAttributes[static_cast<std::size_t>(side.below(3)) + 1]);
  c.amount = side.hundreds(1, 10);
  if (side.chance(50)) c.amount = static_cast<std::int16_t>(-c.amount);
  c.all_monsters = side.chance(50);
}

/// The foe a battle ATK change needs ("vs light": Penumbral Soldier Lady): on
/// half of them, an Attribute or a Type the board generator gives monsters,
/// from a hash of the generator's state that does not advance it.
void draw_battle_foe(const Rng& r, EffectTerm& t) {
  Rng side{fmix64(r.s ^ 0xF0E5'BA77'1E00'0004ull)};
  if (!is_battle_atk_modifier(t.continuous.kind) || !side.chance(50)) return;
  const auto pick = static_cast<std::size_t>(side.below(3)) + 1;
  if (side.chance(50)) t.continuous.foe_attribute = static_cast<std::uint8_t>(kDrawnAttributes[pick]);
  else t.continuous.foe_type = static_cast<std::uint8_t>(kDrawnTypes[pick]);
}

/// A change to Defense Position at the end of the Battle Phase after attacking
/// (Goblin Attack Force): on one monster's continuous effect in twelve, from
/// a hash of the generator's state that does not advance it; else, now and
/// then, no battle damage to its controller, a change of position at the
/// end of the Damage Step (Spear Dragon, Big Shield Gardna), or a piercing
/// lent to a Type.
void draw_defense_after_attacking(const Rng& r, EffectTerm& t, bool hostable) {
  Rng side{fmix64(r.s ^ 0xDEF0'A77A'C4ED'0003ull)};
  if (hostable && side.chance(8)) t.continuous = ContinuousSpec{ContinuousKind::DefenseAfterAttacking};
  else if (side.chance(12)) t.continuous = ContinuousSpec{ContinuousKind::NoBattleDamage};  // Rocket Warrior's shape
  else if (hostable && side.chance(10))
    t.continuous = ContinuousSpec{side.chance(50) ? ContinuousKind::DefenseAtEndOfDamageStep : ContinuousKind::AttackAtEndOfDamageStep};
  else if (side.chance(8)) {  // Enraged Battle Ox's piercing, lent to one Type
    t.continuous = ContinuousSpec{ContinuousKind::TypePiercing};
    t.continuous.amount = static_cast<std::int16_t>(draw_type(side));
  }
}

/// A "cannot be destroyed by battle" that holds only against a monster with
/// some ATK or more (Obnoxious Celtic Guard's 1900), or that much or less: on a third of them, from a
/// hash of the generator's state that does not advance it.
void draw_guard_atk(const Rng& r, EffectTerm& t) {
  Rng side{fmix64(r.s ^ 0x6A4D'A7C0'1900'0008ull)};
  if (t.continuous.kind != ContinuousKind::IndestructibleByBattle || !side.chance(33)) return;
  t.continuous.amount = side.hundreds(1, 30);
  if (side.chance(40)) t.continuous.of = kUpToAtk;  // or only against that much or less (Different Dimension Dragon)
}

/// No battle damage from the host's attacks only, to its controller, the
/// opponent or both (Exploder Dragon): a third of a hosted no_battle_damage,
/// from a hash of the generator's state that does not advance it.
void draw_attacking_shield(const Rng& r, EffectTerm& t, bool hostable) {
  Rng side{fmix64(r.s ^ 0xE8D1'0DE2'A77A'0009ull)};
  if (!hostable || t.continuous.kind != ContinuousKind::NoBattleDamage || !side.chance(33)) return;
  t.continuous = ContinuousSpec{ContinuousKind::NoBattleDamageAttacking};
  t.continuous.of = static_cast<std::uint8_t>(1 + side.below(3));
}

/// The opponent's Spells and Traps locked while the host attacks (Ancient Gear
/// Soldier): a third of a hosted opponent_no_trap_activation, drawn as above.
void draw_attacking_lock(const Rng& r, EffectTerm& t, bool hostable) {
  Rng side{fmix64(r.s ^ 0xA7C6'0E4A'5011'000Bull)};
  if (!hostable || t.continuous.kind != ContinuousKind::OpponentNoTrapActivation || !side.chance(33)) return;
  t.continuous = ContinuousSpec{ContinuousKind::NoSpellTrapWhileAttacking};
}

/// A halving instead of a doubling of the damage the host inflicts (Susa Soldier), and
/// either only while it is the attack target (Stone Statue of the Aztecs): drawn as above.
void draw_inflicted_change(const Rng& r, EffectTerm& t) {
  Rng side{fmix64(r.s ^ 0xD0B1'E5A5'0A1D'000Cull)};
  if (t.continuous.kind != ContinuousKind::DoubleBattleDamage) return;
  if (side.chance(33)) t.continuous.kind = ContinuousKind::HalveBattleDamageInflicted;
  if (side.chance(33)) t.continuous.of = kWhenAttacked;
}

/// A Spell or Trap card (Mystical Space Typhoon) or any card (Nightmare Penguin) as the target of one
/// quick Spell or Trap in ten without one, its first operation "destroy target" or "return_to_hand
/// target"; from a hash of the generator's state that does not advance it.
void draw_card_target(const Rng& r, EffectTerm& t) {
  if (t.card_type == CardType::Monster || t.activation != Activation::Quick || t.target.kind != TargetKind::None) return;
  Rng side{fmix64(r.s ^ 0x5EED'CA4D'7A46'E701ull)};
  if (!side.chance(10)) return;
  const bool any_card = side.chance(33);
  t.target = TargetSpec{any_card ? TargetKind::Card : TargetKind::SpellTrap, static_cast<SideSel>(side.below(3))};
  if (t.op_count == 0) t.op_count = 1;
  t.ops[0] = Op{};
  t.ops[0].code = any_card || side.chance(25) ? OpCode::ReturnToHand : OpCode::Destroy;
}

/// One draw, part by part; term_problem() decides whether it is kept.
EffectTerm draw_term(Rng& r) {
  EffectTerm t;
  t.activation = static_cast<Activation>(r.weighted(std::array<int, 4>{3, 4, 1, 2}));
  switch (t.activation) {
    case Activation::Counter: t.card_type = CardType::Trap; break;
    case Activation::Trigger: t.card_type = r.chance(75) ? CardType::Monster : CardType::Spell; break;
    default: t.card_type = static_cast<CardType>(r.weighted(std::array<int, 3>{4, 4, 2})); break;
  }
  const bool activated = t.activation != Activation::Continuous;
  t.from_hand = activated && t.card_type == CardType::Monster && r.chance(25);
  const bool hostable = t.card_type == CardType::Monster && !t.from_hand;
  if (t.activation == Activation::Trigger) {
    t.trigger = hostable ? static_cast<TriggerEvent>(1 + r.below(kHostTriggerEventCount - 1)) : kFieldEvents[r.below(static_cast<int>(kFieldEvents.size()))];
    if (t.trigger == TriggerEvent::AttacksFaceDown) {  // and its two siblings at the start of the Damage Step
      Rng pick{fmix64(r.s ^ 0xFACE'0DEF'5A5C'0001ull)};
      if (pick.chance(33)) t.trigger = TriggerEvent::AttacksFaceUpDefense;
      else if (pick.chance(25)) t.trigger = TriggerEvent::AttacksMonster;
    }
    if (t.trigger == TriggerEvent::BeforeDamageCalculation && Rng{fmix64(r.s ^ 0xCA1C'7E16'0E00'0007ull)}.chance(25))
      t.trigger = TriggerEvent::AtDamageCalculation;  // its timing's sibling
    t.mandatory = t.trigger == TriggerEvent::OpponentMonsterSentToGraveyard || r.chance(50);
  }
  if (t.activation == Activation::Quick || t.activation == Activation::Counter)
    t.window = r.chance(60) ? Window::Any : static_cast<Window>(1 + r.below(kWindowCount - 1));
  if (!activated) {
    do t.continuous.kind = static_cast<ContinuousKind>(1 + r.below(kAlwaysOnContinuousKindCount - 1));
    while (!hostable && host_bound(t.continuous.kind));
    if (t.continuous.kind == ContinuousKind::CannotAttackAtLeast) t.continuous.amount = r.hundreds(0, 30);
    else if (t.continuous.kind == ContinuousKind::CannotAttackLevelAtLeast) t.continuous.amount = 1 + r.below(kMaxLevel);
    else if (t.continuous.kind == ContinuousKind::CannotAttackOfType) t.continuous.amount = draw_type(r);
    else if (takes_amount(t.continuous.kind)) t.continuous.amount = r.hundreds(1, 30);
    draw_printed_atk(r, t);
    draw_defense_after_attacking(r, t, hostable);
    draw_battle_foe(r, t);
    draw_guard_atk(r, t);
    draw_attacking_shield(r, t, hostable);
    draw_attacking_lock(r, t, hostable);
    draw_inflicted_change(r, t);
    return t;
  }
  draw_activated(r, t, hostable);
  draw_lock_after_activation(r, t);
  draw_card_target(r, t);
  // A timing list a quarter of the time: 1-3 of the timings its window and its class leave open.
  const TimingMask open = window_timings(t.window) & permitted_somewhere()[static_cast<int>(class_of(t))];
  if (open != 0 && r.chance(25))
    for (int n = 1 + r.below(3), tries = 0; n > 0 && tries < 32; ++tries) {
      const auto b = static_cast<TimingMask>(1u << r.below(kTimingCount));
      if ((open & b) && !(t.timings & b)) t.timings = static_cast<TimingMask>(t.timings | b), --n;
    }
  return t;
}

}  // namespace

EffectTerm random_term(std::uint64_t seed) {
  Rng r{seed};
  for (int tries = 0; tries < 64; ++tries) {
    EffectTerm t = draw_term(r);
    if (term_problem(t).empty()) return t;
  }
  EffectTerm t;  // a quick spell that always makes sense
  t.ops[t.op_count++] = Op{OpCode::Destroy, Object::OpponentBattler};
  return t;
}

}  // namespace bc
