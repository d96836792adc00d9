// Trace format v1 (docs/trace-format.md): actions, offered records, card
// names, the header's "omits", and v0 headers still read.
#include <gtest/gtest.h>

#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"
#include "model/rules/model.hpp"

namespace bc {
namespace {

using nlohmann::json;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(TraceV1, ActionsHaveTheExactJsonForm) {
  EXPECT_EQ(action_to_json(Action{ActionType::EnterBattlePhase}).dump(), R"({"action":"enter_battle_phase"})");
  EXPECT_EQ(action_to_json(Action{ActionType::SkipBattlePhase}).dump(), R"({"action":"skip_battle_phase"})");
  EXPECT_EQ(action_to_json(Action{ActionType::Pass}).dump(), R"({"action":"pass"})");
  EXPECT_EQ(action_to_json(Action{ActionType::Activate, 3}).dump(), R"({"action":"activate","card":3})");
  EXPECT_EQ(action_to_json(Action{ActionType::Activate, 3, kNoSlot, 6}).dump(),
            R"({"action":"activate","card":3,"target":"p2_m1"})");
  EXPECT_EQ(action_to_json(Action{ActionType::DeclareAttack, kNoCard, 0, 6}).dump(),
            R"({"action":"declare_attack","attacker":"p1_m0","target":"p2_m1"})");
  EXPECT_EQ(action_to_json(Action{ActionType::DeclareAttack, kNoCard, 2, kDirect}).dump(),
            R"({"action":"declare_attack","attacker":"p1_m2","target":"direct"})");
  EXPECT_EQ(action_to_json(Action{ActionType::ReplayTarget, kNoCard, 0, 5}).dump(),
            R"({"action":"replay_target","attacker":"p1_m0","target":"p2_m0"})");
  EXPECT_EQ(action_to_json(Action{ActionType::ReplayStop, kNoCard, 0}).dump(), R"({"action":"replay_stop"})");
  EXPECT_EQ(action_to_json(Action{ActionType::SkipToEndStep}).dump(), R"({"action":"skip_to_end_step"})");
}

TEST(TraceV1, EveryLegalActionOfTheDefaultScenarioRoundTrips) {
  const Ruleset rules = load_ruleset("mr3");
  const Model model(default_scenario(), rules);
  State s = model.initial();
  ActionList list;
  EventBuffer events;
  int checked = 0;
  for (int step = 0; step < 40 && !Model::is_terminal(s); ++step) {
    model.actions(s, list);
    for (const Action& a : list) {
      const Action back = action_from_json(action_to_json(a), "a");
      EXPECT_TRUE(action_matches(back, a)) << action_to_json(a).dump();
      if (a.type != ActionType::ReplayStop) EXPECT_EQ(back, a) << action_to_json(a).dump();
      ++checked;
    }
    s = model.next(s, list[list.size() > 1 ? step % list.size() : 0], events);
  }
  EXPECT_GT(checked, 40);
}

TEST(TraceV1, ActionPlayerIsOptionalAndChecked) {
  EXPECT_EQ(action_player(json::parse(R"({"action":"pass"})")), std::nullopt);
  EXPECT_EQ(action_player(json::parse(R"({"action":"pass","player":"p2"})")), Player::P2);
  EXPECT_EQ(action_from_json(json::parse(R"({"action":"pass","player":"p2"})")), Action{ActionType::Pass});
  EXPECT_NE(error_of([] { action_from_json(json::parse(R"({"action":"pass","player":"p3"})"), "x:4"); })
                .find("x:4: field 'player': unknown value \"p3\""),
            std::string::npos);
}

TEST(TraceV1, BadActionsNameTheField) {
  auto msg = [](const char* text) { return error_of([&] { action_from_json(json::parse(text), "f:2"); }); };
  EXPECT_NE(msg(R"({"action":"dance"})").find("f:2: field 'action': unknown action \"dance\""), std::string::npos);
  EXPECT_NE(msg(R"({"card":1})").find("field 'action': missing"), std::string::npos);
  EXPECT_NE(msg(R"({"action":"activate"})").find("field 'card': missing"), std::string::npos);
  EXPECT_NE(msg(R"({"action":"activate","card":16})").find("field 'card': out of range"), std::string::npos);
  EXPECT_NE(msg(R"({"action":"pass","card":1})").find("field 'card': not a field of a pass action"), std::string::npos);
  EXPECT_NE(msg(R"({"action":"declare_attack","attacker":"direct","target":"direct"})").find("field 'attacker'"),
            std::string::npos);
  EXPECT_NE(msg(R"({"action":"declare_attack","attacker":"p1_m0","target":"p9"})").find("field 'target': unknown slot"),
            std::string::npos);
  EXPECT_NE(msg(R"([1,2])").find("field '(action)'"), std::string::npos);
}

TEST(TraceV1, ActionMatchingTreatsMissingFieldsAsAny) {
  const Action legal{ActionType::Activate, 3, kNoSlot, 6};
  EXPECT_TRUE(action_matches(Action{ActionType::Activate, 3}, legal));
  EXPECT_TRUE(action_matches(legal, legal));
  EXPECT_FALSE(action_matches(Action{ActionType::Activate, 3, kNoSlot, 7}, legal));
  EXPECT_FALSE(action_matches(Action{ActionType::Activate, 2}, legal));
  EXPECT_FALSE(action_matches(Action{ActionType::Pass}, legal));
  EXPECT_TRUE(action_matches(Action{ActionType::ReplayStop}, Action{ActionType::ReplayStop, kNoCard, 1}));
}

TEST(TraceV1, OfferedRecordsRoundTrip) {
  Offered o;
  o.player = Player::P2;
  o.has_timing = true;
  o.timing = Timing::BeforeDamageCalculation;
  o.actions.push(Action{ActionType::Pass});
  o.actions.push(Action{ActionType::Activate, 9, kNoSlot, 0});
  const json j = offered_to_json(o);
  EXPECT_EQ(j.dump(),
            R"({"actions":[{"action":"pass"},{"action":"activate","card":9,"target":"p1_m0"}],"event":"offered",)"
            R"("player":"p2","timing":"before_damage_calculation"})");
  const TraceRecord r = record_from_json(j, "o");
  ASSERT_EQ(r.kind, RecordKind::Offered);
  EXPECT_EQ(r.offered.player, Player::P2);
  EXPECT_TRUE(r.offered.has_timing);
  EXPECT_EQ(r.offered.timing, Timing::BeforeDamageCalculation);
  ASSERT_EQ(r.offered.actions.size(), 2);
  EXPECT_EQ(r.offered.actions[1], (Action{ActionType::Activate, 9, kNoSlot, 0}));
}

TEST(TraceV1, BadOfferedRecordsNameTheField) {
  auto msg = [](const char* text) { return error_of([&] { record_from_json(json::parse(text), "t:9"); }); };
  EXPECT_NE(msg(R"({"event":"offered","actions":[]})").find("t:9: field 'player': missing"), std::string::npos);
  EXPECT_NE(msg(R"({"event":"offered","player":"p1"})").find("field 'actions': missing"), std::string::npos);
  EXPECT_NE(msg(R"({"event":"offered","player":"p1","actions":{}})").find("field 'actions'"), std::string::npos);
  EXPECT_NE(msg(R"({"event":"offered","player":"p1","actions":[{"action":"x"}]})").find("actions[0]: field 'action'"),
            std::string::npos);
  EXPECT_NE(msg(R"({"event":"offered","player":"p1","actions":[],"card":1})").find("field 'card'"), std::string::npos);
}

TEST(TraceV1, ActivateEventsMayCarryTheRealCardName) {
  Event e;
  e.type = EventType::Activate;
  e.card = 2;
  e.kind = EffectKind::AttackNegateTrap;
  e.link = 1;
  TraceRecord r;
  r.event = e;
  r.card_name = "Negate Attack";
  const json j = record_to_json(r);
  EXPECT_EQ(j["card_name"], "Negate Attack");
  const TraceRecord back = record_from_json(j, "x");
  EXPECT_EQ(back.event, e);
  EXPECT_EQ(back.card_name, "Negate Attack");
  json bad = event_to_json(Event{});
  bad["card_name"] = "X";
  EXPECT_NE(error_of([&] { record_from_json(bad, "x:3"); }).find("x:3: field 'card_name': only activate"),
            std::string::npos);
}

TEST(TraceV1, HeaderCarriesOmitsAndAcceptsVersionZero) {
  const EventTypeMask omits = event_bit(EventType::Priority) | event_bit(EventType::ChainEnd);
  const json h = trace_header(default_scenario(), "mr3", omits);
  EXPECT_EQ(h["version"], 8);
  EXPECT_EQ(h["omits"], json::parse(R"(["priority","chain_end"])"));
  const TraceHeader back = header_from_json(h, "h");
  EXPECT_EQ(back.omits, omits);
  json old = h;  // a version 1 header omits what version 2 added, and writes it back as it was
  old["version"] = 1;
  const TraceHeader v1 = header_from_json(old, "h");
  EXPECT_EQ(v1.omits, omits | kVersion2Events | kVersion3Events | kVersion4Events | kVersion5Events | kVersion6Events | kVersion8Events);
  EXPECT_EQ(json::parse(write_trace(v1, {})), old);
  old["version"] = 2;  // a version 2 header omits what version 3 added
  const TraceHeader v2 = header_from_json(old, "h");
  EXPECT_EQ(v2.omits, omits | kVersion3Events | kVersion4Events | kVersion5Events | kVersion6Events | kVersion8Events);
  EXPECT_EQ(json::parse(write_trace(v2, {})), old);
  old["version"] = 7;  // a version 7 header omits card_destroyed only
  const TraceHeader v7 = header_from_json(old, "h");
  EXPECT_EQ(v7.omits, omits | event_bit(EventType::CardDestroyed));
  EXPECT_EQ(version_of(EventType::CardDestroyed), 8);
  EXPECT_EQ(back.ruleset, "mr3");
  EXPECT_EQ(back.scenario, default_scenario());
  json v0 = trace_header(default_scenario(), "mr3");
  v0["version"] = 0;
  EXPECT_EQ(header_from_json(v0, "h").version, 0);
  EXPECT_FALSE(trace_header(default_scenario(), "mr3").contains("omits"));
}

TEST(TraceV1, BadHeadersNameTheField) {
  auto msg = [](json h) { return error_of([&] { header_from_json(h, "t:1"); }); };
  json h = trace_header(default_scenario(), "mr3");
  h["omits"] = json::array({"priority", "naps"});
  EXPECT_NE(msg(h).find("t:1: field 'omits[1]': unknown value \"naps\""), std::string::npos);
  h = trace_header(default_scenario(), "mr3");
  h["version"] = 0;
  h["omits"] = json::array({"priority"});
  EXPECT_NE(msg(h).find("field 'omits': needs version 1"), std::string::npos);
  h = trace_header(default_scenario(), "mr3");
  h["colour"] = "blue";
  EXPECT_NE(msg(h).find("field 'colour': unknown header field"), std::string::npos);
  h = trace_header(default_scenario(), "mr3");
  h["engine"] = "ygopro-core 1.0";
  EXPECT_EQ(msg(h), "no error");
  EXPECT_NE(msg(json::parse(R"({"event":"priority"})")).find("not an event"), std::string::npos);
}

TEST(TraceV1, WholeTracesOfRecordsRoundTrip) {
  TraceHeader h;
  h.ruleset = "mr3";
  h.scenario = default_scenario();
  h.omits = event_bit(EventType::Priority);
  std::vector<TraceRecord> records(2);
  records[0].event.type = EventType::StepEnter;
  records[1].kind = RecordKind::Offered;
  records[1].offered.actions.push(Action{ActionType::EnterBattlePhase});
  const TraceFile back = read_trace(write_trace(h, records), "r.jsonl");
  EXPECT_EQ(back.version, 8);
  EXPECT_EQ(back.omits, h.omits);
  ASSERT_EQ(back.records.size(), 2u);
  EXPECT_EQ(back.records[0].line, 2u);
  EXPECT_EQ(back.records[1].kind, RecordKind::Offered);
  EXPECT_EQ(back.events.size(), 1u);
}

}  // namespace
}  // namespace bc
