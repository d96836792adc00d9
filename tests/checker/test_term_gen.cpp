// Generated terms (checker/random/term_gen.hpp): every generated term is
// meaningful and written back the same, the whole term space comes up, the
// library's cards are used, and a term shrinks to the smallest meaningful one.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <set>

#include "checker/random/board_draft.hpp"
#include "checker/random/term_gen.hpp"
#include "model/library/cards.hpp"
#include "model/library/presets.hpp"
#include "model/loaders/loader.hpp"
#include "model/terms/effect_text.hpp"

namespace bc {
namespace {

RC_GTEST_PROP(TermGen, GeneratedTermsAreMeaningfulAndRoundTrip, ()) {
  const EffectTerm t = random_term(*rc::gen::arbitrary<std::uint64_t>());
  RC_ASSERT(term_problem(t) == "");
  const std::vector<std::string> monsters = {"Token 0"};
  TermError error;
  EffectTerm filled = fill_blanks(t, false, 0, 0, Condition::None);
  const auto back = parse_term(term_to_fields(filled, monsters), monsters, error);
  RC_ASSERT(back.has_value());
  RC_ASSERT(*back == filled);
}

RC_GTEST_PROP(TermGen, ShrinksAreStrictlySimplerAndMeaningful, ()) {
  const EffectTerm t = random_term(*rc::gen::arbitrary<std::uint64_t>());
  for (const EffectTerm& s : term_shrinks(t, false)) {
    RC_ASSERT(term_problem(s) == "");
    RC_ASSERT(!(s == t));
    RC_ASSERT(s.op_count <= t.op_count);
    RC_ASSERT((s.conditions & ~t.conditions) == 0);
    RC_ASSERT((s.timings & ~t.timings) == 0 || t.timings == 0);
    RC_ASSERT(term_needs_host(t) || !term_needs_host(s));
  }
}

TEST(TermGen, TheWholeTermSpaceComesUp) {
  std::set<int> activations, card_types, windows, costs, ops, objects, events, continuous, targets, classes;
  std::set<int> locks_after_activation;
  int timing_lists = 0, mandatory = 0, from_hand = 0, conditions = 0, doing_nothing_else = 0, foes = 0;
  for (std::uint64_t seed = 1; seed <= 20000; ++seed) {
    const EffectTerm t = random_term(seed);
    if (continuous_after_activation(t)) locks_after_activation.insert(static_cast<int>(t.continuous.kind));
    doing_nothing_else += continuous_after_activation(t) && t.op_count == 0;
    activations.insert(static_cast<int>(t.activation));
    card_types.insert(static_cast<int>(t.card_type));
    windows.insert(static_cast<int>(t.window));
    costs.insert(static_cast<int>(t.cost));
    events.insert(static_cast<int>(t.trigger));
    continuous.insert(static_cast<int>(t.continuous.kind));
    if (t.target.kind == TargetKind::Monster)
      targets.insert(static_cast<int>(t.target.side) * 100 + static_cast<int>(t.target.face) * 10 + static_cast<int>(t.target.role));
    classes.insert(static_cast<int>(class_of(t)));
    for (int i = 0; i < t.op_count; ++i) {
      ops.insert(static_cast<int>(t.ops[i].code));
      objects.insert(static_cast<int>(t.ops[i].object));
    }
    timing_lists += t.timings != 0;
    mandatory += t.mandatory;
    from_hand += t.from_hand;
    conditions += t.conditions != 0;
    foes += t.continuous.foe_attribute != 0 || t.continuous.foe_type != 0;
  }
  EXPECT_EQ(activations.size(), 4u);
  EXPECT_EQ(card_types.size(), 3u);
  EXPECT_EQ(windows.size(), static_cast<std::size_t>(kWindowCount));
  EXPECT_EQ(costs.size(), static_cast<std::size_t>(kCostCount));
  EXPECT_EQ(ops.size(), static_cast<std::size_t>(kOpCodeCount));
  EXPECT_EQ(objects.size(), static_cast<std::size_t>(kObjectCount));
  EXPECT_EQ(events.size(), static_cast<std::size_t>(kTriggerEventCount));
  EXPECT_EQ(continuous.size(), static_cast<std::size_t>(kContinuousKindCount));
  EXPECT_EQ(targets.size(), 3u * 3u * 4u);  // every SIDE FACE ROLE
  EXPECT_EQ(classes.size(), static_cast<std::size_t>(kEffectKindCount));
  EXPECT_GT(timing_lists, 1000);
  EXPECT_GT(mandatory, 1000);
  EXPECT_GT(from_hand, 1000);
  EXPECT_GT(conditions, 1000);
  EXPECT_GT(foes, 50);  // battle ATK changes "vs" an Attribute or a Type
  // Continuous Spells and Traps activated during the duel: each lock, some activations doing nothing else.
  // the five locks and positions, the two negations, no battle damage, a piercing lent to a Type (Dragon's Rage),
  // a forced Defense Position by Type (Dragon Capture Jar), the opponent's attacks made direct (Absolute End)
  EXPECT_EQ(locks_after_activation.size(), 11u);
  EXPECT_GT(doing_nothing_else, 100);
}

TEST(TermGen, RefusesWhatIsNotMeaningful) {
  EffectTerm counter_monster;
  counter_monster.activation = Activation::Counter;
  counter_monster.card_type = CardType::Monster;
  counter_monster.target.kind = TargetKind::ChainLink;
  counter_monster.ops[0] = Op{OpCode::NegateActivation};
  counter_monster.op_count = 1;
  EXPECT_NE(term_problem(counter_monster), "");
  counter_monster.card_type = CardType::Trap;
  EXPECT_EQ(term_problem(counter_monster), "");

  EffectTerm cannot_be_attacked_trap;
  cannot_be_attacked_trap.activation = Activation::Continuous;
  cannot_be_attacked_trap.card_type = CardType::Trap;
  cannot_be_attacked_trap.continuous.kind = ContinuousKind::CannotBeAttacked;
  EXPECT_NE(term_problem(cannot_be_attacked_trap), "");

  EffectTerm locked;  // a Continuous Trap's lock once resolved: a Spell's or Trap's, a lock, ops optional
  locked.card_type = CardType::Trap;
  locked.continuous = ContinuousSpec{ContinuousKind::CannotAttackLevelAtLeast, 4};
  EXPECT_EQ(term_problem(locked), "");
  locked.continuous = ContinuousSpec{ContinuousKind::CalcAtkModifier, 500};
  EXPECT_NE(term_problem(locked), "");
  locked.continuous = ContinuousSpec{ContinuousKind::NoTrapActivation, 0};
  locked.card_type = CardType::Monster;
  EXPECT_NE(term_problem(locked), "");

  EffectTerm lady;  // a battle ATK change against one Attribute; a foe on another part is refused
  lady.activation = Activation::Continuous;
  lady.card_type = CardType::Monster;
  lady.continuous = ContinuousSpec{ContinuousKind::DamageStepAtkModifier, 1000};
  lady.continuous.foe_attribute = static_cast<std::uint8_t>(MonsterAttribute::Light);
  EXPECT_EQ(term_problem(lady), "");
  lady.continuous.kind = ContinuousKind::Piercing;
  lady.continuous.amount = 0;
  EXPECT_NE(term_problem(lady), "");

  EffectTerm window_miss;  // "when an attack is declared", listing only the End Step
  window_miss.window = Window::AttackDeclared;
  window_miss.timings = bit(Timing::EndStep);
  window_miss.card_type = CardType::Trap;
  window_miss.ops[0] = Op{OpCode::NegateAttack};
  window_miss.op_count = 1;
  EXPECT_NE(term_problem(window_miss), "");
  window_miss.timings = bit(Timing::AttackDeclaration);
  EXPECT_EQ(term_problem(window_miss), "");

  EffectTerm amount_on_destroy;
  amount_on_destroy.ops[0] = Op{OpCode::Destroy, Object::Attacker};
  amount_on_destroy.ops[0].amount = 500;
  amount_on_destroy.op_count = 1;
  EXPECT_NE(term_problem(amount_on_destroy), "");

  EffectTerm damage_calc_in_end_step;  // damage_calc_atk_change is permitted only at damage calculation
  damage_calc_in_end_step.window = Window::DamageCalculation;
  damage_calc_in_end_step.timings = bit(Timing::EndStep);
  damage_calc_in_end_step.ops[0] = Op{OpCode::ChangeAtk, Object::OwnBattler};
  damage_calc_in_end_step.ops[0].amount = 500;
  damage_calc_in_end_step.op_count = 1;
  EXPECT_NE(term_problem(damage_calc_in_end_step), "");
}

TEST(TermGen, TheLibraryIsUsed) {
  // Most library cards with an effect are meaningful as they are written.
  int with_effect = 0;
  for (const LibraryCard& c : card_library()) with_effect += c.kind.has_value();
  EXPECT_GT(static_cast<int>(library_picks().size()), with_effect * 3 / 4) << library_picks().size() << " of " << with_effect;
  for (const LibraryPick& p : library_picks()) EXPECT_EQ(term_problem(p.term, true), "") << p.name;
}

TEST(TermGen, ATermShrinksToTheSmallestMeaningfulTerm) {
  EffectTerm t;  // a mandatory targeted trigger with a cost, conditions and a timing list
  t.activation = Activation::Trigger;
  t.card_type = CardType::Monster;
  t.mandatory = true;
  t.trigger = TriggerEvent::SentToGraveyard;
  t.conditions = kCondBattle | kCondOwnBattling;
  t.cost = Cost::PayLp;
  t.cost_amount = 1000;
  t.target = TargetSpec{TargetKind::Monster, SideSel::Opponent, FaceSel::FaceUp, RoleSel::Attacker};
  t.ops[0] = Op{OpCode::Destroy, Object::Target};
  t.ops[1] = Op{OpCode::ChangeAtk, Object::OwnBattler, Duration::Turn};
  t.ops[1].amount = 1500;
  t.op_count = 2;
  t.timings = bit(Timing::BattleStep) | bit(Timing::EndStep);
  ASSERT_EQ(term_problem(t), "");
  // Always taking the first shrink: as if every shrink still failed.
  int steps = 0;
  for (auto s = term_shrinks(t, false); !s.empty(); s = term_shrinks(t, false), ++steps) t = s.front();
  EXPECT_LE(steps, 20);
  EXPECT_EQ(t.op_count, 1);
  EXPECT_EQ(t.conditions, 0);
  EXPECT_EQ(t.cost, Cost::None);
  EXPECT_EQ(t.timings, 0);
  EXPECT_FALSE(t.mandatory);
  EXPECT_EQ(t.target.kind, TargetKind::None);
  EXPECT_EQ(t.ops[0].duration, Duration::Battle);
  EXPECT_EQ(t.ops[0].amount, 100);
}

TEST(TermGen, APresetCardShrinksIntoATerm) {
  CardDraft preset;
  preset.kind = EffectKind::AttackDestroyTrap;  // conditions = ["opponent_attacks"], ops = ["destroy attacker"]
  const std::vector<CardDraft> shrinks = card_shrinks(preset);
  ASSERT_FALSE(shrinks.empty());
  for (const CardDraft& c : shrinks) {
    EXPECT_TRUE(c.custom);
    EXPECT_TRUE(c.blanks);
  }
  EXPECT_EQ(shrinks.front().term.conditions, 0);
}

}  // namespace
}  // namespace bc
