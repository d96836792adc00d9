/// Damage calculation outcome (S0 §6.3.4.3.3): the DamageCalculation event
/// states the compared values; the BattleDamage and DestroyConfirmed events
/// that follow it (before the next TimingEnter) must be what the rules give.
#include <algorithm>

#include "model/terms/damage.hpp"
#include "properties/monitors/checks.hpp"

namespace bc::checks {
namespace {

std::uint16_t clamp_amount(std::int32_t amount) {
  return static_cast<std::uint16_t>(std::clamp<std::int32_t>(amount, 0, 0xFFFF));
}

CalcFlag damage_flag(Player p) { return p == Player::P1 ? kCalcDamageToP1 : kCalcDamageToP2; }

bool protected_player(const Ctx& c, Player p) {
  return c.has(p == Player::P1 ? kBtlNoDamageP1 : kBtlNoDamageP2) ||
         c.has(p == Player::P1 ? kCtxNoDamageTurnP1 : kCtxNoDamageTurnP2);
}

bool protected_monsters(const Ctx& c, Player p) {
  return c.has(p == Player::P1 ? kBtlSafeP1 : kBtlSafeP2) || c.has(p == Player::P1 ? kCtxSafeTurnP1 : kCtxSafeTurnP2);
}

/// Expected battle damage: who takes how much (S0 §6.3.4.3.3; piercing, S2
/// §マスタールール2以前のダメージステップ), before protection.
void expected_damage(const Event& e, bool pierces, Player attacker_side, Player& to, std::int32_t& amount) {
  const Player defender = other(attacker_side);
  amount = 0;
  to = defender;
  if (e.mode == CalcMode::Direct) {
    amount = e.value;
  } else if (e.value > e.value2 && (e.mode == CalcMode::VsAttack || pierces)) {
    amount = e.value - e.value2;
  } else if (e.value < e.value2) {
    to = attacker_side;
    amount = e.value2 - e.value;
  }
}

/// The modifiers in force at this damage calculation (model/terms/damage.hpp):
/// "no battle damage", resolved halvings and redirections, and the battlers'
/// own doubling and redirecting continuous effects.
DamageModifiers modifiers(const Ctx& c, const Event& e) {
  DamageModifiers m;
  for (Player p : {Player::P1, Player::P2}) {
    const bool p1 = p == Player::P1;
    if (protected_player(c, p)) m.zero |= player_bit(p);
    if (c.damage_mods & (p1 ? kDmgHalveP1 | kDmgHalveTurnP1 : kDmgHalveP2 | kDmgHalveTurnP2)) m.halve |= player_bit(p);
    if (c.damage_mods & (p1 ? kDmgRedirectP1 | kDmgRedirectTurnP1 : kDmgRedirectP2 | kDmgRedirectTurnP2))
      m.redirect |= player_bit(p);
  }
  for (std::uint8_t slot : {e.slot, e.target}) {
    if (slot >= kSlotCount) continue;
    if (slot_hosts(c, c.card_double_damage, slot)) m.twice |= player_bit(other(side_of(slot)));
    if (slot_hosts(c, c.card_redirect_damage, slot)) m.redirect |= player_bit(side_of(slot));
    if (slot_hosts(c, c.card_no_damage, slot)) m.zero |= player_bit(side_of(slot));
  }
  return m;
}

/// Expected destruction: the lower ATK in Attack Position, both on equal ATK
/// (0 vs 0 aside, left to zero_attack_battle_destroys_nothing), a defender
/// whose DEF is lower than the ATK.
std::uint16_t expected_destruction(const Event& e) {
  if (e.mode == CalcMode::Direct) return 0;
  if (e.value > e.value2) return kCalcExpectTarget;
  if (e.mode == CalcMode::VsDefense) return 0;
  if (e.value < e.value2) return kCalcExpectAttacker;
  return e.value > 0 ? static_cast<std::uint16_t>(kCalcExpectAttacker | kCalcExpectTarget) : 0;
}

/// The indestructible_by_battle parts that hold against a foe with `foe_atk` ATK.
std::uint16_t indestructible_vs(const Ctx& c, int foe_atk) {
  std::uint16_t out = 0;
  for (std::uint8_t i = 0; i < kMaxCards; ++i) {
    const std::uint8_t atk = c.card_indestructible_atk[i];
    ContinuousSpec k{ContinuousKind::IndestructibleByBattle, static_cast<std::int16_t>(100 * (atk & ~kIndestructibleUpTo))};
    if (atk & kIndestructibleUpTo) k.of = kUpToAtk;
    if ((c.card_indestructible & card_bit(i)) && indestructible_against(k, foe_atk)) out |= card_bit(i);
  }
  return out;
}

}  // namespace

void expect_outcome(Ctx& c, const Event& e) {
  const Player attacker_side = e.slot < kSlotCount ? side_of(e.slot) : Player::P1;
  std::uint16_t calc = kCalcOpen | expected_destruction(e);
  if (protected_monsters(c, attacker_side)) calc &= static_cast<std::uint16_t>(~kCalcExpectAttacker);
  if (protected_monsters(c, other(attacker_side))) calc &= static_cast<std::uint16_t>(~kCalcExpectTarget);
  // A battler's own "cannot be destroyed by battle", face-up at damage calculation (S0 §6.3.4.3.3).
  // The attacker is destroyed only against an Attack Position monster, whose ATK is value2.
  const std::uint16_t keeps_attacker = indestructible_vs(c, e.value2), keeps_target = indestructible_vs(c, e.value);
  if (slot_applies(c, keeps_attacker & ~c.card_negatable, e.slot)) calc &= static_cast<std::uint16_t>(~kCalcExpectAttacker);
  if (slot_applies(c, keeps_target & ~c.card_negatable, e.target)) calc &= static_cast<std::uint16_t>(~kCalcExpectTarget);
  // One that another card may negate (card_negatable): destroyed or not, either is read as right.
  if (slot_applies(c, keeps_attacker & c.card_negatable, e.slot)) calc |= kCalcMaybeAttacker;
  if (slot_applies(c, keeps_target & c.card_negatable, e.target)) calc |= kCalcMaybeTarget;
  // A monster kept from it by an operation (indestructible_by_battle): the
  // events do not say which, so either outcome is read as right.
  if (c.card_safe_unknown != 0) calc |= kCalcMaybeAttacker | kCalcMaybeTarget;
  const std::uint16_t changes_damage = c.card_piercing | c.card_double_damage | c.card_redirect_damage | c.card_no_damage;
  if (slot_hosts(c, changes_damage & c.card_negatable, e.slot) || slot_hosts(c, changes_damage & c.card_negatable, e.target))
    calc |= kCalcDamageUnknown;
  // Another no_battle_damage (Spirit Barrier's): whether it is in force yet,
  // and whether its controller still has a monster, the events do not say
  // before the damage; nor which monsters a type_piercing reaches: the amount
  // is left to conformance.
  if (c.card_damage_unknown != 0) calc |= kCalcDamageUnknown;
  if (e.mode == CalcMode::VsAttack && e.value == 0 && e.value2 == 0) calc |= kCalcZero;
  c.calc_damage = 0;
  const DamageOutcome d = expected_battle_damage(c, e);
  if (d.amount > 0) {
    calc |= damage_flag(d.to);
    c.calc_damage = clamp_amount(d.amount);
  }
  c.calc = calc;
}

/// battle_damage_matches_calculation: battle damage only right after a damage
/// calculation, once, to the right player, of the right amount.
void battle_damage_event(const Ctx& c, const Event& e, Verdicts& v) {
  if (e.value <= 0) return;  // "no damage" written out explicitly is harmless
  const bool expected = c.has(kCalcOpen) && c.has(damage_flag(e.player)) && !c.has(kCalcDamageSeen);
  if (c.has(kCalcOpen) && c.has(kCalcDamageUnknown) && !c.has(kCalcDamageSeen)) return;
  if (!expected || clamp_amount(e.value) != c.calc_damage) violate(v, Prop::BattleDamageMatchesCalculation);
}

/// battle_destruction_matches_calculation / zero_attack_battle_destroys_nothing:
/// destruction by battle is confirmed only right after damage calculation,
/// only for a battler, and never in a 0 ATK vs 0 ATK battle.
void destroy_confirmed_event(const Ctx& c, const Event& e, Verdicts& v) {
  if (!c.has(kCalcOpen)) {
    violate(v, Prop::BattleDestructionMatchesCalculation);
    return;
  }
  if (c.has(kCalcZero)) {
    violate(v, Prop::ZeroAttackBattleDestroysNothing);
    return;
  }
  const bool expected = (e.slot == c.attacker && (c.calc & (kCalcExpectAttacker | kCalcMaybeAttacker))) ||
                        (e.slot == c.target && (c.calc & (kCalcExpectTarget | kCalcMaybeTarget)));
  if (!expected) violate(v, Prop::BattleDestructionMatchesCalculation);
}

/// When the damage calculation's events are over (next TimingEnter or
/// StepEnter): all expected damage and destruction happened, nothing more.
void calc_window_close(const Ctx& c, const Event&, Verdicts& v) {
  if (!c.has(kCalcOpen)) return;
  const bool damage_expected = c.has(kCalcDamageToP1) || c.has(kCalcDamageToP2);
  if (damage_expected && !c.has(kCalcDamageSeen) && !c.has(kCalcDamageUnknown))
    violate(v, Prop::BattleDamageMatchesCalculation);
  if (c.has(kCalcZero)) return;
  const std::uint16_t either = (c.calc & kCalcMaybeAttacker ? kCalcSeenAttacker : 0) |
                               (c.calc & kCalcMaybeTarget ? kCalcSeenTarget : 0);
  const std::uint16_t expected = ((c.calc & kCalcExpectAttacker ? kCalcSeenAttacker : 0) |
                                  (c.calc & kCalcExpectTarget ? kCalcSeenTarget : 0)) & ~either;
  const std::uint16_t seen = c.calc & (kCalcSeenAttacker | kCalcSeenTarget) & ~either;
  if (expected != seen) violate(v, Prop::BattleDestructionMatchesCalculation);
}

}  // namespace bc::checks

namespace bc {

DamageOutcome expected_battle_damage(const TraceContext& c, const Event& e, bool modifiers) {
  const Player attacker_side = e.slot < kSlotCount ? side_of(e.slot) : Player::P1;
  Player to{};
  std::int32_t amount = 0;
  checks::expected_damage(e, slot_pierces(c, e.slot), attacker_side, to, amount);
  if (amount <= 0) return {};
  DamageModifiers m = checks::modifiers(c, e);
  if (!modifiers) m = DamageModifiers{.zero = m.zero};
  return modified_battle_damage(to, amount, m);
}

}  // namespace bc
