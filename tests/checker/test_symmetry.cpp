// Issue 29, "symmetry reduction" (checker/symmetry/symmetry.hpp): states that
// differ only by a permutation of interchangeable zones, monsters or cards
// are explored once. Verdicts, counterexample and witness lengths, the exit
// code and the graph's verdicts are the same as without it - on every
// shipped scenario where it applies, under every built-in ruleset and
// mutant, and on generated boards given copies - while the benchmark
// scenario takes a sixth of the states. Every run reported is a real run.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <string>

#include "checker/parallel/explorer.hpp"
#include "checker/random/random_gen.hpp"
#include "checker/search/model_system.hpp"
#include "checker/symmetry/symmetry.hpp"
#include "counterexamples/replay/replay.hpp"
#include "model/loaders/loader.hpp"
#include "model/rulesets/ruleset_loader.hpp"

namespace bc {
namespace {

Scenario shipped(const std::string& name) {
  return load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/" + name + ".toml");
}

CheckResult run(const Scenario& sc, const Ruleset& rules, bool symmetry, std::uint64_t max_states = 0) {
  const Model model(sc, rules);
  Bounds b;
  b.symmetry = symmetry;
  b.threads = 1;
  b.max_states = max_states;
  return explore(model, b);
}

/// Lengths of the runs of each property (-1 when none).
std::vector<int> lengths(const std::vector<Counterexample>& runs) {
  std::vector<int> out(properties().size(), -1);
  for (const Counterexample& c : runs) out[static_cast<std::size_t>(c.property)] = static_cast<int>(c.actions.size());
  return out;
}

/// What symmetry reduction must not change; `what` names the run in a failure.
void expect_same_verdicts(const CheckResult& on, const CheckResult& off, const std::string& what) {
  EXPECT_EQ(on.violated, off.violated) << what;
  EXPECT_EQ(on.witnessed, off.witnessed) << what;
  EXPECT_EQ(lengths(on.counterexamples), lengths(off.counterexamples)) << what;
  EXPECT_EQ(lengths(on.witnesses), lengths(off.witnesses)) << what;
  EXPECT_EQ(on.dead_ends > 0, off.dead_ends > 0) << what;
  EXPECT_EQ(on.cannot_end > 0, off.cannot_end > 0) << what;
  EXPECT_EQ(on.nontrivial_sccs > 0, off.nontrivial_sccs > 0) << what;
  EXPECT_EQ(on.stuck.actions.size(), off.stuck.actions.size()) << what;
  EXPECT_LE(on.states, off.states) << what;
}

TEST(Symmetry, NamesTheInterchangeableObjectsOfTheBenchmark) {
  const Symmetry y = Symmetry::of(shipped("symmetry"));
  ASSERT_TRUE(y.active());
  EXPECT_EQ(y.summary(),
            "zones of P1; zones of P2; monsters like Gemini Elf (2, 1900/900); copies of card Rush Recklessly (2); "
            "copies of card Scapegoat (2)");
  EXPECT_EQ(y.left_out(), "");
}

// Monsters alike in ATK, DEF, Level and Type but of another Attribute are not
// interchangeable: an ATK change by Attribute tells them apart (a generated
// board with copies found it: the reduced search's verdicts differed).
TEST(Symmetry, MonstersOfAnotherAttributeAreNotInterchangeable) {
  Scenario sc = shipped("symmetry");
  ASSERT_NE(Symmetry::of(sc).summary().find("monsters like Gemini Elf"), std::string::npos);
  for (MonsterSpec& m : sc.monsters)
    if (m.name.rfind("Gemini Elf", 0) == 0) m.attribute = MonsterAttribute::Earth;
  EXPECT_NE(Symmetry::of(sc).summary().find("monsters like Gemini Elf"), std::string::npos);
  for (MonsterSpec& m : sc.monsters)
    if (m.name.rfind("Gemini Elf", 0) == 0 && m.name != "Gemini Elf") m.attribute = MonsterAttribute::Dark;
  EXPECT_EQ(Symmetry::of(sc).summary().find("monsters like Gemini Elf"), std::string::npos) << Symmetry::of(sc).summary();
}

// A control change puts the monster it takes in its taker's first free zone:
// with the zones treated as interchangeable, the reduced search found the
// direct attack 3 actions later than the plain one (a generated board with
// copies, shrunk: two copies of a trigger taking the opponent's monsters,
// twin monsters on each side). The zones are left alone then.
TEST(Symmetry, AControlChangeLeavesTheZonesAlone) {
  const char* text = R"(name = "take-control-copies"
[[monster]]
name = "A"
atk = 500
def = 0
player = "p1"
zone = 0
[[monster]]
name = "A twin"
atk = 500
def = 0
player = "p1"
zone = 1
[[monster]]
name = "B"
atk = 0
def = 0
player = "p2"
zone = 0
[[monster]]
name = "C"
atk = 0
def = 0
player = "p2"
zone = 1
[[monster]]
name = "D"
atk = 0
def = 0
player = "p2"
zone = 2
[[monster]]
name = "B twin"
atk = 0
def = 0
player = "p2"
zone = 3
[[card]]
name = "Taker"
player = "p1"
effect = { activation = "trigger", card_type = "monster", from_hand = true, trigger = "monster_inflicts_battle_damage", ops = ["take_control opponents_monsters"] }
[[card]]
name = "Taker"
player = "p1"
effect = { activation = "trigger", card_type = "monster", from_hand = true, trigger = "monster_inflicts_battle_damage", ops = ["take_control opponents_monsters"] }
)";
  const Scenario sc = parse_scenario(text, "take-control-copies.toml");
  const Symmetry y = Symmetry::of(sc);
  EXPECT_NE(y.left_out().find("zones of P1: Taker's control change moves monsters between the sides"), std::string::npos)
      << y.left_out();
  const Ruleset mr3 = load_ruleset("mr3");
  expect_same_verdicts(run(sc, mr3, true), run(sc, mr3, false), sc.name);
}

TEST(Symmetry, LeavesAloneZonesWhoseOrderTheRulesRead) {
  // A quick effect's Tribute is its controller's choice; a trigger's is the first monster.
  EXPECT_EQ(Symmetry::of(shipped("tribute-cost")).left_out().find("Tribute"), std::string::npos);
  Scenario trigger = shipped("tribute-cost");
  trigger.cards[0].term.activation = Activation::Trigger;
  trigger.cards[0].term.trigger = TriggerEvent::AttackDeclared;
  const Symmetry tribute = Symmetry::of(trigger);
  EXPECT_NE(tribute.left_out().find("zones of P2: Enemy Controller's Tribute cost takes the first monster"),
            std::string::npos);
  const Symmetry bug = Symmetry::of(shipped("tiny"));
  EXPECT_NE(bug.left_out().find("zones of P1: Man-Eater Bug's target is chosen by the rules"), std::string::npos);
  EXPECT_FALSE(bug.active());
  // Nothing interchangeable and nothing arriving: the plain fingerprint.
  EXPECT_FALSE(Symmetry::of(shipped("piercing")).active());
}

TEST(Symmetry, PermutedZonesHaveOneRepresentative) {
  const Scenario sc = shipped("symmetry");  // P1: two Gemini Elf in zones 0, 1; P2: the Soldier in zone 0
  const Ruleset rules = load_ruleset("mr3");
  const Symmetry y = Symmetry::of(sc);
  const State start = Model(sc, rules).initial();
  const TraceContext ctx{};
  State a = start;
  a.zones[6] = ZoneState{3, 0};  // a Sheep Token in P2's zone 1, the attack's target
  a.attacker = 0;
  a.target = 6;
  State b = start;               // the token in P2's zone 3 instead
  b.zones[8] = ZoneState{3, 0};
  b.attacker = 0;
  b.target = 8;
  EXPECT_NE(ModelSystem::plain_fingerprint(a, ctx), ModelSystem::plain_fingerprint(b, ctx));
  EXPECT_EQ(y.fingerprint(a, ctx), y.fingerprint(b, ctx));
  State c = a;
  c.attacker = 1;  // the other Elf attacks: the same ATK and DEF, the same state up to renaming
  EXPECT_EQ(y.fingerprint(a, ctx), y.fingerprint(c, ctx));
  State d = a;
  d.target = 5;  // the Soldier is the target instead of the token: another state
  EXPECT_NE(y.fingerprint(a, ctx), y.fingerprint(d, ctx));
  State e = a;
  e.used = 0x02;  // the second Rush Recklessly activated instead of the first
  State f = a;
  f.used = 0x01;
  EXPECT_EQ(y.fingerprint(e, ctx), y.fingerprint(f, ctx));
  State g = a;
  g.used = 0x04;  // a Scapegoat, not a Rush Recklessly
  EXPECT_NE(y.fingerprint(f, ctx), y.fingerprint(g, ctx));
}

TEST(Symmetry, BenchmarkTakesASixthOfTheStatesWithTheSameVerdicts) {
  const Scenario sc = shipped("symmetry");
  const CheckResult on = run(sc, load_ruleset("mr3"), true);
  const CheckResult off = run(sc, load_ruleset("mr3"), false);
  EXPECT_EQ(on.states, 227037u);   // pinned
  EXPECT_EQ(off.states, 1404486u);  // pinned: every permutation counted
  EXPECT_EQ(off.symmetry, "");
  expect_same_verdicts(on, off, "symmetry.toml under mr3");
}

/// Every shipped scenario where symmetry applies (small enough for the
/// suite), under every built-in ruleset and mutant.
TEST(Symmetry, SameVerdictsOnShippedScenariosUnderEveryRulesetAndMutant) {
  std::vector<std::string> rulesets = builtin_ruleset_names();
  for (const std::string& m : builtin_mutant_names()) rulesets.push_back(m);
  int compared = 0;
  for (const std::string name : {"cannot-be-attacked", "full-zones", "hand-trigger-direct", "six-triggers"}) {
    const Scenario sc = shipped(name);
    ASSERT_TRUE(Symmetry::of(sc).active()) << name;
    for (const std::string& rs : rulesets) {
      const Ruleset rules = load_ruleset(rs);
      expect_same_verdicts(run(sc, rules, true), run(sc, rules, false), name + " under " + rs);
      ++compared;
    }
  }
  EXPECT_GE(compared, 4 * 40);
}

/// A generated board given copies: a monster's twin in a free zone (a
/// different name, the same ATK and DEF) and a card's copy beside it.
Scenario with_copies(Scenario sc, int pick) {
  for (int side = 0; side < 2; ++side) {
    auto& zones = sc.board[static_cast<std::size_t>(side)];
    const auto from = std::find_if(zones.begin(), zones.end(), [](const ZoneSpec& z) { return z.monster != kNoMonster; });
    const auto to = std::find_if(zones.begin(), zones.end(), [](const ZoneSpec& z) { return z.monster == kNoMonster; });
    if (from == zones.end() || to == zones.end() || sc.monsters.size() >= kMaxMonsterSpecs) continue;
    MonsterSpec twin = sc.monsters[from->monster];
    twin.name += " (twin)";
    sc.monsters.push_back(twin);
    *to = ZoneSpec{static_cast<std::uint8_t>(sc.monsters.size() - 1), from->position};
  }
  if (!sc.cards.empty() && sc.cards.size() < static_cast<std::size_t>(kMaxCards)) {
    const std::size_t c = static_cast<std::size_t>(pick) % sc.cards.size();
    const auto owned = std::count_if(sc.cards.begin(), sc.cards.end(),
                                     [&](const CardSpec& k) { return k.owner == sc.cards[c].owner; });
    if (owned < kMaxCardsPerPlayer && !sc.cards[c].resolved_before)
      sc.cards.insert(sc.cards.begin() + static_cast<std::ptrdiff_t>(c) + 1, sc.cards[c]);
  }
  return sc;
}

RC_GTEST_PROP(Symmetry, GeneratedBoardsWithCopiesKeepTheirVerdicts, ()) {
  GenBounds g;
  g.max_monsters_per_side = 4;
  g.max_cards_per_player = 5;
  const Scenario sc = with_copies(*gen_scenario(g), *rc::gen::inRange(0, 8));
  const std::vector<std::string> names{"mr3", "s1", "s2", "s4"};
  const Ruleset rules = load_ruleset(names[static_cast<std::size_t>(*rc::gen::inRange(0, 4))]);
  const CheckResult on = run(sc, rules, true, 100000);
  const CheckResult off = run(sc, rules, false, 100000);
  RC_PRE(on.complete && off.complete);  // a state bound cuts the two searches at different places
  RC_TAG(Symmetry::of(sc).active() ? "reduced" : "plain");
  expect_same_verdicts(on, off, sc.name);
  for (const Counterexample& c : on.counterexamples) {  // a real run: it replays to its violation
    const Model model(sc, rules);
    const Run r = replay(model, c.actions);
    RC_ASSERT(r.ok());
    RC_ASSERT(r.verdicts.violated.test(static_cast<std::size_t>(c.property)));
  }
}

}  // namespace
}  // namespace bc
