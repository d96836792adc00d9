/// Import tests: every recording imports; the subtle parts (replay
/// re-choice, battle-destroyed move, battle flip, offered records) are
/// pinned on the real recordings; the cards file in both shapes.
#include <gtest/gtest.h>

#include <algorithm>

#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"
#include "tests/importers/ygopro_fixture.hpp"

namespace bc::ygopro {
namespace {

using testing::import_run;
using testing::recordings;

int count(const ImportResult& r, EventType t) {
  return static_cast<int>(std::count_if(r.records.begin(), r.records.end(), [&](const TraceRecord& x) {
    return x.kind == RecordKind::Event && x.event.type == t;
  }));
}

/// Index of the first event record of type t (after `from`), or -1.
int find(const ImportResult& r, EventType t, int from = 0) {
  for (int i = from; i < static_cast<int>(r.records.size()); ++i)
    if (r.records[i].kind == RecordKind::Event && r.records[i].event.type == t) return i;
  return -1;
}

/// The trace lines after the header.
std::string body(const ImportResult& r) {
  const std::string text = write_trace(r.header, r.records);
  return text.substr(text.find('\n') + 1);
}

TEST(YgoproImport, EveryRecordingImports) {
  for (const std::string& run : recordings()) {
    const ImportResult r = import_run(run);
    ASSERT_TRUE(r.ok()) << run << ": " << r.error->text();
    EXPECT_TRUE(r.battle_phase_found) << run;
    EXPECT_EQ(r.header.omits, importer_omits());
    EXPECT_FALSE(r.header.scenario.first_turn);
    // A whole Battle Phase: opens in Main Phase 1, ends in Main Phase 2.
    EXPECT_EQ(r.records.front().event.type, EventType::StepEnter) << run;
    EXPECT_EQ(r.records.back().event.type, EventType::TimingEnter) << run;
    EXPECT_EQ(r.records.back().event.timing, Timing::MainPhase2) << run;
    EXPECT_EQ(count(r, EventType::AttackDeclared), 1) << run;
    EXPECT_EQ(count(r, EventType::DamageCalculation), 1) << run;
  }
}

TEST(YgoproImport, RecordCountsArePinned) {
  const std::vector<std::pair<std::string, std::size_t>> expected = {
      {"fluoro-basic", 44}, {"fluoro-replay", 58}, {"fluoro-P1", 61}, {"fluoro-P1b", 51},
      {"fluoro-P4", 57},    {"fluoro-P5", 44},     {"fluoro-P7", 56}, {"fluoro-P9", 49}};
  for (const auto& [run, n] : expected) EXPECT_EQ(import_run(run).records.size(), n) << run;
}

TEST(YgoproImport, BothCoresGiveTheSameTraceForTheSameProbe) {
  for (const char* probe : {"basic", "P1", "P1b", "P4", "P5", "P9"})
    EXPECT_EQ(body(import_run(std::string("fluoro-") + probe)), body(import_run(std::string("edo-") + probe))) << probe;
  EXPECT_EQ(body(import_run("edo-P1")), body(import_run("edo-P1-single")));
  EXPECT_EQ(body(import_run("edo-P9")), body(import_run("edo-P9-single")));
}

TEST(YgoproImport, ScenarioFromTheCardsFile) {
  const ImportResult r = import_run("fluoro-P1");
  const Scenario& s = r.header.scenario;
  EXPECT_EQ(s.name, "fluoro-P1");
  ASSERT_NE(s.board[0][0].monster, kNoMonster);
  EXPECT_EQ(s.monsters[s.board[0][0].monster].atk, 1800);
  EXPECT_EQ(s.monsters[s.board[1][0].monster].atk, 1200);
  EXPECT_EQ(s.monsters[s.board[1][1].monster].def, 2000);
  ASSERT_EQ(s.cards.size(), 2u);
  // The attack trap: its script's event is EVENT_ATTACK_ANNOUNCE, its resolution prints a message (opaque).
  EXPECT_EQ(s.cards[0].term.window, Window::AttackDeclared);
  EXPECT_EQ(s.cards[0].term.ops[0].code, OpCode::Opaque);
  EXPECT_TRUE(s.cards[0].engine_timings);
  EXPECT_TRUE(s.cards[0].hidden_condition);
  EXPECT_EQ(s.cards[0].owner, Player::P2);
  // The Quick-Play: CATEGORY_DESTROY and no target flag; the stream shows it destroys its own monster.
  EXPECT_EQ(s.cards[1].kind, EffectKind::RemoveMonsterQuick);
  EXPECT_EQ(s.cards[1].term.ops[0].code, OpCode::Destroy);
  EXPECT_EQ(s.cards[1].term.target.side, SideSel::Own);
  EXPECT_TRUE(r.card_findings.empty());
}

TEST(YgoproImport, SecondAttackMessageAfterAReplayIsTheReChoice) {
  for (const char* run : {"fluoro-P1", "edo-P1", "fluoro-replay"}) {
    const ImportResult r = import_run(run);
    EXPECT_EQ(count(r, EventType::AttackDeclared), 1) << run;
    EXPECT_EQ(count(r, EventType::Replay), 1) << run;
    const int choice = find(r, EventType::ReplayChoice);
    ASSERT_GE(choice, 0) << run;
    EXPECT_EQ(r.records[choice].event.target, slot_of(Player::P2, 0));
    EXPECT_GT(choice, find(r, EventType::ChainEnd)) << run << ": the replay comes after the chain";
    const Event& next = r.records[choice + 1].event;
    EXPECT_EQ(next.type, EventType::TimingEnter);
    EXPECT_EQ(next.timing, Timing::BattleStep) << run << ": no new attack-declaration window";
  }
}

TEST(YgoproImport, BattleDestroyedMonsterLeavesAtTheEndOfTheDamageStep) {
  for (const std::string& run : recordings()) {
    const ImportResult r = import_run(run);
    const int left = find(r, EventType::LeftField, find(r, EventType::DamageCalculation));
    ASSERT_GT(left, 0) << run;
    EXPECT_EQ(r.records[left].event.reason, LeaveReason::Battle);
    const Event& before = r.records[left - 1].event;
    EXPECT_EQ(before.type, EventType::TimingEnter) << run;
    EXPECT_EQ(before.timing, Timing::EndOfDamageStep) << run;
  }
}

TEST(YgoproImport, BattleFlipOpensBeforeDamageCalculation) {
  const ImportResult r = import_run("fluoro-P9");
  const int flip = find(r, EventType::FlippedFaceUp);
  ASSERT_GT(flip, 0);
  EXPECT_EQ(r.records[flip - 1].event.type, EventType::TimingEnter);
  EXPECT_EQ(r.records[flip - 1].event.timing, Timing::BeforeDamageCalculation);
  const int flip_effect = find(r, EventType::Activate);
  ASSERT_GT(flip_effect, flip);
  EXPECT_EQ(r.records[flip_effect].event.kind, EffectKind::FlipTrigger);
  EXPECT_EQ(r.records[flip_effect].event.slot, slot_of(Player::P2, 0));
}

/// Under Final Attack Orders the engine turns the battle-flipped monster to
/// Attack Position as soon as it flips, before the next window's hint: the
/// change follows the flip, both in that window (the model's order).
TEST(YgoproImport, APositionForcedOnTheFlippedMonsterFollowsTheFlip) {
  const std::string run = std::string(BC_SOURCE_DIR) +
                          "/tests/importers/real_runs/batch4/fluoro/fluoro-final_attack_orders_flips_nightmare_penguin-p003";
  const ImportResult r = import_stream(testing::read_bytes(run + ".bin"),
                                       parse_card_file(testing::read_text(run + ".cards.json"), run), ImportOptions{});
  const int flip = find(r, EventType::FlippedFaceUp);
  ASSERT_GT(flip, 0);
  EXPECT_EQ(r.records[flip - 1].event.timing, Timing::BeforeDamageCalculation);
  const Event& next = r.records[flip + 1].event;
  EXPECT_EQ(next.type, EventType::PositionChanged);
  EXPECT_EQ(next.slot, r.records[flip].event.slot);
  EXPECT_EQ(next.position, Position::FaceUpAttack);
  EXPECT_EQ(find(r, EventType::PositionChanged, find(r, EventType::DamageStepBegin)), flip + 1);
}

using testing::import_real;

/// Sakuretsu Armor destroys the attacker at its declaration; the core then
/// prompts both players once more before it stops the attack: the model's
/// Battle Step round (knob stopped_attack_keeps_window, S1 §战斗步骤), where
/// Call of the Haunted is offered; the attack stops when both have passed.
TEST(YgoproImport, TheRoundAfterADeclarationChainThatEndedTheAttackIsTheBattleStep) {
  const ImportResult r = import_real("batch4/fluoro/fluoro-call_of_the_haunted_after_sakuretsu_armor-p003");
  const int end = find(r, EventType::ChainEnd);
  ASSERT_GT(end, 0);
  ASSERT_EQ(r.records[end + 1].kind, RecordKind::Event);
  EXPECT_EQ(r.records[end + 1].event.type, EventType::TimingEnter);
  EXPECT_EQ(r.records[end + 1].event.timing, Timing::BattleStep);
  for (int i : {end + 2, end + 3}) {
    ASSERT_EQ(r.records[i].kind, RecordKind::Offered);
    EXPECT_EQ(r.records[i].offered.timing, Timing::BattleStep);
  }
  EXPECT_EQ(r.records[end + 4].event.type, EventType::AttackStopped);
  EXPECT_EQ(r.records[end + 5].event.timing, Timing::BattleStepOpen);
}

/// Negate Attack also ends the Battle Phase: the model goes to the End Step as
/// the chain ends, so the core's prompts after it stay the declaration
/// window's closing prompts (the round's timing_enter is taken back).
TEST(YgoproImport, NoBattleStepRoundWhenTheChainEndedTheBattlePhase) {
  const ImportResult r = import_real("fluoro/fluoro-negate_attack-p001");
  const int end = find(r, EventType::ChainEnd);
  ASSERT_GT(end, 0);
  for (int i : {end + 1, end + 2}) {
    ASSERT_EQ(r.records[i].kind, RecordKind::Offered);
    EXPECT_EQ(r.records[i].offered.timing, Timing::AttackDeclaration);
  }
  const int enter = find(r, EventType::TimingEnter, end);
  ASSERT_GT(enter, end);
  EXPECT_EQ(r.records[enter].event.timing, Timing::EndStep);
  for (std::size_t i = 0; i < r.records.size(); ++i) EXPECT_EQ(r.records[i].line, i + 2) << i;
}

/// Reinforcements resolves in the Start Step; the core prompts p1 and p2 (its
/// post-chain round), then its phase loop prompts p1 again: the round, both
/// passing, is dropped, and the loop's prompt is p1's priority after the chain.
TEST(YgoproImport, TheStartStepRoundAfterAChainIsTheCoresOwnWhenItsLoopPromptsAgain) {
  const ImportResult r = import_real("batch4/fluoro/fluoro-rush_recklessly_against_reinforcements-p003");
  const int end = find(r, EventType::ChainEnd);
  ASSERT_GT(end, 0);
  ASSERT_EQ(r.records[end + 1].kind, RecordKind::Offered);
  EXPECT_EQ(r.records[end + 1].offered.timing, Timing::StartStep);
  EXPECT_EQ(r.records[end + 1].offered.player, Player::P1);
  ASSERT_EQ(r.records[end + 2].kind, RecordKind::Event);
  EXPECT_EQ(r.records[end + 2].event.type, EventType::StepEnter);
  EXPECT_EQ(r.dropped_prompts, 2u);
}

/// Trap Jammer negates Draining Shield; EDOPro still writes MSG_CHAIN_SOLVED for it: no attack negation.
TEST(YgoproImport, ANegatedLinkThatWouldNegateTheAttackNegatesNothing) {
  const ImportResult r = import_real("batch5/edo/edo-trap_jammer_on_draining_shield-p002");
  const int negated = find(r, EventType::Negated);
  ASSERT_GT(negated, 0);
  EXPECT_EQ(find(r, EventType::AttackNegated), -1);
}

/// Enemy Controller's Tribute is paid as a cost (MSG_MOVE with REASON_COST), not a banishment.
TEST(YgoproImport, AMonsterLeavingAsACostIsACost) {
  const ImportResult r = import_real("batch4/fluoro/fluoro-enemy_controller_takes_the_target-p003");
  const int left = find(r, EventType::LeftField);
  EXPECT_TRUE(left > 0 && r.records[left].event.reason == LeaveReason::Cost) << left;
}

TEST(YgoproImport, DamageCalculationCarriesTheBoostedValues) {
  const ImportResult r = import_run("fluoro-P4");
  const int calc = find(r, EventType::DamageCalculation);
  ASSERT_GE(calc, 0);
  EXPECT_EQ(r.records[calc].event.value, 2300);
  EXPECT_EQ(r.records[calc].event.value2, 1700);
  EXPECT_EQ(r.records[calc + 1].event.type, EventType::BattleDamage);
  EXPECT_EQ(r.records[calc + 1].event.value, 600);
  EXPECT_EQ(r.records[calc + 2].event.type, EventType::DestroyConfirmed);
}

/// P4: the engine offers QP-D (ATK change, DAMAGE_CAL flag) to P2 at damage
/// calculation; the offer is in the trace even though nobody took it.
TEST(YgoproImport, OffersTheEngineMadeAreRecorded) {
  const ImportResult r = import_run("fluoro-P4");
  bool found = false;
  for (const TraceRecord& x : r.records)
    if (x.kind == RecordKind::Offered && x.offered.timing == Timing::DamageCalculation && x.offered.player == Player::P2) {
      ASSERT_EQ(x.offered.actions.size(), 2);
      EXPECT_EQ(x.offered.actions[0].type, ActionType::Pass);
      EXPECT_EQ(x.offered.actions[1].type, ActionType::Activate);
      EXPECT_EQ(r.header.scenario.cards[x.offered.actions[1].card].name, "QP-D ATK+500 [DAMAGE_STEP+DAMAGE_CAL]");
      found = true;
    }
  EXPECT_TRUE(found);
}

TEST(YgoproImport, ActivationsCarryTheEngineCardName) {
  const ImportResult r = import_run("fluoro-P7");
  const int a = find(r, EventType::Activate);
  ASSERT_GE(a, 0);
  EXPECT_EQ(r.records[a].card_name, "LocProbe-1 (hand QUICK_O [DAMAGE_STEP], after damage calc only)");
}

TEST(YgoproCards, SyntheticScriptsReadAsTerms) {
  const CardFile f = testing::run_cards("fluoro-P4");
  auto card = [&](std::uint32_t code) -> const EngineCard& {
    for (const EngineCard& c : f.cards)
      if (c.code == code) return c;
    return f.cards.front();
  };
  constexpr TimingMask kDamageStep = bit(Timing::StartOfDamageStep) | bit(Timing::BeforeDamageCalculation) |
                                     bit(Timing::AfterDamageCalculation) | bit(Timing::EndOfDamageStep);
  // QP-A: DAMAGE_STEP flag only; CATEGORY_ATKCHANGE, "+500 ATK ... until end of turn".
  const ScriptReading& a = card(20000003).script;
  ASSERT_TRUE(a.term.has_value());
  EXPECT_EQ(a.term->activation, Activation::Quick);
  EXPECT_EQ(a.term->card_type, CardType::Spell);
  EXPECT_EQ(a.term->ops[0].code, OpCode::ChangeAtk);
  EXPECT_EQ(a.term->ops[0].object, Object::OwnBattler);
  EXPECT_EQ(a.term->ops[0].amount, 500);
  EXPECT_EQ(a.term->ops[0].duration, Duration::Turn);
  EXPECT_TRUE(a.engine_timings);
  EXPECT_TRUE(a.hidden_condition);
  EXPECT_EQ(a.term->timings & kDamageStep, kDamageStep);
  EXPECT_FALSE(a.term->timings & bit(Timing::DamageCalculation));
  // QP-D: DAMAGE_STEP + DAMAGE_CAL flags.
  EXPECT_TRUE(card(20000006).script.term->timings & bit(Timing::DamageCalculation));
  EXPECT_FALSE(card(10000001).described());
  EXPECT_TRUE(f.warnings.empty());
  const ScriptReading flip = testing::run_cards("fluoro-P9").cards.back().script;
  EXPECT_EQ(flip.term->activation, Activation::Trigger);
  EXPECT_EQ(flip.term->trigger, TriggerEvent::Flipped);
  EXPECT_TRUE(flip.term->mandatory);
  EXPECT_TRUE(flip.open_outcome);
  const ScriptReading probe = testing::run_cards("fluoro-P7").cards.back().script;
  EXPECT_TRUE(probe.term->from_hand);
  EXPECT_EQ(probe.term->card_type, CardType::Monster);
  EXPECT_EQ(probe.term->timings & kDamageStep, kDamageStep);
  EXPECT_TRUE(probe.hidden_condition);
}

TEST(YgoproCards, MinimalHandWrittenForm) {
  const CardFile f = parse_card_file(R"({"cards":[
    {"code":10000001,"name":"Attacker","controller":0,"zone":0,"position":"attack","atk":1800,"def":1000},
    {"code":10000002,"name":"Defender","controller":1,"zone":0,"position":"facedown","atk":1200,"def":1000},
    {"code":20000001,"name":"Negate Attack","controller":1,"kind":"attack_negate_trap"}]})",
                                     "hand.json");
  ASSERT_EQ(f.cards.size(), 3u);
  EXPECT_TRUE(f.cards[0].monster);
  EXPECT_EQ(f.cards[0].location, loc::kMzone);
  EXPECT_EQ(f.cards[1].position, pos::kFaceDownDefense);
  EXPECT_EQ(f.cards[2].kind, EffectKind::AttackNegateTrap);
  EXPECT_EQ(f.cards[2].kind_origin, "given");
}

TEST(YgoproCards, BadCardsFilesNameTheField) {
  auto message = [](const std::string& text) {
    try {
      parse_card_file(text, "c.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("{"), message("{")) ;
  EXPECT_NE(message("{").find("c.json:1: not valid JSON"), std::string::npos);
  EXPECT_NE(message(R"({"cards":3})").find("field 'cards'"), std::string::npos);
  EXPECT_NE(message(R"({"cards":[{"name":"x"}]})").find("cards[0]: field 'code'"), std::string::npos);
  EXPECT_NE(message(R"({"cards":[{"code":1,"kind":"nap"}]})").find("field 'kind': unknown effect kind"), std::string::npos);
  EXPECT_NE(message(R"({"cards":[{"code":1,"controller":2}]})").find("field 'controller'"), std::string::npos);
  EXPECT_NE(message(R"({"cards":[{"code":1,"effect":{"activation":"quick","ops":["destory target"]}}]})")
                .find("cards[0]: field 'effect.ops[0]': unknown operation"),
            std::string::npos);
  EXPECT_NE(message(R"({"cards":[{"code":1,"effect":{"activation":3}}]})").find("field 'effect.activation'"),
            std::string::npos);
  // Issue 26: a written term that cannot mean anything (check_term_meaning); a spell card never has a host.
  EXPECT_NE(message(R"({"cards":[{"code":1,"type":2,"effect":{"activation":"counter","card_type":"monster","target":"chain_link","ops":["negate_activation"]}}]})")
                .find("cards[0]: field 'effect.activation': counter speed"),
            std::string::npos);
  EXPECT_NE(message(R"({"cards":[{"code":1,"type":2,"effect":{"activation":"continuous","continuous":"may_attack_directly"}}]})")
                .find("field 'effect.continuous'"),
            std::string::npos);
  EXPECT_EQ(message(R"({"cards":[{"code":1,"type":1,"atk":0,"def":0,"effect":{"activation":"continuous","card_type":"monster","continuous":"may_attack_directly"}}]})"),
            "no error");
}

TEST(YgoproImport, AnUndescribedCardGetsAnOpenTermNotAnError) {
  CardFile cards = testing::run_cards("fluoro-P7");
  for (EngineCard& c : cards.cards) c.script = ScriptReading{};
  const ImportResult r = import_stream(testing::run_stream("fluoro-P7"), cards, ImportOptions{});
  ASSERT_TRUE(r.ok()) << r.error->text();
  EXPECT_EQ(r.undescribed, 2u);
  bool warned = false;
  for (const std::string& w : r.warnings) warned = warned || w.find("has no description") != std::string::npos;
  EXPECT_TRUE(warned);
  for (const CardSpec& c : r.header.scenario.cards) {
    EXPECT_TRUE(c.engine_timings && c.hidden_condition) << c.name;
    EXPECT_EQ(c.term.ops[0].code, OpCode::Opaque) << c.name;
  }
}

TEST(YgoproCards, HandWrittenTerms) {
  const CardFile f = parse_card_file(R"({"cards":[
    {"code":10000001,"name":"Attacker","controller":0,"zone":0,"position":"attack","atk":1800,"def":1000},
    {"code":44095762,"name":"Mirror Force","controller":1,
     "effect":{"activation":"quick","card_type":"trap","window":"attack_declared","conditions":["opponent_attacks"],
               "ops":["destroy opponents_attack_position"]}}]})",
                                     "hand.json");
  ASSERT_EQ(f.cards.size(), 2u);
  EXPECT_TRUE(f.cards[1].described());
  EXPECT_EQ(f.cards[1].kind_origin, "effect");
  EXPECT_EQ(f.cards[1].effect.size(), 5u);
}

}  // namespace
}  // namespace bc::ygopro

namespace bc::ygopro {
namespace {

/// Every Battle Phase of a stream can be imported: two duels back to back
/// hold two, the first imports as the duel alone does, the second from the
/// board the first left (its attack target was destroyed there).
TEST(YgoproImport, EveryBattlePhaseOfAStream) {
  const std::vector<std::uint8_t> one = testing::run_stream("fluoro-basic");
  std::vector<std::uint8_t> two = one;
  two.insert(two.end(), one.begin(), one.end());
  const CardFile cards = testing::run_cards("fluoro-basic");
  const ImportResult alone = import_stream(one, cards, ImportOptions{});
  const ImportResult first = import_stream(two, cards, ImportOptions{});
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(alone.battle_phases, 1);
  EXPECT_EQ(first.battle_phases, 2);
  EXPECT_EQ(first.records.size(), alone.records.size());
  ImportOptions second_options;
  second_options.battle_phase = 2;
  const ImportResult second = import_stream(two, cards, second_options);
  ASSERT_TRUE(second.ok()) << second.error->text();
  EXPECT_NE(second.header.scenario.board, first.header.scenario.board);
  second_options.battle_phase = 3;
  const ImportResult third = import_stream(two, cards, second_options);
  ASSERT_FALSE(third.ok());
  EXPECT_NE(third.error->what.find("holds 2 Battle Phases, not 3"), std::string::npos);
}

}  // namespace
}  // namespace bc::ygopro

namespace bc::ygopro {
namespace {

/// A monster in an Extra Monster Zone (EDOPro's default duel mode) stands in a
/// main zone its side leaves empty: fluoro-basic's attacker moved to sequence 5.
TEST(YgoproImport, ExtraMonsterZonesStandInAFreeZone) {
  CardFile cards = testing::run_cards("fluoro-basic");
  std::uint32_t attacker = 0;
  for (EngineCard& c : cards.cards)
    if (c.location == loc::kMzone && c.controller == 0 && c.sequence == 0) {
      c.sequence = 5;
      attacker = c.code;
    }
  ASSERT_NE(attacker, 0u);
  const ImportResult r = import_stream(testing::run_stream("fluoro-basic"), cards, ImportOptions{});
  ASSERT_TRUE(r.ok()) << r.error->text();
  const Scenario& s = r.header.scenario;
  ASSERT_NE(s.board[0][0].monster, kNoMonster);
  EXPECT_EQ(s.monsters[s.board[0][0].monster].atk, 1800);
}

}  // namespace
}  // namespace bc::ygopro
