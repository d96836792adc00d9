// Conformance of traces to the model (checker/conformance/conformance.hpp): the model's
// own traces conform (also with omitted event types); a changed event, a
// mutant's trace, a bad offer each diverge, naming the line, what the model
// allowed, and the rule with its citation.
#include <gtest/gtest.h>

#include "checker/conformance/conformance.hpp"
#include "checker/conformance/conformance_rules.hpp"
#include "checker/parallel/explorer.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

/// Records of one walk: the opening, then each action's events; `offers`
/// adds an offered record (the legal actions) before each action.
struct Walk {
  std::vector<TraceRecord> records;
  std::vector<State> states;  ///< state before each action
  bool terminal = false;
};

Walk walk(const Model& model, const std::vector<std::uint8_t>& choices, bool offers, std::uint32_t seed = 0) {
  Walk w;
  EventBuffer buf;
  State s = model.initial(buf);
  std::size_t line = 1;
  auto add_events = [&] {
    for (const Event& e : buf) {
      TraceRecord r;
      r.event = e;
      r.line = ++line;
      w.records.push_back(r);
    }
  };
  add_events();
  ActionList list;
  for (std::size_t i = 0; !Model::is_terminal(s); ++i) {
    model.actions(s, list);
    if (list.empty()) break;
    if (offers) {
      TraceRecord r;
      r.kind = RecordKind::Offered;
      r.offered.player = s.priority;
      r.offered.has_timing = true;
      r.offered.timing = s.timing;
      r.offered.actions = list;
      r.line = ++line;
      w.records.push_back(r);
    }
    seed = seed * 1103515245u + 12345u;
    const std::uint8_t pick = i < choices.size() ? choices[i] : static_cast<std::uint8_t>((seed >> 16) % list.size());
    w.states.push_back(s);
    buf.clear();
    s = model.next(s, list[pick % list.size()], buf);
    add_events();
  }
  w.terminal = Model::is_terminal(s);
  return w;
}

std::vector<TraceRecord> without(const std::vector<TraceRecord>& in, EventTypeMask omits) {
  std::vector<TraceRecord> out;
  for (const TraceRecord& r : in)
    if (r.kind != RecordKind::Event || !(omits & event_bit(r.event.type))) out.push_back(r);
  return out;
}

struct Conformance : ::testing::Test {
  Ruleset rules = load_ruleset("mr3");
  Model model{default_scenario(), rules};
};

TEST_F(Conformance, RandomWalksOfTheModelConform) {
  for (std::uint32_t seed = 1; seed <= 60; ++seed) {
    const Walk w = walk(model, {}, seed % 3 == 0, seed);
    ASSERT_TRUE(w.terminal);
    const ConformanceResult r = check_conformance(model, 0, w.records);
    ASSERT_TRUE(r.conforms()) << "seed " << seed << " line " << r.divergence.line;
    EXPECT_TRUE(r.holds()) << seed;
    EXPECT_TRUE(r.complete);
  }
}

TEST_F(Conformance, WalksConformWithOmittedEventTypes) {
  const EventTypeMask omits = event_bit(EventType::Priority) | event_bit(EventType::ChainEnd);
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    const Walk w = walk(model, {}, seed % 2 == 0, seed);
    const ConformanceResult r = check_conformance(model, omits, without(w.records, omits));
    ASSERT_TRUE(r.conforms()) << "seed " << seed << " line " << r.divergence.line;
    EXPECT_TRUE(r.holds()) << seed;
    EXPECT_TRUE(r.complete) << seed;
  }
}

TEST_F(Conformance, ACutTraceIsIncompleteButConforms) {
  const Walk w = walk(model, {0, 0}, false);
  std::vector<TraceRecord> cut(w.records.begin(), w.records.begin() + 2);  // Main Phase 1 only
  const ConformanceResult r = check_conformance(model, 0, cut);
  EXPECT_TRUE(r.conforms());
  EXPECT_FALSE(r.complete);
}

TEST_F(Conformance, AChangedEventDivergesAtItsLineWithTheExpectedEvents) {
  Walk w = walk(model, {0, 0, 0, 0}, false);  // enter the Battle Phase, ...
  ASSERT_GT(w.records.size(), 6u);
  TraceRecord& r5 = w.records[4];
  const Event original = r5.event;
  r5.event.type = EventType::BattlePhaseEnded;
  r5.event = Event{};
  r5.event.type = EventType::BattlePhaseEnded;
  const ConformanceResult r = check_conformance(model, 0, w.records);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Event);
  EXPECT_EQ(r.divergence.line, r5.line);
  EXPECT_EQ(r.divergence.found.type, EventType::BattlePhaseEnded);
  EXPECT_NE(std::find(r.divergence.expected.begin(), r.divergence.expected.end(), original),
            r.divergence.expected.end());
  EXPECT_FALSE(r.holds());
}

TEST_F(Conformance, EventsOutOfOrderDiverge) {
  Walk w = walk(model, {}, false, 7);
  std::swap(w.records[0].event, w.records[1].event);
  const ConformanceResult r = check_conformance(model, 0, w.records);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Event);
  EXPECT_EQ(r.divergence.line, 2u);
}

TEST_F(Conformance, ATraceEndingInsideAnActionDiverges) {
  const Walk w = walk(model, {}, false, 3);
  std::vector<TraceRecord> cut(w.records.begin(), w.records.begin() + 1);  // StepEnter without its TimingEnter
  const ConformanceResult r = check_conformance(model, 0, cut);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::EndOfTrace);
  ASSERT_FALSE(r.divergence.expected.empty());
  EXPECT_EQ(r.divergence.expected.front().type, EventType::TimingEnter);
}

/// The shortest counterexample of a mutant, replayed under the mutant, checked against mr3.
ConformanceResult mutant_trace_against_mr3(const Model& mr3, const std::string& mutant, std::string& expected) {
  const Ruleset bad = load_mutant(mutant);
  const Model m(default_scenario(), bad);
  Bounds b;
  b.max_depth = static_cast<std::uint32_t>(bad.max_counterexample_length);
  b.liveness = false;
  const CheckResult cr = explore(m, b);
  expected = bad.expect_violation;
  const int p = property_index(bad.expect_violation);
  for (const Counterexample& c : cr.counterexamples)
    if (c.property == p) return check_conformance(mr3, 0, walk(m, c.actions, false).records);
  ADD_FAILURE() << "no counterexample for " << mutant;
  return {};
}

bool mentions(const std::vector<std::string>& rules, const std::string& what) {
  for (const std::string& r : rules)
    if (r.find(what) != std::string::npos) return true;
  return false;
}

TEST_F(Conformance, AMutantsTraceDivergesNamingTheKnobAndTheProperty) {
  std::string property;
  const ConformanceResult r = mutant_trace_against_mr3(model, "second-chain-at-damage-calculation", property);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Event);
  EXPECT_TRUE(mentions(r.divergence.rules, "knob chains_damage_calculation = one [")) << r.divergence.rules.size();
  // The trace leaves the model at the Priority that opens a second chain
  // (line 34); the property sees the second chain's activation one line later.
  EXPECT_EQ(r.divergence.line, 34u);
  EXPECT_EQ(r.divergence.found.type, EventType::Priority);
  ASSERT_EQ(r.divergence.expected.size(), 1u);
  EXPECT_EQ(r.divergence.expected[0].type, EventType::DamageCalculation);
  const int p = property_index(property);
  EXPECT_TRUE(r.verdicts.violated[p]);
  EXPECT_EQ(r.violation_line[p], 35u);
}

TEST_F(Conformance, APermissionMutantIsNamedByItsPermission) {
  std::string property;
  const ConformanceResult r = mutant_trace_against_mr3(model, "atk-change-at-damage-calculation", property);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Event);
  EXPECT_EQ(r.divergence.found.type, EventType::Activate);
  EXPECT_TRUE(mentions(r.divergence.rules, "permission of atk_change_quick: not at damage_calculation ["));
}

TEST_F(Conformance, OfferedRecordsAreComparedBothWays) {
  Walk w = walk(model, {0}, true, 11);
  ASSERT_EQ(w.records[2].kind, RecordKind::Offered);  // after StepEnter + TimingEnter of Main Phase 1
  EXPECT_TRUE(check_conformance(model, 0, w.records).conforms());
  // Withheld: the engine does not offer entering the Battle Phase.
  Walk withheld = w;
  ActionList only_skip;
  only_skip.push(Action{ActionType::SkipBattlePhase});
  withheld.records[2].offered.actions = only_skip;
  ConformanceResult r = check_conformance(model, 0, withheld.records);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Offered);
  EXPECT_EQ(r.divergence.line, w.records[2].line);
  ASSERT_EQ(r.divergence.withheld.size(), 1u);
  EXPECT_EQ(r.divergence.withheld[0].type, ActionType::EnterBattlePhase);
  EXPECT_TRUE(r.divergence.illegal.empty());
  EXPECT_TRUE(r.divergence.rules.empty()) << r.divergence.rules.front();  // no single knob forbids it here
  // Offered but illegal: a card activation in Main Phase 1.
  Walk illegal = w;
  illegal.records[2].offered.actions.push(Action{ActionType::Activate, 0});
  r = check_conformance(model, 0, illegal.records);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Offered);
  ASSERT_EQ(r.divergence.illegal.size(), 1u);
  EXPECT_TRUE(r.divergence.withheld.empty());
  EXPECT_EQ(r.divergence.legal.size(), 2u);
}

TEST_F(Conformance, AnOfferToTheWrongPlayerDiverges) {
  Walk w = walk(model, {0}, true, 11);
  w.records[2].offered.player = Player::P2;
  const ConformanceResult r = check_conformance(model, 0, w.records);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Offered);
  EXPECT_TRUE(mentions(r.divergence.rules, "the model gives the choice to p1"));
}

TEST_F(Conformance, PropertiesGoOnAfterADivergence) {
  Walk w = walk(model, {}, false, 5);
  TraceRecord bad;
  bad.event.type = EventType::StepEnter;
  bad.event.step = Step::DamageStep;
  bad.line = 3;
  w.records.insert(w.records.begin() + 2, bad);
  const ConformanceResult r = check_conformance(model, 0, w.records);
  ASSERT_EQ(r.divergence.kind, DivergenceKind::Event);
  EXPECT_EQ(r.events, static_cast<std::uint64_t>(w.records.size()));
}


// mr3 disputes S3's pre-MR3 claim flip_effect_starts_its_own_chain
// ([[disputes]] in model/rulesets/mr3.toml). The same rules without the
// dispute break it on the flip-vs-battled board; with it, neither the
// exhaustive checker nor the trace check counts it against mr3.
TEST(Disputes, AClaimMr3DisputesIsNeverAFailureUnderMr3) {
  const Scenario sc = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/sources-flip-vs-battled.toml");
  const Ruleset mr3 = load_ruleset("mr3");
  Ruleset undisputed = mr3;
  undisputed.disputes.clear();
  const int flip = property_index("flip_effect_starts_its_own_chain");
  ASSERT_GE(flip, 0);
  ASSERT_TRUE(disputed_properties(mr3)[flip]);
  Bounds b;
  b.liveness = false;
  const Model plain(sc, undisputed);
  const CheckResult broken = explore(plain, b);
  ASSERT_TRUE(broken.violated[flip]);
  const Model real(sc, mr3);
  EXPECT_FALSE(explore(real, b).violated[flip]);
  const Counterexample* cx = nullptr;
  for (const Counterexample& c : broken.counterexamples)
    if (c.property == flip) cx = &c;
  ASSERT_NE(cx, nullptr);
  const Walk w = walk(real, cx->actions, false);
  const ConformanceResult under_plain = check_conformance(plain, 0, w.records);
  const ConformanceResult under_mr3 = check_conformance(real, 0, w.records);
  EXPECT_TRUE(under_plain.conforms());
  EXPECT_TRUE(under_plain.verdicts.violated[flip]);
  EXPECT_TRUE(under_mr3.conforms());
  EXPECT_FALSE(under_mr3.verdicts.violated[flip]);
  EXPECT_EQ(under_mr3.violation_line[flip], 0u);
}

/// The state after entering the Battle Phase and `passes` passes.
State opening(const Model& model, int passes) {
  EventBuffer buf;
  State s = model.initial(buf);
  ActionList list;
  model.actions(s, list);
  s = model.next(s, list[0], buf);
  for (int i = 0; i < passes; ++i) s = model.next(s, Action{ActionType::Pass}, buf);
  return s;
}

// Issue 28: a refusal names the card restriction behind it, with the part of
// the card's text, when no ruleset change explains it.
TEST(ConformanceRules, ATrapUnderJinzosLockNamesJinzo) {
  const Scenario sc = parse_scenario(R"(
name = "jinzo-lock"
[[monster]]
name = "Jinzo"
atk = 2400
def = 1500
player = "p1"
[[monster]]
name = "Dragon"
atk = 1500
def = 1200
player = "p2"
[[card]]
name = "Jinzo"
player = "p1"
host = "Jinzo"
effect = { activation = "continuous", card_type = "monster", continuous = "no_trap_activation" }
[[card]]
name = "Trap Hole"
player = "p2"
effect = { activation = "quick", card_type = "trap", ops = ["opaque"] }
)", "jinzo-lock.toml");
  const Ruleset mr3 = load_ruleset("mr3");
  const Model model(sc, mr3);
  const State s = opening(model, 1);  // the Start Step, P2's priority
  const auto rules = rules_for_action(model, s, Action{ActionType::Activate, 1, kNoSlot, kNoSlot}, true);
  ASSERT_FALSE(rules.empty());
  EXPECT_EQ(rules.back(),
            "card restriction: Jinzo: its continuous effect forbids it while the card is face-up on the field "
            "[the card's text: continuous = no_trap_activation; S3 §Flipping the Face-Down Monster Face-Up]");
}

// The other restrictions of a card's own text: its timing list, and a cost it
// cannot pay (each with the sources' words that make it bind).
TEST(ConformanceRules, ACardsTimingListAndItsCostAreNamedWithTheirSources) {
  const Scenario sc = parse_scenario(R"(
name = "own-restrictions"
[[monster]]
name = "Dragon"
atk = 1500
def = 1200
player = "p2"
[[card]]
name = "Late Spell"
player = "p2"
effect = { activation = "quick", card_type = "spell", timings = ["end_step"], ops = ["opaque"] }
[[card]]
name = "Hungry Spell"
player = "p2"
effect = { activation = "quick", card_type = "spell", cost = "tribute", timings = ["start_step"], ops = ["opaque"] }
)", "own-restrictions.toml");
  const Ruleset mr3 = load_ruleset("mr3");
  const Model model(sc, mr3);
  const State s = opening(model, 1);  // the Start Step, P2's priority
  const auto late = rules_for_action(model, s, Action{ActionType::Activate, 0, kNoSlot, kNoSlot}, true);
  ASSERT_FALSE(late.empty());
  EXPECT_EQ(late.back(), "card restriction: Late Spell: its own timing list does not allow it here [the card's text: "
                         "timings = end_step; S0 §6.3.4.3, S1 §伤害步骤]");
  // Without P2's Dragon there is nothing to Tribute.
  State empty = s;
  empty.zones[slot_of(Player::P2, 0)] = ZoneState{};
  const auto hungry = rules_for_action(model, empty, Action{ActionType::Activate, 1, kNoSlot, kNoSlot}, true);
  ASSERT_FALSE(hungry.empty());
  EXPECT_EQ(hungry.back(), "card restriction: Hungry Spell: its cost cannot be paid here [the card's text: "
                           "cost = tribute; S1 §伤害计算后]");
}

// An attack lock: the declaration on a monster that cannot be attacked names
// the card that makes it so.
TEST(ConformanceRules, AnAttackOnAMonsterThatCannotBeAttackedNamesTheLock) {
  const Scenario sc = parse_scenario(R"(
name = "attack-lock"
[[monster]]
name = "Warrior"
atk = 1800
def = 1000
player = "p1"
[[monster]]
name = "Marshmallon"
atk = 300
def = 500
player = "p2"
[[card]]
name = "Marshmallon"
player = "p2"
host = "Marshmallon"
effect = { activation = "continuous", card_type = "monster", continuous = "cannot_be_attacked" }
)", "attack-lock.toml");
  const Ruleset mr3 = load_ruleset("mr3");
  const Model model(sc, mr3);
  const State s = opening(model, 2);  // the Battle Step, P1 may declare
  const Action attack{ActionType::DeclareAttack, kNoCard, slot_of(Player::P1, 0), slot_of(Player::P2, 0)};
  const auto rules = rules_for_action(model, s, attack, true);
  ASSERT_FALSE(rules.empty());
  EXPECT_EQ(rules.back(), "card restriction: Marshmallon: its continuous effect forbids it while the card is face-up "
                          "on the field [the card's text: continuous = cannot_be_attacked; S1 §战斗步骤的卷回]");
}

// Issue 31: a Flip Summon in the Battle Phase is refused naming the knob and its sources.
TEST(ConformanceRules, AFlipSummonInTheBattlePhaseNamesTheKnob) {
  const Scenario sc = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/flip-summon.toml");
  const Ruleset mr3 = load_ruleset("mr3");
  const Model model(sc, mr3);
  const State s = opening(model, 2);  // the Battle Step, P1 may declare
  const Action flip{ActionType::FlipSummon, kNoCard, kNoSlot, slot_of(Player::P1, 1)};
  const auto rules = rules_for_action(model, s, flip, true);
  ASSERT_FALSE(rules.empty());
  EXPECT_EQ(rules.front(), "knob flip_summon_in_battle_phase = false [S4 §2.3; S4 §2.3.1; S4 §2.5] (the trace fits true)");
}

}  // namespace
}  // namespace bc
