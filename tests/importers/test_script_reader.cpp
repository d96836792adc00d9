// Cards read from scripts (importers/scripts): a made-up script tree
// (tests/importers/script_tree) run under the stub of the cores' Lua API, and
// the importer reading the "script" objects it writes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "importers/scripts/script_reader.hpp"
#include "importers/ygopro/ygopro_cards.hpp"
#include "model/toml/input_error.hpp"

namespace bc {
namespace {

const std::string kTree = std::string(BC_SOURCE_DIR) + "/tests/importers/script_tree";

TEST(ScriptReader, CapturesEveryAttributeOfARegisteredEffect) {
  scripts::ScriptTree tree(kTree);
  EXPECT_EQ(tree.flavour(), scripts::Flavour::Fluoro);
  const scripts::ScriptRead r = tree.read(1001);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.file, "c1001.lua");
  ASSERT_EQ(r.effects.size(), 1u);
  const nlohmann::json& e = r.effects[0];
  EXPECT_EQ(e["effect_type"], "EFFECT_TYPE_QUICK_O");
  EXPECT_EQ(e["effect_type_value"], 0x100);
  EXPECT_EQ(e["event_code"], "EVENT_PRE_DAMAGE_CALCULATE");
  EXPECT_EQ(e["range"], "LOCATION_HAND");
  EXPECT_EQ(e["condition"], "c1001.lua:13-15");
  EXPECT_EQ(e["condition_uses"], nlohmann::json::array({"Duel.GetTurnPlayer"}));  // names, never the text
  EXPECT_EQ(e["cost"], "c1001.lua:16-18");
  EXPECT_EQ(e["operation"], "c1001.lua:19-20");
  EXPECT_EQ(e["operation_uses"], nlohmann::json::array());
  EXPECT_FALSE(e.contains("target_check"));
}

TEST(ScriptReader, FlagsCountLimitsHintsAndClones) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead r = tree.read(1002);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.effects.size(), 2u);
  const nlohmann::json& e = r.effects[0];
  EXPECT_EQ(e["effect_type"], "EFFECT_TYPE_ACTIVATE");
  EXPECT_EQ(e["event_code"], "EVENT_ATTACK_ANNOUNCE");
  EXPECT_EQ(e["property_flags"], "EFFECT_FLAG_CARD_TARGET|EFFECT_FLAG_DAMAGE_STEP");
  EXPECT_EQ(e["category"], "CATEGORY_DESTROY");
  EXPECT_EQ(e["count_limit"], 1);
  EXPECT_EQ(e["count_limit_code"], 1002);
  EXPECT_EQ(e["hint_self"], "TIMING_DAMAGE_STEP");
  EXPECT_EQ(e["hint_opponent"], "TIMING_BATTLE_PHASE|TIMING_DAMAGE_STEP");
  EXPECT_EQ(e["target_check"], "c1002.lua:16-18");
  EXPECT_EQ(e["target_check_uses"], nlohmann::json::array({"Duel.IsExistingTarget", "LOCATION_MZONE"}));
  EXPECT_EQ(r.effects[1]["event_code"], "EVENT_PHASE+PHASE_BATTLE");  // the clone keeps the rest
  EXPECT_EQ(r.effects[1]["property_flags"], e["property_flags"]);
}

// SetValue with a number is kept as `value` (the extra attacks of
// EFFECT_EXTRA_ATTACK); a function as the value is not a number, and left out.
TEST(ScriptReader, ANumberSetAsTheValueIsKept) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead r = tree.read(1005);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.effects.size(), 2u);
  EXPECT_EQ(r.effects[0]["event_code"], "EFFECT_EXTRA_ATTACK");
  EXPECT_EQ(r.effects[0]["value"], 1);
  EXPECT_EQ(r.effects[1]["event_code"], "EFFECT_CANNOT_DIRECT_ATTACK");
  EXPECT_FALSE(r.effects[1].contains("value"));
  EXPECT_FALSE(r.effects[0].contains("count_limit"));
}

// A helper of the card's own table that a function calls (fluoro's Mystical
// Space Typhoon keeps its Spell/Trap check in c5318639.filter): its names are
// the function's too, so the target check is known to choose a Spell or Trap.
TEST(ScriptReader, AHelperOfTheCardsOwnTableAddsItsNames) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead r = tree.read(1006);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.effects.size(), 1u);
  const nlohmann::json& uses = r.effects[0]["target_check_uses"];
  for (const char* name : {":IsType", "TYPE_SPELL", "TYPE_TRAP", "LOCATION_ONFIELD", "Duel.SelectTarget"})
    EXPECT_NE(std::find(uses.begin(), uses.end(), name), uses.end()) << name;
  EXPECT_TRUE(std::is_sorted(uses.begin(), uses.end()));
  EXPECT_EQ(r.effects[0]["operation_uses"], nlohmann::json::array({"Duel.Destroy", "Duel.GetFirstTarget"}));
}

// A target check made by a shared helper (utility.lua's TargetBoolFunction)
// has no names of the card's own: the Card method it closes over is one.
TEST(ScriptReader, AClosureOverACardMethodNamesTheMethod) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead r = tree.read(1007);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.effects.size(), 1u);
  EXPECT_EQ(r.effects[0]["target_check_uses"], nlohmann::json::array({":IsTrap"}));
}

// A closure over a Card method with arguments (aux.TargetBoolFunction(Card.IsRace,
// RACE_WARRIOR)): the method, and each argument by the constant the method reads.
TEST(ScriptReader, AClosuresArgumentsAreNamedByTheirConstants) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead r = tree.read(1008);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.effects.size(), 1u);
  EXPECT_EQ(r.effects[0]["target_check_uses"], nlohmann::json::array({":IsRace", "RACE_WARRIOR"}));
  EXPECT_EQ(r.effects[0]["target_range_self"], 4);
  EXPECT_EQ(r.effects[0]["value"], 300);
}

// aux.ChangeBattleDamage(1,DOUBLE_DAMAGE)'s closure: its player and its amount, the
// amount by the constant's name (Stone Statue of the Aztecs' shape, batch 19).
TEST(ScriptReader, ADamageClosuresPlayerAndAmountAreRecorded) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead r = tree.read(1009);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.effects.size(), 1u);
  const nlohmann::json& uses = r.effects[0]["value_function_uses"];
  EXPECT_NE(std::find(uses.begin(), uses.end(), "player=1"), uses.end()) << uses.dump();
  EXPECT_NE(std::find(uses.begin(), uses.end(), "value=DOUBLE_DAMAGE"), uses.end()) << uses.dump();
  EXPECT_EQ(r.effects[0]["condition_uses"], nlohmann::json::array({":GetHandler", "Duel.GetAttackTarget"}));
}

TEST(ScriptReader, CardsAreUserdataAndAnswerTheirData) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead plain = tree.read(1004);
  ASSERT_TRUE(plain.ok()) << plain.error;
  ASSERT_EQ(plain.effects.size(), 1u);  // level 0: only the named-argument call registers
  EXPECT_EQ(plain.effects[0]["event_code"], "EFFECT_UPDATE_ATTACK");
  const scripts::ScriptRead four = tree.read(1004, {{"level", 4}, {"type", 1}});
  EXPECT_EQ(four.effects.size(), 2u);
}

TEST(ScriptReader, AFailingScriptIsReportedNotThrown) {
  scripts::ScriptTree tree(kTree);
  const scripts::ScriptRead r = tree.read(1003);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("c1003.lua:4"), std::string::npos) << r.error;
  const scripts::ScriptRead none = tree.read(9999);
  EXPECT_TRUE(none.file.empty());
  EXPECT_NE(none.error.find("no script c9999.lua"), std::string::npos);
  EXPECT_TRUE(tree.read(1001).ok());  // the state survives a failure
}

TEST(ScriptReader, ATreeWithoutItsBaseScriptsIsRefusedNamingTheFile) {
  EXPECT_THROW(scripts::ScriptTree("/nonexistent-tree"), InputError);
  try {
    scripts::ScriptTree tree(std::string(BC_SOURCE_DIR) + "/tests/importers");
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("constant.lua: missing"), std::string::npos) << e.what();
  }
}

TEST(ScriptReader, TheImporterReadsAScriptObjectLikeASyntheticScript) {
  scripts::ScriptTree tree(kTree);
  nlohmann::json card = {{"code", 1001}, {"name", "Hand Guard"}, {"type", 0x21}, {"controller", 1}};
  card["script"] = scripts::ScriptTree::script_object(tree.read(1001));
  const nlohmann::json doc = {{"cards", nlohmann::json::array({card})}};
  const ygopro::CardFile f = ygopro::parse_card_file(doc.dump(), "cards.json");
  ASSERT_EQ(f.cards.size(), 1u);
  EXPECT_TRUE(f.cards[0].described());
  EXPECT_TRUE(f.cards[0].script.hidden_condition);  // it has a condition and a cost
  EXPECT_EQ(f.cards[0].script.term->window, Window::DamageCalculation);
}

// A monster with several effects: the activated one is the card's term
// (whatever its place), its continuous effects on itself each a term of
// their own (`more`); with no activated effect, the first continuous one.
TEST(ScriptReader, AMonstersContinuousEffectsAreKeptBesideItsActivatedOne) {
  const auto single = [](const char* code, unsigned value) {
    return nlohmann::json{{"effect_type", "EFFECT_TYPE_SINGLE"}, {"event_code", code}, {"value", value}};
  };
  const nlohmann::json trigger = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"},
                                  {"event_code", "EVENT_BATTLE_DAMAGE"}, {"condition", "c2.lua:9-11"}};
  nlohmann::json reaper = {{"code", 2}, {"name", "Reaper"}, {"type", 0x21}, {"atk", 300}};
  reaper["script"] = {{"effects", {single("EFFECT_INDESTRUCTABLE_BATTLE", 1), trigger, single("EFFECT_PIERCE", 0)}}};
  nlohmann::json golem = {{"code", 3}, {"name", "Golem"}, {"type", 0x21}, {"atk", 3000}};
  golem["script"] = {{"effects", {single("EFFECT_PIERCE", 0), single("EFFECT_INDESTRUCTABLE_BATTLE", 1)}}};
  const nlohmann::json doc = {{"cards", nlohmann::json::array({reaper, golem})}};
  const ygopro::CardFile f = ygopro::parse_card_file(doc.dump(), "cards.json");
  ASSERT_EQ(f.cards.size(), 2u);
  ASSERT_TRUE(f.cards[0].script.term);
  EXPECT_EQ(f.cards[0].script.term->activation, Activation::Trigger);
  ASSERT_EQ(f.cards[0].more.size(), 2u);
  EXPECT_EQ(f.cards[0].more[0].term->continuous.kind, ContinuousKind::IndestructibleByBattle);
  EXPECT_EQ(f.cards[0].more[1].term->continuous.kind, ContinuousKind::Piercing);
  EXPECT_EQ(f.cards[1].script.term->continuous.kind, ContinuousKind::Piercing);
  ASSERT_EQ(f.cards[1].more.size(), 1u);
  EXPECT_EQ(f.cards[1].more[0].term->continuous.kind, ContinuousKind::IndestructibleByBattle);
}

TEST(YgoproCardsCli, WritesTheCardsFileAndRefusesABadTree) {
  const std::string out = ::testing::TempDir() + "bc-ygopro-cards.json";
  std::remove(out.c_str());
  const std::string cmd = std::string(BC_BINARY) + " ygopro cards --scripts " + kTree + " 1001 1002 -o " + out;
  EXPECT_EQ(std::system((cmd + " 2>/dev/null").c_str()), 0);
  std::ifstream in(out);
  const nlohmann::json doc = nlohmann::json::parse(in);
  ASSERT_EQ(doc["cards"].size(), 2u);
  EXPECT_EQ(doc["cards"][1]["script"]["effects"].size(), 2u);
  EXPECT_EQ(WEXITSTATUS(std::system((cmd + " 2>/dev/null").c_str())), 2);  // exists: --force to overwrite
  const std::string bad = std::string(BC_BINARY) + " ygopro cards --scripts /nonexistent 1001 2>/dev/null";
  EXPECT_EQ(WEXITSTATUS(std::system(bad.c_str())), 2);
  std::remove(out.c_str());
}

// --cdb: a card's name and stats from a cards.cdb, where the card does not give
// them; a code the cdb lacks is a warning; a file that is no cdb is refused.
TEST(YgoproCardsCli, NamesAndStatsFromACardsCdb) {
  const std::string out = ::testing::TempDir() + "bc-ygopro-cards-cdb.json";
  std::remove(out.c_str());
  const std::string base = std::string(BC_BINARY) + " ygopro cards --scripts " + kTree + " --cdb ";
  EXPECT_EQ(std::system((base + kTree + "/cards.cdb 1001 1002 1003 -o " + out + " 2>/dev/null").c_str()), 0);
  std::ifstream in(out);
  const nlohmann::json doc = nlohmann::json::parse(in);
  ASSERT_EQ(doc["cards"].size(), 3u);
  EXPECT_EQ(doc["cards"][0]["name"], "Fixture Hand Monster");
  EXPECT_EQ(doc["cards"][0]["atk"], 300);
  EXPECT_EQ(doc["cards"][0]["def"], 200);
  EXPECT_EQ(doc["cards"][0]["level"], 1);
  EXPECT_EQ(doc["cards"][1]["type"], 4);
  EXPECT_FALSE(doc["cards"][1].contains("atk"));  // not a monster
  EXPECT_FALSE(doc["cards"][2].contains("name"));  // 1003 is not in the cdb
  EXPECT_EQ(WEXITSTATUS(std::system((base + kTree + "/constant.lua 1001 2>/dev/null").c_str())), 2);
  std::remove(out.c_str());
}

}  // namespace
}  // namespace bc
