// Outcomes an engine shows, as operations (model/terms/outcome.hpp): the first
// monster acted on is the target (a battler by its role, for an effect that does
// not target); another monster is kept only by its battle role.
#include <gtest/gtest.h>

#include "model/terms/outcome.hpp"

namespace bc {
namespace {

Event left(std::uint8_t slot, LeaveReason reason) {
  Event e;
  e.type = EventType::LeftField;
  e.slot = slot;
  e.reason = reason;
  return e;
}

EffectTerm opaque() {
  EffectTerm t;
  t.ops[t.op_count++] = Op{};
  return t;
}

// D.D. Warrior Lady (P2's, attacked by p1_m0): banish that monster, also this card.
TEST(Outcome, ASecondMonsterIsKeptByItsBattleRole) {
  const std::uint8_t a = slot_of(Player::P1, 0), lady = slot_of(Player::P2, 0);
  const std::vector<Event> events{left(a, LeaveReason::Banish), left(lady, LeaveReason::Banish)};
  const auto learnt = learn_outcome(opaque(), Player::P2, events, OutcomeBattlers{a, lady});
  ASSERT_TRUE(learnt);
  EXPECT_EQ(learnt->target, a);
  EXPECT_EQ(learnt->term.target.side, SideSel::Opponent);
  ASSERT_EQ(learnt->term.op_count, 2);
  EXPECT_EQ(learnt->term.ops[0].code, OpCode::Banish);
  EXPECT_EQ(learnt->term.ops[0].object, Object::Target);
  EXPECT_EQ(learnt->term.ops[1].code, OpCode::Banish);
  EXPECT_EQ(learnt->term.ops[1].object, Object::OwnBattler);
  // Itself first, then the attacker: the second monster is the opponent's battler.
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, {events[1], events[0]}, OutcomeBattlers{a, lady})->term.ops[1].object,
            Object::OpponentBattler);
}

// A control change (Enemy Controller's second effect) is a take_control of the target.
TEST(Outcome, AControlChangeIsTakingControlOfTheTarget) {
  Event moved;
  moved.type = EventType::ControlChanged;
  moved.slot = slot_of(Player::P2, 0);
  moved.target = slot_of(Player::P1, 0);
  const auto learnt = learn_outcome(opaque(), Player::P1, {moved});
  ASSERT_TRUE(learnt);
  EXPECT_EQ(learnt->target, slot_of(Player::P2, 0));
  EXPECT_EQ(learnt->term.target.side, SideSel::Opponent);
  ASSERT_EQ(learnt->term.op_count, 1);
  EXPECT_EQ(learnt->term.ops[0].code, OpCode::TakeControl);
}

// Outside a battle (or a monster not battling) no role states the second monster: dropped.
TEST(Outcome, AMonsterWithNoBattleRoleIsDropped) {
  const std::uint8_t a = slot_of(Player::P1, 0), b = slot_of(Player::P2, 1);
  const std::vector<Event> events{left(a, LeaveReason::EffectDestroy), left(b, LeaveReason::EffectDestroy)};
  const auto none = learn_outcome(opaque(), Player::P2, events);
  ASSERT_TRUE(none);
  EXPECT_EQ(none->term.op_count, 1);
  const auto other = learn_outcome(opaque(), Player::P2, events, OutcomeBattlers{a, slot_of(Player::P2, 0)});
  EXPECT_EQ(other->term.op_count, 1);
  EXPECT_FALSE(learn_outcome(opaque(), Player::P2, {}));
}

// An effect that does not target (Dark Magician of Chaos banishes the monster
// it destroyed by battle, named with SetTargetCard but no target flag): the
// battler is stated by its role and nothing is a target, since a monster
// confirmed destroyed by battle cannot be targeted. A monster not battling
// is still the target, the one way a term names it.
TEST(Outcome, AnEffectThatDoesNotTargetNamesBattlersByTheirRoles) {
  const std::uint8_t chaos = slot_of(Player::P1, 0), foe = slot_of(Player::P2, 0), other = slot_of(Player::P2, 1);
  const auto learnt = learn_outcome(opaque(), Player::P1, {left(foe, LeaveReason::Banish)}, OutcomeBattlers{chaos, foe, false});
  ASSERT_TRUE(learnt);
  EXPECT_EQ(learnt->target, kNoSlot);
  EXPECT_EQ(learnt->term.target.kind, TargetKind::None);
  ASSERT_EQ(learnt->term.op_count, 1);
  EXPECT_EQ(learnt->term.ops[0].object, Object::OpponentBattler);
  const auto targeting = learn_outcome(opaque(), Player::P1, {left(foe, LeaveReason::Banish)}, OutcomeBattlers{chaos, foe});
  EXPECT_EQ(targeting->target, foe);
  const auto off = learn_outcome(opaque(), Player::P1, {left(other, LeaveReason::Banish)}, OutcomeBattlers{chaos, foe, false});
  EXPECT_EQ(off->target, other);
  EXPECT_EQ(off->term.ops[0].object, Object::Target);
}

std::uint16_t bits(std::initializer_list<std::uint8_t> slots) {
  std::uint16_t m = 0;
  for (const std::uint8_t s : slots) m |= static_cast<std::uint16_t>(1u << s);
  return m;
}

// Torrential Tribute (P2's, no target): one operation alike on every monster
// on the field, two or more, is the operation on all monsters; on every one
// the opponent controls, on the opponent's monsters; on every one of those in
// Attack Position, on those. A monster of the field left alone, a second kind
// of operation, or an effect that targets: no such reading.
TEST(Outcome, OneOperationOnEveryMonsterIsLearntOnAllOfThem) {
  const std::uint8_t a = slot_of(Player::P1, 0), b = slot_of(Player::P1, 1), t = slot_of(Player::P2, 0),
                     u = slot_of(Player::P2, 1);
  const std::vector<Event> all{left(a, LeaveReason::EffectDestroy), left(t, LeaveReason::EffectDestroy),
                               left(u, LeaveReason::EffectDestroy)};
  const OutcomeBattlers none{kNoSlot, kNoSlot, false, bits({a, t, u}), bits({a, t})};
  const auto learnt = learn_outcome(opaque(), Player::P2, all, none);
  ASSERT_TRUE(learnt);
  ASSERT_EQ(learnt->term.op_count, 1);
  EXPECT_EQ(learnt->term.ops[0].code, OpCode::Destroy);
  EXPECT_EQ(learnt->term.ops[0].object, Object::AllMonsters);
  EXPECT_EQ(learnt->target, kNoSlot);
  EXPECT_EQ(learnt->term.target.kind, TargetKind::None);
  // P2's card on P1's two monsters, both of the opponent's; then on the one in Attack Position.
  const std::vector<Event> foes{left(a, LeaveReason::EffectDestroy), left(b, LeaveReason::EffectDestroy)};
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, foes, OutcomeBattlers{kNoSlot, kNoSlot, false, bits({a, b, t}), bits({t})})
                ->term.ops[0].object,
            Object::OpponentsMonsters);
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, foes, OutcomeBattlers{kNoSlot, kNoSlot, false, bits({a, b, t, slot_of(Player::P1, 2)}), bits({a, b})})
                ->term.ops[0].object,
            Object::OpponentsAttackPosition);
  // Not every monster: the first is the target, as before.
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, all, OutcomeBattlers{kNoSlot, kNoSlot, false, bits({a, b, t, u}), 0})
                ->term.ops[0].object,
            Object::Target);
  // Two kinds of operation, or an effect that targets: no mass reading.
  const std::vector<Event> mixed{left(a, LeaveReason::EffectDestroy), left(t, LeaveReason::Banish), left(u, LeaveReason::EffectDestroy)};
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, mixed, none)->term.ops[0].object, Object::Target);
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, all, OutcomeBattlers{kNoSlot, kNoSlot, true, bits({a, t, u}), 0})
                ->term.ops[0].object,
            Object::Target);
  // Only the battlers: their roles state them (D.D. Warrior Lady).
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, {left(a, LeaveReason::Banish), left(t, LeaveReason::Banish)},
                          OutcomeBattlers{a, t, false, bits({a, t}), bits({a, t})})
                ->term.ops[0].object,
            Object::OpponentBattler);
}

// Battle Fader: its term ends the Battle Phase; the engine shows it summoning
// itself. The summon is learnt, and the ending, which no event shows, stays after it.
TEST(Outcome, OperationsNoEventShowsStayAfterTheLearntOnes) {
  EffectTerm fader;
  fader.ops[fader.op_count++] = Op{OpCode::EndBattlePhase};
  Event summoned;
  summoned.type = EventType::Summoned;
  summoned.monster = 2;
  summoned.slot = slot_of(Player::P2, 0);
  const auto learnt = learn_outcome(fader, Player::P2, {summoned});
  ASSERT_TRUE(learnt);
  ASSERT_EQ(learnt->term.op_count, 2);
  EXPECT_EQ(learnt->term.ops[0].code, OpCode::SpecialSummon);
  EXPECT_EQ(learnt->term.ops[0].monster, 2);
  EXPECT_EQ(learnt->term.ops[1].code, OpCode::EndBattlePhase);
  // An opaque term keeps nothing of its own: the events are its whole outcome.
  EXPECT_EQ(learn_outcome(opaque(), Player::P2, {summoned})->term.op_count, 1);
}

}  // namespace
}  // namespace bc
