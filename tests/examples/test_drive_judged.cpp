// `drive --judge trace` (importers/drive/drive_judged.cpp): the engine chooses
// among its own offers and each run is judged as verify-trace judges a trace.
// The reference engine holds, with or without a trace of its own; a buggy
// variant is caught, each kind of failure shrunk and named with its rule.
#include <gtest/gtest.h>

#include "importers/drive/drive.hpp"
#include "importers/drive/drive_judged.hpp"
#include "importers/drive/drive_report.hpp"
#include "model/loaders/loader.hpp"
#include "tests/examples/drive_fixture.hpp"
#include "trace/format/trace_json.hpp"

namespace bc {
namespace {

using test::engine;

const Ruleset& mr3() {
  static const Ruleset r = load_ruleset("mr3");
  return r;
}

DriveOptions judged(int depth) {
  DriveOptions o;
  o.depth = depth;
  o.judge = DriveJudge::Trace;
  return o;
}

/// An example engine wrapped by own_trace.py, which writes its own records.
EngineSpec own_trace(const std::string& variant = "") {
  EngineSpec spec = engine("own_trace.py");
  if (!variant.empty()) spec.argv.push_back(variant);
  return spec;
}

TEST(DriveJudged, TheReferenceEngineHoldsOnEveryPathOfTheTinyScenario) {
  const Scenario tiny = load_scenario_file(std::string(BC_SOURCE_DIR) + "/scenarios/tiny.toml");
  const DriveResult r = drive(engine("battle_engine.py"), mr3(), tiny, judged(60));
  EXPECT_FALSE(r.found);
  EXPECT_EQ(r.judge, DriveJudge::Trace);
  EXPECT_EQ(r.runs, 7u);
  EXPECT_EQ(r.states, 133u);
  EXPECT_EQ(r.failing_runs, 0u);
}

TEST(DriveJudged, AnEngineWithItsOwnTraceIsJudgedOnIt) {
  const DriveResult plain = drive(engine("battle_engine.py"), mr3(), default_scenario(), judged(6));
  const DriveResult own = drive(own_trace(), mr3(), default_scenario(), judged(6));
  EXPECT_FALSE(plain.found);
  EXPECT_FALSE(own.found);
  EXPECT_EQ(plain.runs, 225u);
  EXPECT_EQ(own.runs, 225u);
  // The engine's trace leaves out priority (trace_omits): its records, not its events, were judged.
  EngineHandle h(own_trace());
  const DriveRun run = drive_judged_case(h, mr3(), DriveCase{default_scenario(), {}}, 200);
  EXPECT_TRUE(run.agrees());
  EXPECT_NE(run.trace_omits & event_bit(EventType::Priority), 0u);
  ASSERT_FALSE(run.records.empty());
  for (const TraceRecord& rec : run.records)
    EXPECT_FALSE(rec.kind == RecordKind::Event && rec.event.type == EventType::Priority);
}

TEST(DriveJudged, AReplayInTheDamageStepIsFoundAndShrunkWithItsRule) {
  // The line differs: the engine's own trace has no priority events.
  const std::pair<EngineSpec, std::size_t> engines[] = {{engine("bug_replay_in_damage_step.py"), 53},
                                                         {own_trace("bug_replay_in_damage_step"), 39}};
  for (const auto& [spec, line] : engines) {
    const DriveResult r = drive(spec, mr3(), default_scenario(), judged(6));
    ASSERT_TRUE(r.found);
    EXPECT_EQ(r.runs, 225u);
    EXPECT_EQ(r.failing_runs, 14u);
    ASSERT_EQ(r.findings.size(), 2u);
    const DriveFinding& f = r.findings[1];
    EXPECT_EQ(f.run.divergence.kind, DriveKind::Trace);
    EXPECT_EQ(f.failing_runs, 12u);
    EXPECT_EQ(f.minimal.choices, (std::vector<std::uint32_t>{0, 1, 0, 1, 0, 1}));
    EXPECT_EQ(f.run.divergence.trace_line, line);
    const std::string& text = f.run.divergence.detail;
    EXPECT_EQ(text.rfind(R"(event {"event":"replay","slot":"p1_m0"} is not one the model allows here)", 0), 0u) << text;
    EXPECT_NE(text.find("breaks no_replay_in_damage_step"), std::string::npos) << text;
    EXPECT_NE(text.find("knob replay_in_damage_step = false [S0 §6.3.4.3"), std::string::npos) << text;
    // The finding's trace file reads back and fails verify-trace's way at the same line.
    const TraceFile t = read_trace(judged_trace_file(f, "mr3"), "finding");
    const Model model(t.scenario, mr3());
    const ConformanceResult c = check_conformance(model, t.omits, t.records);
    EXPECT_FALSE(c.holds());
    EXPECT_EQ(c.divergence.line, line);
  }
}

TEST(DriveJudged, TheReportNamesEachFindingAndWhatWasNotChecked) {
  DriveSetup setup{"bug", "mr3", "built-in default", "judged"};
  const DriveResult r = drive(engine("bug_replay_in_damage_step.py"), mr3(), default_scenario(), judged(6));
  const std::string text = drive_report_text(setup, r, mr3());
  EXPECT_NE(text.find("14 of 225 runs do not hold"), std::string::npos) << text;
  EXPECT_NE(text.find("finding 2 of 2 (12 failing runs)"), std::string::npos) << text;
  EXPECT_NE(text.find("verdict: DISAGREE: 2 findings"), std::string::npos) << text;
  const nlohmann::json j = drive_report_json(setup, r, mr3());
  EXPECT_EQ(j["judge"], "trace");
  EXPECT_EQ(j["findings"].size(), 2u);
  EXPECT_EQ(j["failing_runs"], 14u);
  EXPECT_EQ(j["unchecked_offers"], 0u);
  EXPECT_TRUE(j.contains("closing_prompts"));
}

}  // namespace
}  // namespace bc
