// The cores' own ways of prompting and applying, as the importer reads them
// (docs/engines/ygopro.md, "The cores' own prompts"), pinned on real runs of
// batch 1 (tests/importers/real_runs): each test fails when the importer
// reads that message the old way.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "checker/conformance/conformance.hpp"
#include "importers/ygopro/ygopro_file.hpp"
#include "model/rulesets/ruleset_loader.hpp"

namespace bc::ygopro {
namespace {

const std::string kDir = std::string(BC_SOURCE_DIR) + "/tests/importers/real_runs/";

ImportResult import_run(const std::string& run) {
  ImportOptions options;
  const FileImport f = import_files(kDir + run + ".bin", kDir + run + ".cards.json", options);
  EXPECT_TRUE(f.ok()) << run << ": " << f.error;
  return f.result;
}

/// The index of the first event record of `type` at or after `from`, or records.size().
std::size_t find_event(const ImportResult& r, EventType type, std::size_t from = 0) {
  for (std::size_t i = from; i < r.records.size(); ++i)
    if (r.records[i].kind == RecordKind::Event && r.records[i].event.type == type) return i;
  return r.records.size();
}

// HINT_EVENT 29: the opponent's last chance in the open Battle Step after the
// turn player chose to leave it. Book of Moon there sends the core back to the
// Battle Step: no End Step may be entered before that activation.
TEST(YgoproCorePrompts, HintTwentyNineIsStillTheOpenBattleStep) {
  const ImportResult r = import_run("fluoro/fluoro-book_of_moon-p002");
  const std::size_t activation = find_event(r, EventType::Activate);
  ASSERT_LT(activation, r.records.size());
  for (std::size_t i = 0; i < activation; ++i) {
    if (r.records[i].kind == RecordKind::Event && r.records[i].event.type == EventType::TimingEnter) {
      EXPECT_NE(r.records[i].event.timing, Timing::EndStep) << "line " << r.records[i].line;
    }
  }
  const TraceRecord& offer = r.records[activation - 1];
  ASSERT_EQ(offer.kind, RecordKind::Offered);
  EXPECT_EQ(offer.offered.timing, Timing::BattleStepOpen);
  EXPECT_EQ(offer.offered.player, Player::P2);
}

// After Book of Moon's chain in the open Battle Step both cores ask each
// player whether to chain, then send the battle command: a round in which
// both passed is not written.
TEST(YgoproCorePrompts, PassedPostChainRoundIsDropped) {
  const ImportResult r = import_run("fluoro/fluoro-kuriboh_vs_book-p009");
  EXPECT_EQ(r.dropped_prompts, 2u);
  const std::size_t end = find_event(r, EventType::ChainEnd);
  ASSERT_LT(end + 1, r.records.size());
  const TraceRecord& next = r.records[end + 1];
  ASSERT_EQ(next.kind, RecordKind::Offered);
  EXPECT_TRUE(std::any_of(next.offered.actions.begin(), next.offered.actions.end(),
                          [](const Action& a) { return a.type == ActionType::DeclareAttack; }))
      << "the turn player's battle command follows the chain";
}

// Negate Attack: the core writes MSG_ATTACK_DISABLED only after the chain and
// another round of priority; the negation is written at the resolution.
TEST(YgoproCorePrompts, AttackNegatedAtTheResolution) {
  const ImportResult r = import_run("fluoro/fluoro-negate_attack-p001");
  const std::size_t resolve = find_event(r, EventType::Resolve);
  const std::size_t negated = find_event(r, EventType::AttackNegated);
  const std::size_t end = find_event(r, EventType::ChainEnd);
  ASSERT_LT(negated, r.records.size());
  EXPECT_LT(resolve, negated);
  EXPECT_LT(negated, end);
  EXPECT_EQ(find_event(r, EventType::AttackNegated, negated + 1), r.records.size()) << "written once";
}

// Honest's ATK gain is computed by its script (the opponent's monster's ATK):
// the amount is learnt from the damage calculation, Luster Dragon's 1900.
TEST(YgoproCorePrompts, ComputedAtkAmountIsLearntFromTheDamageCalculation) {
  const ImportResult r = import_run("fluoro/fluoro-honest-p001");
  const auto honest = std::find_if(r.header.scenario.cards.begin(), r.header.scenario.cards.end(),
                                   [](const CardSpec& c) { return c.name == "Honest"; });
  ASSERT_NE(honest, r.header.scenario.cards.end());
  const Op* change = honest->term.find_op(OpCode::ChangeAtk);
  ASSERT_NE(change, nullptr);
  EXPECT_EQ(change->amount, 1900);
}

}  // namespace
}  // namespace bc::ygopro

namespace bc::ygopro {
namespace {

// Shift moves the attack (Duel.ChangeAttackTarget): the core then writes a new
// MSG_ATTACK for the same attacker while Shift's link resolves. That is the
// target changing, not a replay (the monster count did not change).
TEST(YgoproCorePrompts, AttackMovedByTheResolvingLinkIsNotAReplay) {
  for (const char* run : {"batch2/fluoro/fluoro-shift-p001", "batch2/edo/edo-shift-p001"}) {
    const ImportResult r = import_run(run);
    const std::size_t moved = find_event(r, EventType::AttackTargetChanged);
    ASSERT_LT(moved, r.records.size()) << run;
    EXPECT_EQ(r.records[moved].event.target, slot_of(Player::P2, 1)) << run;
    EXPECT_EQ(find_event(r, EventType::Replay), r.records.size()) << run;
    EXPECT_EQ(find_event(r, EventType::ReplayChoice), r.records.size()) << run;
  }
}

// Jinzo #7 may attack directly: after the replay its Sheep Tokens caused, the
// cores ask "attack directly?" (SELECT_YESNO 31) before the monster choice.
// Answered no, that prompt and the choice are one offer, the direct attack in it.
TEST(YgoproCorePrompts, TheReplaysDirectAttackPromptIsPartOfItsOffer) {
  for (const char* run : {"batch4/fluoro/fluoro-scapegoat_against_jinzo_7_direct_attack-p005",
                          "batch4/edo/edo-scapegoat_against_jinzo_7_direct_attack-p005"}) {
    const ImportResult r = import_run(run);
    ASSERT_FALSE(r.error) << run;
    const auto offer = std::find_if(r.records.begin(), r.records.end(), [](const TraceRecord& t) {
      return t.kind == RecordKind::Offered && t.offered.timing == Timing::ReplayChoice;
    });
    ASSERT_NE(offer, r.records.end()) << run;
    EXPECT_TRUE(std::any_of(offer->offered.actions.begin(), offer->offered.actions.end(), [](const Action& a) {
      return a.type == ActionType::ReplayTarget && a.target == kDirect;
    })) << run;
  }
}

// D.D. Warrior Lady banishes the attacker and itself: the learnt outcome keeps
// both banishments as operations on the battling monsters, by their roles, and
// names no target (its script has no EFFECT_FLAG_CARD_TARGET).
TEST(YgoproCorePrompts, OutcomeOnBothBattlersIsLearnt) {
  const ImportResult r = import_run("batch2/fluoro/fluoro-dd_warrior_lady-p000");
  ASSERT_FALSE(r.header.scenario.cards.empty());
  const EffectTerm& t = r.header.scenario.cards[0].term;
  ASSERT_EQ(t.op_count, 2);
  EXPECT_EQ(t.ops[0].code, OpCode::Banish);
  EXPECT_EQ(t.ops[0].object, Object::OpponentBattler);
  EXPECT_EQ(t.ops[1].code, OpCode::Banish);
  EXPECT_EQ(t.ops[1].object, Object::OwnBattler);
  EXPECT_EQ(t.target.kind, TargetKind::None);
  const std::size_t at = find_event(r, EventType::Activate);
  ASSERT_LT(at, r.records.size());
  EXPECT_EQ(r.records[at].event.target, kNoSlot);
}


// A card activated in Main Phase 1, before the imported Battle Phase, is in the
// scenario as resolved before it, with the monster it targeted: Reinforcements
// (+500 ATK to p1_m0 for the turn), Waboku (no battle damage this turn); on a
// path that activates it in the Battle Phase it is an ordinary card.
TEST(YgoproCorePrompts, CardResolvedInMainPhaseOneIsInTheScenario) {
  const ImportResult early = import_run("batch2/fluoro/fluoro-reinforcements-p010");
  ASSERT_EQ(early.header.scenario.cards.size(), 1u);
  EXPECT_TRUE(early.header.scenario.cards[0].resolved_before);
  EXPECT_EQ(early.header.scenario.cards[0].resolved_target, slot_of(Player::P1, 0));
  const ImportResult waboku = import_run("batch2/edo/edo-waboku-p006");
  ASSERT_EQ(waboku.header.scenario.cards.size(), 1u);
  EXPECT_TRUE(waboku.header.scenario.cards[0].resolved_before);
  EXPECT_EQ(waboku.header.scenario.cards[0].resolved_target, kNoSlot);
  const ImportResult later = import_run("batch2/fluoro/fluoro-reinforcements-p003");
  ASSERT_EQ(later.header.scenario.cards.size(), 1u);
  EXPECT_FALSE(later.header.scenario.cards[0].resolved_before);
}

// The header's monsters carry their printed Level and Type from the cards
// file (cards.cdb's level and race), and a monster's further continuous
// effect is a card of its own on it: Spirit Reaper (Level 3 Zombie) with its
// trigger first, then "cannot be destroyed by battle", then its destruction
// when targeted; with Skill Drain among
// the cards, only the trigger.
TEST(YgoproCorePrompts, MonstersHaveTheirLevelTypeAndEveryContinuousEffect) {
  const ImportResult r = import_run("batch2/fluoro/fluoro-spirit_reaper-p000");
  const Scenario& s = r.header.scenario;
  ASSERT_GE(s.monsters.size(), 2u);
  EXPECT_EQ(s.monsters[0].level, 4);  // Luster Dragon
  EXPECT_EQ(s.monsters[0].type, MonsterType::Dragon);
  EXPECT_EQ(s.monsters[1].name, "Spirit Reaper");
  EXPECT_EQ(s.monsters[1].level, 3);
  EXPECT_EQ(s.monsters[1].type, MonsterType::Zombie);
  ASSERT_EQ(s.cards.size(), 3u);
  EXPECT_EQ(s.cards[0].term.activation, Activation::Trigger);
  EXPECT_EQ(s.cards[1].term.continuous.kind, ContinuousKind::IndestructibleByBattle);
  EXPECT_EQ(s.cards[1].host, s.cards[0].host);
  EXPECT_EQ(s.cards[2].term.continuous.kind, ContinuousKind::DestroyedWhenTargeted);  // read since the eleventh session
  EXPECT_EQ(s.cards[2].host, s.cards[0].host);
  // Skill Drain's negation is read (negate_monster_effects), so Spirit Reaper's part is kept beside it.
  const ImportResult drained = import_run("batch3/fluoro/fluoro-skill_drain-p003");
  const auto& cards = drained.header.scenario.cards;
  const auto has = [&cards](ContinuousKind k) {
    return std::any_of(cards.begin(), cards.end(), [k](const CardSpec& c) { return c.term.continuous.kind == k; });
  };
  EXPECT_TRUE(has(ContinuousKind::NegateMonsterEffects));
  EXPECT_TRUE(has(ContinuousKind::IndestructibleByBattle));
}

// Withheld offers with conditions (docs/engines/ygopro.md): Honest has a
// script condition, so an engine that does not offer it is not judged --
// unless the same engine offered it in this very situation (same window,
// player, chain, battle and battling monsters) and it is still unused.
TEST(YgoproWithheldOffers, OfferedThenWithheldInTheSameSituationIsADeviation) {
  const ImportResult r = import_run("fluoro/fluoro-honest-p000");
  const Ruleset rules = load_ruleset("mr3");
  const Model model(r.header.scenario, rules);
  ASSERT_TRUE(check_conformance(model, r.header.omits, r.records).holds());
  // The offer of Honest to P2 at the start of the Damage Step, and the same
  // offer again right after it without Honest.
  std::vector<TraceRecord> records = r.records;
  const auto offer = std::find_if(records.begin(), records.end(), [](const TraceRecord& t) {
    return t.kind == RecordKind::Offered && t.offered.timing == Timing::StartOfDamageStep && t.offered.actions.size() == 2;
  });
  ASSERT_NE(offer, records.end());
  TraceRecord again = *offer;
  again.offered.actions = ActionList{};
  again.offered.actions.push(Action{ActionType::Pass});
  const std::size_t at = static_cast<std::size_t>(offer - records.begin()) + 1;
  records.insert(records.begin() + static_cast<std::ptrdiff_t>(at), again);
  for (std::size_t i = 0; i < records.size(); ++i) records[i].line = i + 2;
  const ConformanceResult withheld = check_conformance(model, r.header.omits, records);
  EXPECT_FALSE(withheld.conforms());
  EXPECT_EQ(withheld.withheld_after_offer, 1u);
  ASSERT_EQ(withheld.divergence.withheld.size(), 1u);
  EXPECT_EQ(withheld.divergence.line, at + 2);
  // Without the earlier offer (the first one dropped), the same withholding is not checked.
  records.erase(records.begin() + static_cast<std::ptrdiff_t>(at - 1));
  for (std::size_t i = 0; i < records.size(); ++i) records[i].line = i + 2;
  const ConformanceResult unseen = check_conformance(model, r.header.omits, records);
  EXPECT_TRUE(unseen.conforms());
  EXPECT_GE(unseen.unchecked_offers, 1u);
}

}  // namespace
}  // namespace bc::ygopro
