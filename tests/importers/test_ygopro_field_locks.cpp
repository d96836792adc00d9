// A Continuous Spell or Trap's lock read from its script (importers/ygopro/ygopro_continuous.cpp
// field_lock, ygopro_cards.cpp add_lock; docs/engines/ygopro.md "From script attributes to
// terms"): each attribute the reading looks at is pinned, so that reading one wrongly fails.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_cards.hpp"
#include "importers/ygopro/ygopro_script_attrs.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;

constexpr std::uint32_t kContinuousTrap = 0x20004, kContinuousSpell = 0x20002, kNormalTrap = 0x4, kMonster = 0x21;

/// Gravity Bind's second effect as the Fluorohydride tree's stub writes it.
json gravity_lock() {
  return json{{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u}, {"event_code", "EFFECT_CANNOT_ATTACK"},
              {"event_code_value", 85u}, {"range", "LOCATION_SZONE"}, {"range_value", 8u},
              {"target_check", "c85742772.lua:17-19"}, {"target_check_uses", {":IsLevelAbove", ":IsLevelAbove(4)"}}};
}

bool reads_lock(const json& e, std::uint32_t type, ContinuousSpec& out) {
  std::string rule;
  return script_attrs::field_lock(e, type, out, rule);
}

TEST(YgoproFieldLocks, GravityBindsLevelIsReadFromEitherTree) {
  ContinuousSpec k;
  ASSERT_TRUE(reads_lock(gravity_lock(), kContinuousTrap, k));
  EXPECT_EQ(k, (ContinuousSpec{ContinuousKind::CannotAttackLevelAtLeast, 4}));
  json edo = gravity_lock();  // EDOPro: c:GetLevel()>=4, and 0x8 named LOCATION_REASON_RETURN
  edo["range"] = "LOCATION_REASON_RETURN";
  edo["target_check_uses"] = {":GetLevel", ":GetLevel()>=4"};
  ASSERT_TRUE(reads_lock(edo, kContinuousTrap, k));
  EXPECT_EQ(k.amount, 4);
  json seven = gravity_lock();
  seven["target_check_uses"] = {":IsLevelAbove(7)"};
  ASSERT_TRUE(reads_lock(seven, kContinuousSpell, k));
  EXPECT_EQ(k.amount, 7);
}

TEST(YgoproFieldLocks, WhatIsNotALockStaysUnread) {
  ContinuousSpec k;
  json no_literal = gravity_lock();
  no_literal["target_check_uses"] = {":IsLevelAbove"};  // a cards file from before the literal was kept
  EXPECT_FALSE(reads_lock(no_literal, kContinuousTrap, k));
  json conditional = gravity_lock();
  conditional["condition"] = "c1.lua:3-5";
  EXPECT_FALSE(reads_lock(conditional, kContinuousTrap, k));
  EXPECT_FALSE(reads_lock(gravity_lock(), kNormalTrap, k));  // not a Continuous card
  EXPECT_FALSE(reads_lock(gravity_lock(), kMonster, k));
  json hand = gravity_lock();
  hand["range"] = "LOCATION_HAND";
  hand["range_value"] = 2u;
  EXPECT_FALSE(reads_lock(hand, kContinuousTrap, k));
  json announce = gravity_lock();  // "cannot declare an attack": another code
  announce["event_code"] = "EFFECT_CANNOT_ATTACK_ANNOUNCE";
  announce["event_code_value"] = 86u;
  EXPECT_FALSE(reads_lock(announce, kContinuousTrap, k));
  EXPECT_EQ(k, ContinuousSpec{});
  json decree = gravity_lock();  // Royal Decree negates Traps' effects: no lock on their activation
  decree["event_code"] = "EFFECT_DISABLE";
  decree["event_code_value"] = 2u;
  decree["target_check_uses"] = {":GetHandler", ":IsType", "TYPE_TRAP"};
  ASSERT_TRUE(reads_lock(decree, kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::NegateTrapEffects);
}

TEST(YgoproFieldLocks, FinalAttackOrdersPositionIsReadOverBothSides) {
  json orders{{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u}, {"event_code", "EFFECT_SET_POSITION"},
              {"event_code_value", 140u}, {"range", "LOCATION_SZONE"}, {"range_value", 8u}, {"value", 1u},
              {"target_range_self", 4u}, {"target_range_opponent", 4u}};
  ContinuousSpec k;
  ASSERT_TRUE(reads_lock(orders, kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::FaceUpAttackPosition);
  json own_side = orders;  // only its controller's monsters: not the term's "every face-up monster"
  own_side["target_range_opponent"] = 0u;
  EXPECT_FALSE(reads_lock(own_side, kContinuousTrap, k));
  json no_range = orders;  // a cards file from before the target range was kept
  no_range.erase("target_range_self");
  no_range.erase("target_range_opponent");
  EXPECT_FALSE(reads_lock(no_range, kContinuousTrap, k));
  json defense = orders;  // POS_FACEUP_DEFENSE (4)
  defense["value"] = 4u;
  EXPECT_FALSE(reads_lock(defense, kContinuousTrap, k));
  json filtered = orders;
  filtered["target_check"] = "c1.lua:3-5";
  EXPECT_FALSE(reads_lock(filtered, kContinuousTrap, k));
}

// Dragon Capture Jar: the same field EFFECT_SET_POSITION with POS_FACEUP_DEFENSE (4), on both
// sides, whose target check is :IsRace of one RACE_* (aux.TargetBoolFunction in Fluorohydride's
// tree, s.target in EDOPro's): face_up_defense_type of that Type.
TEST(YgoproFieldLocks, AForcedDefensePositionByTypeIsRead) {
  json jar{{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u}, {"event_code", "EFFECT_SET_POSITION"},
           {"event_code_value", 140u}, {"range", "LOCATION_SZONE"}, {"range_value", 8u}, {"value", 4u},
           {"target_range_self", 4u}, {"target_range_opponent", 4u}, {"target_check", "utility.lua:456-458"},
           {"target_check_uses", {":IsRace", "RACE_DRAGON"}}};
  ContinuousSpec k;
  ASSERT_TRUE(reads_lock(jar, kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::FaceUpDefenseOfType);
  EXPECT_EQ(k.amount, static_cast<int>(MonsterType::Dragon));
  json attack = jar;  // POS_FACEUP_ATTACK with a target check: not Final Attack Orders either
  attack["value"] = 1u;
  EXPECT_FALSE(reads_lock(attack, kContinuousTrap, k));
  json own_side = jar;
  own_side["target_range_opponent"] = 0u;
  EXPECT_FALSE(reads_lock(own_side, kContinuousTrap, k));
  json two_types = jar;
  two_types["target_check_uses"] = {":IsRace", "RACE_DRAGON", "RACE_WYRM"};
  EXPECT_FALSE(reads_lock(two_types, kContinuousTrap, k));
  json by_attribute = jar;
  by_attribute["target_check_uses"] = {":IsAttribute", "RACE_DRAGON"};
  EXPECT_FALSE(reads_lock(by_attribute, kContinuousTrap, k));
  json unchecked = jar;
  unchecked.erase("target_check");
  unchecked.erase("target_check_uses");
  EXPECT_FALSE(reads_lock(unchecked, kContinuousTrap, k));
  EXPECT_FALSE(reads_lock(jar, kNormalTrap, k));
}

/// A cards file with Gravity Bind: its activation (EVENT_FREE_CHAIN, no
/// operation or category) and its lock.
std::string gravity_file(const std::string& activation_extra) {
  return R"({"cards": [{"code": 85742772, "name": "Gravity Bind", "controller": 1, "type": 131076,
    "script": {"effects": [{"effect_type": "EFFECT_TYPE_ACTIVATE", "event_code": "EVENT_FREE_CHAIN")" +
         activation_extra + R"(}, )" + gravity_lock().dump() + "]}}]}";
}

TEST(YgoproFieldLocks, TheLockJoinsTheActivationThatDoesNothingElse) {
  const CardFile f = parse_card_file(gravity_file(""), "gravity.json");
  ASSERT_EQ(f.cards.size(), 1u);
  const ScriptReading& r = f.cards[0].script;
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->activation, Activation::Quick);
  EXPECT_EQ(r.term->continuous, (ContinuousSpec{ContinuousKind::CannotAttackLevelAtLeast, 4}));
  EXPECT_TRUE(continuous_after_activation(*r.term));
  EXPECT_EQ(r.term->op_count, 0);
  EXPECT_FALSE(r.open_outcome);
  EXPECT_TRUE(f.cards[0].more.empty());
  // An activation with an operation of its own keeps it, opaque, beside the lock.
  const CardFile g = parse_card_file(gravity_file(R"(, "operation": "c1.lua:9-12")"), "gravity.json");
  ASSERT_TRUE(g.cards[0].script.term);
  EXPECT_EQ(g.cards[0].script.term->op_count, 1);
  EXPECT_EQ(g.cards[0].script.term->ops[0].code, OpCode::Opaque);
  EXPECT_EQ(g.cards[0].script.term->continuous.kind, ContinuousKind::CannotAttackLevelAtLeast);
}

/// Royal Decree's EFFECT_DISABLE as the Fluorohydride tree's stub writes it.
json decree_disable() {
  return json{{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u}, {"event_code", "EFFECT_DISABLE"},
              {"event_code_value", 2u}, {"range", "LOCATION_SZONE"}, {"range_value", 8u},
              {"target_range_self", 8u}, {"target_range_opponent", 8u},
              {"target_check", "c51452091.lua:33-35"}, {"target_check_uses", {":GetHandler", ":IsType", "TYPE_TRAP"}}};
}

// A Continuous Trap's field EFFECT_DISABLE (field_negation): on the Spell & Trap Zones, kept to
// Traps, negate_trap_effects (Royal Decree); on the Monster Zones, kept to effect monsters,
// negate_monster_effects (Skill Drain). Read by value (EDOPro's stub may name 2
// EFFECT_COUNT_CODE_DUEL and 0x8 LOCATION_REASON_RETURN); each attribute is pinned.
TEST(YgoproFieldLocks, ContinuousNegationsAreReadFromEitherTree) {
  ContinuousSpec k;
  ASSERT_TRUE(reads_lock(decree_disable(), kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::NegateTrapEffects);
  json edo = decree_disable();
  edo["event_code"] = "EFFECT_COUNT_CODE_DUEL";
  edo["range"] = "LOCATION_REASON_RETURN";
  edo["target_check_uses"] = {":GetHandler", ":IsTrap"};
  ASSERT_TRUE(reads_lock(edo, kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::NegateTrapEffects);
  json drain = decree_disable();
  drain["target_range_self"] = 4u;
  drain["target_range_opponent"] = 4u;
  drain["target_check_uses"] = {":GetOriginalType", ":IsType", "TYPE_EFFECT"};
  ASSERT_TRUE(reads_lock(drain, kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::NegateMonsterEffects);
  json old = drain;  // a cards file written before the stub kept SetTargetRange
  old.erase("target_range_self");
  old.erase("target_range_opponent");
  ASSERT_TRUE(reads_lock(old, kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::NegateMonsterEffects);
}

TEST(YgoproFieldLocks, WhatIsNotAContinuousNegationStaysUnread) {
  ContinuousSpec k;
  EXPECT_FALSE(reads_lock(decree_disable(), kNormalTrap, k));   // not a Continuous Spell or Trap
  EXPECT_FALSE(reads_lock(decree_disable(), kMonster, k));      // Jinzo's is a monster's
  json other = decree_disable();
  other["event_code_value"] = 42u;
  other["event_code"] = "EFFECT_INDESTRUCTABLE_BATTLE";
  EXPECT_FALSE(reads_lock(other, kContinuousTrap, k));
  json monsters_zone = decree_disable();  // Traps named, but only the Monster Zones reached
  monsters_zone["target_range_self"] = 4u;
  monsters_zone["target_range_opponent"] = 4u;
  EXPECT_FALSE(reads_lock(monsters_zone, kContinuousTrap, k));
  json one_side = decree_disable();
  one_side["target_range_opponent"] = 0u;
  EXPECT_FALSE(reads_lock(one_side, kContinuousTrap, k));
  json spells = decree_disable();  // Spell Canceller's shape
  spells["target_check_uses"] = {":IsType", "TYPE_SPELL"};
  EXPECT_FALSE(reads_lock(spells, kContinuousTrap, k));
  json conditional = decree_disable();
  conditional["condition"] = "c1.lua:3-5";
  EXPECT_FALSE(reads_lock(conditional, kContinuousTrap, k));
  json single = decree_disable();
  single["effect_type"] = "EFFECT_TYPE_SINGLE";
  single["effect_type_value"] = 1u;
  EXPECT_FALSE(reads_lock(single, kContinuousTrap, k));
}

// Spirit Barrier: no battle damage to its controller while it controls a
// monster. Each attribute is pinned: the player target, its controller
// alone, a condition that only counts monsters.
TEST(YgoproFieldLocks, ANoDamageShieldWhileAMonsterIsControlledIsRead) {
  const json barrier = {{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u},
                        {"event_code", "EFFECT_AVOID_BATTLE_DAMAGE"}, {"event_code_value", 201u},
                        {"property_flags", "EFFECT_FLAG_PLAYER_TARGET"}, {"property_flags_value", 2048u},
                        {"range", "LOCATION_SZONE"}, {"range_value", 8u}, {"target_range_self", 1u},
                        {"target_range_opponent", 0u}, {"condition", "c53239672.lua:18-20"},
                        {"condition_uses", {":GetHandlerPlayer", "Duel.GetFieldGroupCount", "LOCATION_MZONE"}}};
  ContinuousSpec k;
  ASSERT_TRUE(reads_lock(barrier, kContinuousTrap, k));
  EXPECT_EQ(k.kind, ContinuousKind::NoBattleDamage);
  EXPECT_FALSE(reads_lock(barrier, kNormalTrap, k));
  json both = barrier;
  both["target_range_opponent"] = 1u;
  EXPECT_FALSE(reads_lock(both, kContinuousTrap, k));
  json other = barrier;
  other["condition_uses"].push_back("Duel.GetTurnPlayer");
  EXPECT_FALSE(reads_lock(other, kContinuousTrap, k));
  json no_player = barrier;
  no_player["property_flags"] = "";
  no_player["property_flags_value"] = 0u;
  EXPECT_FALSE(reads_lock(no_player, kContinuousTrap, k));
}

// Rocket Warrior: in its controller's turn, no battle damage to its controller
// from its battles (a monster's own EFFECT_AVOID_BATTLE_DAMAGE, value 1), read
// as applying in that turn only; a condition asking more stays unread.
TEST(YgoproFieldLocks, AMonstersShieldInItsControllersTurnIsReadForThatTurn) {
  json rocket = {{"effect_type", "EFFECT_TYPE_SINGLE"}, {"effect_type_value", 1u},
                 {"event_code", "EFFECT_AVOID_BATTLE_DAMAGE"}, {"event_code_value", 201u}, {"value", 1u},
                 {"condition", "c30860696.lua:27-29"}, {"condition_uses", {":GetHandlerPlayer", "Duel.GetTurnPlayer"}}};
  const ScriptReading r = read_script_effect(rocket, kMonster, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(r.term->continuous.kind, ContinuousKind::NoBattleDamage);
  EXPECT_TRUE(r.own_turn_only);
  rocket.erase("condition");
  rocket.erase("condition_uses");
  const ScriptReading always = read_script_effect(rocket, kMonster, "");
  ASSERT_TRUE(always.term.has_value());
  EXPECT_FALSE(always.own_turn_only);
  rocket["condition"] = "c.lua:1-2";
  rocket["condition_uses"] = {"Duel.GetTurnPlayer", "Duel.GetAttacker"};
  const ScriptReading more = read_script_effect(rocket, kMonster, "");
  EXPECT_FALSE(more.term && more.term->continuous.kind == ContinuousKind::NoBattleDamage);
}

// Gora Turtle (batch 17): a monster's field EFFECT_CANNOT_ATTACK_ANNOUNCE over
// both sides' monsters with :IsAttackAbove(1900) alone is cannot_attack_at_least
// 1900 on its host; one side, a condition, or another test beside is not read.
TEST(YgoproFieldLocks, AMonstersLockOnDeclarationsByAtkIsRead) {
  const json gora = {{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u}, {"event_code", "EFFECT_CANNOT_ATTACK_ANNOUNCE"},
                     {"event_code_value", 86u}, {"range", "LOCATION_MZONE"}, {"range_value", 4u},
                     {"target_range_self", 4u}, {"target_range_opponent", 4u}, {"target_check", "c80233946.lua:12-14"},
                     {"target_check_uses", {":IsAttackAbove", ":IsAttackAbove(1900)"}}};
  ContinuousSpec k;
  ASSERT_TRUE(script_attrs::monster_atk_lock(gora, k));
  EXPECT_EQ(k, (ContinuousSpec{ContinuousKind::CannotAttackAtLeast, 1900}));
  const ScriptReading r = read_script_effect(gora, kMonster, "");
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->continuous, k);
  json one_side = gora;
  one_side["target_range_self"] = 0u;
  EXPECT_FALSE(script_attrs::monster_atk_lock(one_side, k));
  json conditioned = gora;
  conditioned["condition"] = "c1.lua:1-2";
  EXPECT_FALSE(script_attrs::monster_atk_lock(conditioned, k));
  json more = gora;
  more["target_check_uses"] = {":IsAttackAbove", ":IsAttackAbove(1900)", ":IsRace", "RACE_WARRIOR"};
  EXPECT_FALSE(script_attrs::monster_atk_lock(more, k));
  json announce = gora;
  announce["event_code"] = "EFFECT_CANNOT_ATTACK";
  announce["event_code_value"] = 85u;
  EXPECT_FALSE(script_attrs::monster_atk_lock(announce, k));
}

// Obnoxious Celtic Guard (batch 18): its own EFFECT_INDESTRUCTABLE_BATTLE whose
// value tests the monster it battles for 1900 or more ATK is indestructible_by_battle
// 1900, in Fluorohydride's shape (:IsAttackAbove, with its Defense Position
// attacker's DEF test) and EDOPro's (:GetAttack()>=1900); a literal SetValue(1)
// stays a guard against every battle, and a value testing anything else is not read.
TEST(YgoproFieldLocks, AGuardAgainstStrongMonstersIsRead) {
  const json fluoro = {{"effect_type", "EFFECT_TYPE_SINGLE"}, {"effect_type_value", 1u}, {"event_code", "EFFECT_INDESTRUCTABLE_BATTLE"},
                       {"event_code_value", 42u}, {"value_function", "c52077741.lua:10-16"},
                       {"value_function_uses", {":IsAttackAbove", ":IsAttackAbove(1900)", ":IsDefenseAbove", ":IsDefenseAbove(1900)",
                                                ":IsDefensePos", "Duel.GetAttacker"}}};
  const ScriptReading r = read_script_effect(fluoro, kMonster, "");
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->continuous, (ContinuousSpec{ContinuousKind::IndestructibleByBattle, 1900}));
  json edo = fluoro;
  edo["value_function_uses"] = {":GetAttack", ":GetAttack()>=1900"};
  ContinuousSpec k;
  ASSERT_TRUE(script_attrs::battle_guard_by_atk(edo, k));
  EXPECT_EQ(k, (ContinuousSpec{ContinuousKind::IndestructibleByBattle, 1900}));
  json reaper = fluoro;
  reaper.erase("value_function");
  reaper.erase("value_function_uses");
  reaper["value"] = 1u;
  const ScriptReading any = read_script_effect(reaper, kMonster, "");
  ASSERT_TRUE(any.term);
  EXPECT_EQ(any.term->continuous, (ContinuousSpec{ContinuousKind::IndestructibleByBattle, 0}));
  json other = fluoro;
  other["value_function_uses"] = {":IsAttackAbove", ":IsAttackAbove(1900)", ":IsRace", "RACE_WARRIOR"};
  EXPECT_FALSE(script_attrs::battle_guard_by_atk(other, k));
  json conditioned = edo;
  conditioned["condition"] = "c1.lua:1-2";
  EXPECT_FALSE(script_attrs::battle_guard_by_atk(conditioned, k));
}

// Exploder Dragon (batch 18): EFFECT_AVOID_BATTLE_DAMAGE and EFFECT_NO_BATTLE_DAMAGE
// (SetValue(1)) under a condition asking only whether it is the attacker are
// no_battle_damage_attacking you and opponent; a condition that asks more, or
// another value, is not read.
TEST(YgoproFieldLocks, NoBattleDamageWhileItAttacksIsRead) {
  const json avoid = {{"effect_type", "EFFECT_TYPE_SINGLE"}, {"effect_type_value", 1u}, {"event_code", "EFFECT_AVOID_BATTLE_DAMAGE"},
                      {"event_code_value", 201u}, {"value", 1u}, {"condition", "c20586572.lua:43-45"},
                      {"condition_uses", {":GetHandler", "Duel.GetAttacker"}}};
  const ScriptReading r = read_script_effect(avoid, kMonster, "");
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->continuous.kind, ContinuousKind::NoBattleDamageAttacking);
  EXPECT_EQ(r.term->continuous.of, kSparesController);
  json none = avoid;
  none["event_code"] = "EFFECT_NO_BATTLE_DAMAGE";
  none["event_code_value"] = 200u;
  ContinuousSpec k;
  ASSERT_TRUE(script_attrs::attacking_shield(none, k));
  EXPECT_EQ(k.of, kSparesOpponent);
  json more = avoid;
  more["condition_uses"] = {":GetHandler", "Duel.GetAttacker", "Duel.GetTurnPlayer"};
  EXPECT_FALSE(script_attrs::attacking_shield(more, k));
  json target = avoid;
  target["condition_uses"] = {":GetHandler", "Duel.GetAttackTarget"};
  EXPECT_FALSE(script_attrs::attacking_shield(target, k));
  json other_value = avoid;
  other_value["value"] = 2u;
  EXPECT_FALSE(script_attrs::attacking_shield(other_value, k));
}

// Ancient Gear Soldier (batch 19): a field EFFECT_CANNOT_ACTIVATE on the opponent's card
// activations while it is the attacker is no_spell_trap_while_attacking on its host; a lock on
// both players, one whose value names a card type, or one under another condition is not.
TEST(YgoproFieldLocks, NoSpellOrTrapWhileItAttacksIsRead) {
  const json lock = {{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u}, {"event_code", "EFFECT_CANNOT_ACTIVATE"},
                     {"event_code_value", 6u}, {"property_flags", "EFFECT_FLAG_PLAYER_TARGET"}, {"property_flags_value", 2048u},
                     {"range", "LOCATION_MZONE"}, {"range_value", 4u}, {"target_range_self", 0u}, {"target_range_opponent", 1u},
                     {"condition", "c56094445.lua:17-19"}, {"condition_uses", {":GetHandler", "Duel.GetAttacker"}},
                     {"value_function", "c56094445.lua:14-16"}, {"value_function_uses", {":IsHasType", "EFFECT_TYPE_ACTIVATE"}}};
  const ScriptReading r = read_script_effect(lock, kMonster, "");
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->activation, Activation::Continuous);
  EXPECT_EQ(r.term->continuous.kind, ContinuousKind::NoSpellTrapWhileAttacking);
  ContinuousSpec k;
  json both = lock;
  both["target_range_self"] = 1u;
  EXPECT_FALSE(script_attrs::attacking_card_lock(both, k));
  json traps = lock;
  traps["value_function_uses"] = {":IsHasType", ":IsType", "EFFECT_TYPE_ACTIVATE", "TYPE_TRAP"};
  EXPECT_FALSE(script_attrs::attacking_card_lock(traps, k));
  json phase = lock;
  phase["condition_uses"] = {"Duel.GetCurrentPhase", "PHASE_BATTLE"};
  EXPECT_FALSE(script_attrs::attacking_card_lock(phase, k));
  json target = lock;
  target["condition_uses"] = {":GetHandler", "Duel.GetAttackTarget"};
  EXPECT_FALSE(script_attrs::attacking_card_lock(target, k));
}

// Stone Statue of the Aztecs and Susa Soldier (batch 19): a monster's own change of the battle
// damage it inflicts, aux.ChangeBattleDamage(1,DOUBLE_DAMAGE or HALF_DAMAGE), the stub naming the
// closure's player and amount; "attacked" when its condition asks only whether it is the attack target.
TEST(YgoproFieldLocks, AChangeOfTheDamageItInflictsIsRead) {
  const json statue = {{"effect_type", "EFFECT_TYPE_SINGLE"}, {"effect_type_value", 1u},
                       {"event_code", "EFFECT_CHANGE_INVOLVING_BATTLE_DAMAGE"}, {"event_code_value", 314u},
                       {"condition", "c31812496.lua:11-14"}, {"condition_uses", {":GetHandler", "Duel.GetAttackTarget"}},
                       {"value_function", "utility.lua:730-744"},
                       {"value_function_uses", {":GetOwnerPlayer", "player=1", "value=DOUBLE_DAMAGE"}}};
  const ScriptReading r = read_script_effect(statue, kMonster, "");
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->continuous.kind, ContinuousKind::DoubleBattleDamage);
  EXPECT_EQ(r.term->continuous.of, kWhenAttacked);
  json susa = statue;
  susa.erase("condition");
  susa.erase("condition_uses");
  susa["event_code"] = "EFFECT_CHANGE_BATTLE_DAMAGE";
  susa["event_code_value"] = 208u;
  susa["value_function_uses"] = {":GetOwnerPlayer", "player=1", "value=HALF_DAMAGE"};
  ContinuousSpec k;
  ASSERT_TRUE(script_attrs::inflicted_damage_change(susa, k));
  EXPECT_EQ(k.kind, ContinuousKind::HalveBattleDamageInflicted);
  EXPECT_EQ(k.of, 0);
  json own = susa;  // player 0: its controller's own damage, another thing
  own["value_function_uses"] = {":GetOwnerPlayer", "player=0", "value=HALF_DAMAGE"};
  EXPECT_FALSE(script_attrs::inflicted_damage_change(own, k));
  json old = susa;  // a cards file written before the stub named the closure's amount
  old["value_function_uses"] = {":GetOwnerPlayer", ":GetOwnerPlayer()==1"};
  EXPECT_FALSE(script_attrs::inflicted_damage_change(old, k));
  json attacking = statue;
  attacking["condition_uses"] = {":GetHandler", "Duel.GetAttacker"};
  EXPECT_FALSE(script_attrs::inflicted_damage_change(attacking, k));
}

}  // namespace
}  // namespace bc::ygopro
