#pragma once
/// A header card that may negate monsters' effects, for the monitors'
/// card_negatable tests (test_calculation.cpp, test_effect_terms.cpp).
#include "model/core/scenario.hpp"

namespace bc::test {

/// `s` with a Continuous Trap of `owner` negating monsters' effects (Skill
/// Drain's part, negate_monster_effects) appended, whose activation a trace may
/// or may not resolve.
inline Scenario with_monster_negator(Scenario s, Player owner = Player::P2) {
  CardSpec drain;
  drain.name = "Skill Drain";
  drain.owner = owner;
  drain.custom = true;
  drain.term.activation = Activation::Quick;
  drain.term.card_type = CardType::Trap;
  drain.term.continuous = ContinuousSpec{ContinuousKind::NegateMonsterEffects, 0};
  drain.kind = class_of(drain.term);
  s.cards.push_back(drain);
  return s;
}

}  // namespace bc::test
