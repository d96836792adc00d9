// The mapping from script attributes to terms (importers/ygopro/ygopro_terms.cpp,
// docs/engines/ygopro.md "From script attributes to terms"): every attribute
// the mapping reads is pinned here, so that reading one wrongly fails a test.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_script_attrs.hpp"
#include "importers/ygopro/ygopro_terms.hpp"
#include "tests/importers/script_effects.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;
using namespace test;


TEST(YgoproMapping, MandatoryAndOptionalTriggersAreTold) {
  EXPECT_TRUE(read(effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_DESTROYED")).mandatory);
  EXPECT_FALSE(read(effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_O", "EVENT_BATTLE_DESTROYED")).mandatory);
  const EffectTerm flip = read(effect("EFFECT_TYPE_FLIP", "EVENT_FLIP"));
  EXPECT_TRUE(flip.mandatory);
  EXPECT_EQ(flip.trigger, TriggerEvent::Flipped);
  // By value alone, as a file without names gives them.
  const json by_value = json::parse(R"({"effect_type_value": 513, "event_code_value": 1140})");
  EXPECT_TRUE(read(by_value).mandatory);
  EXPECT_EQ(read(by_value).trigger, TriggerEvent::DestroyedByBattle);
}

TEST(YgoproMapping, TriggerEventsByCode) {
  const std::pair<const char*, TriggerEvent> cases[] = {
      {"EVENT_BATTLE_DAMAGE", TriggerEvent::InflictsBattleDamage}, {"EVENT_BATTLED", TriggerEvent::Battled},
      {"EVENT_BATTLE_DESTROYING", TriggerEvent::DestroyedOpponentByBattle},
      {"EVENT_TO_GRAVE", TriggerEvent::SentToGraveyard}, {"EVENT_SPSUMMON_SUCCESS", TriggerEvent::SpecialSummoned},
      {"EVENT_FLIP_SUMMON_SUCCESS", TriggerEvent::FlipSummoned},
      {"EVENT_BE_BATTLE_TARGET", TriggerEvent::TargetedForAttack},
      {"EVENT_DAMAGE_STEP_END", TriggerEvent::EndOfDamageStep},
      {"EVENT_PHASE+PHASE_BATTLE", TriggerEvent::EndOfBattlePhase}};
  for (const auto& [code, event] : cases)
    EXPECT_EQ(read(effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_O", code)).trigger, event) << code;
}

TEST(YgoproMapping, QuickEffectFromTheHandAtDamageCalculation) {
  json e = effect("EFFECT_TYPE_QUICK_O", "EVENT_PRE_DAMAGE_CALCULATE");
  e["range"] = "LOCATION_HAND";
  const EffectTerm t = read(e);
  EXPECT_TRUE(t.from_hand);
  EXPECT_EQ(t.window, Window::DamageCalculation);
  EXPECT_EQ(t.timings, bit(Timing::DamageCalculation));  // a battle event: no flag needed (effect::is_activateable)
  json field = e;
  field["range"] = "LOCATION_MZONE";
  EXPECT_FALSE(read(field).from_hand);
}

TEST(YgoproMapping, BattleEventCodesGiveTheirTiming) {
  EXPECT_EQ(read(effect("EFFECT_TYPE_QUICK_O", "EVENT_BATTLE_START")).timings, bit(Timing::StartOfDamageStep));
  EXPECT_EQ(read(effect("EFFECT_TYPE_QUICK_O", "EVENT_BATTLE_CONFIRM")).timings,
            bit(Timing::BeforeDamageCalculation));
  EXPECT_EQ(read(effect("EFFECT_TYPE_QUICK_O", "EVENT_BATTLED")).timings, bit(Timing::AfterDamageCalculation));
  EXPECT_EQ(read(effect("EFFECT_TYPE_ACTIVATE", "EVENT_ATTACK_ANNOUNCE"), kTrap).window, Window::AttackDeclared);
}

TEST(YgoproMapping, DamageStepFlagsDecideTheEngineTimings) {
  const TimingMask none = read(effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN"), kQuickPlay).timings;
  EXPECT_FALSE(none & bit(Timing::StartOfDamageStep));
  EXPECT_TRUE(none & bit(Timing::BattleStep));
  const TimingMask step =
      read(effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_DAMAGE_STEP"), kQuickPlay).timings;
  EXPECT_TRUE(step & bit(Timing::BeforeDamageCalculation));
  EXPECT_FALSE(step & bit(Timing::DamageCalculation));
  const TimingMask cal = read(effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN",
                                     "EFFECT_FLAG_DAMAGE_STEP|EFFECT_FLAG_DAMAGE_CAL"), kQuickPlay).timings;
  EXPECT_TRUE(cal & bit(Timing::DamageCalculation));
  // A Counter Trap needs no flag (TYPE_COUNTER in effect::is_activateable).
  const EffectTerm counter = read(effect("EFFECT_TYPE_ACTIVATE", "EVENT_CHAINING"), kCounterTrap);
  EXPECT_EQ(counter.activation, Activation::Counter);
  EXPECT_TRUE(counter.timings & bit(Timing::DamageCalculation));
}

TEST(YgoproMapping, CategoriesTargetsAndAmounts) {
  json lily = effect("EFFECT_TYPE_QUICK_O", "EVENT_PRE_DAMAGE_CALCULATE");
  lily["category"] = "CATEGORY_ATKCHANGE";
  lily["operation"] = "c79575620.lua:20-30";
  lily["operation_uses"] = {":RegisterEffect", ":SetCode", ":SetValue", "EFFECT_UPDATE_ATTACK", "SetValue(3000)"};
  const EffectTerm t = read(lily);
  ASSERT_EQ(t.op_count, 1);
  EXPECT_EQ(t.ops[0].code, OpCode::ChangeAtk);
  EXPECT_EQ(t.ops[0].amount, 3000);
  EXPECT_EQ(read(lily, kMonster, "ATK+500").ops[0].amount, 500);  // the prose wins when it names one
  json moon = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET");
  moon["category"] = "CATEGORY_POSITION";
  const EffectTerm m = read(moon, kQuickPlay);
  EXPECT_EQ(m.ops[0].code, OpCode::ChangePosition);
  EXPECT_EQ(m.target.kind, TargetKind::Monster);
  json negate = effect("EFFECT_TYPE_ACTIVATE", "EVENT_CHAINING");
  negate["category"] = "CATEGORY_NEGATE|CATEGORY_DESTROY";
  const EffectTerm n = read(negate, kCounterTrap);
  EXPECT_EQ(n.ops[0].code, OpCode::NegateActivation);
  EXPECT_TRUE(n.ops[0].flag);
}

TEST(YgoproMapping, OperationsReadFromTheSourceWhenNoCategorySaysIt) {
  json kuriboh = effect("EFFECT_TYPE_QUICK_O", "EVENT_PRE_DAMAGE_CALCULATE");
  kuriboh["operation"] = "c40640057.lua:21-29";
  kuriboh["operation_uses"] = {":SetCode", "Duel.RegisterEffect", "EFFECT_AVOID_BATTLE_DAMAGE", "EFFECT_TYPE_FIELD"};
  kuriboh["condition"] = "return Duel.GetBattleDamage(tp)>0";
  const ScriptReading k = read_script_effect(kuriboh, kMonster, "");
  ASSERT_TRUE(k.term);
  EXPECT_EQ(k.term->ops[0].code, OpCode::NoBattleDamage);
  EXPECT_FALSE(k.open_outcome);
  EXPECT_TRUE(k.hidden_condition);
  json negate_attack = effect("EFFECT_TYPE_ACTIVATE", "EVENT_ATTACK_ANNOUNCE");
  negate_attack["operation_uses"] = {"Duel.GetAttacker", "Duel.NegateAttack", "Duel.SkipPhase", "PHASE_BATTLE",
                                     "PHASE_BATTLE_STEP", "RESET_PHASE"};
  const EffectTerm na = read(negate_attack, kTrap);
  ASSERT_EQ(na.op_count, 2);
  EXPECT_EQ(na.ops[0].code, OpCode::NegateAttack);
  EXPECT_EQ(na.ops[1].code, OpCode::EndBattlePhase);
  json plain = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN");
  plain["operation_uses"] = {"Duel.Draw", "REASON_EFFECT"};
  const ScriptReading p = read_script_effect(plain, kQuickPlay, "");
  EXPECT_EQ(p.term->ops[0].code, OpCode::Opaque);  // nothing guessed
  EXPECT_TRUE(p.open_outcome);
}

// A card whose player chooses one of its effects as it is activated (Enemy
// Controller: Fluorohydride's Duel.SelectOption, EDOPro's Duel.SelectEffect):
// its category names one effect at most, so the resolution is read from the stream.
TEST(YgoproMapping, AChoiceOfEffectsLeavesTheResolutionOpen) {
  for (const char* choice : {"Duel.SelectOption", "Duel.SelectEffect"}) {
    json controller = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET");
    controller["category"] = "CATEGORY_POSITION";
    controller["target_check"] = "c98045062.lua:29-72";
    controller["target_check_uses"] = {"Duel.Release", "REASON_COST", choice, "Duel.SelectTarget"};
    const ScriptReading r = read_script_effect(controller, kQuickPlay, "");
    ASSERT_TRUE(r.term);
    EXPECT_EQ(r.term->ops[0].code, OpCode::Opaque) << choice;
    EXPECT_EQ(r.term->target.kind, TargetKind::Monster) << choice;
    EXPECT_TRUE(r.open_outcome) << choice;
  }
  // EDOPro's sets the category of the effect chosen in its target function:
  // the audit counts it as declared.
  json edo = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET");
  edo["target_check_uses"] = {"Duel.SelectEffect", ":SetCategory", "CATEGORY_CONTROL", "CATEGORY_POSITION"};
  const ScriptReading e = read_script_effect(edo, kQuickPlay, "");
  EXPECT_EQ(e.categories, 0u);
  EXPECT_EQ(e.declared_categories, category::kControl | category::kPosition);
  json moon = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET");
  moon["category"] = "CATEGORY_POSITION";
  moon["target_check_uses"] = {"Duel.SelectTarget"};
  EXPECT_FALSE(read_script_effect(moon, kQuickPlay, "").open_outcome);  // one effect: its category says it
}

// How long: the script's reset at the End Phase is "until the end of the turn"
// (both trees' spellings); a reset at PHASE_DAMAGE / PHASE_DAMAGE_CAL is "for this battle".
TEST(YgoproMapping, DurationFromTheScriptsReset) {
  json rush = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET");
  rush["category"] = "CATEGORY_ATKCHANGE";
  rush["operation_uses"] = {"EFFECT_UPDATE_ATTACK", "PHASE_END", "RESET_EVENT", "RESET_PHASE", "SetValue(700)"};
  EXPECT_EQ(read(rush, kQuickPlay).ops[0].duration, Duration::Turn);
  rush["operation_uses"] = {"EFFECT_UPDATE_ATTACK", "RESETS_STANDARD_PHASE_END", "SetValue(700)"};  // EDOPro
  EXPECT_EQ(read(rush, kQuickPlay).ops[0].duration, Duration::Turn);
  rush["operation_uses"] = {"EFFECT_UPDATE_ATTACK", "PHASE_DAMAGE_CAL", "RESET_PHASE", "SetValue(3000)"};
  EXPECT_EQ(read(rush, kQuickPlay).ops[0].duration, Duration::Battle);
  json waboku = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN");
  waboku["operation_uses"] = {"EFFECT_AVOID_BATTLE_DAMAGE", "EFFECT_INDESTRUCTABLE_BATTLE", "PHASE_END", "RESET_PHASE"};
  const EffectTerm w = read(waboku, kTrap);
  EXPECT_EQ(w.ops[0].code, OpCode::NoBattleDamage);
  EXPECT_TRUE(w.ops[0].flag);
  EXPECT_EQ(w.ops[0].duration, Duration::Turn);
  json kuriboh = effect("EFFECT_TYPE_QUICK_O", "EVENT_PRE_DAMAGE_CALCULATE");
  kuriboh["operation_uses"] = {"EFFECT_AVOID_BATTLE_DAMAGE", "PHASE_DAMAGE", "RESET_PHASE"};
  EXPECT_EQ(read(kuriboh).ops[0].duration, Duration::Battle);
}

// A Spell's or Trap's ATK change without a target: the controller's battling
// monster only when the card has a condition of its own; with none, or only the
// trees' shared "not after damage calculation" one (Limiter Removal, Mirror
// Wall), its monsters are not read: an opaque operation, no own_battling condition.
TEST(YgoproMapping, AnUntargetedAtkChangeIsTheBattlersOnlyUnderACondition) {
  json change = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_DAMAGE_STEP");
  change["category"] = "CATEGORY_ATKCHANGE";
  const EffectTerm open = read(change, kQuickPlay);
  EXPECT_EQ(open.ops[0].code, OpCode::Opaque);
  EXPECT_FALSE(open.conditions & kCondOwnBattling);
  json shared = change;
  shared["condition"] = "utility.lua:813-815";
  shared["condition_uses"] = {"Duel.GetCurrentPhase", "Duel.IsDamageCalculated", "PHASE_DAMAGE"};
  EXPECT_EQ(read(shared, kQuickPlay).ops[0].code, OpCode::Opaque);
  json own = change;
  own["condition"] = "c37742478.lua:38-45";
  const EffectTerm battler = read(own, kQuickPlay);
  EXPECT_EQ(battler.ops[0].code, OpCode::ChangeAtk);
  EXPECT_EQ(battler.ops[0].object, Object::OwnBattler);
  EXPECT_TRUE(battler.conditions & kCondOwnBattling);
  EXPECT_EQ(read(change, kMonster).ops[0].object, Object::OwnBattler);  // a monster's own effect: its battling monster
}

// The operation's names are read whatever its categories: Magic Cylinder
// declares only CATEGORY_DAMAGE and negates the attack.
TEST(YgoproMapping, OperationNamesAreReadBesideACategory) {
  json cylinder = effect("EFFECT_TYPE_ACTIVATE", "EVENT_ATTACK_ANNOUNCE", "EFFECT_FLAG_CARD_TARGET");
  cylinder["category"] = "CATEGORY_DAMAGE";
  cylinder["operation_uses"] = {":GetAttack", "Duel.Damage", "Duel.NegateAttack", "REASON_EFFECT"};
  const ScriptReading r = read_script_effect(cylinder, kTrap, "");
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->ops[0].code, OpCode::NegateAttack);
  EXPECT_FALSE(r.open_outcome);
}

// A Quick-Play activated on EVENT_BATTLE_DAMAGE (1143, inside the cores'
// battle-event range 1132-1149): after damage calculation only, no flag needed.
TEST(YgoproMapping, BattleDamageEventIsAfterDamageCalculation) {
  const EffectTerm t = read(effect("EFFECT_TYPE_ACTIVATE", "EVENT_BATTLE_DAMAGE"), kQuickPlay);
  EXPECT_EQ(t.timings, bit(Timing::AfterDamageCalculation));
  EXPECT_EQ(t.window, Window::DamageStep);
}

// The trees' shared "not after damage calculation" condition (aux.dscon in
// Fluorohydride's utility.lua, Auxiliary.StatChangeDamageStepCondition in
// EDOPro's) narrows a DAMAGE_STEP declaration to before damage calculation; a
// card's own condition reading the same call narrows nothing.
TEST(YgoproMapping, SharedDamageStepConditionEndsBeforeDamageCalculation) {
  json rush = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET|EFFECT_FLAG_DAMAGE_STEP");
  rush["category"] = "CATEGORY_ATKCHANGE";
  rush["condition"] = "utility.lua:813-815";
  rush["condition_uses"] = {"Duel.GetCurrentPhase", "Duel.IsDamageCalculated", "PHASE_DAMAGE"};
  const TimingMask open = bit(Timing::StartStep) | bit(Timing::BattleStepOpen) | bit(Timing::AttackDeclaration) |
                         bit(Timing::BattleStep) | bit(Timing::EndStep);
  const TimingMask before = open | bit(Timing::StartOfDamageStep) | bit(Timing::BeforeDamageCalculation);
  EXPECT_EQ(read(rush, kQuickPlay).timings, before);
  json edo = rush;
  edo["condition"] = "utility.lua:1412-1414";
  edo["condition_uses"] = {"Auxiliary.StatChangeDamageStepCondition", "Duel.IsDamageCalculated", "Duel.IsPhase"};
  EXPECT_EQ(read(edo, kQuickPlay).timings, before);
  json own = rush;
  own["condition"] = "c37742478.lua:36-43";  // Honest's own condition
  EXPECT_EQ(read(own, kQuickPlay).timings, before | bit(Timing::AfterDamageCalculation) | bit(Timing::EndOfDamageStep));
}

TEST(YgoproMapping, IgnitionAndContinuousAreNotRead) {
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_IGNITION", ""), kMonster, "").term);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_SINGLE", "EFFECT_UPDATE_ATTACK"), kMonster, "").term);
}

// A monster's own EFFECT_DIRECT_ATTACK (Jinzo #7).
TEST(YgoproMapping, DirectAttackOnItselfIsReadAsContinuous) {
  const EffectTerm t = read(effect("EFFECT_TYPE_SINGLE", "EFFECT_DIRECT_ATTACK"));
  EXPECT_EQ(t.activation, Activation::Continuous);
  EXPECT_EQ(t.continuous.kind, ContinuousKind::MayAttackDirectly);
  EXPECT_EQ(t.card_type, CardType::Monster);
  json conditional = effect("EFFECT_TYPE_SINGLE", "EFFECT_DIRECT_ATTACK");
  conditional["condition"] = "c1.lua:3-5";  // Rocket Jumper's: its condition hidden (YgoproAtkParts)
  EXPECT_TRUE(read_script_effect(conditional, kMonster, "").hidden_condition);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_FIELD", "EFFECT_DIRECT_ATTACK"), kMonster, "").term);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_SINGLE", "EFFECT_DIRECT_ATTACK"), kTrap, "").term);
}

// A monster's own piercing (EFFECT_PIERCE, Spear Dragon) and redirection
// (EFFECT_REFLECT_BATTLE_DAMAGE, Amazoness Swords Woman), read by name or by
// effect.h's value; with a condition, or on another card's script, not read.
TEST(YgoproMapping, PiercingAndRedirectionOnItselfAreReadAsContinuous) {
  const EffectTerm pierce = read(effect("EFFECT_TYPE_SINGLE", "EFFECT_PIERCE"));
  EXPECT_EQ(pierce.activation, Activation::Continuous);
  EXPECT_EQ(pierce.continuous.kind, ContinuousKind::Piercing);
  EXPECT_EQ(read(effect("EFFECT_TYPE_SINGLE", "EFFECT_REFLECT_BATTLE_DAMAGE")).continuous.kind,
            ContinuousKind::RedirectBattleDamage);
  const json by_value{{"effect_type_value", 1u}, {"event_code_value", 203u}};
  EXPECT_EQ(read(by_value).continuous.kind, ContinuousKind::Piercing);
  EXPECT_EQ(read_script_effect(effect("EFFECT_TYPE_SINGLE", "EFFECT_PIERCE"), kMonster, "").rule,
            "EFFECT_PIERCE on itself -> inflicts piercing battle damage (continuous)");
  json conditional = effect("EFFECT_TYPE_SINGLE", "EFFECT_PIERCE");
  conditional["condition"] = "c1.lua:3-5";
  EXPECT_FALSE(read_script_effect(conditional, kMonster, "").term);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_EQUIP", "EFFECT_PIERCE"), kMonster, "").term);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_SINGLE", "EFFECT_PIERCE"), kTrap, "").term);
}

// The attack rules a monster has on itself (both cores' effect.h values),
// each read as the continuous kind the model applies; the extra attack and
// attack-all need SetValue(1) (two attacks; each monster once): another
// value, or none recorded, stays unread, as does a conditional one.
TEST(YgoproMapping, AttackRulesOnItselfAreReadAsContinuous) {
  const auto with_value = [](const char* code, unsigned value) {
    json e = effect("EFFECT_TYPE_SINGLE", code);
    e["value"] = value;
    return e;
  };
  EXPECT_EQ(read(with_value("EFFECT_EXTRA_ATTACK", 1)).continuous.kind, ContinuousKind::SecondAttack);
  EXPECT_EQ(read(with_value("EFFECT_ATTACK_ALL", 1)).continuous.kind, ContinuousKind::AttackAllOnceEach);
  EXPECT_EQ(read(effect("EFFECT_TYPE_SINGLE", "EFFECT_CANNOT_DIRECT_ATTACK")).continuous.kind,
            ContinuousKind::CannotAttackDirectly);
  EXPECT_EQ(read(effect("EFFECT_TYPE_SINGLE", "EFFECT_CANNOT_BE_BATTLE_TARGET")).continuous.kind,
            ContinuousKind::CannotBeAttacked);
  EXPECT_EQ(read(effect("EFFECT_TYPE_SINGLE", "EFFECT_IGNORE_BATTLE_TARGET")).continuous.kind,
            ContinuousKind::IgnoredAsAttackTarget);
  EXPECT_EQ(read(effect("EFFECT_TYPE_SINGLE", "EFFECT_MUST_ATTACK")).continuous.kind, ContinuousKind::MustAttack);
  EXPECT_EQ(read(with_value("EFFECT_INDESTRUCTABLE_BATTLE", 1)).continuous.kind, ContinuousKind::IndestructibleByBattle);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_SINGLE", "EFFECT_INDESTRUCTABLE_BATTLE"), kMonster, "").term);  // a function: some battles
  const json by_value{{"effect_type_value", 1u}, {"event_code_value", 194u}, {"value", 1u}};
  EXPECT_EQ(read(by_value).continuous.kind, ContinuousKind::SecondAttack);
  for (const auto& [code, kind] : {std::pair{73u, ContinuousKind::CannotAttackDirectly},
                                   {70u, ContinuousKind::CannotBeAttacked}, {72u, ContinuousKind::IgnoredAsAttackTarget},
                                   {191u, ContinuousKind::MustAttack}, {193u, ContinuousKind::AttackAllOnceEach},
                                   {42u, ContinuousKind::IndestructibleByBattle}}) {
    const json v{{"effect_type_value", 1u}, {"event_code_value", code}, {"value", 1u}};
    EXPECT_EQ(read(v).continuous.kind, kind) << code;
  }
  EXPECT_EQ(read_script_effect(with_value("EFFECT_EXTRA_ATTACK", 1), kMonster, "").rule,
            "EFFECT_EXTRA_ATTACK (value 1) on itself -> may attack twice (continuous)");
  EXPECT_FALSE(read_script_effect(with_value("EFFECT_EXTRA_ATTACK", 2), kMonster, "").term);  // three attacks
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_SINGLE", "EFFECT_EXTRA_ATTACK"), kMonster, "").term);
  EXPECT_FALSE(read_script_effect(with_value("EFFECT_ATTACK_ALL", 2), kMonster, "").term);  // each monster twice
  json conditional = effect("EFFECT_TYPE_SINGLE", "EFFECT_IGNORE_BATTLE_TARGET");
  conditional["condition"] = "c1.lua:3-5";  // The Legendary Fisherman: only while Umi is on the field
  EXPECT_FALSE(read_script_effect(conditional, kMonster, "").term);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_FIELD", "EFFECT_MUST_ATTACK"), kMonster, "").term);
  EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_SINGLE", "EFFECT_CANNOT_DIRECT_ATTACK"), kTrap, "").term);
}

// A continuous negation of monsters' effects (Skill Drain: a field
// EFFECT_DISABLE whose target check names TYPE_EFFECT), by name or by
// value (EDOPro's stub may name 2 EFFECT_COUNT_CODE_DUEL); one kept to Traps
// (Royal Decree, Jinzo) or Spells (Spell Canceller) is not one.
TEST(YgoproMapping, AFieldNegationOfMonsterEffectsIsRecognised) {
  json skill_drain = effect("EFFECT_TYPE_FIELD", "EFFECT_DISABLE");
  skill_drain["target_check_uses"] = {":GetOriginalType", ":IsType", "TYPE_EFFECT"};
  EXPECT_TRUE(script_attrs::negates_monster_effects(skill_drain));
  json edo = skill_drain;
  edo["event_code"] = "EFFECT_COUNT_CODE_DUEL";
  edo["event_code_value"] = 2u;
  EXPECT_TRUE(script_attrs::negates_monster_effects(edo));
  json decree = skill_drain;
  decree["target_check_uses"] = {":GetHandler", ":IsType", "TYPE_TRAP"};
  EXPECT_FALSE(script_attrs::negates_monster_effects(decree));
  decree["target_check_uses"] = {":IsType", "TYPE_SPELL"};
  EXPECT_FALSE(script_attrs::negates_monster_effects(decree));
  EXPECT_FALSE(script_attrs::negates_monster_effects(effect("EFFECT_TYPE_SINGLE", "EFFECT_DISABLE")));
  json other = skill_drain;
  other["event_code_value"] = 42u;
  EXPECT_FALSE(script_attrs::negates_monster_effects(other));
}

// An operation that registers a battle damage change on the player: the
// controller's battle damage redirected, or halved (HALF_DAMAGE), for the
// turn when it resets at the End Phase; on a card (no Duel.RegisterEffect), not read.
TEST(YgoproMapping, PlayerBattleDamageRedirectionAndHalvingAreRead) {
  json reflect = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN");
  reflect["operation_uses"] = {"Duel.RegisterEffect", "EFFECT_REFLECT_BATTLE_DAMAGE", "PHASE_END", "RESET_PHASE"};
  const EffectTerm r = read(reflect, kTrap);
  ASSERT_EQ(r.op_count, 1);
  EXPECT_EQ(r.ops[0].code, OpCode::RedirectBattleDamage);
  EXPECT_EQ(r.ops[0].object, Object::You);
  EXPECT_EQ(r.ops[0].duration, Duration::Turn);
  json half = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN");
  half["operation_uses"] = {"Duel.RegisterEffect", "EFFECT_CHANGE_BATTLE_DAMAGE", "HALF_DAMAGE", "PHASE_DAMAGE", "RESET_PHASE"};
  const EffectTerm h = read(half, kTrap);
  ASSERT_EQ(h.op_count, 1);
  EXPECT_EQ(h.ops[0].code, OpCode::HalveBattleDamage);
  EXPECT_EQ(h.ops[0].duration, Duration::Battle);
  json on_card = reflect;
  on_card["operation_uses"] = {":RegisterEffect", "EFFECT_REFLECT_BATTLE_DAMAGE"};
  const ScriptReading c = read_script_effect(on_card, kTrap, "");
  ASSERT_TRUE(c.term);
  EXPECT_EQ(c.term->ops[0].code, OpCode::Opaque);
  EXPECT_TRUE(c.open_outcome);
}

// Shift: a targeting effect whose operation calls Duel.ChangeAttackTarget
// moves the attack to its target; without a target flag nothing is guessed.
TEST(YgoproMapping, ChangeAttackTargetMovesTheAttackToTheTarget) {
  json shift = effect("EFFECT_TYPE_ACTIVATE", "EVENT_ATTACK_ANNOUNCE", "EFFECT_FLAG_CARD_TARGET");
  shift["operation_uses"] = {":IsRelateToEffect", "Duel.ChangeAttackTarget", "Duel.GetAttacker", "Duel.GetFirstTarget"};
  const EffectTerm t = read(shift, kTrap);
  ASSERT_EQ(t.op_count, 1);
  EXPECT_EQ(t.ops[0].code, OpCode::ChangeAttackTarget);
  EXPECT_EQ(t.target.kind, TargetKind::Monster);
  json untargeted = shift;
  untargeted["property_flags"] = "";
  EXPECT_EQ(read(untargeted, kTrap).ops[0].code, OpCode::Opaque);
}

// Staunch Defender: EFFECT_MUST_ATTACK_MONSTER registered on the player for its target reads as
// attract_attacks, after the move of the attack to it when the script makes one (Fluorohydride's).
TEST(YgoproMapping, AMustAttackMonsterOnTheTargetAttractsAttacks) {
  json edo = effect("EFFECT_TYPE_ACTIVATE", "EVENT_ATTACK_ANNOUNCE", "EFFECT_FLAG_CARD_TARGET");
  edo["operation_uses"] = {"Duel.GetFirstTarget", "Duel.RegisterEffect", "EFFECT_MUST_ATTACK", "EFFECT_MUST_ATTACK_MONSTER"};
  const EffectTerm e = read(edo, kTrap);
  ASSERT_EQ(e.op_count, 1);
  EXPECT_EQ(e.ops[0].code, OpCode::AttractAttacks);
  json fluoro = edo;
  fluoro["operation_uses"].push_back("Duel.ChangeAttackTarget");
  const EffectTerm f = read(fluoro, kTrap);
  ASSERT_EQ(f.op_count, 2);
  EXPECT_EQ(f.ops[0].code, OpCode::ChangeAttackTarget);
  EXPECT_EQ(f.ops[1].code, OpCode::AttractAttacks);
  edo["operation_uses"] = {"EFFECT_MUST_ATTACK_MONSTER", ":RegisterEffect"};  // on a card, not on the player
  EXPECT_EQ(read(edo, kTrap).ops[0].code, OpCode::Opaque);
}

// Solemn Judgment registers its summon negations first: an activation on a
// summon attempt has no Battle Phase window, so it is not read as a term.
TEST(YgoproMapping, SummonAttemptsAreNotBattlePhaseTerms) {
  for (const char* code : {"EVENT_SUMMON", "EVENT_FLIP_SUMMON", "EVENT_SPSUMMON"})
    EXPECT_FALSE(read_script_effect(effect("EFFECT_TYPE_ACTIVATE", code), kCounterTrap, "").term) << code;
  const json by_value = json::parse(R"({"effect_type_value": 16, "event_code_value": 1105})");
  EXPECT_FALSE(read_script_effect(by_value, kCounterTrap, "").term);
  // A summon that happened (EVENT_SUMMON_SUCCESS) is another event: still read.
  EXPECT_TRUE(read_script_effect(effect("EFFECT_TYPE_ACTIVATE", "EVENT_SUMMON_SUCCESS"), kTrap, "").term);
  json chain = effect("EFFECT_TYPE_ACTIVATE", "EVENT_CHAINING");
  chain["category"] = "CATEGORY_DESTROY|CATEGORY_NEGATE";
  const EffectTerm t = read(chain, kCounterTrap);
  EXPECT_EQ(t.activation, Activation::Counter);
  EXPECT_EQ(t.ops[0].code, OpCode::NegateActivation);
  EXPECT_TRUE(t.ops[0].flag);  // and destroy
}

}  // namespace
}  // namespace bc::ygopro
