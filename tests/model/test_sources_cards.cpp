// The card library (issue 5 §2) and scenarios that name library cards.
#include <gtest/gtest.h>

#include <set>

#include "model/library/cards.hpp"
#include "model/loaders/loader.hpp"
#include "tests/model/input_error.hpp"

namespace bc {
namespace {

using test::error_of;

TEST(CardLibrary, HasAtLeast120CardsWithUniqueNamesAndCitedMentionsOrANote) {
  const auto& cards = card_library();
  EXPECT_EQ(cards.size(), 221u);
  std::set<std::string> names;
  int cited = 0;
  for (const LibraryCard& c : cards) {
    EXPECT_TRUE(names.insert(c.name).second) << c.name;
    EXPECT_TRUE(!c.mentions.empty() || !c.note.empty()) << c.name << ": a card no source names needs a note";
    cited += !c.mentions.empty();
    for (const std::string& m : c.mentions) EXPECT_TRUE(m.size() > 4 && m[0] == 'S' && m[1] >= '0' && m[1] <= '4') << m;
    if (c.kind) EXPECT_NE(c.timings, 0) << c.name;
    if (c.type == "monster") EXPECT_TRUE(c.atk && c.def) << c.name;
    for (const CardDifference& d : c.differences) EXPECT_EQ(d.section.rfind(d.source + " §", 0), 0u) << c.name;
  }
  EXPECT_EQ(cited, 168);  // every card the sources name; the rest are common test cards with a note
}

TEST(CardLibrary, HoldsTheCardsTheIssueNames) {
  for (const char* n : {"Kuriboh", "Injection Fairy Lily", "Honest", "Shrink", "Rush Recklessly", "Mirror Force",
                        "Drillroid", "Blast Sphere", "Mystic Swordsman LV2", "Mystic Swordsman LV4", "Mystic Swordsman LV6",
                        "Dandylion", "Killer Tomato", "Divine Wrath", "Flashbang", "Skyscraper", "Stardust Dragon",
                        "Giant Kozaky", "D.D. Warrior Lady", "Spirit Reaper", "Red Dragon Archfiend"})
    EXPECT_NE(find_library_card(n), nullptr) << n;
  const LibraryCard* lily = find_library_card("Injection Fairy Lily");
  EXPECT_EQ(lily->kind, EffectKind::DamageCalcAtkChange);
  EXPECT_EQ(lily->value, 3000);
  EXPECT_EQ(lily->timings, bit(Timing::DamageCalculation));
  const LibraryCard* skyscraper = find_library_card("Skyscraper");
  ASSERT_TRUE(skyscraper->term.has_value());
  EXPECT_EQ(skyscraper->term->continuous.kind, ContinuousKind::CalcAtkModifier);
  EXPECT_EQ(skyscraper->term->continuous.amount, 1000);
}

TEST(CardLibrary, PerSourceDifferences) {
  const LibraryCard* honest = find_library_card("Honest");
  ASSERT_EQ(honest->differences.size(), 2u);
  EXPECT_EQ(honest->differences[0].source, "S3");
  EXPECT_TRUE(*honest->differences[0].timings & bit(Timing::DamageCalculation));
  EXPECT_FALSE(honest->timings & bit(Timing::DamageCalculation));
  const LibraryCard* mystic = find_library_card("Mystic Swordsman LV2");
  ASSERT_EQ(mystic->differences.size(), 1u);
  EXPECT_EQ(mystic->differences[0].source, "S4");
  EXPECT_EQ(*mystic->differences[0].timings, bit(Timing::DamageCalculation));
}

TEST(CardLibrary, BadLibraryText) {
  EXPECT_INPUT_ERROR(error_of([] { parse_card_library("[[card]]\nname = \"A\"\ntype = \"trap\"\nkind = \"counter_trapp\"\n", "c.toml"); }),
                     "c.toml:4: card[0].kind: ", "did you mean counter_trap?");
}

TEST(CardLibrary, SimplifiedCardsSayWhatTheModelLeavesOut) {
  // Mirror Force is written as its real text: every Attack Position monster the opponent controls.
  const LibraryCard* mirror = find_library_card("Mirror Force");
  ASSERT_TRUE(mirror->term.has_value());
  EXPECT_EQ(mirror->term->ops[0].code, OpCode::Destroy);
  EXPECT_EQ(mirror->term->ops[0].object, Object::OpponentsAttackPosition);
  EXPECT_EQ(mirror->kind, EffectKind::AttackDestroyTrap);
  EXPECT_EQ(mirror->simplified, "");
  EXPECT_EQ(find_library_card("Sakuretsu Armor")->simplified, "") << "destroys the attacker, as printed";
  EXPECT_NE(find_library_card("Solemn Judgment")->simplified.find("half-LP cost"), std::string::npos);
  EXPECT_EQ(find_library_card("Magic Cylinder")->simplified, "") << "its damage is inflict_damage (issue 31)";
  int simplified = 0;
  for (const LibraryCard& c : card_library()) {
    simplified += !c.simplified.empty();
    if (c.note.find("not modelled") != std::string::npos)
      EXPECT_NE(c.simplified, "") << c.name << ": its note says the model leaves something out";
  }
  EXPECT_GT(simplified, 20);
  EXPECT_INPUT_ERROR(error_of([] { parse_card_library("[[card]]\nname = \"A\"\ntype = \"trap\"\nkind = \"counter_trap\"\n"
                                                     "timings = [\"battle_step\"]\nnote = \"n\"\nsimplified = \"\"\n", "c.toml"); }),
                     "c.toml:7: card[0].simplified: ", "what the model leaves out");
}

TEST(CardLibrary, FormerClassNamesStillRead) {
  EXPECT_EQ(parse_kind("atk_change_quick"), EffectKind::AtkChangeQuick);
  EXPECT_EQ(parse_kind("atk_boost_quick"), EffectKind::AtkChangeQuick);
  EXPECT_EQ(parse_kind("damage_calc_boost"), EffectKind::DamageCalcAtkChange);
  EXPECT_EQ(parse_kind("damage_step_atk_boost"), EffectKind::DamageStepAtkChange);
  EXPECT_EQ(name(EffectKind::AtkChangeQuick), "atk_change_quick");
}

TEST(CardLibrary, AScenarioCardIsTheLibraryCardOfItsNameAndClass) {
  const LibraryCard* haunted = find_library_card("Call of the Haunted");
  CardSpec same{"Call of the Haunted", *haunted->kind, Player::P2};
  CardSpec other{"Call of the Haunted", EffectKind::FreeChainQuick, Player::P2};
  CardSpec sakuretsu{"Sakuretsu Armor", EffectKind::AttackDestroyTrap, Player::P2};
  EXPECT_EQ(library_card_of(same), haunted);
  EXPECT_EQ(library_card_of(other), nullptr) << "a scenario's own card of that name";
  EXPECT_EQ(library_card_of(sakuretsu), find_library_card("Sakuretsu Armor"));
  const auto listed = simplified_cards({same, other, sakuretsu, same});
  ASSERT_EQ(listed.size(), 1u) << "a card is listed once; Sakuretsu Armor is its printed text";
  EXPECT_EQ(listed[0].name, "Call of the Haunted");
  EXPECT_EQ(listed[0].simplified, haunted->simplified);
  // A scenario's own card under a real card's name, read otherwise, says so.
  const auto own = simplified_cards({other});
  ASSERT_EQ(own.size(), 1u);
  EXPECT_NE(own[0].simplified.find("this scenario writes its own Call of the Haunted"), std::string::npos) << own[0].simplified;
  // A preset under the name of a library card written in full is the scenario's own.
  const LibraryCard* mirror = find_library_card("Mirror Force");
  EXPECT_EQ(library_card_of(CardSpec{"Mirror Force", *mirror->kind, Player::P2}), nullptr);
}

TEST(ScenarioCards, LibraryCardsFillNameKindValuesAndHost) {
  const Scenario s = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/sources-flip-vs-battled.toml");
  ASSERT_EQ(s.monsters.size(), 2u);
  EXPECT_EQ(s.monsters[0].name, "D.D. Warrior Lady");
  EXPECT_EQ(s.monsters[0].atk, 1500);
  EXPECT_EQ(s.monsters[0].def, 1600);
  EXPECT_EQ(s.board[1][0].position, Position::FaceDownDefense);
  ASSERT_EQ(s.cards.size(), 4u);
  EXPECT_EQ(s.cards[0].kind, EffectKind::BattledTrigger);
  EXPECT_EQ(s.cards[0].host, 0);
  EXPECT_EQ(s.cards[0].owner, Player::P1);
  EXPECT_EQ(s.cards[1].kind, EffectKind::FlipTrigger);
  EXPECT_EQ(s.cards[1].owner, Player::P2);
  EXPECT_EQ(s.cards[2].name, "Rush Recklessly");
  // Written as its printed text: +700 ATK to a face-up monster until the end of the turn.
  EXPECT_TRUE(s.cards[2].custom);
  EXPECT_EQ(s.cards[2].kind, EffectKind::AtkChangeQuick);
  EXPECT_EQ(s.cards[2].term.ops[0].code, OpCode::ChangeAtk);
  EXPECT_EQ(s.cards[2].term.ops[0].amount, 700);
  EXPECT_EQ(s.cards[2].term.ops[0].duration, Duration::Turn);
  EXPECT_EQ(s.cards[3].kind, EffectKind::DamageCalcNoDamage);
  EXPECT_EQ(s.cards[3].host, kNoMonster);
  // Written back with explicit kinds, it reads the same.
  EXPECT_EQ(parse_scenario(scenario_to_toml(s), "round.toml"), s);
}

std::string scenario_error(const std::string& text) {
  return error_of([&] { parse_scenario(text, "bad.toml"); });
}

TEST(ScenarioCards, UnknownCardNamesFileLineField) {
  EXPECT_INPUT_ERROR(scenario_error("[[card]]\ncard = \"Kuribo\"\nplayer = \"p2\"\n"), "bad.toml:2: card[0].card: ",
                     "unknown card \"Kuribo\" (did you mean \"Kuriboh\"?)");
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\ncard = \"Shrink\"\nplayer = \"p1\"\n"), "bad.toml:2: monster[0].card: ",
                     "not a monster");
  EXPECT_INPUT_ERROR(scenario_error("[[card]]\ncard = \"Ring of Magnetism\"\nplayer = \"p1\"\n"), "bad.toml:2: card[0].card: ",
                     "no activated effect");
  EXPECT_INPUT_ERROR(scenario_error("[[card]]\ncard = \"Honest\"\nplayer = \"p1\"\n"), "bad.toml:2: card[0].value: ",
                     "missing");
}

}  // namespace
}  // namespace bc
