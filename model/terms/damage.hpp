#pragma once
/// Battle damage modifiers (docs/effects.md "Battle damage modifiers"): who
/// takes a battle's damage and how much, once the comparison has given an
/// amount. One function, read by the model (model/rules/battle.cpp) and by
/// the monitors (properties/monitors/calculation.cpp) alike.
///
/// The order. S2 §マスタールール2以前のダメージステップ applies piercing and
/// "battle damage becomes 0" when the damage value is fixed, and S1 §伤害计算时
/// counts the damage of "your opponent takes the battle damage" effects as
/// battle damage; no source gives an order between several modifiers. The
/// order used is the one both open-source cores apply (ygopro-core's
/// field::calculate_battle_damage, an engine's reading, not a ruling source):
///   1. redirection: damage a player would take, with a redirection applying
///      to that player, is taken by the other player instead, once: the
///      receiver's own redirection does not send it back;
///   2. doubling and halving of the damage the taker receives (both: neither);
///      halving rounds down;
///   3. "no battle damage" for the taker;
///   4. a reversal (Rainbow Life): the damage the taker would take, once its
///      amount is fixed, is a gain of that many Life Points instead (the cores'
///      damage processing reads EFFECT_REVERSE_DAMAGE last).
#include <cstdint>

#include "model/vocabulary/types.hpp"

namespace bc {

/// The modifiers in force for one damage, as bits per player (bit
/// index_of(p)).
struct DamageModifiers {
  std::uint8_t redirect = 0;  ///< damage this player would take goes to the other player
  std::uint8_t halve = 0;     ///< damage this player takes is halved
  std::uint8_t twice = 0;     ///< damage inflicted to this player by the battler across is doubled (not once redirected)
  std::uint8_t zero = 0;      ///< this player takes no battle damage
  std::uint8_t reverse = 0;   ///< the damage this player would take is a gain of Life Points instead
};

/// Bit of a player in DamageModifiers.
constexpr std::uint8_t player_bit(Player p) { return static_cast<std::uint8_t>(1u << index_of(p)); }

/// Battle damage after its modifiers: who takes it and how much (0: none).
struct DamageOutcome {
  Player to = Player::P1;
  int amount = 0;
  bool gain = false;  ///< `to` gains `amount` Life Points instead (a reversal): no battle damage
};

/// Applies `m` to `amount` of battle damage that `to` would take (the order
/// above). `redirect_once` false is the deliberately wrong reading of a mutant:
/// a second redirection sends the damage back.
constexpr DamageOutcome modified_battle_damage(Player to, int amount, const DamageModifiers& m,
                                               bool redirect_once = true) {
  const Player first = to;
  if (m.redirect & player_bit(to)) {
    to = other(to);
    if (!redirect_once && (m.redirect & player_bit(to))) to = other(to);
  }
  const bool twice = to == first && (m.twice & player_bit(to));
  const bool halve = (m.halve & player_bit(to)) != 0;
  if (twice && !halve) amount *= 2;
  if (halve && !twice) amount /= 2;
  if (m.zero & player_bit(to)) amount = 0;
  return {to, amount, amount > 0 && (m.reverse & player_bit(to)) != 0};
}

}  // namespace bc
