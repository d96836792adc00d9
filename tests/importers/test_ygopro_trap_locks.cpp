// A monster's lock on every Trap card's activation (Jinzo), read from either
// tree's script (importers/ygopro/ygopro_continuous.cpp, trap_activation_lock;
// docs/engines/ygopro.md "From script attributes to terms"): each attribute the
// reading looks at is pinned, and what is not such a lock stays unread.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_script_attrs.hpp"
#include "importers/ygopro/ygopro_terms.hpp"
#include "tests/importers/script_effects.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;
using namespace test;

/// Fluorohydride's shape: a field EFFECT_CANNOT_TRIGGER on Trap cards in both
/// players' hands and Spell & Trap Zones, its condition the script's switch.
json fluoro_lock() {
  json e = effect("EFFECT_TYPE_FIELD", "EFFECT_CANNOT_TRIGGER", "EFFECT_FLAG_SET_AVAILABLE");
  e["range"] = "LOCATION_MZONE";
  e["target_range_self"] = 10u;
  e["target_range_opponent"] = 10u;
  e["target_check"] = "c77585513.lua:63-65";
  e["target_check_uses"] = {":IsType", "TYPE_TRAP"};
  e["condition"] = "c77585513.lua:60-62";
  e["condition_uses"] = {":GetHandler", ":IsHasEffect", ":IsHasEffect(303660)"};
  return e;
}

/// EDOPro's shape: a field EFFECT_CANNOT_ACTIVATE on both players whose value names Traps.
json edo_lock() {
  json e = effect("EFFECT_TYPE_FIELD", "EFFECT_CANNOT_ACTIVATE", "EFFECT_FLAG_PLAYER_TARGET");
  e["target_range_self"] = 1u;
  e["target_range_opponent"] = 1u;
  e["value_function"] = "official/c77585513.lua:54-56";
  e["value_function_uses"] = {":GetHandler", ":IsTrap"};
  return e;
}

bool reads_trap_lock(const json& e, std::uint32_t type = kMonster) {
  const ScriptReading r = read_script_effect(e, type, "");
  return r.term && r.term->continuous.kind == ContinuousKind::NoTrapActivation &&
         r.term->activation == Activation::Continuous && r.term->card_type == CardType::Monster;
}

TEST(YgoproTrapLocks, JinzosLockIsReadFromEitherTree) {
  EXPECT_TRUE(reads_trap_lock(fluoro_lock()));
  EXPECT_TRUE(reads_trap_lock(edo_lock()));
  json closure = fluoro_lock();  // EDOPro's EFFECT_CANNOT_TRIGGER: aux.TargetBoolFunction(Card.IsTrap)
  closure["target_check"] = "utility.lua:82-84";
  closure["target_check_uses"] = {":IsTrap"};
  closure.erase("condition");
  closure.erase("condition_uses");
  EXPECT_TRUE(reads_trap_lock(closure));
}

TEST(YgoproTrapLocks, WhatIsNotATrapLockStaysUnread) {
  EXPECT_FALSE(reads_trap_lock(fluoro_lock(), kTrap));  // a Trap card's own: not a monster's lock
  json one_side = fluoro_lock();                        // the opponent's Traps only (the script's other branch)
  one_side["target_range_self"] = 0u;
  EXPECT_FALSE(reads_trap_lock(one_side));
  json spells = fluoro_lock();
  spells["target_check_uses"] = {":IsType", "TYPE_SPELL"};
  EXPECT_FALSE(reads_trap_lock(spells));
  json both_kinds = fluoro_lock();
  both_kinds["target_check_uses"] = {":IsType", "TYPE_SPELL", "TYPE_TRAP"};
  EXPECT_FALSE(reads_trap_lock(both_kinds));
  json unnamed = fluoro_lock();  // a target check whose names say nothing
  unnamed["target_check_uses"] = json::array();
  EXPECT_FALSE(reads_trap_lock(unnamed));
  json turn = fluoro_lock();  // a condition that reads more than the switch
  turn["condition_uses"] = {":GetHandler", "Duel.GetTurnPlayer"};
  EXPECT_FALSE(reads_trap_lock(turn));
  json edo_conditional = edo_lock();
  edo_conditional["condition"] = "c1.lua:3-5";
  EXPECT_FALSE(reads_trap_lock(edo_conditional));
  json edo_monsters = edo_lock();
  edo_monsters["value_function_uses"] = {":GetHandler", ":IsTrap", ":IsMonster"};
  EXPECT_FALSE(reads_trap_lock(edo_monsters));
  json edo_no_player = edo_lock();
  edo_no_player["property_flags"] = "";
  EXPECT_FALSE(reads_trap_lock(edo_no_player));
  json single = fluoro_lock();
  single["effect_type"] = "EFFECT_TYPE_SINGLE";
  EXPECT_FALSE(reads_trap_lock(single));
}

// A field EFFECT_DISABLE whose target is a closure over Card.IsTrap (EDOPro's
// Jinzo) negates Traps, not monsters' effects; with no name at all it may be either.
TEST(YgoproTrapLocks, AClosureOverIsTrapIsNoNegationOfMonsters) {
  json e = effect("EFFECT_TYPE_FIELD", "EFFECT_DISABLE");
  e["event_code_value"] = 2u;
  e["effect_type_value"] = 2u;
  e["target_check"] = "utility.lua:82-84";
  e["target_check_uses"] = {":IsTrap"};
  EXPECT_FALSE(script_attrs::negates_monster_effects(e));
  e["target_check_uses"] = json::array();
  EXPECT_TRUE(script_attrs::negates_monster_effects(e));
  e["target_check_uses"] = {":IsMonster"};
  EXPECT_TRUE(script_attrs::negates_monster_effects(e));
}

}  // namespace
}  // namespace bc::ygopro
