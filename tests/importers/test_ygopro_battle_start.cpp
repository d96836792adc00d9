// Triggers at the start of the Damage Step (importers/ygopro/ygopro_terms.cpp,
// docs/engines/ygopro.md "From script attributes to terms"): EVENT_BATTLE_START
// with a test of the attack target's face, or face and position.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_terms.hpp"
#include "tests/importers/script_effects.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;
using namespace test;

// EVENT_BATTLE_START is the start of the Damage Step: with a condition testing
// the attack target's face it is "the host attacks a face-down monster";
// without one, the event alone is not read.
TEST(YgoproBattleStart, ATriggerOnAFaceDownTarget) {
  json sasuke = effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_START");
  sasuke["condition"] = "c16222645.lua:14-17";
  sasuke["condition_uses"] = {":GetHandler", ":IsDefensePos", ":IsFacedown", "Duel.GetAttackTarget", "Duel.GetAttacker"};
  const EffectTerm t = read(sasuke);
  EXPECT_EQ(t.trigger, TriggerEvent::AttacksFaceDown);
  EXPECT_TRUE(t.mandatory);
  json any = effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_START");
  EXPECT_FALSE(read_script_effect(any, kMonster, "").term);
  any["condition_uses"] = {":IsDefensePos", "Duel.GetAttackTarget"};
  EXPECT_FALSE(read_script_effect(any, kMonster, "").term);
}

// Ninja Grandmaster Sasuke (batch 2): a mandatory trigger on
// EVENT_BATTLE_START whose target function tests a face-up Defense Position
// attack target is "the host attacks a face-up Defense Position monster", in
// both trees, as is Zubaba Knight's :IsPosition(POS_FACEUP_DEFENSE); a test of
// the face-down target in its condition stays attacks_face_down (Sasuke
// Samurai), and a face-up test without the position, or without the host, is
// not read as one.
TEST(YgoproBattleStart, ATriggerOnAFaceUpDefenseTarget) {
  json sasuke = effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_START");
  sasuke["category"] = "CATEGORY_DESTROY";
  sasuke["target_check"] = "c4041838.lua:12-17";
  sasuke["target_check_uses"] = {":GetHandler", ":IsDefensePos", ":IsFaceup", ":IsRelateToBattle", "Duel.GetAttackTarget",
                                 "Duel.GetAttacker", "Duel.SetOperationInfo"};
  const EffectTerm t = read(sasuke);
  EXPECT_EQ(t.trigger, TriggerEvent::AttacksFaceUpDefense);
  EXPECT_TRUE(t.mandatory);
  EXPECT_EQ(class_of(t), EffectKind::DestroyNoCalcTrigger);
  json face_down = sasuke;
  face_down["condition"] = "c16222645.lua:14-17";
  face_down["condition_uses"] = {":IsFacedown", "Duel.GetAttackTarget"};
  EXPECT_EQ(read(face_down).trigger, TriggerEvent::AttacksFaceDown);
  json no_position = sasuke;
  no_position["target_check_uses"] = {":IsFaceup", "Duel.GetAttackTarget", "Duel.GetAttacker"};
  EXPECT_FALSE(read_script_effect(no_position, kMonster, "").term);
  json zubaba = sasuke;
  zubaba["target_check_uses"] = {":GetHandler", ":IsPosition", "Duel.GetAttackTarget", "Duel.GetAttacker", "POS_FACEUP_DEFENSE"};
  EXPECT_EQ(read(zubaba).trigger, TriggerEvent::AttacksFaceUpDefense);
  zubaba["target_check_uses"] = {":GetHandler", ":IsPosition", "Duel.GetAttackTarget", "Duel.GetAttacker", "POS_FACEUP_ATTACK"};
  EXPECT_EQ(read(zubaba).trigger, TriggerEvent::AttacksMonster);
}

// Nanobreaker (batch 15): a mandatory trigger on EVENT_BATTLE_START whose
// target function compares the host with the attacker and tests the attack
// target's face and Level is "the host attacks a monster", the further tests a
// hidden condition (its controller may leave it unactivated). A test that
// does not name the host (the attack target's own trigger) is not read.
TEST(YgoproBattleStart, ATriggerOnAnyAttackedMonster) {
  json nano = effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_START");
  nano["category"] = "CATEGORY_DESTROY";
  nano["target_check"] = "c70948327.lua:12-17";
  nano["target_check_uses"] = {":GetHandler", ":IsFaceup", ":IsLevelBelow", ":IsRelateToBattle", "Duel.GetAttackTarget",
                               "Duel.GetAttacker", "Duel.SetOperationInfo"};
  const auto reading = read_script_effect(nano, kMonster, "");
  ASSERT_TRUE(reading.term);
  EXPECT_EQ(reading.term->trigger, TriggerEvent::AttacksMonster);
  EXPECT_TRUE(reading.term->mandatory);
  EXPECT_TRUE(reading.hidden_condition);
  EXPECT_EQ(class_of(*reading.term), EffectKind::DestroyNoCalcTrigger);
  nano["target_check_uses"] = {":IsFaceup", ":IsLevelBelow", "Duel.GetAttackTarget", "Duel.GetAttacker"};
  EXPECT_FALSE(read_script_effect(nano, kMonster, "").term);
}

// Cipher Soldier (batch 11): a single mandatory trigger on
// EVENT_PRE_DAMAGE_CALCULATE is at_damage_calculation, its SetValue(2000) an ATK
// change of its own battler, so of class damage_calc_atk_change; its condition
// (a Warrior as the monster it battles) hidden. A field effect on the event is not read.
TEST(YgoproBattleStart, ATriggerAtDamageCalculation) {
  json cipher = effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_PRE_DAMAGE_CALCULATE");
  cipher["category"] = "CATEGORY_ATKCHANGE|CATEGORY_DEFCHANGE";
  cipher["condition"] = "c79853073.lua:14-18";
  cipher["condition_uses"] = {":GetBattleTarget", ":GetHandler", ":IsRace", "RACE_WARRIOR"};
  cipher["operation"] = "c79853073.lua:19-31";
  cipher["operation_uses"] = {":GetHandler", ":RegisterEffect", "EFFECT_UPDATE_ATTACK", "EFFECT_UPDATE_DEFENSE",
                              "PHASE_DAMAGE_CAL", "RESET_PHASE", "SetValue(2000)"};
  const auto reading = read_script_effect(cipher, kMonster, "");
  ASSERT_TRUE(reading.term);
  EXPECT_EQ(reading.term->trigger, TriggerEvent::AtDamageCalculation);
  EXPECT_TRUE(reading.term->mandatory);
  EXPECT_TRUE(reading.hidden_condition);
  EXPECT_EQ(class_of(*reading.term), EffectKind::DamageCalcAtkChange);
  json field = cipher;
  field["effect_type"] = "EFFECT_TYPE_FIELD|EFFECT_TYPE_TRIGGER_F";
  EXPECT_FALSE(read_script_effect(field, kMonster, "").term);
}

// Option Hunter (batch 17): a Trap activated on EVENT_BATTLE_DESTROYED is
// offered by both cores as the battle-destroyed monsters are sent, at the end of
// the Damage Step (a battle event: no Damage Step flag needed), its condition hidden.
TEST(YgoproBattleStart, ATrapOnADestructionByBattleAtTheEndOfTheDamageStep) {
  json hunter = effect("EFFECT_TYPE_ACTIVATE", "EVENT_BATTLE_DESTROYED", "EFFECT_FLAG_PLAYER_TARGET");
  hunter["category"] = "CATEGORY_RECOVER";
  hunter["condition"] = "c33248692.lua:18-20";
  const auto reading = read_script_effect(hunter, kTrap, "");
  ASSERT_TRUE(reading.term);
  EXPECT_EQ(reading.term->timings, bit(Timing::EndOfDamageStep));
  EXPECT_TRUE(reading.engine_timings);
  EXPECT_TRUE(reading.hidden_condition);
  json destroying = hunter;
  destroying["event_code"] = "EVENT_BATTLE_DESTROYING";
  EXPECT_EQ(read_script_effect(destroying, kTrap, "").term->timings, bit(Timing::EndOfDamageStep));
}

// Changing Destiny (batch 17): a choice in the operation of a card that negates
// the attack comes after the negation (the opponent picks a gain or a damage):
// the attack negation is read, its position change beside taken from the stream.
// The same choice without Duel.NegateAttack stays a choice of the card's effects.
TEST(YgoproBattleStart, AChoiceAfterAnAttackNegationIsNoChoiceOfEffects) {
  json destiny = effect("EFFECT_TYPE_ACTIVATE", "EVENT_ATTACK_ANNOUNCE", "EFFECT_FLAG_CARD_TARGET");
  destiny["operation"] = "c24673894.lua:23-37";
  destiny["operation_uses"] = {"Duel.ChangePosition", "Duel.NegateAttack", "Duel.Recover", "Duel.SelectOption",
                               "POS_FACEUP_DEFENSE"};
  const auto reading = read_script_effect(destiny, kTrap, "");
  ASSERT_TRUE(reading.term);
  ASSERT_EQ(reading.term->op_count, 2);
  EXPECT_EQ(reading.term->ops[0].code, OpCode::Opaque);
  EXPECT_EQ(reading.term->ops[1].code, OpCode::NegateAttack);
  EXPECT_TRUE(reading.open_outcome);
  json modal = destiny;
  modal["operation_uses"] = {"Duel.ChangePosition", "Duel.SelectOption", "POS_FACEUP_DEFENSE"};
  const auto choice = read_script_effect(modal, kTrap, "");
  EXPECT_FALSE(choice.term->has_op(OpCode::NegateAttack));
  EXPECT_NE(choice.rule.find("chooses one of its effects"), std::string::npos);
}

}  // namespace
}  // namespace bc::ygopro
