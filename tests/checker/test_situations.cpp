// Rule coverage (checker/coverage/situations.hpp, docs/coverage.md): the situation
// table is well formed, the shipped scenarios together reach every situation
// under mr3, and predicates fail on hand-built traces that do not reach them.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "checker/coverage/situations.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

namespace fs = std::filesystem;

bool has_situation(std::string_view id) { return situation_index(id) >= 0; }

TEST(Situations, TableIsWellFormed) {
  const auto& all = situations();
  ASSERT_LE(all.size(), static_cast<std::size_t>(kMaxSituations));
  std::set<std::string_view> ids;
  for (const Situation& s : all) {
    EXPECT_TRUE(ids.insert(s.id).second) << "duplicate id " << s.id;
    EXPECT_FALSE(s.description.empty()) << s.id;
    EXPECT_NE(s.citation.find(" §"), std::string_view::npos) << s.id << ": citation " << s.citation;
    EXPECT_EQ(s.citation.front(), 'S') << s.id;
    EXPECT_NE(s.on, 0u) << s.id;
    EXPECT_EQ(static_cast<std::uint64_t>(s.on) >> kEventTypeCount, 0u) << s.id;  // 64 bits: the count may be 32
    EXPECT_NE(s.reached, nullptr) << s.id;
    EXPECT_EQ(situation_index(s.id), static_cast<int>(&s - all.data()));
  }
  EXPECT_EQ(situation_index("no_such_situation"), -1);
}

// The families name their vocabulary with the model's own text names.
TEST(Situations, FamiliesCoverTheirVocabulary) {
  for (int k = 0; k < kEffectKindCount; ++k) {
    const auto kind = static_cast<EffectKind>(k);
    if (kind == EffectKind::Continuous) continue;  // never activated
    EXPECT_TRUE(has_situation("activated:" + std::string(name(kind)))) << name(kind);
  }
  for (int t = 1; t < kTriggerEventCount; ++t) {
    const auto event = static_cast<TriggerEvent>(t);
    // A Flip Summon is a Main Phase action: no Battle Phase under mr3 activates
    // its trigger (situation flipped_not_flip_summoned shows the rule instead).
    if (event == TriggerEvent::FlipSummoned) continue;
    EXPECT_TRUE(has_situation("trigger:" + std::string(name(event)))) << name(event);
  }
  for (int r = 0; r < 5; ++r) {
    const auto reason = static_cast<LeaveReason>(r);
    EXPECT_TRUE(has_situation("left_field:" + std::string(name(reason)))) << name(reason);
  }
  for (int t = 0; t < kTimingCount; ++t) {
    const auto timing = static_cast<Timing>(t);
    const bool battle_phase = step_of(timing) == Step::StartStep || step_of(timing) == Step::DamageStep ||
                              step_of(timing) == Step::EndStep ||
                              (step_of(timing) == Step::BattleStep && timing != Timing::ReplayChoice);
    EXPECT_EQ(has_situation("activation_at:" + std::string(name(timing))), battle_phase) << name(timing);
    EXPECT_EQ(has_situation("battler_left_at:" + std::string(name(timing))), in_damage_step(timing)) << name(timing);
  }
}

/// Every shipped scenario but bench-large.toml (a timing benchmark).
std::vector<fs::path> shipped_scenarios() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(BC_SOURCE_DIR) / "scenarios"))
    if (e.path().extension() == ".toml" && e.path().filename() != "bench-large.toml") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Situations, ShippedScenariosReachEverySituationUnderMr3) {
  const Ruleset mr3 = load_ruleset("mr3");
  SituationBits reached;
  const auto files = shipped_scenarios();
  ASSERT_FALSE(files.empty());
  for (const fs::path& f : files) {
    const Scenario sc = load_scenario_file(f.string());
    const Model model(sc, mr3);
    const SituationCoverage c = explore_situations(model);
    EXPECT_TRUE(c.complete) << f;
    reached |= c.reached;
  }
  std::string unreached;
  for (std::size_t i = 0; i < situations().size(); ++i)
    if (!reached.test(i))
      unreached += "\n  " + std::string(situations()[i].id) + ": " + std::string(situations()[i].description);
  EXPECT_TRUE(unreached.empty()) << "situations no shipped scenario reaches (add one to scenarios/):" << unreached;
}

// The two situations issue 13 named, each in its own small scenario.
TEST(Situations, NewScenariosReachTheirSituation) {
  const Ruleset mr3 = load_ruleset("mr3");
  const auto reaches = [&](const char* file, const char* id) {
    const Scenario sc = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/" + file);
    const Model model(sc, mr3);
    return explore_situations(model).reached.test(static_cast<std::size_t>(situation_index(id)));
  };
  EXPECT_TRUE(reaches("equal-def.toml", "calc_atk_equal_def"));
  EXPECT_TRUE(reaches("battled-cancelled.toml", "cancelled_battle_host_battled_condition"));
  EXPECT_TRUE(reaches("battled-cancelled.toml", "cancelled_battle_battled_trigger"));
  EXPECT_FALSE(reaches("tiny.toml", "calc_atk_equal_def"));
}

// ---- hand-built traces -------------------------------------------------------

constexpr const char* kBoard = R"(
name = "hand-built"
[[monster]]
name = "Gladiator Beast Equeste"
atk = 1600
def = 1200
player = "p1"
[[monster]]
name = "Labyrinth Wall"
atk = 0
def = 3000
player = "p2"
position = "defense"
[[card]]
name = "Gladiator Beast Equeste"
host = "Gladiator Beast Equeste"
effect = { activation = "trigger", card_type = "monster", trigger = "end_of_battle_phase", conditions = ["host_battled"], ops = ["return_to_hand self"] }
)";

Event step(Step s) {
  Event e;
  e.type = EventType::StepEnter;
  e.step = s;
  return e;
}
Event timing(Timing t) {
  Event e;
  e.type = EventType::TimingEnter;
  e.timing = t;
  return e;
}

/// Main Phase 1 to the start of the Damage Step of P1 M0 attacking P2 M0.
std::vector<Event> into_damage_step() {
  Event declared;
  declared.type = EventType::AttackDeclared;
  declared.slot = 0;
  declared.target = slot_of(Player::P2, 0);
  Event begin = declared;
  begin.type = EventType::DamageStepBegin;
  return {step(Step::MainPhase1), timing(Timing::MainPhase1), step(Step::StartStep), timing(Timing::StartStep),
          step(Step::BattleStep), timing(Timing::BattleStepOpen), declared, timing(Timing::AttackDeclaration),
          timing(Timing::BattleStep), step(Step::DamageStep), begin, timing(Timing::StartOfDamageStep),
          timing(Timing::BeforeDamageCalculation), timing(Timing::DamageCalculation)};
}

Event calculation(int atk, int def) {
  Event e;
  e.type = EventType::DamageCalculation;
  e.slot = 0;
  e.target = slot_of(Player::P2, 0);
  e.mode = CalcMode::VsDefense;
  e.value = atk;
  e.value2 = def;
  return e;
}

bool reached(const std::vector<Event>& trace, std::string_view id) {
  const Scenario sc = parse_scenario(kBoard, "hand-built");
  return situations_of_trace(sc, trace).test(static_cast<std::size_t>(situation_index(id)));
}

TEST(Situations, EqualDefNeedsEqualValuesAgainstDefense) {
  auto trace = into_damage_step();
  trace.push_back(calculation(3000, 3000));
  EXPECT_TRUE(reached(trace, "calc_atk_equal_def"));
  EXPECT_FALSE(reached(trace, "calc_atk_less_than_def"));

  auto higher = into_damage_step();
  higher.push_back(calculation(1600, 3000));
  EXPECT_FALSE(reached(higher, "calc_atk_equal_def"));
  EXPECT_TRUE(reached(higher, "calc_atk_less_than_def"));
  EXPECT_FALSE(reached(higher, "calc_modified_def"));  // printed DEF: no change

  auto against_attack = into_damage_step();
  Event e = calculation(3000, 3000);
  e.mode = CalcMode::VsAttack;
  against_attack.push_back(e);
  EXPECT_FALSE(reached(against_attack, "calc_atk_equal_def"));
  EXPECT_TRUE(reached(against_attack, "calc_atk_equal_atk"));
}

TEST(Situations, CancelledBattleNeedsTheConditionedHostBattling) {
  Event none;
  none.type = EventType::NoDamageCalculation;

  auto cancelled = into_damage_step();
  cancelled.push_back(none);
  EXPECT_TRUE(reached(cancelled, "cancelled_battle_host_battled_condition"));
  EXPECT_FALSE(reached(cancelled, "cancelled_battle_host_attacked_condition"));
  EXPECT_FALSE(reached(cancelled, "cancelled_battle_battled_trigger"));

  // The same cancellation after Equeste left the field: its effect is not on a battler.
  auto gone = into_damage_step();
  Event left;
  left.type = EventType::LeftField;
  left.slot = 0;
  left.reason = LeaveReason::EffectDestroy;
  left.monster = 0;
  gone.push_back(left);
  gone.push_back(none);
  EXPECT_TRUE(reached(gone, "no_damage_calculation"));
  EXPECT_TRUE(reached(gone, "battler_left_at:damage_calculation"));
  EXPECT_FALSE(reached(gone, "cancelled_battle_host_battled_condition"));

  // A battle carried out is not a cancelled one.
  auto carried_out = into_damage_step();
  carried_out.push_back(calculation(1600, 3000));
  EXPECT_FALSE(reached(carried_out, "cancelled_battle_host_battled_condition"));
  EXPECT_FALSE(reached(carried_out, "no_damage_calculation"));
}

TEST(Situations, EndStepAttackedNotBattled) {
  auto trace = into_damage_step();
  Event none;
  none.type = EventType::NoDamageCalculation;
  trace.push_back(none);
  trace.push_back(timing(Timing::AfterDamageCalculation));
  trace.push_back(timing(Timing::EndOfDamageStep));
  trace.push_back(step(Step::BattleStep));
  trace.push_back(timing(Timing::BattleStepOpen));
  EXPECT_TRUE(reached(trace, "back_to_battle_step"));
  EXPECT_FALSE(reached(trace, "end_step_attacked_not_battled"));
  trace.push_back(step(Step::EndStep));
  EXPECT_TRUE(reached(trace, "end_step_attacked_not_battled"));

  auto battled = into_damage_step();
  battled.push_back(calculation(1600, 3000));
  battled.push_back(step(Step::EndStep));
  EXPECT_FALSE(reached(battled, "end_step_attacked_not_battled"));
}

}  // namespace
}  // namespace bc
