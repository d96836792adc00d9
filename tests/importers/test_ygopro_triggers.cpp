// Triggers on a battle event before damage calculation (EVENT_BATTLE_CONFIRM)
// and a monster's further triggers as model cards of their own
// (docs/engines/ygopro.md, "A card with several effects"): Reflect Bounder
// deals its damage before damage calculation, then destroys itself after it.
// A Continuous Trap's field trigger is an effect of the card once face-up
// (CardSpec::effect_of): Begone, Knave!, Coffin Seller.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/ygopro/ygopro_script_attrs.hpp"
#include "importers/ygopro/ygopro_terms.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

using nlohmann::json;

using testing::import_real;

/// The (timing, card) of every activation in an import.
std::vector<std::pair<Timing, std::uint8_t>> activations_of(const ImportResult& r) {
  std::vector<std::pair<Timing, std::uint8_t>> out;
  Timing now = Timing::MainPhase1;
  for (const TraceRecord& rec : r.records) {
    if (rec.kind != RecordKind::Event) continue;
    if (rec.event.type == EventType::TimingEnter) now = rec.event.timing;
    if (rec.event.type == EventType::Activate) out.emplace_back(now, rec.event.card);
  }
  return out;
}

TEST(YgoproTriggers, BattleConfirmIsATriggerBeforeDamageCalculation) {
  const json e = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"event_code", "EVENT_BATTLE_CONFIRM"}};
  const ScriptReading r = read_script_effect(e, 0x21, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(r.term->trigger, TriggerEvent::BeforeDamageCalculation);
  EXPECT_TRUE(r.term->mandatory);
  EXPECT_EQ(class_of(*r.term), EffectKind::BeforeCalcTrigger);
  // By value alone (1133), as a file without names gives it.
  const ScriptReading v = read_script_effect(json::parse(R"({"effect_type_value": 513, "event_code_value": 1133})"), 0x21, "");
  ASSERT_TRUE(v.term.has_value());
  EXPECT_EQ(v.term->trigger, TriggerEvent::BeforeDamageCalculation);
}

// The recorded run: P1's Luster Dragon attacks P2's face-up Reflect Bounder.
// Its damage is activated as damage calculation is about to begin, its
// destruction after damage calculation: two model cards on the same monster,
// each activation to the one whose trigger is the timing's.
TEST(YgoproTriggers, AMonstersSecondTriggerIsACardOfItsOwn) {
  const ImportResult r = import_real("batch2/fluoro/fluoro-reflect_bounder-p000");
  ASSERT_FALSE(r.error) << r.error->what;
  const auto& cards = r.header.scenario.cards;
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(cards[0].name, "Reflect Bounder");
  EXPECT_EQ(cards[1].name, "Reflect Bounder");
  EXPECT_EQ(cards[0].term.trigger, TriggerEvent::BeforeDamageCalculation);
  EXPECT_EQ(cards[1].term.trigger, TriggerEvent::Battled);
  EXPECT_EQ(cards[0].host, cards[1].host);
  const std::vector<std::pair<Timing, std::uint8_t>> expected = {{Timing::BeforeDamageCalculation, 0},
                                                                 {Timing::AfterDamageCalculation, 1}};
  EXPECT_EQ(activations_of(r), expected);
}

// A field trigger listens to the whole field: EVENT_BATTLE_DAMAGE is any
// monster's battle damage, EVENT_TO_GRAVE a monster of the opponent's sent to
// the Graveyard (mandatory only); a monster's own (SINGLE) keeps its host's event.
TEST(YgoproTriggers, AFieldTriggerListensToTheWholeField) {
  const auto read = [](const char* type, const char* code, const char* range, std::uint32_t card_type) {
    const json e = {{"effect_type", type}, {"event_code", code}, {"range", range}, {"range_value", 8u}};
    return read_script_effect(e, card_type, "");
  };
  const ScriptReading knave = read("EFFECT_TYPE_FIELD|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_DAMAGE", "LOCATION_SZONE", 0x20004);
  ASSERT_TRUE(knave.term.has_value());
  EXPECT_EQ(knave.term->trigger, TriggerEvent::MonsterInflictsBattleDamage);
  EXPECT_TRUE(knave.face_up_effect);
  // EDOPro's stub may name the range 0x8 LOCATION_REASON_RETURN: read by value.
  EXPECT_TRUE(read("EFFECT_TYPE_FIELD|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_DAMAGE", "LOCATION_REASON_RETURN", 0x20004)
                  .face_up_effect);
  const ScriptReading coffin = read("EFFECT_TYPE_FIELD|EFFECT_TYPE_TRIGGER_F", "EVENT_TO_GRAVE", "LOCATION_SZONE", 0x20004);
  ASSERT_TRUE(coffin.term.has_value());
  EXPECT_EQ(coffin.term->trigger, TriggerEvent::OpponentMonsterSentToGraveyard);
  EXPECT_EQ(class_of(*coffin.term), EffectKind::SentToGraveTrigger);
  EXPECT_FALSE(read("EFFECT_TYPE_FIELD|EFFECT_TYPE_TRIGGER_O", "EVENT_TO_GRAVE", "LOCATION_SZONE", 0x20004).term);
  const ScriptReading own = read("EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F", "EVENT_BATTLE_DAMAGE", "", 0x21);
  ASSERT_TRUE(own.term.has_value());
  EXPECT_EQ(own.term->trigger, TriggerEvent::InflictsBattleDamage);
  EXPECT_FALSE(own.face_up_effect);
}

// The recorded run: P2 activates the set Begone, Knave! in the Battle Step;
// Luster Dragon's battle damage then brings its return after damage
// calculation, the second model card, an effect of the first once face-up.
TEST(YgoproTriggers, AContinuousTrapsTriggerIsAnEffectOfTheCard) {
  const ImportResult r = import_real("batch3/fluoro/fluoro-begone_knave-p003");
  ASSERT_FALSE(r.error) << r.error->what;
  const auto& cards = r.header.scenario.cards;
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(cards[0].effect_of, kNoCard);
  EXPECT_EQ(cards[1].effect_of, 0);
  EXPECT_EQ(cards[1].term.trigger, TriggerEvent::MonsterInflictsBattleDamage);
  EXPECT_TRUE(cards[1].term.mandatory);
  const std::vector<std::pair<Timing, std::uint8_t>> expected = {{Timing::BattleStep, 0},
                                                                 {Timing::AfterDamageCalculation, 1}};
  EXPECT_EQ(activations_of(r), expected);
}

// EDOPro offers the still-set card after damage calculation, in answer to the
// battle damage its trigger listens to (field::get_cteffect): the offer is the
// card's activation, never its effect once face-up, which needs the card
// activated first.
TEST(YgoproTriggers, TheSetCardsOfferIsItsActivation) {
  const ImportResult r = import_real("batch3/edo/edo-begone_knave-p002");
  ASSERT_FALSE(r.error) << r.error->what;
  ASSERT_EQ(r.header.scenario.cards.size(), 2u);
  const std::vector<std::pair<Timing, std::uint8_t>> expected = {{Timing::AfterDamageCalculation, 0}};
  EXPECT_EQ(activations_of(r), expected);
  // That activation returned Luster Dragon: its face-up effect's CATEGORY_TOHAND declares it.
  EXPECT_TRUE(r.card_findings.empty()) << r.card_findings.front();
}

// A card activated when a monster is summoned (EFFECT_TYPE_ACTIVATE on the
// summon events: Torrential Tribute) is an optional trigger on any monster's
// summon; the attempt to summon (EVENT_SPSUMMON: Solemn Judgment's negation)
// is not read as one.
TEST(YgoproTriggers, AnActivationOnASummonIsATriggerOnAnyMonstersSummon) {
  for (const char* code : {"EVENT_SUMMON_SUCCESS", "EVENT_FLIP_SUMMON_SUCCESS", "EVENT_SPSUMMON_SUCCESS"}) {
    const ScriptReading r = read_script_effect({{"effect_type", "EFFECT_TYPE_ACTIVATE"}, {"event_code", code}}, 0x4, "");
    ASSERT_TRUE(r.term.has_value()) << code;
    EXPECT_EQ(r.term->activation, Activation::Trigger) << code;
    EXPECT_EQ(r.term->trigger, TriggerEvent::MonsterSummoned) << code;
    EXPECT_FALSE(r.term->mandatory) << code;
    EXPECT_EQ(class_of(*r.term), EffectKind::OtherSummonTrigger) << code;
  }
  // By value alone (EFFECT_TYPE_ACTIVATE 16, EVENT_SPSUMMON_SUCCESS 1102), as a file without names gives it.
  const ScriptReading v = read_script_effect(json::parse(R"({"effect_type_value": 16, "event_code_value": 1102})"), 0x4, "");
  ASSERT_TRUE(v.term.has_value());
  EXPECT_EQ(v.term->trigger, TriggerEvent::MonsterSummoned);
  EXPECT_FALSE(read_script_effect({{"effect_type", "EFFECT_TYPE_ACTIVATE"}, {"event_code", "EVENT_SPSUMMON"}}, 0x4, "").term);
  const ScriptReading free = read_script_effect({{"effect_type", "EFFECT_TYPE_ACTIVATE"}, {"event_code", "EVENT_FREE_CHAIN"}}, 0x4, "");
  EXPECT_EQ(free.term->activation, Activation::Quick);
}

// Ryu Kokki's condition asks whether the monster it battled is still related
// to the battle: the term needs that monster on the field (foe_on_field). The
// battle target read without that test, or a Trap's, adds nothing.
TEST(YgoproTriggers, AConditionOnTheBattledMonsterBeingRelatedNeedsItOnTheField) {
  const auto read = [](json uses, std::uint32_t card_type) {
    const json e = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"event_code", "EVENT_DAMAGE_STEP_END"},
                    {"condition", "c57281778.lua:14-18"}, {"condition_uses", std::move(uses)}};
    return read_script_effect(e, card_type, "");
  };
  const ScriptReading kokki = read({":GetBattleTarget", ":GetHandler", ":IsRace", ":IsRelateToBattle"}, 0x21);
  ASSERT_TRUE(kokki.term.has_value());
  EXPECT_EQ(kokki.term->conditions, kCondFoeOnField);
  EXPECT_NE(kokki.rule.find("still on the field"), std::string::npos) << kokki.rule;
  EXPECT_EQ(read({":GetBattleTarget", ":IsRace"}, 0x21).term->conditions, 0);
  EXPECT_EQ(read({":GetHandler", ":IsRelateToBattle"}, 0x21).term->conditions, 0);
  EXPECT_EQ(read({":GetBattleTarget", ":IsRelateToBattle"}, 0x4).term->conditions, 0);  // a Trap has no monster of its own
  // Flame Wingman's trigger on destroying a monster tests its own relation (c:IsRelateToBattle): not read.
  const json wingman = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"event_code", "EVENT_BATTLE_DESTROYING"},
                        {"condition", "c35809262.lua:26-30"},
                        {"condition_uses", {":GetBattleTarget", ":GetHandler", ":IsLocation", ":IsRelateToBattle"}}};
  EXPECT_EQ(read_script_effect(wingman, 0x21, "").term->conditions, 0);
  // EDOPro's: the attack target or the attacker in the condition, the test in the target function.
  json edo = {{"effect_type", "EFFECT_TYPE_SINGLE|EFFECT_TYPE_TRIGGER_F"}, {"event_code", "EVENT_DAMAGE_STEP_END"},
              {"condition", "official/c57281778.lua:16-21"},
              {"condition_uses", {":IsRace", "Duel.GetAttackTarget", "Duel.GetAttacker"}},
              {"target_check", "official/c57281778.lua:22-25"},
              {"target_check_uses", {":GetLabelObject", ":IsRelateToBattle"}}};
  EXPECT_EQ(read_script_effect(edo, 0x21, "").term->conditions, kCondFoeOnField);
  edo["condition_uses"] = {":IsRace", "Duel.GetAttackTarget"};  // only the attack target: not the monster it battled
  EXPECT_EQ(read_script_effect(edo, 0x21, "").term->conditions, 0);
}

// Goblin Attack Force's real script: a continuous effect on
// EVENT_PHASE+PHASE_BATTLE that changes the card to Defense Position if it
// attacked reads as the continuous part defense_after_attacking; without the
// attacked test, or changing another position, or on another event, it is not.
TEST(YgoproTriggers, AChangeToDefenseAfterAttackingIsContinuous) {
  json goblin = {{"effect_type", "EFFECT_TYPE_CONTINUOUS|EFFECT_TYPE_FIELD"}, {"event_code", "EVENT_PHASE+PHASE_BATTLE"},
                 {"event_code_value", 4224}, {"condition", "c78658564.lua:13-15"},
                 {"condition_uses", {":GetAttackedCount", ":GetHandler"}}, {"operation", "c78658564.lua:16-27"},
                 {"operation_uses", {":IsAttackPos", "Duel.ChangePosition", "POS_FACEUP_DEFENSE"}}};
  const ScriptReading r = read_script_effect(goblin, 0x21, "");
  ASSERT_TRUE(r.term.has_value());
  EXPECT_EQ(r.term->activation, Activation::Continuous);
  EXPECT_EQ(r.term->continuous.kind, ContinuousKind::DefenseAfterAttacking);
  const auto kind = [](const json& e) {
    return read_script_effect(e, 0x21, "").term.value_or(EffectTerm{}).continuous.kind;
  };
  json any = goblin;
  any["condition_uses"] = {":GetHandler"};
  EXPECT_NE(kind(any), ContinuousKind::DefenseAfterAttacking);
  json attack = goblin;
  attack["operation_uses"] = {"Duel.ChangePosition", "POS_FACEUP_ATTACK"};
  EXPECT_NE(kind(attack), ContinuousKind::DefenseAfterAttacking);
  json end_phase = goblin;
  end_phase["event_code"] = "EVENT_PHASE+PHASE_END";
  end_phase["event_code_value"] = 4608;
  EXPECT_NE(kind(end_phase), ContinuousKind::DefenseAfterAttacking);
}

// The recorded run: after the opponent passed at HINT 29, the core applies
// Goblin Attack Force's change in its End Step phase event, with no HINT 25:
// the change is the End Step's, before its prompts.
TEST(YgoproTriggers, AChangeAfterTheBattleStepEndedIsTheEndSteps) {
  const ImportResult r = import_real("batch2/fluoro/fluoro-goblin_attack_force-p000");
  ASSERT_FALSE(r.error) << r.error->what;
  ASSERT_EQ(r.header.scenario.cards.size(), 1u);
  EXPECT_EQ(r.header.scenario.cards[0].term.continuous.kind, ContinuousKind::DefenseAfterAttacking);
  Timing now = Timing::MainPhase1;
  int changes = 0;
  for (const TraceRecord& rec : r.records) {
    if (rec.kind != RecordKind::Event) continue;
    if (rec.event.type == EventType::TimingEnter) now = rec.event.timing;
    if (rec.event.type == EventType::PositionChanged) {
      EXPECT_EQ(now, Timing::EndStep);
      ++changes;
    }
  }
  EXPECT_EQ(changes, 1);
}

// Spear Dragon's and Big Shield Gardna's real scripts: a continuous effect on
// EVENT_DAMAGE_STEP_END changing the card's position, to Defense when it names
// the attacker, to Attack when it names the attack target. A position that
// does not go with the role named, or another event, is not read so.
TEST(YgoproTriggers, APositionChangeAtTheEndOfTheDamageStepIsContinuous) {
  const json spear = {{"effect_type", "EFFECT_TYPE_CONTINUOUS|EFFECT_TYPE_SINGLE"}, {"event_code", "EVENT_DAMAGE_STEP_END"},
                      {"event_code_value", 1141}, {"condition", "c31553716.lua:16-18"},
                      {"condition_uses", {":GetHandler", ":IsRelateToBattle", "Duel.GetAttacker"}},
                      {"operation", "c31553716.lua:19-24"},
                      {"operation_uses", {":GetHandler", ":IsAttackPos", "Duel.ChangePosition", "POS_FACEUP_DEFENSE"}}};
  const json gardna = {{"effect_type", "EFFECT_TYPE_CONTINUOUS|EFFECT_TYPE_SINGLE"}, {"event_code", "EVENT_DAMAGE_STEP_END"},
                       {"event_code_value", 1141}, {"operation", "c65240384.lua:18-23"},
                       {"operation_uses", {":GetHandler", ":IsDefensePos", ":IsRelateToBattle", "Duel.ChangePosition",
                                           "Duel.GetAttackTarget", "POS_FACEUP_ATTACK"}}};
  const auto kind = [](const json& e) {
    return read_script_effect(e, 0x21, "").term.value_or(EffectTerm{}).continuous.kind;
  };
  EXPECT_EQ(kind(spear), ContinuousKind::DefenseAtEndOfDamageStep);
  EXPECT_EQ(kind(gardna), ContinuousKind::AttackAtEndOfDamageStep);
  json crossed = spear;
  crossed["operation_uses"] = {"Duel.ChangePosition", "POS_FACEUP_ATTACK"};
  EXPECT_EQ(kind(crossed), ContinuousKind::None);
  json battled = gardna;
  battled["event_code"] = "EVENT_BATTLED";
  battled["event_code_value"] = 1138;
  EXPECT_NE(kind(battled), ContinuousKind::AttackAtEndOfDamageStep);
}

// Enraged Battle Ox: a field EFFECT_PIERCE on its controller's monsters whose
// target check names Types (Fluorohydride: each RACE_*; EDOPro: one combined
// RACES_ constant). A check naming anything else, or a reach to the opponent's
// monsters, is not read.
TEST(YgoproTriggers, APiercingLentToTypesNamesEachType) {
  json ox = {{"effect_type", "EFFECT_TYPE_FIELD"}, {"effect_type_value", 2u}, {"event_code", "EFFECT_PIERCE"},
             {"event_code_value", 203u}, {"range", "LOCATION_MZONE"}, {"range_value", 4u},
             {"target_check", "c76909279.lua:12-14"},
             {"target_check_uses", {":IsRace", "RACE_BEAST", "RACE_BEASTWARRIOR", "RACE_WINDBEAST"}},
             {"target_range_opponent", 0u}, {"target_range_self", 4u}};
  const std::vector<int> three = {static_cast<int>(MonsterType::WingedBeast), static_cast<int>(MonsterType::Beast),
                                  static_cast<int>(MonsterType::BeastWarrior)};
  std::vector<int> sorted = three;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(script_attrs::lent_piercing_types(ox), sorted);
  json edo = ox;
  edo["target_check_uses"] = {":IsRace", "RACES_BEAST_BWARRIOR_WINGB"};
  EXPECT_EQ(script_attrs::lent_piercing_types(edo), sorted);
  json more = ox;
  more["target_check_uses"].push_back(":IsAttackPos");
  EXPECT_TRUE(script_attrs::lent_piercing_types(more).empty());
  json both = ox;
  both["target_range_opponent"] = 4u;
  EXPECT_TRUE(script_attrs::lent_piercing_types(both).empty());
}

}  // namespace
}  // namespace bc::ygopro
