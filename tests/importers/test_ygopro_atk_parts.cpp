// ATK changes by printed Type or Attribute read from a monster's field
// EFFECT_UPDATE_ATTACK (importers/ygopro/ygopro_continuous.cpp, docs/engines/ygopro.md
// "From script attributes to terms"): Command Knight's Warriors, Nightmare
// Penguin's WATER monsters, Hoshiningen's LIGHT and DARK monsters on the whole
// field. Each attribute the reading needs is pinned by a shape it refuses.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_script_attrs.hpp"
#include "importers/ygopro/ygopro_terms.hpp"
#include "tests/importers/script_effects.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;
using namespace test;

/// An EFFECT_UPDATE_ATTACK of `type` from the Monster Zone (counts as the cards file's parser gives them: unsigned).
json atk_effect(const char* type) {
  return json{{"effect_type", type}, {"event_code", "EFFECT_UPDATE_ATTACK"}, {"range", "LOCATION_MZONE"}, {"range_value", 4u}};
}

json field_atk(int value, json uses, unsigned self = 4, unsigned opponent = 0) {
  json e = atk_effect("EFFECT_TYPE_FIELD");
  e["target_check"] = "utility.lua:456-458";
  e["target_check_uses"] = std::move(uses);
  e["target_range_self"] = self;
  e["target_range_opponent"] = opponent;
  e["value"] = value;
  return e;
}

ContinuousSpec part(const json& e) {
  const ScriptReading r = read_script_effect(e, kMonster, "");
  return r.term ? r.term->continuous : ContinuousSpec{};
}

TEST(YgoproAtkParts, ATypesChangeForItsControllersMonsters) {
  const ContinuousSpec knight = part(field_atk(400, {":IsRace", "RACE_WARRIOR"}));
  EXPECT_EQ(knight.kind, ContinuousKind::TypeAtkModifier);
  EXPECT_EQ(knight.of, static_cast<std::uint8_t>(MonsterType::Warrior));
  EXPECT_EQ(knight.amount, 400);
  EXPECT_FALSE(knight.all_monsters);
  // Each tree's spelling of a Type: Fluorohydride's RACE_WINDBEAST, EDOPro's RACE_WINGEDBEAST.
  EXPECT_EQ(part(field_atk(300, {":IsRace", "RACE_WINDBEAST"})).of, static_cast<std::uint8_t>(MonsterType::WingedBeast));
  EXPECT_EQ(part(field_atk(300, {":IsRace", "RACE_WINGEDBEAST"})).of, static_cast<std::uint8_t>(MonsterType::WingedBeast));
}

TEST(YgoproAtkParts, AnAttributesChangeOnEveryMonsterMayBeALoss) {
  const ContinuousSpec penguin = part(field_atk(200, {":IsAttribute", "ATTRIBUTE_WATER"}));
  EXPECT_EQ(penguin.kind, ContinuousKind::AttributeAtkModifier);
  EXPECT_EQ(penguin.of, static_cast<std::uint8_t>(MonsterAttribute::Water));
  const ContinuousSpec dark = part(field_atk(-400, {":IsAttribute", "ATTRIBUTE_DARK"}, 4, 4));
  EXPECT_EQ(dark.kind, ContinuousKind::AttributeAtkModifier);
  EXPECT_EQ(dark.amount, -400);
  EXPECT_TRUE(dark.all_monsters);
}

TEST(YgoproAtkParts, OtherShapesAreNotRead) {
  const auto unread = [](const json& e) { return part(e).kind == ContinuousKind::None; };
  EXPECT_TRUE(unread(field_atk(400, {":IsRace", "RACE_WARRIOR", ":IsFaceup"})));      // a check naming more
  EXPECT_TRUE(unread(field_atk(400, {":IsRace", "RACE_WARRIOR", "RACE_DRAGON"})));    // two Types
  EXPECT_TRUE(unread(field_atk(400, {":IsAttribute", "RACE_WARRIOR"})));              // method and name disagree
  EXPECT_TRUE(unread(field_atk(400, {":IsRace", "RACE_WARRIOR"}, 0, 4)));             // the opponent's alone
  EXPECT_TRUE(unread(field_atk(450, {":IsRace", "RACE_WARRIOR"})));                   // off the grid
  json conditioned = field_atk(400, {":IsRace", "RACE_WARRIOR"});
  conditioned["condition"] = "c1.lua:1-2";
  EXPECT_TRUE(unread(conditioned));
  json no_range = field_atk(400, {":IsRace", "RACE_WARRIOR"});
  no_range.erase("target_range_self");
  EXPECT_TRUE(unread(no_range));  // an older cards file: not read
  json single = field_atk(400, {":IsRace", "RACE_WARRIOR"});
  single["effect_type"] = "EFFECT_TYPE_SINGLE";
  EXPECT_TRUE(unread(single));
}

// Penumbral Soldier Lady: +1000 ATK on itself in the Damage Step while it
// battles a face-up LIGHT monster (its condition asks only the phase, the
// battle target, its face and Attribute).
json lady(json uses) {
  json e = atk_effect("EFFECT_TYPE_SINGLE");
  e["property_flags"] = "EFFECT_FLAG_SINGLE_RANGE";
  e["condition"] = "c64751286.lua:12-18";
  e["condition_uses"] = std::move(uses);
  e["value"] = 1000;
  return e;
}

TEST(YgoproAtkParts, ADamageStepChangeAgainstAnAttributeIsABattleModifier) {
  const json uses = {":GetBattleTarget", ":GetHandler", ":IsAttribute", ":IsFaceup", ":IsRelateToBattle",
                     "ATTRIBUTE_LIGHT", "Duel.GetCurrentPhase", "PHASE_DAMAGE", "PHASE_DAMAGE_CAL"};
  const ScriptReading r = read_script_effect(lady(uses), 0x21, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(continuous_text(r.term->continuous), "damage_step_atk_modifier 1000 vs light");
  // Damage calculation only.
  json calc = uses;
  calc.erase(std::find(calc.begin(), calc.end(), "PHASE_DAMAGE"));
  EXPECT_EQ(continuous_text(read_script_effect(lady(calc), 0x21, "").term->continuous), "calc_atk_modifier 1000 vs light");
  // A Type instead.
  const json warrior = {":GetBattleTarget", ":IsRace", "RACE_WARRIOR", "Duel.GetCurrentPhase", "PHASE_DAMAGE"};
  EXPECT_EQ(continuous_text(read_script_effect(lady(warrior), 0x21, "").term->continuous),
            "damage_step_atk_modifier 1000 vs warrior");
  // A condition asking more (whether it attacks), or no battle target, or no phase: not read.
  for (const char* extra : {"Duel.GetAttacker"}) {
    json more = uses;
    more.push_back(extra);
    const ScriptReading m = read_script_effect(lady(more), 0x21, "");
    EXPECT_FALSE(m.term && m.term->continuous.kind == ContinuousKind::DamageStepAtkModifier);
  }
  for (const char* missing : {":GetBattleTarget", "PHASE_DAMAGE"}) {
    json less = uses;
    less.erase(std::find(less.begin(), less.end(), missing));
    if (std::string(missing) == "PHASE_DAMAGE") less.erase(std::find(less.begin(), less.end(), "PHASE_DAMAGE_CAL"));
    const ScriptReading m = read_script_effect(lady(less), 0x21, "");
    EXPECT_FALSE(m.term && is_battle_atk_modifier(m.term->continuous.kind)) << missing;
  }
}

// Rocket Warrior: after damage calculation, if it attacked a monster, that
// monster loses ATK. The condition compares the host with the attacker; the
// operation fetches the attack target only. Fetching the attacker too (the
// host's own change is then possible) keeps the battling-monster reading.
TEST(YgoproAtkParts, ATriggerOfTheAttackerThatFetchesTheAttackTargetChangesIt) {
  json rocket = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"effect_type_value", 513u},
                 {"event_code", "EVENT_BATTLED"}, {"event_code_value", 1138u},
                 {"category", "CATEGORY_ATKCHANGE"}, {"category_value", 2097152u},
                 {"condition", "c30860696.lua:29-31"},
                 {"condition_uses", {":GetHandler", "Duel.GetAttackTarget", "Duel.GetAttacker"}},
                 {"operation", "c30860696.lua:32-41"},
                 {"operation_uses", {":GetHandler", ":IsRelateToBattle", ":RegisterEffect", "Duel.GetAttackTarget",
                                     "EFFECT_UPDATE_ATTACK", "PHASE_END", "RESET_PHASE"}}};
  const ScriptReading r = read_script_effect(rocket, kMonster, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 1);
  EXPECT_EQ(r.term->ops[0].code, OpCode::ChangeAtk);
  EXPECT_EQ(r.term->ops[0].object, Object::AttackTarget);
  EXPECT_EQ(r.term->ops[0].duration, Duration::Turn);
  EXPECT_EQ(r.term->conditions & (kCondHostAttacking | kCondOwnBattling), kCondHostAttacking);
  rocket["operation_uses"].push_back("Duel.GetAttacker");
  const ScriptReading own = read_script_effect(rocket, kMonster, "");
  ASSERT_TRUE(own.term.has_value());
  EXPECT_EQ(own.term->ops[0].object, Object::OwnBattler);
  EXPECT_EQ(own.term->conditions & kCondHostAttacking, 0);
}

// Slate Warrior (batch 16): its mandatory trigger on its own destruction by
// battle fetches the attacker and the attack target, and lowers the one that
// is not itself: the monster that destroyed it, with no battling condition (it
// has left), for the turn when reset only as it leaves the field. Fetching one
// of them only keeps the battling-monster reading.
TEST(YgoproAtkParts, ATriggerOnBeingDestroyedByBattleChangesTheDestroyer) {
  json slate = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"effect_type_value", 513u},
                {"event_code", "EVENT_BATTLE_DESTROYED"}, {"event_code_value", 1140u},
                {"category", "CATEGORY_ATKCHANGE|CATEGORY_DEFCHANGE"}, {"category_value", 6291456u},
                {"operation", "c78636495.lua:30-44"},
                {"operation_uses", {":GetHandler", ":IsRelateToBattle", ":RegisterEffect", "Duel.GetAttackTarget",
                                    "Duel.GetAttacker", "EFFECT_UPDATE_ATTACK", "RESETS_STANDARD", "RESET_EVENT"}}};
  const ScriptReading r = read_script_effect(slate, kMonster, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 1);
  EXPECT_EQ(r.term->ops[0].code, OpCode::ChangeAtk);
  EXPECT_EQ(r.term->ops[0].object, Object::OpponentBattler);
  EXPECT_EQ(r.term->ops[0].duration, Duration::Turn);
  EXPECT_EQ(r.term->conditions & kCondOwnBattling, 0);
  slate["operation_uses"] = {":GetHandler", ":RegisterEffect", "Duel.GetAttacker", "EFFECT_UPDATE_ATTACK"};
  const ScriptReading own = read_script_effect(slate, kMonster, "");
  ASSERT_TRUE(own.term.has_value());
  EXPECT_EQ(own.term->ops[0].object, Object::OwnBattler);
}

// Gyaku-Gire Panda (a value function) and Blade Knight (a condition on the hand):
// a monster's own EFFECT_UPDATE_ATTACK that no term reads; its ATK is then taken
// from the stream (EngineCard::open_own_atk). A field effect, a literal change
// with no condition, and one outside the Monster Zone are not such a part.
TEST(YgoproAtkParts, AnOwnAtkChangeNoTermReadsIsNamed) {
  json panda = atk_effect("EFFECT_TYPE_SINGLE");
  panda["effect_type_value"] = 1u;
  panda["value_function"] = "c9817927.lua:17-19";
  EXPECT_FALSE(read_script_effect(panda, kMonster, "").term.has_value());
  EXPECT_TRUE(script_attrs::own_atk_unread(panda));
  json knight = atk_effect("EFFECT_TYPE_SINGLE");
  knight["value"] = 400u;
  knight["condition"] = "c39507162.lua:21-23";
  knight["condition_uses"] = {":GetHandlerPlayer", "Duel.GetFieldGroupCount", "LOCATION_HAND"};
  EXPECT_TRUE(script_attrs::own_atk_unread(knight));
  json plain = atk_effect("EFFECT_TYPE_SINGLE");
  plain["value"] = 400u;
  EXPECT_FALSE(script_attrs::own_atk_unread(plain));
  json field = knight;
  field["effect_type"] = "EFFECT_TYPE_FIELD";
  EXPECT_FALSE(script_attrs::own_atk_unread(field));
  json hand = knight;
  hand["range"] = "LOCATION_HAND";
  hand["range_value"] = 2u;
  EXPECT_FALSE(script_attrs::own_atk_unread(hand));
}

// Exarion Universe: a quick effect whose operation registers on itself, for
// the turn, EFFECT_UPDATE_ATTACK -400 and EFFECT_PIERCE. The piercing reads as
// grant_piercing self; the ATK change beside it stays open (learnt from the
// stream), before it. Reset at the end of the Damage Step, the piercing is not read.
TEST(YgoproAtkParts, APiercingRegisteredForTheTurnIsGranted) {
  json exarion = {{"effect_type", "EFFECT_TYPE_QUICK_O"}, {"effect_type_value", 256u}, {"event_code", "EVENT_FREE_CHAIN"},
                  {"event_code_value", 1002u}, {"range", "LOCATION_MZONE"}, {"range_value", 4u},
                  {"operation", "c63749102.lua:18-31"},
                  {"operation_uses", {":Clone", ":GetHandler", ":RegisterEffect", "EFFECT_PIERCE", "EFFECT_UPDATE_ATTACK",
                                      "PHASE_END", "RESET_EVENT", "RESET_PHASE", "RESETS_STANDARD"}}};
  const ScriptReading r = read_script_effect(exarion, kMonster, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 2);
  EXPECT_EQ(r.term->ops[0].code, OpCode::Opaque);
  EXPECT_EQ(r.term->ops[1].code, OpCode::GrantPiercing);
  EXPECT_EQ(r.term->ops[1].object, Object::Self);
  EXPECT_TRUE(r.open_outcome);
  exarion["operation_uses"] = {":GetHandler", ":RegisterEffect", "EFFECT_PIERCE", "PHASE_DAMAGE", "RESET_PHASE"};
  EXPECT_FALSE(read_script_effect(exarion, kMonster, "").term->has_op(OpCode::GrantPiercing));
}

// Half Shut (batch 15): a targeted ATK change whose operation also registers
// EFFECT_INDESTRUCTABLE_BATTLE on the target for the turn reads as
// indestructible_by_battle target after the change. Reset at the end of the
// Damage Step, or beside EFFECT_AVOID_BATTLE_DAMAGE (no_battle_damage's flag), it is not.
TEST(YgoproAtkParts, AProtectionRegisteredForTheTurnKeepsTheTargetFromBattle) {
  json half_shut = {{"effect_type", "EFFECT_TYPE_ACTIVATE"}, {"effect_type_value", 16u}, {"event_code", "EVENT_FREE_CHAIN"},
                    {"event_code_value", 1002u}, {"category", "CATEGORY_ATKCHANGE"}, {"category_value", 2097152u},
                    {"property_flags", "EFFECT_FLAG_CARD_TARGET|EFFECT_FLAG_DAMAGE_STEP"}, {"property_flags_value", 16400u},
                    {"operation", "c73048641.lua:21-38"},
                    {"operation_uses", {":GetAttack", ":RegisterEffect", "Duel.GetFirstTarget", "EFFECT_INDESTRUCTABLE_BATTLE",
                                        "EFFECT_SET_ATTACK_FINAL", "PHASE_END", "RESET_EVENT", "RESET_PHASE", "RESETS_STANDARD"}}};
  const ScriptReading r = read_script_effect(half_shut, kQuickPlay, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 2);
  EXPECT_EQ(r.term->ops[0].code, OpCode::ChangeAtk);
  EXPECT_EQ(r.term->ops[1].code, OpCode::IndestructibleByBattle);
  EXPECT_EQ(r.term->ops[1].object, Object::Target);
  EXPECT_EQ(r.term->ops[1].duration, Duration::Turn);
  json battle_only = half_shut;
  battle_only["operation_uses"] = {":RegisterEffect", "Duel.GetFirstTarget", "EFFECT_INDESTRUCTABLE_BATTLE",
                                   "EFFECT_SET_ATTACK_FINAL", "PHASE_DAMAGE", "RESET_PHASE"};
  EXPECT_FALSE(read_script_effect(battle_only, kQuickPlay, "").term->has_op(OpCode::IndestructibleByBattle));
  json waboku = half_shut;
  waboku["operation_uses"].push_back("EFFECT_AVOID_BATTLE_DAMAGE");
  EXPECT_FALSE(read_script_effect(waboku, kQuickPlay, "").term->has_op(OpCode::IndestructibleByBattle));
}

// Half Unbreak (batch 16): beside the protection, its operation registers on
// the target a halving of its owner's battle damage in the target's battles
// (Fluorohydride: EFFECT_CHANGE_INVOLVING_BATTLE_DAMAGE; EDOPro:
// EFFECT_CHANGE_BATTLE_DAMAGE on the card), aux.ChangeBattleDamage(0,HALF_DAMAGE):
// halve_damage_involving target. For player 1 (the opponent's damage), or
// registered on the player, it is not read so.
TEST(YgoproAtkParts, AHalvingOfTheOwnersDamageInTheTargetsBattles) {
  json unbreak = {{"effect_type", "EFFECT_TYPE_ACTIVATE"}, {"effect_type_value", 16u}, {"event_code", "EVENT_FREE_CHAIN"},
                  {"event_code_value", 1002u}, {"property_flags", "EFFECT_FLAG_CARD_TARGET"}, {"property_flags_value", 16u},
                  {"operation", "c981540.lua:17-34"},
                  {"operation_uses", {":RegisterEffect", "Duel.GetFirstTarget", "EFFECT_CHANGE_INVOLVING_BATTLE_DAMAGE",
                                      "EFFECT_INDESTRUCTABLE_BATTLE", "HALF_DAMAGE", "PHASE_END", "RESET_PHASE",
                                      "aux.ChangeBattleDamage", "aux.ChangeBattleDamage(0)"}}};
  const ScriptReading r = read_script_effect(unbreak, kTrap, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 2);
  EXPECT_EQ(r.term->ops[0].code, OpCode::IndestructibleByBattle);
  EXPECT_EQ(r.term->ops[1].code, OpCode::HalveDamageInvolving);
  EXPECT_EQ(r.term->ops[1].object, Object::Target);
  json edo = unbreak;
  edo["operation_uses"] = {":RegisterEffect", "Duel.GetFirstTarget", "EFFECT_CHANGE_BATTLE_DAMAGE", "HALF_DAMAGE",
                           "RESETS_STANDARD_PHASE_END", "aux.ChangeBattleDamage(0)"};
  EXPECT_TRUE(read_script_effect(edo, kTrap, "").term->has_op(OpCode::HalveDamageInvolving));
  json opponents = edo;
  opponents["operation_uses"] = {":RegisterEffect", "Duel.GetFirstTarget", "EFFECT_CHANGE_BATTLE_DAMAGE", "HALF_DAMAGE",
                                 "RESETS_STANDARD_PHASE_END", "aux.ChangeBattleDamage(1)"};
  EXPECT_FALSE(read_script_effect(opponents, kTrap, "").term->has_op(OpCode::HalveDamageInvolving));
  json player = edo;
  player["operation_uses"].push_back("Duel.RegisterEffect");
  EXPECT_FALSE(read_script_effect(player, kTrap, "").term->has_op(OpCode::HalveDamageInvolving));
}

// Rainbow Life: EFFECT_REVERSE_DAMAGE registered on its own player for the
// turn is reverse_damage you; on both players (1,1), the opponent (0,1), or
// without an End Phase reset, not read.
TEST(YgoproAtkParts, ARainbowLifeReversalIsRead) {
  json rainbow = {{"effect_type", "EFFECT_TYPE_ACTIVATE"}, {"effect_type_value", 16u}, {"event_code", "EVENT_FREE_CHAIN"},
                  {"event_code_value", 1002u}, {"operation", "c34002992.lua:15-25"},
                  {"operation_uses", {"Duel.RegisterEffect", "EFFECT_REVERSE_DAMAGE", ":SetTargetRange(1,0)", "PHASE_END",
                                      "RESET_PHASE", "EFFECT_FLAG_PLAYER_TARGET"}}};
  const ScriptReading r = read_script_effect(rainbow, kTrap, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 1);
  EXPECT_EQ(r.term->ops[0].code, OpCode::ReverseDamage);
  EXPECT_EQ(r.term->ops[0].object, Object::You);
  EXPECT_EQ(r.term->ops[0].duration, Duration::Turn);
  for (const char* range : {":SetTargetRange(1,1)", ":SetTargetRange(0,1)"}) {
    json other = rainbow;
    other["operation_uses"][2] = range;
    EXPECT_FALSE(read_script_effect(other, kTrap, "").term->has_op(OpCode::ReverseDamage)) << range;
  }
  json battle = rainbow;
  battle["operation_uses"] = {"Duel.RegisterEffect", "EFFECT_REVERSE_DAMAGE", ":SetTargetRange(1,0)", "PHASE_DAMAGE", "RESET_PHASE"};
  EXPECT_FALSE(read_script_effect(battle, kTrap, "").term->has_op(OpCode::ReverseDamage));
}

// Rocket Jumper: EFFECT_DIRECT_ATTACK on itself under a condition reads as
// may_attack_directly with a hidden condition (a withheld direct attack is not
// checked); without one, Jinzo #7's, nothing is hidden.
TEST(YgoproAtkParts, AConditionedDirectAttackIsAHiddenCondition) {
  json rocket = {{"effect_type", "EFFECT_TYPE_SINGLE"}, {"effect_type_value", 1u}, {"event_code", "EFFECT_DIRECT_ATTACK"},
                 {"event_code_value", 74u}, {"condition", "c53890795.lua:10-14"},
                 {"condition_uses", {":GetControler", ":GetHandler", "Card.IsAttackPos", "Duel.GetFieldGroupCount"}}};
  const ScriptReading r = read_script_effect(rocket, kMonster, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(r.term->continuous.kind, ContinuousKind::MayAttackDirectly);
  EXPECT_TRUE(r.hidden_condition);
  rocket.erase("condition");
  rocket.erase("condition_uses");
  EXPECT_FALSE(read_script_effect(rocket, kMonster, "").hidden_condition);
  json field = rocket;
  field["effect_type"] = "EFFECT_TYPE_FIELD";
  field["effect_type_value"] = 2u;
  EXPECT_FALSE(read_script_effect(field, kMonster, "").term.has_value());
}

// Cross Counter (batch 18): its operation registers on the attack target a doubling of the
// opponent's battle damage for this battle (EFFECT_CHANGE_BATTLE_DAMAGE with
// aux.ChangeBattleDamage(1,DOUBLE_DAMAGE), reset with the Damage Step), and on the player a
// continuous Duel.Destroy of the attacker: on EVENT_BATTLED (Fluorohydride) after damage
// calculation, on EVENT_DAMAGE_STEP_END (EDOPro) at the end of the Damage Step.
TEST(YgoproAtkParts, ADoublingAndADestructionForThisBattle) {
  json fluoro = {{"effect_type", "EFFECT_TYPE_ACTIVATE"}, {"effect_type_value", 16u}, {"event_code", "EVENT_FREE_CHAIN"},
                 {"event_code_value", 1002u}, {"property_flags", "EFFECT_FLAG_DAMAGE_STEP"}, {"property_flags_value", 16384u},
                 {"operation", "c37083210.lua:19-36"},
                 {"operation_uses", {":RegisterEffect", "DOUBLE_DAMAGE", "Duel.Destroy", "Duel.GetAttackTarget", "Duel.GetAttacker",
                                     "Duel.RegisterEffect", "EFFECT_CHANGE_BATTLE_DAMAGE", "EFFECT_TYPE_CONTINUOUS",
                                     "EVENT_BATTLED", "PHASE_DAMAGE", "RESET_PHASE", "aux.ChangeBattleDamage(1)"}}};
  const ScriptReading r = read_script_effect(fluoro, kTrap, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 2);
  EXPECT_EQ(r.term->ops[0].code, OpCode::DoubleDamageInvolving);
  EXPECT_EQ(r.term->ops[0].object, Object::AttackTarget);
  EXPECT_EQ(r.term->ops[1].code, OpCode::DestroyAfterCalculation);
  EXPECT_EQ(r.term->ops[1].object, Object::Attacker);
  EXPECT_FALSE(r.term->ops[1].flag);
  json edo = fluoro;
  edo["operation_uses"] = {":RegisterEffect", "DOUBLE_DAMAGE", "Duel.Destroy", "Duel.GetAttackTarget", "Duel.GetAttacker",
                           "Duel.RegisterEffect", "EFFECT_CHANGE_BATTLE_DAMAGE", "EFFECT_TYPE_CONTINUOUS",
                           "EVENT_DAMAGE_STEP_END", "PHASE_DAMAGE", "RESET_PHASE", "aux.ChangeBattleDamage(1)"};
  const ScriptReading e = read_script_effect(edo, kTrap, "");
  ASSERT_TRUE(e.term && e.term->has_op(OpCode::DestroyAfterCalculation));
  EXPECT_TRUE(e.term->find_op(OpCode::DestroyAfterCalculation)->flag);
  // The owner's own damage (player 0), a doubling for the turn, or a destruction with no battle event: not read so.
  for (const char* from : {"aux.ChangeBattleDamage(1)", "PHASE_DAMAGE", "EVENT_BATTLED"}) {
    json off = fluoro;
    for (auto& u : off["operation_uses"])
      if (u == from) u = std::string(from) == "aux.ChangeBattleDamage(1)" ? "aux.ChangeBattleDamage(0)"
                         : std::string(from) == "PHASE_DAMAGE"            ? "PHASE_END"
                                                                          : "EVENT_CHAIN_END";
    const ScriptReading o = read_script_effect(off, kTrap, "");
    ASSERT_TRUE(o.term.has_value());
    if (std::string(from) == "EVENT_BATTLED") EXPECT_FALSE(o.term->has_op(OpCode::DestroyAfterCalculation)) << from;
    else EXPECT_FALSE(o.term->has_op(OpCode::DoubleDamageInvolving)) << from;
  }
}

// 8-Claws Scorpion and Sanga of the Thunder (batch 20): a change at damage calculation whose
// operation registers EFFECT_SET_ATTACK_FINAL with a literal value is set_atk to that value: on
// its host (the Scorpion's 2400), or on the attacker where the target function fetches it and the
// condition makes the host the attack target (Sanga's 0). With EFFECT_UPDATE_ATTACK beside, or a
// computed value, it is not.
TEST(YgoproAtkParts, AnAtkSetToALiteralValueAtDamageCalculation) {
  json scorpion = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"effect_type_value", 513u},
                   {"event_code", "EVENT_PRE_DAMAGE_CALCULATE"}, {"event_code_value", 1134u},
                   {"category", "CATEGORY_ATKCHANGE"}, {"category_value", 2097152u},
                   {"condition", "c14261867.lua:30-34"},
                   {"condition_uses", {":GetBattlePosition", ":GetBattleTarget", ":GetHandler", "Duel.GetAttacker"}},
                   {"operation", "c14261867.lua:35-45"},
                   {"operation_uses", {":GetHandler", ":RegisterEffect", ":SetValue(2400)", "EFFECT_SET_ATTACK_FINAL",
                                       "PHASE_DAMAGE_CAL", "RESET_PHASE", "SetValue(2400)"}}};
  const ScriptReading r = read_script_effect(scorpion, kMonster, "");
  ASSERT_TRUE(r.term.has_value());
  ASSERT_EQ(r.term->op_count, 1);
  EXPECT_EQ(r.term->ops[0].code, OpCode::SetAtk);
  EXPECT_EQ(r.term->ops[0].amount, 2400);
  EXPECT_EQ(r.term->ops[0].object, Object::OwnBattler);
  json sanga = {{"effect_type", "EFFECT_TYPE_QUICK_O"}, {"effect_type_value", 256u}, {"range", "LOCATION_MZONE"},
                {"range_value", 4u}, {"event_code", "EVENT_PRE_DAMAGE_CALCULATE"}, {"event_code_value", 1134u},
                {"category", "CATEGORY_ATKCHANGE"}, {"category_value", 2097152u},
                {"condition", "c25955164.lua:17-19"},
                {"condition_uses", {":GetHandler", "Duel.GetAttackTarget", "Duel.GetTurnPlayer"}},
                {"target_check", "c25955164.lua:20-23"},
                {"target_check_uses", {":IsCanBeEffectTarget", "Duel.GetAttacker", "Duel.SetTargetCard"}},
                {"operation", "c25955164.lua:24-33"},
                {"operation_uses", {":RegisterEffect", ":SetValue(0)", "Duel.GetFirstTarget", "EFFECT_SET_ATTACK_FINAL",
                                    "PHASE_DAMAGE_CAL", "RESET_PHASE", "SetValue(0)"}}};
  const ScriptReading s = read_script_effect(sanga, kMonster, "");
  ASSERT_TRUE(s.term.has_value());
  ASSERT_EQ(s.term->op_count, 1);
  EXPECT_EQ(s.term->ops[0].code, OpCode::SetAtk);
  EXPECT_EQ(s.term->ops[0].amount, 0);
  EXPECT_EQ(s.term->ops[0].object, Object::Attacker);
  EXPECT_FALSE(s.computed_amount);
  json own = sanga;  // no attacker fetched: its own ATK
  own["target_check_uses"] = {":IsCanBeEffectTarget", "Duel.SetTargetCard"};
  EXPECT_EQ(read_script_effect(own, kMonster, "").term->ops[0].object, Object::OwnBattler);
  json raised = scorpion;
  raised["operation_uses"] = {":RegisterEffect", ":SetValue(2400)", "EFFECT_UPDATE_ATTACK", "RESET_PHASE", "SetValue(2400)"};
  EXPECT_EQ(read_script_effect(raised, kMonster, "").term->ops[0].code, OpCode::ChangeAtk);
  json computed = scorpion;
  computed["operation_uses"] = {":GetAttack", ":RegisterEffect", "EFFECT_SET_ATTACK_FINAL", "RESET_PHASE"};
  EXPECT_EQ(read_script_effect(computed, kMonster, "").term->ops[0].code, OpCode::ChangeAtk);
}

}  // namespace
}  // namespace bc::ygopro
