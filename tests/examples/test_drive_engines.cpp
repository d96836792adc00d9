// The example engines of examples/engines/ driven against the model: the
// second implementation agrees, every buggy variant is caught with a pinned
// minimal reproduction, and crashing / hanging / babbling engines are
// reported as such.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "importers/drive/drive.hpp"
#include "tests/examples/drive_fixture.hpp"
#include "model/loaders/loader.hpp"
#include "properties/catalog/property.hpp"

namespace bc {
namespace {

using test::engine;
using test::kEngines;
using test::random_runs;

const Ruleset& mr3() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

int board_count(const Scenario& s, int side) {
  return static_cast<int>(std::count_if(s.board[side].begin(), s.board[side].end(),
                                        [](const ZoneSpec& z) { return z.monster != kNoMonster; }));
}

std::vector<std::string> card_kinds(const Scenario& s) {
  std::vector<std::string> kinds;
  for (const CardSpec& c : s.cards) kinds.emplace_back(name(c.kind));
  return kinds;
}

TEST(DriveReferenceEngine, AgreesExhaustivelyOnTheTinyScenario) {
  const Scenario tiny = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml");
  DriveOptions o;
  o.depth = 60;
  const DriveResult r = drive(engine("battle_engine.py"), mr3(), tiny, o);
  EXPECT_FALSE(r.found) << r.minimal_run.divergence.detail;
  EXPECT_FALSE(r.truncated);
  EXPECT_EQ(r.runs, 10u);
  EXPECT_EQ(r.states, 134u);
}

TEST(DriveReferenceEngine, AgreesOnTheDefaultScenarioToDepth8) {
  DriveOptions o;
  o.depth = 8;
  const DriveResult r = drive(engine("battle_engine.py"), mr3(), default_scenario(), o);
  EXPECT_FALSE(r.found) << r.minimal_run.divergence.detail;
  EXPECT_EQ(r.runs, 1064u);
  EXPECT_EQ(r.states, 9525u);
}

// An engine that does not report ATK/DEF changes says so on load ("omits"):
// it agrees; the same engine without saying it disagrees at the first change.
TEST(DriveReferenceEngine, AnEngineThatOmitsStatEventsAgreesWhenItSaysSo) {
  DriveOptions o;
  o.depth = 8;
  const DriveResult r = drive(engine("omits_stats.py"), mr3(), default_scenario(), o);
  EXPECT_FALSE(r.found) << r.minimal_run.divergence.detail;
  EXPECT_EQ(r.states, 9525u);
  EngineSpec silent = engine("battle_engine.py");
  silent.argv = {"/usr/bin/python3", "-c",
                 "import sys; sys.path.insert(0, '" + kEngines + "'); import omits_stats, battle_engine; "
                 "battle_engine.Server(omits_stats.Duel).serve(sys.stdin, sys.stdout)"};
  const DriveResult s = drive(silent, mr3(), default_scenario(), o);
  ASSERT_TRUE(s.found);
  EXPECT_EQ(s.minimal_run.divergence.kind, DriveKind::Events);
}

TEST(DriveReferenceEngine, AgreesOnRandomGeneratedScenarios) {
  const DriveResult r = drive(engine("battle_engine.py"), mr3(), default_scenario(), random_runs(300, 5));
  EXPECT_FALSE(r.found) << r.minimal_run.divergence.detail;
  EXPECT_EQ(r.runs, 300u);
  EXPECT_GT(r.states, 3000u);
}

/// A buggy variant and the minimal reproduction the gate must print for it.
struct Variant {
  std::string file;
  DriveKind kind;
  int actions;                 ///< length of the minimal action list
  Timing timing;               ///< the model's timing at the divergence
  int p1_monsters, p2_monsters;
  std::vector<std::string> cards;  ///< kinds of the cards left in the minimal scenario
  std::string property;        ///< a property the engine's events violate ("" = none named)
  std::string rule;            ///< the ruleset entry named as forbidding the engine's behaviour
};

void PrintTo(const Variant& v, std::ostream* os) { *os << v.file; }

class DriveBuggyVariant : public ::testing::TestWithParam<Variant> {};

TEST_P(DriveBuggyVariant, IsCaughtWithAMinimalReproduction) {
  const Variant& v = GetParam();
  const DriveResult r = drive(engine(v.file), mr3(), default_scenario(), random_runs(500, 1));
  ASSERT_TRUE(r.found);
  const DriveDivergence& d = r.minimal_run.divergence;
  EXPECT_EQ(d.kind, v.kind) << name(d.kind);
  EXPECT_EQ(d.step, v.actions);
  EXPECT_EQ(static_cast<int>(r.minimal_run.actions.size()), v.actions);
  EXPECT_EQ(static_cast<int>(r.minimal.choices.size()), v.actions);
  EXPECT_EQ(d.timing, v.timing) << name(d.timing);
  EXPECT_EQ(board_count(r.minimal.scenario, 0), v.p1_monsters);
  EXPECT_EQ(board_count(r.minimal.scenario, 1), v.p2_monsters);
  EXPECT_EQ(card_kinds(r.minimal.scenario), v.cards);
  if (!v.property.empty())
    EXPECT_NE(std::find(d.properties.begin(), d.properties.end(), v.property), d.properties.end()) << v.property;
  EXPECT_NE(d.rule.find(v.rule), std::string::npos) << d.rule;
  // Shape: enter the Battle Phase, pass the Start Step, declare the one attack.
  ASSERT_GE(r.minimal_run.actions.size(), 4u);
  EXPECT_EQ(r.minimal_run.actions[0].type, ActionType::EnterBattlePhase);
  EXPECT_EQ(r.minimal_run.actions[3].type, ActionType::DeclareAttack);
  // The minimal case still fails when re-run on its own.
  EngineHandle again(engine(v.file));
  EXPECT_EQ(drive_case(again, mr3(), r.minimal).divergence.kind, v.kind);
}

INSTANTIATE_TEST_SUITE_P(
    Examples, DriveBuggyVariant,
    ::testing::Values(
        // 2 and 2 monsters since the Battle Step's round after a stopped attack changed which random run fails first.
        Variant{"bug_replay_in_damage_step.py", DriveKind::Events, 17, Timing::AfterDamageCalculation, 2, 2,
                {"battled_trigger"}, "no_replay_in_damage_step", "knob replay_in_damage_step = false ["},
        Variant{"bug_sent_to_gy_at_damage_calculation.py", DriveKind::Events, 14, Timing::DamageCalculation, 1, 1, {},
                "battle_destroyed_leave_at_end_of_damage_step",
                "knob battle_destroyed_leave_timing = end_of_damage_step ["},
        Variant{"bug_second_chain_at_damage_calculation.py", DriveKind::Events, 15, Timing::DamageCalculation, 1, 0,
                {"damage_calc_no_damage"}, "", "knob chains_damage_calculation = one ["},
        Variant{"bug_flip_effect_before_damage_calculation.py", DriveKind::Events, 10, Timing::StartOfDamageStep, 1, 1,
                {"flip_trigger"}, "flip_effects_after_damage_calculation",
                "permission of flip_trigger: not at before_damage_calculation ["},
        Variant{"bug_atk_change_at_damage_calculation.py", DriveKind::Actions, 12, Timing::DamageCalculation, 1, 0,
                {"atk_change_quick"}, "atk_change_only_until_before_damage_calculation",
                "permissions.atk_change_quick does not list damage_calculation"},
        Variant{"bug_damage_step_to_end_step.py", DriveKind::Events, 18, Timing::EndOfDamageStep, 1, 0, {},
                "damage_step_returns_to_battle_step", "knob damage_step_exit = battle_step ["}),
    [](const ::testing::TestParamInfo<Variant>& info) {
      std::string n = info.param.file.substr(0, info.param.file.size() - 3);
      std::replace(n.begin(), n.end(), '.', '_');
      return n;
    });

TEST(DriveBuggyVariant, AtkChangeNamesTheRulesetPermission) {
  const DriveResult r = drive(engine("bug_atk_change_at_damage_calculation.py"), mr3(), default_scenario(), random_runs(500, 1));
  ASSERT_TRUE(r.found);
  const DriveDivergence& d = r.minimal_run.divergence;
  EXPECT_TRUE(d.only_model.empty());
  ASSERT_EQ(d.only_engine.size(), 1u);
  EXPECT_EQ(d.only_engine[0].dump(), R"({"action":"activate","card":0})");
  EXPECT_EQ(d.rule.rfind("ruleset mr3: permissions.atk_change_quick does not list damage_calculation (", 0), 0u) << d.rule;
}

TEST(DriveBuggyVariant, SecondChainShowsPriorityInsteadOfDamageCalculation) {
  const DriveResult r = drive(engine("bug_second_chain_at_damage_calculation.py"), mr3(), default_scenario(), random_runs(500, 1));
  ASSERT_TRUE(r.found);
  const DriveDivergence& d = r.minimal_run.divergence;
  ASSERT_GT(static_cast<int>(d.model_events.size()), d.first_event_diff);
  ASSERT_GT(static_cast<int>(d.engine_events.size()), d.first_event_diff);
  EXPECT_EQ(d.model_events[d.first_event_diff].type, EventType::DamageCalculation);
  EXPECT_EQ(d.engine_events[d.first_event_diff].dump(), R"({"event":"priority","player":"p1"})");
}

}  // namespace
}  // namespace bc
