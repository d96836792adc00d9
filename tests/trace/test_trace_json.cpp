// Trace format v0 (docs/trace-format.md): events and scenarios round-trip
// through JSON, and bad input is rejected with a message naming the place.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <fstream>
#include <sstream>

#include "model/library/presets.hpp"
#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"
#include "properties/monitors/context.hpp"
#include "tests/properties/random_events.hpp"

namespace bc {
namespace {

using nlohmann::json;

Scenario sample_scenario() {
  Scenario s;
  s.name = "sample";
  s.description = "two monsters and two cards";
  s.first_turn = true;
  s.monsters = {{"Warrior", 1800, 1000}, {"Bug", 300, 1300}, {"Token", 0, 0}};
  s.board[0][0] = {0, Position::FaceUpAttack};
  s.board[1][3] = {1, Position::FaceDownDefense};
  CardSpec boost;
  boost.name = "Rush Recklessly";
  boost.kind = EffectKind::AtkChangeQuick;
  boost.value = 700;
  CardSpec call;
  call.name = "Call of the Haunted";
  call.kind = EffectKind::SpecialSummonQuick;
  call.owner = Player::P2;
  call.summons = 2;
  CardSpec goblin;
  goblin.name = "Goblin Attack Force";
  goblin.kind = EffectKind::EndOfBattleTrigger;
  goblin.host = 0;
  goblin.condition = Condition::HostAttacked;
  s.cards = {boost, call, goblin};
  for (CardSpec& c : s.cards) fill_preset_term(c);
  return s;
}

/// One event of every type, with the fields it carries set to non-default values.
std::vector<Event> one_of_each() {
  std::vector<Event> out;
  for (int t = 0; t < kEventTypeCount; ++t) {
    Event e;
    e.type = static_cast<EventType>(t);
    e.player = Player::P2;
    e.step = Step::DamageStep;
    e.timing = Timing::AfterDamageCalculation;
    e.slot = 7;
    e.target = kDirect;
    e.card = 3;
    e.link = 2;
    e.monster = 4;
    e.kind = EffectKind::FlipTrigger;
    e.reason = LeaveReason::Banish;
    e.negation = Negation::Effect;
    e.mode = CalcMode::VsDefense;
    e.position = Position::FaceDownDefense;
    e.value = 1800;
    e.value2 = -5;
    e.duration = Duration::BattlePhase;
    out.push_back(e);
  }
  return out;
}

TEST(TraceJson, EveryEventTypeRoundTrips) {
  for (const Event& e : one_of_each()) {
    const json j = event_to_json(e);
    EXPECT_EQ(event_from_json(j), e) << j.dump();
    EXPECT_EQ(event_from_json(json::parse(j.dump())), e) << j.dump();
  }
}

RC_GTEST_PROP(TraceJsonProperties, AnyEventRoundTrips, ()) {
  const Event e = test::any_event();
  RC_ASSERT(event_from_json(json::parse(event_to_json(e).dump())) == e);
}

TEST(TraceJson, DefaultEventsRoundTripToo) {
  for (int t = 0; t < kEventTypeCount; ++t) {
    Event e;
    e.type = static_cast<EventType>(t);
    EXPECT_EQ(event_from_json(event_to_json(e)), e) << name(e.type);
  }
}

TEST(TraceJson, WritesTheFieldsOfTheTypeAndOnlyNonDefaultOthers) {
  Event e;
  e.type = EventType::Activate;
  e.player = Player::P2;
  e.card = 5;
  e.kind = EffectKind::CounterTrap;
  e.link = 2;
  e.slot = slot_of(Player::P2, 1);
  EXPECT_EQ(event_to_json(e), json::parse(R"({"event":"activate","player":"p2","card":5,"kind":"counter_trap",
                                              "link":2,"target":"none","slot":"p2_m1"})"));
  Event chain_end;
  chain_end.type = EventType::ChainEnd;
  EXPECT_EQ(event_to_json(chain_end), json::parse(R"({"event":"chain_end"})"));
  Event odd = chain_end;
  odd.value = 3;
  EXPECT_EQ(event_to_json(odd), json::parse(R"({"event":"chain_end","value":3})"));
}

TEST(TraceJson, SlotsAndIndicesUseTheirTextForms) {
  Event e;
  e.type = EventType::DamageCalculation;
  e.slot = 0;
  e.target = kDirect;
  e.mode = CalcMode::Direct;
  e.value = 1800;
  const json j = event_to_json(e);
  EXPECT_EQ(j["slot"], "p1_m0");
  EXPECT_EQ(j["target"], "direct");
  EXPECT_EQ(j["mode"], "direct");
  Event left;
  left.type = EventType::LeftField;
  left.slot = 9;
  EXPECT_EQ(event_to_json(left)["slot"], "p2_m4");
  EXPECT_TRUE(event_to_json(left)["monster"].is_null());
}

TEST(TraceJson, MissingFieldsTakeTheirDefaults) {
  const Event e = event_from_json(json::parse(R"({"event":"priority"})"));
  EXPECT_EQ(e.type, EventType::Priority);
  EXPECT_EQ(e.player, Player::P1);
  EXPECT_EQ(e.slot, kNoSlot);
  EXPECT_EQ(e.card, kNoCard);
}

void expect_error(const std::string& text, const std::string& needle) {
  try {
    event_from_json(json::parse(text), "trace.jsonl:7");
    ADD_FAILURE() << "no error for " << text;
  } catch (const InputError& err) {
    const std::string what = err.what();
    EXPECT_NE(what.find("trace.jsonl:7"), std::string::npos) << what;
    EXPECT_NE(what.find(needle), std::string::npos) << what;
  }
}

TEST(TraceJson, BadEventsAreRejectedWithTheFieldNamed) {
  expect_error(R"([1,2])", "expected a JSON object");
  expect_error(R"({"player":"p1"})", "missing event type");
  expect_error(R"({"event":"teleport"})", "field 'event': unknown value \"teleport\"");
  expect_error(R"({"event":"priority","colour":"red"})", "field 'colour': unknown field");
  expect_error(R"({"event":"priority","player":"p3"})", "field 'player'");
  expect_error(R"({"event":"priority","player":1})", "expected a string");
  expect_error(R"({"event":"attack_declared","slot":"p3_m0"})", "unknown slot");
  expect_error(R"({"event":"attack_declared","target":"p1_m5"})", "unknown slot");
  expect_error(R"({"event":"activate","link":300})", "field 'link': out of range");
  expect_error(R"({"event":"activate","card":-1})", "field 'card': out of range");
  expect_error(R"({"event":"activate","kind":"fireball"})", "field 'kind'");
  expect_error(R"({"event":"battle_damage","value":"lots"})", "expected an integer");
  expect_error(R"({"event":"battle_damage","value":99999999999})", "out of range");
  expect_error(R"({"event":"left_field","reason":"boredom"})", "field 'reason'");
  expect_error(R"({"event":"summoned","position":"sideways"})", "field 'position'");
}

TEST(TraceJson, ScenarioRoundTrips) {
  const Scenario s = sample_scenario();
  const json j = scenario_to_json(s);
  const Scenario back = scenario_from_json(json::parse(j.dump()));
  EXPECT_EQ(scenario_to_json(back), j);
  EXPECT_EQ(back.name, "sample");
  EXPECT_TRUE(back.first_turn);
  EXPECT_EQ(back.board[1][3].monster, 1);
  EXPECT_EQ(back.board[1][3].position, Position::FaceDownDefense);
  EXPECT_EQ(back.board[0][1].monster, kNoMonster);
  ASSERT_EQ(back.cards.size(), 3u);
  EXPECT_EQ(back.cards[0].value, 700);
  EXPECT_EQ(back.cards[1].owner, Player::P2);
  EXPECT_EQ(back.cards[1].summons, 2);
  EXPECT_EQ(back.cards[2].host, 0);
  EXPECT_EQ(back.cards[2].condition, Condition::HostAttacked);
}

TEST(TraceJson, ScenarioJsonNamesZonesAndPositions) {
  const json j = scenario_to_json(sample_scenario());
  EXPECT_EQ(j["board"]["p2"], json::parse(R"([{"zone":3,"monster":1,"position":"facedown"}])"));
  EXPECT_EQ(j["cards"][2]["condition"], "host_attacked");
  EXPECT_FALSE(j["cards"][0].contains("host"));
}

TEST(TraceJson, BadScenariosAreRejected) {
  json j = scenario_to_json(sample_scenario());
  j["cards"][0]["kind"] = "fireball";
  EXPECT_THROW(scenario_from_json(j), InputError);
  j = scenario_to_json(sample_scenario());
  j["board"]["p1"][0]["monster"] = 9;
  EXPECT_THROW(scenario_from_json(j), InputError);
  j = scenario_to_json(sample_scenario());
  j["board"]["p1"].push_back({{"zone", 0}, {"monster", 1}, {"position", "attack"}});
  try {
    scenario_from_json(j, "header");
    ADD_FAILURE() << "a zone used twice was accepted";
  } catch (const InputError& err) {
    EXPECT_NE(std::string(err.what()).find("board.p1[1].zone"), std::string::npos) << err.what();
  }
  j = scenario_to_json(sample_scenario());
  j["cards"][2]["host"] = 7;
  EXPECT_THROW(scenario_from_json(j), InputError);
}

/// Issue 26: a header's card whose term cannot mean anything is refused like a scenario's (check_term_meaning).
TEST(TraceJson, HeaderTermsThatMeanNothingAreRejected) {
  const auto message = [](const json& card) {
    json j = scenario_to_json(sample_scenario());
    j["cards"][0] = card;
    try {
      scenario_from_json(j, "header");
    } catch (const InputError& err) {
      return std::string(err.what());
    }
    return std::string("no error");
  };
  json guard = json::parse(R"({"name":"Guard","owner":"p1","effect":{"activation":"continuous","continuous":"cannot_be_attacked"}})");
  EXPECT_NE(message(guard).find("header: field 'cards[0].effect.continuous': \"cannot_be_attacked\" applies to the card's own monster"),
            std::string::npos) << message(guard);
  guard["host"] = 0;
  EXPECT_EQ(message(guard), "no error");
  const json ops = json::parse(R"({"name":"O","owner":"p1","effect":{"activation":"quick","ops":"opaque"}})");
  EXPECT_NE(message(ops).find("field 'cards[0].effect.ops': expected an array"), std::string::npos) << message(ops);
  // An engine's declared timings are used whatever the class, so no ruleset's permission is checked.
  json flip = json::parse(R"({"name":"F","owner":"p1","host":0,"effect":{"activation":"trigger","card_type":"monster",
                              "trigger":"flipped","timings":["damage_calculation"],"ops":["opaque"]}})");
  EXPECT_NE(message(flip).find("field 'cards[0].effect.timings': its text leaves open only damage_calculation"),
            std::string::npos) << message(flip);
  flip["engine_timings"] = true;
  EXPECT_EQ(message(flip), "no error");
}

TEST(TraceJson, WholeTracesRoundTripThroughJsonLines) {
  const Scenario s = sample_scenario();
  const std::vector<Event> events = one_of_each();
  const std::string text = write_trace(s, "mr3", events);
  const json header = json::parse(text.substr(0, text.find('\n')));
  EXPECT_EQ(header["format"], "battlecheck-trace");
  EXPECT_EQ(header["version"], 8);
  EXPECT_EQ(header["ruleset"], "mr3");
  const TraceFile back = read_trace(text + "\n\n", "t.jsonl");
  EXPECT_EQ(back.ruleset, "mr3");
  EXPECT_EQ(scenario_to_json(back.scenario), scenario_to_json(s));
  std::vector<Event> annotated = events;  // the reader fills attribute bits from the header's cards
  for (Event& e : annotated) annotate_effects(e, s);
  EXPECT_EQ(back.events, annotated);
}

TEST(TraceJson, TraceErrorsNameTheFileAndLine) {
  const std::string header = trace_header(sample_scenario(), "mr3").dump();
  auto message = [](const std::string& text) {
    try {
      read_trace(text, "run.jsonl");
    } catch (const InputError& err) {
      return std::string(err.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(header + "\n{\"event\":\"priority\"}\n{\"event\":\"nap\"}\n").find("run.jsonl:3: field 'event'"),
            std::string::npos);
  EXPECT_NE(message(header + "\n{not json\n").find("run.jsonl:2: not valid JSON"), std::string::npos);
  EXPECT_NE(message("{\"event\":\"priority\"}\n").find("run.jsonl:1: field 'format'"), std::string::npos);
  EXPECT_NE(message("").find("empty trace"), std::string::npos);
  json v1 = trace_header(sample_scenario(), "mr3");
  v1["version"] = 9;
  EXPECT_NE(message(v1.dump()).find("field 'version'"), std::string::npos);
  // A version 1 trace cannot show the events new in version 2 (it omits them).
  v1["version"] = 1;
  EXPECT_NE(message(v1.dump() + "\n{\"event\":\"stat_changed\",\"slot\":\"p1_m0\",\"monster\":0,"
                    "\"duration\":\"battle\",\"value\":1,\"value2\":0}\n")
                .find("run.jsonl:2: field 'event': \"stat_changed\" events are new in trace version 2"),
            std::string::npos);
  // ... and a version 2 trace those new in version 3.
  v1["version"] = 2;
  EXPECT_NE(message(v1.dump() + "\n{\"event\":\"flip_summoned\",\"slot\":\"p1_m0\",\"monster\":0,\"player\":\"p1\"}\n")
                .find("run.jsonl:2: field 'event': \"flip_summoned\" events are new in trace version 3 (the header says 2)"),
            std::string::npos);
  // A Spell or Trap card as an activation's target is new in version 7; only an activation names one.
  const std::string mst = "{\"event\":\"activate\",\"player\":\"p1\",\"card\":0,\"kind\":\"free_chain_quick\","
                          "\"link\":1,\"target\":\"card1\",\"slot\":\"none\"}\n";
  v1["version"] = 6;
  EXPECT_NE(message(v1.dump() + "\n" + mst)
                .find("run.jsonl:2: field 'target': a card as an effect's target is new in trace version 7 (the header says 6)"),
            std::string::npos);
  v1["version"] = 7;
  const TraceFile seven = read_trace(v1.dump() + "\n" + mst, "run.jsonl");
  ASSERT_EQ(seven.events.size(), 1u);
  EXPECT_EQ(seven.events[0].target, card_target(1));
  EXPECT_EQ(event_to_json(seven.events[0])["target"], "card1");
  EXPECT_NE(message(v1.dump() + "\n{\"event\":\"attack_declared\",\"player\":\"p1\",\"slot\":\"p1_m0\",\"target\":\"card1\"}\n")
                .find("run.jsonl:2: field 'target': unknown slot \"card1\""),
            std::string::npos);
  // A Spell or Trap card destroyed is an event new in version 8.
  const std::string destroyed = "{\"event\":\"card_destroyed\",\"card\":1,\"player\":\"p2\"}\n";
  EXPECT_NE(message(v1.dump() + "\n" + destroyed)
                .find("run.jsonl:2: field 'event': \"card_destroyed\" events are new in trace version 8 (the header says 7)"),
            std::string::npos);
  v1["version"] = 8;
  EXPECT_EQ(read_trace(v1.dump() + "\n" + destroyed, "run.jsonl").events.at(0).type, EventType::CardDestroyed);
}

std::string trace_format_doc() {
  std::ifstream in(std::string(BC_SOURCE_DIR) + "/docs/trace-format.md");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(TraceFormatDoc, DocumentsEveryEventTypeAndEveryProperty) {
  const std::string doc = trace_format_doc();
  ASSERT_FALSE(doc.empty());
  for (int t = 0; t < kEventTypeCount; ++t) {
    const std::string row = "| `" + std::string(name(static_cast<EventType>(t))) + "` |";
    EXPECT_NE(doc.find(row), std::string::npos) << row;
  }
  for (const PropertyInfo& p : properties()) {
    const bool activation = std::string_view(p.id).starts_with("sometimes_activation_at_");
    if (!activation) {
      EXPECT_NE(doc.find(std::string(p.id)), std::string::npos) << p.id;
    }
  }
}

TEST(TraceFormatDoc, TheExampleTraceReadsAndViolatesNothing) {
  const std::string doc = trace_format_doc();
  const std::size_t example = doc.find("### Example");
  ASSERT_NE(example, std::string::npos);
  const std::size_t begin = doc.find("```json\n", example) + 8;
  const std::size_t end = doc.find("```", begin);
  const TraceFile trace = read_trace(doc.substr(begin, end - begin), "docs/trace-format.md");
  ASSERT_EQ(trace.events.size(), 24u);
  EXPECT_EQ(trace.events.back().type, EventType::Priority);
  TraceContext ctx = start_context(trace.scenario);
  Verdicts v;
  for (const Event& e : trace.events) observe(ctx, e, v);
  EXPECT_TRUE(v.violated.none());
  EXPECT_TRUE(v.witnessed[property_index("sometimes_attack_negated")]);
}

}  // namespace
}  // namespace bc
