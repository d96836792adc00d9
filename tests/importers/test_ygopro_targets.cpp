// What an activated effect of a script targets (importers/ygopro/ygopro_terms.cpp,
// docs/engines/ygopro.md "From script attributes to terms"): a monster on the
// field, a Spell or Trap card on the field, or a card elsewhere (no target term).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <fstream>
#include <functional>
#include <sstream>

#include "importers/ygopro/ygopro_cards.hpp"
#include "importers/ygopro/ygopro_script_attrs.hpp"
#include "importers/ygopro/ygopro_terms.hpp"
#include "tests/importers/script_effects.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;
using namespace test;

// A target chosen in the Graveyard (Call of the Haunted) is no monster on the
// field: the term does not target, and its outcome is taken from the stream.
TEST(YgoproTargets, AGraveyardTargetIsNotAFieldTarget) {
  json coth = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET");
  coth["category"] = "CATEGORY_SPECIAL_SUMMON";
  coth["target_check"] = "c97077563.lua:30-38";
  coth["target_check_uses"] = {"Duel.GetLocationCount", "Duel.SelectTarget", "LOCATION_GRAVE", "LOCATION_MZONE"};
  const ScriptReading r = read_script_effect(coth, kTrap, "");
  ASSERT_TRUE(r.term);
  EXPECT_EQ(r.term->target.kind, TargetKind::None);
  EXPECT_TRUE(r.open_outcome);
  json field = coth;
  field["target_check_uses"] = {"Duel.SelectTarget", "LOCATION_MZONE"};
  EXPECT_EQ(read(field, kTrap).target.kind, TargetKind::Monster);
}

// A target check that looks on the field but not in the Monster Zones and names
// the Spell/Trap type (Mystical Space Typhoon: fluoro's filter, EDOPro's
// Card.IsSpellTrap) targets a Spell or Trap card; with the Monster Zones, it
// stays a monster target; without the type, it targets any card on the field.
TEST(YgoproTargets, ASpellOrTrapTargetIsReadFromTheTargetCheck) {
  json mst = effect("EFFECT_TYPE_ACTIVATE", "EVENT_FREE_CHAIN", "EFFECT_FLAG_CARD_TARGET");
  mst["category"] = "CATEGORY_DESTROY";
  mst["target_check"] = "c5318639.lua:17-23";
  mst["target_check_uses"] = {":IsOnField", ":IsType", "Duel.SelectTarget", "LOCATION_ONFIELD", "TYPE_SPELL", "TYPE_TRAP"};
  const EffectTerm t = read(mst, kQuickPlay);
  EXPECT_EQ(t.target.kind, TargetKind::SpellTrap);
  EXPECT_EQ(t.target.side, SideSel::Any);
  ASSERT_EQ(t.op_count, 1);
  EXPECT_EQ(t.ops[0].code, OpCode::Destroy);
  EXPECT_EQ(class_of(t), EffectKind::FreeChainQuick);  // it removes no monster
  json edo = mst;
  edo["target_check_uses"] = {":IsOnField", "Card.IsSpellTrap", "Duel.SelectTarget", "LOCATION_ONFIELD"};
  EXPECT_EQ(read(edo, kQuickPlay).target.kind, TargetKind::SpellTrap);
  json untyped = mst;
  untyped["target_check_uses"] = {":IsOnField", "Duel.SelectTarget", "LOCATION_ONFIELD"};
  EXPECT_EQ(read(untyped, kQuickPlay).target.kind, TargetKind::Card);
  json monsters = mst;
  monsters["target_check_uses"] = {"Card.IsSpellTrap", "LOCATION_MZONE", "LOCATION_ONFIELD"};
  EXPECT_EQ(read(monsters, kQuickPlay).target.kind, TargetKind::Monster);
}

// Nightmare Penguin's flip effect (batch 4): its target check looks on the
// whole field with no type test, so it targets any card the opponent
// controls, a Spell or Trap card too: `card any`, returned to the hand. A
// filter on what only a monster has (ATK, Level, position) keeps a monster
// target, and so does a check that names the Monster Zones.
TEST(YgoproTargets, AnyCardOnTheFieldIsReadFromTheTargetCheck) {
  json penguin = effect("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_FLIP", "EFFECT_FLAG_CARD_TARGET");
  penguin["category"] = "CATEGORY_TOHAND";
  penguin["target_check"] = "c81306586.lua:23-29";
  penguin["target_check_uses"] = {":IsAbleToHand", ":IsControler", ":IsOnField", "Card.IsAbleToHand", "Duel.SelectTarget",
                                  "LOCATION_ONFIELD"};
  penguin["operation"] = "c81306586.lua:30-35";
  penguin["operation_uses"] = {":IsControler", ":IsRelateToEffect", "Duel.GetFirstTarget", "Duel.SendtoHand"};
  const EffectTerm t = read(penguin, kMonster);
  EXPECT_EQ(t.trigger, TriggerEvent::Flipped);
  EXPECT_EQ(t.target.kind, TargetKind::Card);
  ASSERT_EQ(t.op_count, 1);
  EXPECT_EQ(t.ops[0].code, OpCode::ReturnToHand);
  for (const char* monster_only : {":IsAttackBelow", ":IsLevelBelow", ":IsDefensePos", "TYPE_MONSTER"}) {
    json filtered = penguin;
    filtered["target_check_uses"].push_back(monster_only);
    EXPECT_EQ(read(filtered, kMonster).target.kind, TargetKind::Monster) << monster_only;
  }
  json zones = penguin;
  zones["target_check_uses"].push_back("LOCATION_MZONE");
  EXPECT_EQ(read(zones, kMonster).target.kind, TargetKind::Monster);
}

// Spirit Reaper: a continuous effect on EVENT_CHAIN_SOLVED that destroys the card
// when the link that targeted it resolves, waiting in the Damage Step for damage
// calculation, reads as the continuous part destroyed_when_targeted (fluoro
// relates the card to the effect; EDOPro reads the chain's target cards). A
// destruction on every resolved chain, or one with no Damage Step wait, is not it.
TEST(YgoproTargets, ADestructionWhenTargetedIsRead) {
  json reaper = effect("EFFECT_TYPE_CONTINUOUS|EFFECT_TYPE_FIELD", "EVENT_CHAIN_SOLVED");
  reaper["event_code_value"] = 1022;
  reaper["operation"] = "c23205979.lua:70-80";
  reaper["operation_uses"] = {":IsRelateToEffect", "Duel.Destroy", "Duel.GetCurrentPhase", "Duel.IsDamageCalculated", "PHASE_DAMAGE"};
  const EffectTerm t = read(reaper);
  EXPECT_EQ(t.activation, Activation::Continuous);
  EXPECT_EQ(t.continuous.kind, ContinuousKind::DestroyedWhenTargeted);
  json edo = reaper;
  edo["operation_uses"] = {"CHAININFO_TARGET_CARDS", "Duel.Destroy", "Duel.GetChainInfo", "Duel.IsDamageCalculated"};
  EXPECT_EQ(read(edo).continuous.kind, ContinuousKind::DestroyedWhenTargeted);
  json any_chain = reaper;
  any_chain["operation_uses"] = {"Duel.Destroy", "Duel.IsDamageCalculated"};
  EXPECT_NE(read_script_effect(any_chain, kMonster, "").term.value_or(EffectTerm{}).continuous.kind,
            ContinuousKind::DestroyedWhenTargeted);
  json no_wait = reaper;
  no_wait["operation_uses"] = {":IsRelateToEffect", "Duel.Destroy"};
  EXPECT_NE(read_script_effect(no_wait, kMonster, "").term.value_or(EffectTerm{}).continuous.kind,
            ContinuousKind::DestroyedWhenTargeted);
  EXPECT_NE(read_script_effect(reaper, kTrap, "").term.value_or(EffectTerm{}).continuous.kind,
            ContinuousKind::DestroyedWhenTargeted);  // a monster's own effect
}

/// The term of card `code` as a committed cards file (tests/importers/real_runs/RUN.cards.json)
/// reads it, once `edit` has changed each of that card's effects (an effect it empties is dropped).
std::optional<ScriptReading> committed_reading(const std::string& run, std::uint32_t code,
                                               const std::function<void(json&)>& edit) {
  std::ifstream in(std::string(BC_SOURCE_DIR) + "/tests/importers/real_runs/" + run + ".cards.json");
  std::stringstream text;
  text << in.rdbuf();
  json file = json::parse(text.str());
  for (json& card : file["cards"]) {
    if (card["code"] != code) continue;
    json kept = json::array();
    for (json e : card["script"]["effects"]) {
      edit(e);
      if (!e.empty()) kept.push_back(e);
    }
    card["script"]["effects"] = kept;
  }
  for (const EngineCard& c : parse_card_file(file.dump(), run).cards)
    if (c.code == code) return c.script;
  return std::nullopt;
}

/// The term of card `code` as a committed run's cards file reads it, each effect edited first.
std::optional<EffectTerm> committed_term(const std::string& run, std::uint32_t code,
                                         const std::function<void(json&)>& edit) {
  const auto r = committed_reading(run, code, edit);
  return r ? r->term : std::nullopt;
}

/// Spellbinding Circle's term as a committed batch 10 cards file reads it;
/// `drop_ban` removes its EFFECT_CANNOT_ATTACK effect first.
std::optional<EffectTerm> spellbinding(const std::string& config, bool drop_ban) {
  return committed_term("batch10/" + config + "/" + config + "-spellbinding_circle_on_the_attacker-p001", 18807108,
                        [drop_ban](json& e) {
                          if (drop_ban && e.value("event_code", "") == "EFFECT_CANNOT_ATTACK") e = json::object();
                        });
}

// Spellbinding Circle (batch 10) binds the monster it targets and forbids its
// attacks: Fluorohydride's activation keeps the target (:SetCardTarget) and
// registers EFFECT_TYPE_TARGET effects; EDOPro's persistent procedure keeps it
// in a continuous effect and bans by field effects on :IsHasCardTarget. Both
// read as `cannot_attack target`; without the ban, the category's position change stays.
TEST(YgoproTargets, ACardThatBindsItsTargetForbidsItsAttacks) {
  for (const char* config : {"fluoro", "edo"}) {
    const auto t = spellbinding(config, false);
    ASSERT_TRUE(t) << config;
    ASSERT_EQ(t->op_count, 1) << config;
    EXPECT_EQ(t->ops[0].code, OpCode::CannotAttack) << config;
    EXPECT_EQ(t->ops[0].object, Object::Target) << config;
    EXPECT_EQ(t->target.kind, TargetKind::Monster) << config;
    const auto unbound = spellbinding(config, true);
    ASSERT_TRUE(unbound) << config;
    EXPECT_NE(unbound->ops[0].code, OpCode::CannotAttack) << config;
  }
}

/// Lone Wolf's term as a committed batch 20 cards file reads it; `drop_guard` removes what guards
/// its target first (Fluorohydride: the EFFECT_TYPE_TARGET effect; EDOPro: the word in its operation).
std::optional<EffectTerm> lone_wolf(const std::string& config, bool drop_guard) {
  return committed_term("batch20/" + config + "/" + config + "-lone_wolf_on_monk_fighter-p001", 82452993,
                        [drop_guard](json& e) {
                          if (!drop_guard) return;
                          if (e.value("event_code", "") == "EFFECT_INDESTRUCTABLE_BATTLE") e = json::object();
                          if (!e.contains("operation_uses")) return;
                          json uses = json::array();
                          for (const json& u : e["operation_uses"])
                            if (u != "EFFECT_INDESTRUCTABLE_BATTLE") uses.push_back(u);
                          e["operation_uses"] = uses;
                        });
}

// Lone Wolf (batch 20) binds the monster it targets and guards it from destruction by battle:
// Fluorohydride's script with an EFFECT_TYPE_TARGET EFFECT_INDESTRUCTABLE_BATTLE, EDOPro's with
// one its operation registers on the target under :IsHasCardTarget. Both read as
// `indestructible_by_battle target` for the turn; without the guard, the activation stays opaque.
TEST(YgoproTargets, ACardThatBindsItsTargetGuardsItFromBattle) {
  for (const char* config : {"fluoro", "edo"}) {
    const auto t = lone_wolf(config, false);
    ASSERT_TRUE(t) << config;
    ASSERT_EQ(t->op_count, 1) << config;
    EXPECT_EQ(t->ops[0].code, OpCode::IndestructibleByBattle) << config;
    EXPECT_EQ(t->ops[0].object, Object::Target) << config;
    EXPECT_EQ(t->ops[0].duration, Duration::Turn) << config;
    const auto unguarded = lone_wolf(config, true);
    ASSERT_TRUE(unguarded) << config;
    EXPECT_FALSE(unguarded->has_op(OpCode::IndestructibleByBattle)) << config;
  }
}

/// Absolute End's term as a committed batch 20 cards file reads it, with `drop` removed from its
/// operation's words first (nothing when empty).
std::optional<EffectTerm> absolute_end(const std::string& config, const std::string& drop) {
  return committed_term("batch20/" + config + "/" + config + "-absolute_end_against_two_attackers-p001", 27744077,
                        [&drop](json& e) {
                          if (drop.empty() || !e.contains("operation_uses")) return;
                          json uses = json::array();
                          for (const json& u : e["operation_uses"])
                            if (u != drop) uses.push_back(u);
                          e["operation_uses"] = uses;
                        });
}

// Absolute End (batch 20): its operation registers, on its player until the End Phase, a field
// EFFECT_IGNORE_BATTLE_TARGET on its own monster zone. Both trees read as the continuous part
// `opponent_attacks_directly` on the Normal Trap, applying once it has resolved; without that
// effect, or without the reset at the end of the turn, it stays opaque.
TEST(YgoproTargets, ATrapThatMakesTheOpponentsAttacksDirect) {
  for (const char* config : {"fluoro", "edo"}) {
    const auto t = absolute_end(config, "");
    ASSERT_TRUE(t) << config;
    EXPECT_EQ(t->continuous.kind, ContinuousKind::OpponentAttacksDirectly) << config;
    EXPECT_EQ(t->op_count, 0) << config;
    EXPECT_EQ(t->card_type, CardType::Trap) << config;
    for (const char* drop : {"EFFECT_IGNORE_BATTLE_TARGET", "PHASE_END", "LOCATION_MZONE"}) {
      const auto other = absolute_end(config, drop);
      ASSERT_TRUE(other) << config << " " << drop;
      EXPECT_EQ(other->continuous.kind, ContinuousKind::None) << config << " " << drop;
    }
  }
}

// Different Dimension Dragon (batch 21): its own EFFECT_INDESTRUCTABLE_BATTLE whose value tests
// the monster it battles for 1900 or less ATK (:IsAttackBelow, both trees) is
// indestructible_by_battle up_to 1900; with an ATK test of the other direction beside, not read.
TEST(YgoproFieldLocks, AGuardAgainstWeakMonstersIsRead) {
  const json below = {{"effect_type", "EFFECT_TYPE_SINGLE"}, {"effect_type_value", 1u}, {"event_code", "EFFECT_INDESTRUCTABLE_BATTLE"},
                      {"event_code_value", 42u}, {"value_function", "c50939127.lua:20-22"},
                      {"value_function_uses", {":IsAttackBelow", ":IsAttackBelow(1900)"}}};
  const ScriptReading r = read_script_effect(below, kMonster, "");
  ASSERT_TRUE(r.term);
  ContinuousSpec up_to{ContinuousKind::IndestructibleByBattle, 1900};
  up_to.of = kUpToAtk;
  EXPECT_EQ(r.term->continuous, up_to);
  EXPECT_EQ(continuous_text(r.term->continuous), "indestructible_by_battle up_to 1900");
  EXPECT_TRUE(indestructible_against(up_to, 1900));
  EXPECT_FALSE(indestructible_against(up_to, 2000));
  json other = below;
  other["value_function_uses"] = {":IsAttackBelow", ":IsAttackBelow(1900)", ":IsRace", "RACE_WARRIOR"};
  ContinuousSpec k;
  EXPECT_FALSE(script_attrs::battle_guard_by_atk(other, k));
}

/// Batch 22's card `code` in run `name` of `config`, each effect's operation words edited by `edit`.
std::optional<ScriptReading> batch22(const std::string& config, const std::string& name, std::uint32_t code,
                                     const std::function<void(json& uses)>& edit) {
  return committed_reading("batch22/" + config + "/" + config + "-" + name, code, [&edit](json& e) {
    if (e.contains("operation_uses")) edit(e["operation_uses"]);
  });
}

// Meteorain (batch 22): its operation registers, on its player until the End Phase, a field
// EFFECT_PIERCE on its own monster zone with no check of the cards it reaches. Both trees read
// as `type_piercing any` on the Normal Trap, applying once it has resolved, to every monster of
// its player's whatever its Type; with a check (:SetTarget) or a Type named, or without the
// reset at the end of the turn, it stays opaque.
TEST(YgoproTargets, ATrapThatLendsPiercingToEveryMonster) {
  const std::string run = "meteorain_pierces_two_defenders-p002";
  for (const char* config : {"fluoro", "edo"}) {
    const auto r = batch22(config, run, 64274292, [](json&) {});
    ASSERT_TRUE(r && r->term) << config;
    EXPECT_EQ(continuous_text(r->term->continuous), "type_piercing any") << config;
    EXPECT_EQ(r->term->op_count, 0) << config;
    EXPECT_TRUE(type_piercing_reaches(r->term->continuous, MonsterType::None)) << config;
    EXPECT_TRUE(type_piercing_reaches(r->term->continuous, MonsterType::Dragon)) << config;
    for (const char* add : {":SetTarget", ":IsRace"}) {
      const auto checked = batch22(config, run, 64274292, [add](json& uses) { uses.push_back(add); });
      ASSERT_TRUE(checked) << config << " " << add;
      EXPECT_FALSE(checked->term && checked->term->continuous.kind == ContinuousKind::TypePiercing) << config << " " << add;
    }
    const auto lasting = batch22(config, run, 64274292, [](json& uses) {
      json kept = json::array();
      for (const json& u : uses)
        if (u != "PHASE_END") kept.push_back(u);
      uses = kept;
    });
    ASSERT_TRUE(lasting) << config;
    EXPECT_FALSE(lasting->term && lasting->term->continuous.kind == ContinuousKind::TypePiercing) << config;
  }
  ContinuousSpec any;
  std::string error;
  ASSERT_TRUE(parse_continuous_spec("type_piercing any", any, error)) << error;
  EXPECT_EQ(any, (ContinuousSpec{ContinuousKind::TypePiercing, 0, kEveryType}));
}

// Tyrant Dragon (batch 22): its own EFFECT_EXTRA_ATTACK (value 1) under a condition the term
// cannot state (the opponent still controls a monster) reads as `second_attack` with a hidden
// condition: the model offers the second declaration and a withheld one is not checked.
TEST(YgoproTargets, ASecondAttackUnderAConditionIsReadWithItsConditionHidden) {
  for (const char* config : {"fluoro", "edo"}) {
    const auto r = batch22(config, "tyrant_dragon_attacks_a_second_time-p000", 94568601, [](json&) {});
    ASSERT_TRUE(r && r->term) << config;
    EXPECT_EQ(r->term->continuous.kind, ContinuousKind::SecondAttack) << config;
    EXPECT_TRUE(r->hidden_condition) << config;
  }
}

}  // namespace
}  // namespace bc::ygopro
