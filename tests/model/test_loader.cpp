// Scenario and ruleset loading: every bad input gets an InputError naming
// file, line and field; the built-in rulesets, mutants and scenarios are
// complete and consistent with docs/rulesets.md and docs/scenario-format.md.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

#include "model/library/presets.hpp"
#include "model/loaders/loader.hpp"
#include "tests/model/input_error.hpp"

namespace bc {
namespace {

CardSpec preset_card(CardSpec c) {
  fill_preset_term(c);
  return c;
}


namespace fs = std::filesystem;

using test::error_of;

std::string scenario_error(const std::string& text) {
  return error_of([&] { parse_scenario(text, "bad.toml"); });
}

// A valid base to break: one monster a side, a token template, two cards.
const std::string kBoard = R"(name = "t"
[[monster]]
name = "A"
atk = 1000
def = 1000
player = "p1"
[[monster]]
name = "B"
atk = 500
def = 500
player = "p2"
position = "facedown"
[[monster]]
name = "Tok"
atk = 0
def = 0
)";

std::string card(const std::string& body) { return "[[card]]\n" + body + "\n"; }

std::string monsters(int n, const std::string& player) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += "[[monster]]\nname = \"" + player + "-" + std::to_string(i) + "\"\natk = 100\ndef = 100\nplayer = \"" +
           player + "\"\n";
  return out;
}

std::string cards(int n, const std::string& player) {
  std::string out;
  for (int i = 0; i < n; ++i)
    out += card("name = \"" + player + "-c" + std::to_string(i) + "\"\nkind = \"free_chain_quick\"\nplayer = \"" +
                player + "\"");
  return out;
}

// ---------------------------------------------------------------- scenarios: bad input

TEST(ScenarioErrors, SyntaxErrorCarriesTomlLine) {
  EXPECT_INPUT_ERROR(scenario_error("name = \"x\"\nfirst_turn = \n"), "bad.toml:2: TOML syntax: ", "");
}

/// Regression (issue 12, found by fuzzing): toml++ 3.3 reaches undefined
/// behaviour on some non-ASCII characters where it expects whitespace; they
/// are refused first, with their line, while strings and comments keep theirs.
TEST(ScenarioErrors, NonAsciiOutsideStringsIsRefusedBeforeTomlppSeesIt) {
  EXPECT_INPUT_ERROR(scenario_error("name = \"x\"\n\n[[monster]]\natk =  \xc2\xa7" "6\n"), "bad.toml:4: TOML syntax: ",
                     "outside ASCII outside a string or comment");
  EXPECT_INPUT_ERROR(scenario_error("name = \"x\"\ndescription = \"\"\"a \\\n  \xc2\xa7\"\"\"\n"),
                     "bad.toml:3: TOML syntax: ", "outside ASCII");
  EXPECT_INPUT_ERROR(scenario_error("name =-d$\"co\xcd\xa9 v\n"), "bad.toml:1: TOML syntax: ", "outside ASCII");
  EXPECT_INPUT_ERROR(scenario_error("m =6_6__W['e\xef\xb8\xbf" "7\"\""), "bad.toml:1: TOML syntax: ", "outside ASCII");
  EXPECT_INPUT_ERROR(scenario_error("ar=+.\"1\xef\xb8\xbfz"), "bad.toml:1: TOML syntax: ", "outside ASCII");
  EXPECT_INPUT_ERROR(scenario_error("s =  1[\"\xc2\xa7\"]"), "bad.toml:1: TOML syntax: ", "outside ASCII");
  EXPECT_INPUT_ERROR(scenario_error("rAd =-=\"\xef\xbb\xbbn\""), "bad.toml:1: TOML syntax: ", "outside ASCII");
  // Valid TOML keeps its non-ASCII text: a byte order mark, strings, comments, quoted and dotted keys.
  const std::string valid = scenario_error("\xef\xbb\xbfname = \"\xc3\xa9\" # \xc3\xbc\n" + kBoard.substr(kBoard.find('\n') + 1));
  EXPECT_EQ(valid.find("TOML syntax"), std::string::npos) << valid;
  EXPECT_INPUT_ERROR(scenario_error("name = \"x\"\ndescription = \"\"\"\\\n\t\\\t\xef\xbb\xba\"\"\"\n"),
                     "bad.toml:3: TOML syntax: ", "outside ASCII");
  const std::string fine = scenario_error("name = \"\xc3\xa9\" # \xc3\xbc\ndescription = '''\xc3\xbc'''\n" + kBoard.substr(kBoard.find('\n') + 1));
  EXPECT_EQ(fine.find("ASCII"), std::string::npos) << fine;
}

TEST(ScenarioErrors, UnknownTopLevelKey) {
  EXPECT_INPUT_ERROR(scenario_error("name = \"x\"\nmonsters = 3\n"), "bad.toml:2: monsters: ",
                     "unknown key (did you mean monster?)");
}

TEST(ScenarioErrors, UnknownKeyInMonster) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + "atack = 5\n"), "bad.toml:17: monster[2].atack: ", "unknown key");
}

TEST(ScenarioErrors, NegativeAtk) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = -100\ndef = 0\n"), "bad.toml:3: monster[0].atk: ",
                     "must be between 0 and 5000 in steps of 50, got -100");
}

TEST(ScenarioErrors, AtkOutOfRangeOrOffStep) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = 5050\ndef = 0\n"),
                     "bad.toml:3: monster[0].atk: ", "got 5050");
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = 1234\ndef = 0\n"),
                     "bad.toml:3: monster[0].atk: ", "got 1234");
}

TEST(ScenarioErrors, NegativeDef) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = 0\ndef = -50\n"), "bad.toml:4: monster[0].def: ",
                     "got -50");
}

TEST(ScenarioErrors, AtkOfWrongType) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = \"high\"\ndef = 0\n"),
                     "bad.toml:3: monster[0].atk: ", "must be an integer, got \"high\"");
}

TEST(ScenarioErrors, MissingMonsterName) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\natk = 0\ndef = 0\n"), "bad.toml:1: monster[0].name: ", "missing");
}

TEST(ScenarioErrors, DuplicateMonsterName) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + "[[monster]]\nname = \"A\"\natk = 0\ndef = 0\n"),
                     "bad.toml:18: monster[3].name: ", "duplicate monster name \"A\"");
}

TEST(ScenarioErrors, UnknownPosition) {
  EXPECT_INPUT_ERROR(
      scenario_error("[[monster]]\nname = \"A\"\natk = 0\ndef = 0\nplayer = \"p1\"\nposition = \"sideways\"\n"),
      "bad.toml:6: monster[0].position: ", "unknown position \"sideways\"; expected attack, defense or facedown");
}

TEST(ScenarioErrors, UnknownPlayer) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = 0\ndef = 0\nplayer = \"p3\"\n"),
                     "bad.toml:5: monster[0].player: ", "unknown player \"p3\" (did you mean p1?); expected p1 or p2");
}

TEST(ScenarioErrors, ZoneWithoutPlayer) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = 0\ndef = 0\nzone = 1\n"),
                     "bad.toml:5: monster[0].zone: ", "needs player");
}

TEST(ScenarioErrors, ZoneOutOfRange) {
  EXPECT_INPUT_ERROR(scenario_error("[[monster]]\nname = \"A\"\natk = 0\ndef = 0\nplayer = \"p1\"\nzone = 5\n"),
                     "bad.toml:6: monster[0].zone: ", "must be between 0 and 4, got 5");
}

TEST(ScenarioErrors, SixMonstersInFiveZones) {
  EXPECT_INPUT_ERROR(scenario_error(monsters(6, "p1")), "bad.toml:30: monster[5].player: ",
                     "p1 already has 5 monsters: a side has only 5 monster zones");
}

TEST(ScenarioErrors, TwoMonstersInOneZone) {
  const std::string text = "[[monster]]\nname = \"A\"\natk = 0\ndef = 0\nplayer = \"p2\"\nzone = 3\n"
                           "[[monster]]\nname = \"B\"\natk = 0\ndef = 0\nplayer = \"p2\"\nzone = 3\n";
  EXPECT_INPUT_ERROR(scenario_error(text), "bad.toml:12: monster[1].zone: ",
                     "zone 3 of p2 already holds \"A\"; one monster per zone");
}

TEST(ScenarioErrors, MoreThan32MonsterSpecs) {
  std::string text;
  for (int i = 0; i < 33; ++i) text += "[[monster]]\nname = \"m" + std::to_string(i) + "\"\natk = 0\ndef = 0\n";
  EXPECT_INPUT_ERROR(scenario_error(text), "bad.toml:129: monster[32]: ", "at most 32 monsters");
}

TEST(ScenarioErrors, MoreThan8CardsForOnePlayer) {
  const std::string text = cards(9, "p2");
  EXPECT_INPUT_ERROR(scenario_error(text), "bad.toml:33: card[8]: ", "p2 already holds 8 cards");
}

TEST(ScenarioErrors, MoreThan16CardsInAll) {
  const std::string text = cards(8, "p1") + cards(8, "p2") + cards(1, "p1");
  EXPECT_INPUT_ERROR(scenario_error(text), "bad.toml:65: card[16]: ", "at most 16 effect cards");
}

TEST(ScenarioErrors, UnknownEffectKind) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"counter_trapp\"\nplayer = \"p1\"")),
                     "bad.toml:19: card[0].kind: ", "unknown effect kind \"counter_trapp\" (did you mean counter_trap?)");
}

TEST(ScenarioErrors, UnknownCondition) {
  EXPECT_INPUT_ERROR(
      scenario_error(kBoard + card("name = \"X\"\nkind = \"end_of_battle_trigger\"\nhost = \"A\"\ncondition = \"always\"")),
      "bad.toml:21: card[0].condition: ", "unknown condition \"always\"; expected none, host_attacked or host_battled");
}

TEST(ScenarioErrors, ConditionOnOtherKind) {
  EXPECT_INPUT_ERROR(
      scenario_error(kBoard + card("name = \"X\"\nkind = \"flip_trigger\"\nhost = \"B\"\ncondition = \"host_attacked\"")),
      "bad.toml:21: card[0].condition: ", "only an end_of_battle_trigger takes a condition");
}

TEST(ScenarioErrors, UnknownHostName) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"flip_trigger\"\nhost = \"C\"")),
                     "bad.toml:20: card[0].host: ", "unknown monster \"C\"");
}

TEST(ScenarioErrors, UnknownSummonsName) {
  EXPECT_INPUT_ERROR(
      scenario_error(kBoard + card("name = \"X\"\nkind = \"special_summon_quick\"\nplayer = \"p1\"\nsummons = \"Toke\"")),
      "bad.toml:21: card[0].summons: ", "unknown monster \"Toke\"");
}

TEST(ScenarioErrors, MonsterEffectWithoutHost) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"flip_trigger\"\nplayer = \"p2\"")),
                     "bad.toml:17: card[0].host: ", "flip_trigger is a monster effect and needs host");
}

TEST(ScenarioErrors, SpellTrapWithHost) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"counter_trap\"\nhost = \"A\"")),
                     "bad.toml:20: card[0].host: ", "counter_trap is a trap and takes no host");
}

TEST(ScenarioErrors, HostOnTheOtherSide) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"flip_trigger\"\nhost = \"B\"\nplayer = \"p1\"")),
                     "bad.toml:21: card[0].player: ", "is p1 but the host \"B\" is on p2's side");
}

TEST(ScenarioErrors, MissingPlayerOfSpell) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"counter_trap\"")), "bad.toml:17: card[0].player: ",
                     "missing");
}

TEST(ScenarioErrors, SummoningKindWithoutSummons) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"special_summon_quick\"\nplayer = \"p1\"")),
                     "bad.toml:17: card[0].summons: ", "missing: a special_summon_quick summons a monster");
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"sent_to_grave_trigger\"\nhost = \"B\"")),
                     "bad.toml:17: card[0].summons: ", "missing");
}

TEST(ScenarioErrors, SummonsOnOtherKind) {
  EXPECT_INPUT_ERROR(
      scenario_error(kBoard + card("name = \"X\"\nkind = \"counter_trap\"\nplayer = \"p1\"\nsummons = \"Tok\"")),
      "bad.toml:21: card[0].summons: ", "counter_trap summons nothing");
}

TEST(ScenarioErrors, SummonsABoardMonster) {
  EXPECT_INPUT_ERROR(
      scenario_error(kBoard + card("name = \"X\"\nkind = \"special_summon_quick\"\nplayer = \"p1\"\nsummons = \"A\"")),
      "bad.toml:21: card[0].summons: ", "\"A\" starts on the board");
}

TEST(ScenarioErrors, BoostNotAMultipleOf100) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"atk_change_quick\"\nplayer = \"p1\"\nvalue = 750")),
                     "bad.toml:21: card[0].value: ", "must be a non-zero multiple of 100 between -12700 and 12700, got 750");
}

TEST(ScenarioErrors, BoostOutOfRange) {
  EXPECT_INPUT_ERROR(
      scenario_error(kBoard + card("name = \"X\"\nkind = \"damage_calc_atk_change\"\nplayer = \"p1\"\nvalue = 12800")),
      "bad.toml:21: card[0].value: ", "got 12800");
  EXPECT_INPUT_ERROR(
      scenario_error(kBoard + card("name = \"X\"\nkind = \"damage_calc_atk_change\"\nplayer = \"p1\"\nvalue = -12800")),
      "bad.toml:21: card[0].value: ", "got -12800");
}

TEST(ScenarioErrors, BoostMissingOrOnOtherKind) {
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"atk_change_quick\"\nplayer = \"p1\"")),
                     "bad.toml:17: card[0].value: ", "missing");
  EXPECT_INPUT_ERROR(scenario_error(kBoard + card("name = \"X\"\nkind = \"counter_trap\"\nplayer = \"p1\"\nvalue = 100")),
                     "bad.toml:21: card[0].value: ", "takes no value");
}

TEST(ScenarioErrors, FileNotFound) {
  const std::string m = error_of([] { load_scenario_file("/nonexistent/dir/s.toml"); });
  EXPECT_EQ(m, "/nonexistent/dir/s.toml: cannot read file: no such file");
}

TEST(ScenarioErrors, DirectoryIsNotAFile) {
  const std::string dir = fs::temp_directory_path().string();
  EXPECT_EQ(error_of([&] { load_scenario_file(dir); }), dir + ": cannot read file: it is a directory");
}

TEST(ScenarioErrors, GarbageNeverCrashes) {
  // Binary noise and odd shapes: always an InputError, never a crash.
  for (const std::string& text : {std::string("\x01\x02\xff\xfe", 4), std::string("[[monster]]\n[[card]]\n"),
                                 std::string("monster = [1, 2]\n"), std::string("card = \"x\"\n"),
                                 std::string("[monster]\nname = \"a\"\n"), std::string("first_turn = 1\n")}) {
    const std::string m = scenario_error(text);
    EXPECT_EQ(m.rfind("bad.toml:", 0), 0u) << m;
  }
}

// ---------------------------------------------------------------- scenarios: good input

TEST(Scenario, MinimalFileGetsDefaults) {
  const Scenario s = parse_scenario(kBoard, "dir/t.toml");
  EXPECT_EQ(s.name, "t");
  EXPECT_FALSE(s.first_turn);
  ASSERT_EQ(s.monsters.size(), 3u);
  EXPECT_EQ(s.board[0][0].monster, 0);
  EXPECT_EQ(s.board[0][0].position, Position::FaceUpAttack);
  EXPECT_EQ(s.board[1][0].monster, 1);
  EXPECT_EQ(s.board[1][0].position, Position::FaceDownDefense);
  EXPECT_EQ(s.board[1][1].monster, kNoMonster);
  EXPECT_EQ(parse_scenario("", "dir/empty.toml").name, "empty");
}

TEST(Scenario, CardFieldsAreRead) {
  const Scenario s = parse_scenario(
      kBoard + card("name = \"Flip\"\nkind = \"flip_trigger\"\nhost = \"B\"") +
          card("name = \"Goat\"\nkind = \"special_summon_quick\"\nplayer = \"p2\"\nsummons = \"Tok\"") +
          card("name = \"Rush\"\nkind = \"atk_change_quick\"\nplayer = \"p1\"\nvalue = -700") +
          card("name = \"Gob\"\nkind = \"end_of_battle_trigger\"\nhost = \"A\"\ncondition = \"host_battled\""),
      "t.toml");
  ASSERT_EQ(s.cards.size(), 4u);
  EXPECT_EQ(s.cards[0], preset_card(CardSpec{"Flip", EffectKind::FlipTrigger, Player::P2, 1, 0, kNoMonster, Condition::None}));
  EXPECT_EQ(s.cards[1], preset_card(CardSpec{"Goat", EffectKind::SpecialSummonQuick, Player::P2, kNoMonster, 0, 2, Condition::None}));
  EXPECT_EQ(s.cards[2], preset_card(CardSpec{"Rush", EffectKind::AtkChangeQuick, Player::P1, kNoMonster, -700, kNoMonster, Condition::None}));
  EXPECT_EQ(s.cards[3], preset_card(CardSpec{"Gob", EffectKind::EndOfBattleTrigger, Player::P1, 0, 0, kNoMonster, Condition::HostBattled}));
}

TEST(Scenario, DefaultMatchesTheRequirements) {
  const Scenario& s = default_scenario();
  EXPECT_EQ(s.name, "default");
  EXPECT_FALSE(s.first_turn);
  int per_side[2] = {0, 0};
  bool p2_face_down = false;
  for (int side = 0; side < 2; ++side)
    for (const auto& z : s.board[side]) {
      if (z.monster == kNoMonster) continue;
      ++per_side[side];
      if (side == 1 && z.position == Position::FaceDownDefense) p2_face_down = true;
    }
  EXPECT_GE(per_side[0], 2);
  EXPECT_GE(per_side[1], 2);
  EXPECT_TRUE(p2_face_down);
  for (const Player p : {Player::P1, Player::P2}) {
    std::set<EffectKind> kinds;
    int held = 0;
    for (const auto& c : s.cards)
      if (c.owner == p) { ++held; kinds.insert(c.kind); }
    EXPECT_GE(held, 4) << name(p);
    EXPECT_GE(kinds.size(), 4u) << name(p);
  }
  EXPECT_EQ(default_scenario_text().substr(0, 1), "#");
}

std::vector<fs::path> scenario_files() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(BC_SOURCE_DIR) / "scenarios"))
    if (e.path().extension() == ".toml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Scenario, EveryShippedScenarioLoads) {
  const auto files = scenario_files();
  std::set<std::string> stems;
  for (const auto& f : files) {
    stems.insert(f.stem().string());
    EXPECT_NO_THROW(load_scenario_file(f.string())) << f;
  }
  for (const char* want : {"default", "first-turn", "zero-atk", "tiny", "bench-small", "bench-medium", "bench-large"})
    EXPECT_TRUE(stems.count(want)) << want;
  EXPECT_TRUE(load_scenario_file((fs::path(BC_SOURCE_DIR) / "scenarios/first-turn.toml").string()).first_turn);
  EXPECT_EQ(load_scenario_file((fs::path(BC_SOURCE_DIR) / "scenarios/default.toml").string()), default_scenario());
}

TEST(Scenario, ToTomlRoundTrips) {
  for (const auto& f : scenario_files()) {
    const Scenario s = load_scenario_file(f.string());
    const std::string text = scenario_to_toml(s);
    EXPECT_EQ(parse_scenario(text, "round-trip.toml"), s) << f << "\n" << text;
    EXPECT_EQ(scenario_to_toml(parse_scenario(text, "x.toml")), text);
  }
}

TEST(Scenario, ToTomlEscapesStrings) {
  Scenario s;
  s.name = "quote \" and \\ and\nnewline";
  s.monsters.push_back({"Tab\tmonster", 100, 200});
  EXPECT_EQ(parse_scenario(scenario_to_toml(s), "x.toml"), s);
}

}  // namespace
}  // namespace bc
