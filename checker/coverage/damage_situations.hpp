#pragma once
/// Battle damage situations (situations.cpp's table): damage calculations
/// whose battle damage an effect prevents, pierces, scales or redirects,
/// recognised through the monitors' own reading of the damage
/// (expected_battle_damage, properties/monitors/calculation.cpp).
#include "checker/coverage/situations.hpp"

namespace bc {

/// An effect prevents battle damage or destruction by battle at this damage calculation.
bool damage_prevented(const SituationView& v);
bool destruction_prevented(const SituationView& v);
/// A piercing attacker battles a Defense Position monster with a lower DEF.
bool piercing_damage(const SituationView& v);
/// A halving or doubling changes the amount the same player takes.
bool battle_damage_scaled(const SituationView& v);
/// A redirection makes the other player take the damage.
bool battle_damage_redirected(const SituationView& v);

}  // namespace bc
