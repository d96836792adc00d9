/// Trace format: events, scenarios and JSON Lines traces (docs/trace-format.md).
#include "trace/format/trace_json.hpp"

#include "trace/input/json_input.hpp"
#include "model/library/presets.hpp"
#include "model/library/term_check.hpp"
#include "model/terms/effect_text.hpp"

#include <array>
#include <limits>

#include "trace/format/trace_json_detail.hpp"
#include "trace/format/trace_stream.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

using nlohmann::json;
using namespace trace_detail;

// ---- event fields ------------------------------------------------------------

enum Field : std::uint16_t {
  kFPlayer = 1 << 0, kFStep = 1 << 1, kFTiming = 1 << 2, kFSlot = 1 << 3, kFTarget = 1 << 4,
  kFCard = 1 << 5, kFLink = 1 << 6, kFMonster = 1 << 7, kFKind = 1 << 8, kFReason = 1 << 9,
  kFNegation = 1 << 10, kFMode = 1 << 11, kFPosition = 1 << 12, kFValue = 1 << 13, kFValue2 = 1 << 14,
};

struct FieldName {
  Field field;
  std::string_view name;
};
constexpr std::array<FieldName, 15> kFieldNames = {{
    {kFPlayer, "player"}, {kFStep, "step"}, {kFTiming, "timing"}, {kFSlot, "slot"}, {kFTarget, "target"},
    {kFCard, "card"}, {kFLink, "link"}, {kFMonster, "monster"}, {kFKind, "kind"}, {kFReason, "reason"},
    {kFNegation, "negation"}, {kFMode, "mode"}, {kFPosition, "position"}, {kFValue, "value"}, {kFValue2, "value2"},
}};

/// The fields each event type carries (model/vocabulary/event.hpp), always written. Index = EventType.
constexpr std::array<std::uint16_t, kEventTypeCount> kFieldsOf = {
    kFStep,                                                   // step_enter
    kFTiming,                                                 // timing_enter
    kFPlayer,                                                 // priority
    kFPlayer | kFSlot | kFTarget,                             // attack_declared
    kFSlot,                                                   // attack_negated
    kFSlot,                                                   // attack_stopped
    kFSlot,                                                   // replay
    kFSlot | kFTarget,                                        // replay_choice
    kFSlot | kFTarget,                                        // damage_step_begin
    kFSlot,                                                   // flipped_face_up
    kFPlayer | kFCard | kFKind | kFLink | kFTarget | kFSlot,  // activate
    kFLink | kFNegation,                                      // negated
    kFLink | kFCard | kFKind,                                 // resolve
    0,                                                        // chain_end
    kFSlot | kFTarget | kFMode | kFValue | kFValue2,          // damage_calculation
    0,                                                        // no_damage_calculation
    kFPlayer | kFValue,                                       // battle_damage
    kFSlot,                                                   // destroy_confirmed
    kFSlot | kFReason | kFMonster,                            // left_field
    kFSlot | kFMonster | kFPlayer | kFPosition,               // summoned
    kFSlot | kFPosition,                                      // position_changed
    0,                                                        // battle_phase_ended
};

json index_json(std::uint8_t i, std::uint8_t none) { return i == none ? json(nullptr) : json(i); }

json field_json(const Event& e, Field f) {
  switch (f) {
    case kFPlayer: return name(e.player);
    case kFStep: return name(e.step);
    case kFTiming: return name(e.timing);
    case kFSlot: return slot_name(e.slot);
    case kFTarget: return slot_name(e.target);
    case kFCard: return index_json(e.card, kNoCard);
    case kFLink: return e.link;
    case kFMonster: return index_json(e.monster, kNoMonster);
    case kFKind: return name(e.kind);
    case kFReason: return name(e.reason);
    case kFNegation: return name(e.negation);
    case kFMode: return name(e.mode);
    case kFPosition: return name(e.position);
    case kFValue: return e.value;
    case kFValue2: return e.value2;
  }
  return nullptr;
}

std::uint8_t index_value(const json& v, const std::string& where, std::string_view field, std::uint8_t none) {
  if (v.is_null()) return none;
  return static_cast<std::uint8_t>(int_value(v, where, field, 0, none - 1));
}

void read_field(Event& e, Field f, const json& v, const std::string& where, std::string_view key) {
  constexpr std::int64_t kMin = std::numeric_limits<std::int32_t>::min();
  constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
  switch (f) {
    case kFPlayer: e.player = enum_value<Player>(v, where, key, parse_player); break;
    case kFStep: e.step = enum_value<Step>(v, where, key, parse_step); break;
    case kFTiming: e.timing = enum_value<Timing>(v, where, key, parse_timing); break;
    case kFSlot: e.slot = slot_value(v, where, key); break;
    case kFTarget: e.target = slot_value(v, where, key); break;
    case kFCard: e.card = index_value(v, where, key, kNoCard); break;
    case kFLink: e.link = static_cast<std::uint8_t>(int_value(v, where, key, 0, 255)); break;
    case kFMonster: e.monster = index_value(v, where, key, kNoMonster); break;
    case kFKind: e.kind = enum_value<EffectKind>(v, where, key, parse_kind); break;
    case kFReason: e.reason = enum_value<LeaveReason>(v, where, key, parse_leave_reason); break;
    case kFNegation: e.negation = enum_value<Negation>(v, where, key, parse_negation); break;
    case kFMode: e.mode = enum_value<CalcMode>(v, where, key, parse_calc_mode); break;
    case kFPosition: e.position = enum_value<Position>(v, where, key, parse_position); break;
    case kFValue: e.value = static_cast<std::int32_t>(int_value(v, where, key, kMin, kMax)); break;
    case kFValue2: e.value2 = static_cast<std::int32_t>(int_value(v, where, key, kMin, kMax)); break;
  }
}

// ---- scenario ------------------------------------------------------------------

const json& need(const json& obj, std::string_view key, const std::string& where, const std::string& field) {
  const auto it = obj.find(std::string(key));
  if (it == obj.end()) fail(where, field, "missing");
  return *it;
}

std::string string_value(const json& v, const std::string& where, const std::string& field) {
  if (!v.is_string()) fail(where, field, "expected a string, got " + brief(v));
  return v.get<std::string>();
}

const json& array_at(const json& obj, std::string_view key, const std::string& where) {
  static const json kEmpty = json::array();
  const auto it = obj.find(std::string(key));
  if (it == obj.end()) return kEmpty;
  if (!it->is_array()) fail(where, key, "expected an array");
  return *it;
}

MonsterSpec monster_from_json(const json& m, const std::string& where, const std::string& f) {
  if (!m.is_object()) fail(where, f, "expected an object");
  MonsterSpec spec;
  spec.name = string_value(need(m, "name", where, f + ".name"), where, f + ".name");
  spec.atk = static_cast<int>(int_value(need(m, "atk", where, f + ".atk"), where, f + ".atk", 0, 1000000));
  spec.def = static_cast<int>(int_value(need(m, "def", where, f + ".def"), where, f + ".def", 0, 1000000));
  return spec;
}

/// A card's effect written in full (docs/effects.md "Writing a term"): an
/// object of strings, booleans and arrays of strings.
EffectTerm term_from_json(const json& e, const std::string& where, const std::string& f,
                          const std::vector<std::string>& monster_names) {
  if (!e.is_object()) fail(where, f, "expected an object of effect fields");
  std::vector<TermField> fields;
  for (const auto& [key, value] : e.items()) {
    TermField field{key, {}, 0, value.is_array() ? FieldShape::List : FieldShape::Value};
    const auto item = [&](const json& v, const std::string& at) {
      if (v.is_string()) field.values.push_back(v.get<std::string>());
      else if (v.is_boolean()) field.values.push_back(v.get<bool>() ? "true" : "false");
      else fail(where, at, "expected a string");
    };
    if (value.is_array()) {
      for (std::size_t i = 0; i < value.size(); ++i) item(value[i], f + "." + key + "[" + std::to_string(i) + "]");
    } else {
      item(value, f + "." + key);
    }
    fields.push_back(std::move(field));
  }
  TermError err;
  const auto term = parse_term(fields, monster_names, err);
  if (!term) fail(where, f + "." + err.field, err.message);
  return *term;
}

std::vector<std::string> names_of(const Scenario& s) {
  std::vector<std::string> out;
  for (const MonsterSpec& m : s.monsters) out.push_back(m.name);
  return out;
}

CardSpec card_from_json(const json& c, const std::string& where, const std::string& f, std::size_t monsters,
                        const std::vector<std::string>& monster_names = {}) {
  if (!c.is_object()) fail(where, f, "expected an object");
  CardSpec card;
  card.name = string_value(need(c, "name", where, f + ".name"), where, f + ".name");
  if (c.contains("effect")) {
    card.term = term_from_json(c["effect"], where, f + ".effect", monster_names);
    card.kind = class_of(card.term);
    card.custom = true;
  } else {
    card.kind = enum_value<EffectKind>(need(c, "kind", where, f + ".kind"), where, f + ".kind", parse_kind);
    if (find_preset(card.kind) == nullptr)
      fail(where, f + ".kind", std::string(name(card.kind)) + " is an effect class with no preset; give the card an effect");
  }
  card.owner = enum_value<Player>(need(c, "owner", where, f + ".owner"), where, f + ".owner", parse_player);
  if (c.contains("host")) card.host = index_value(c["host"], where, f + ".host", kNoMonster);
  if (c.contains("summons")) card.summons = index_value(c["summons"], where, f + ".summons", kNoMonster);
  if (c.contains("value")) card.value = static_cast<int>(int_value(c["value"], where, f + ".value", -1000000, 1000000));
  if (c.contains("condition"))
    card.condition = enum_value<Condition>(c["condition"], where, f + ".condition", parse_condition);
  auto flag = [&](const char* key) {
    if (c.contains(key) && !c[key].is_boolean()) fail(where, f + "." + key, "expected true or false");
    return c.contains(key) && c[key].get<bool>();
  };
  card.engine_timings = flag("engine_timings");
  card.hidden_condition = flag("hidden_condition");
  card.resolved_before = flag("resolved_before");
  if (c.contains("resolved_target")) {
    card.resolved_target = slot_value(c["resolved_target"], where, f + ".resolved_target");
    if (card.resolved_target == kDirect) fail(where, f + ".resolved_target", "expected a monster's slot, not direct");
  }
  for (std::uint8_t m : {card.host, card.summons})
    if (m != kNoMonster && m >= monsters) fail(where, f, "monster index " + std::to_string(m) + " does not exist");
  if (card.custom)
    if (const auto err = check_term_meaning(card.term, card.host != kNoMonster ? TermHost::Present : TermHost::None,
                                            card.engine_timings))
      fail(where, f + ".effect." + err->field, err->message);
  fill_preset_term(card);
  return card;
}

void board_from_json(const json& board, Scenario& s, const std::string& where) {
  if (!board.is_object()) fail(where, "board", "expected an object with p1 and p2");
  for (Player p : {Player::P1, Player::P2}) {
    const std::string side(name(p));
    const json& zones = array_at(board, side, where);
    for (std::size_t i = 0; i < zones.size(); ++i) {
      const std::string f = "board." + side + "[" + std::to_string(i) + "]";
      if (!zones[i].is_object()) fail(where, f, "expected an object");
      const int zone = static_cast<int>(int_value(need(zones[i], "zone", where, f + ".zone"), where, f + ".zone", 0, kZonesPerSide - 1));
      ZoneSpec& z = s.board[index_of(p)][zone];
      if (z.monster != kNoMonster) fail(where, f + ".zone", "zone " + std::to_string(zone) + " is used twice");
      z.monster = index_value(need(zones[i], "monster", where, f + ".monster"), where, f + ".monster", kNoMonster);
      if (z.monster == kNoMonster || z.monster >= s.monsters.size()) fail(where, f + ".monster", "no such monster");
      z.position = enum_value<Position>(need(zones[i], "position", where, f + ".position"), where, f + ".position", parse_position);
    }
  }
}

}  // namespace

json event_to_json(const Event& e) {
  json j = json::object();
  j["event"] = name(e.type);
  const Event defaults;
  const auto t = static_cast<std::size_t>(e.type);
  const std::uint16_t always = t < kFieldsOf.size() ? kFieldsOf[t] : 0;
  for (const FieldName& f : kFieldNames) {
    const json value = field_json(e, f.field);
    if ((always & f.field) || value != field_json(defaults, f.field)) j[std::string(f.name)] = value;
  }
  return j;
}

Event event_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) fail(where, "(event)", "expected a JSON object, got " + brief(j));
  Event e;
  const auto type = j.find("event");
  if (type == j.end()) fail(where, "event", "missing event type");
  e.type = enum_value<EventType>(*type, where, "event", parse_event_type);
  for (const auto& [key, value] : j.items()) {
    if (key == "event") continue;
    const FieldName* found = nullptr;
    for (const FieldName& f : kFieldNames)
      if (f.name == key) found = &f;
    if (!found) fail(where, brief_text(key, 60), "unknown field");
    read_field(e, found->field, value, where, key);
  }
  return e;
}

json scenario_to_json(const Scenario& s) {
  json monsters = json::array();
  std::vector<std::string> monster_names;
  for (const MonsterSpec& m : s.monsters) {
    monsters.push_back({{"name", m.name}, {"atk", m.atk}, {"def", m.def}});
    monster_names.push_back(m.name);
  }
  json board = json::object();
  for (Player p : {Player::P1, Player::P2}) {
    json zones = json::array();
    for (int z = 0; z < kZonesPerSide; ++z) {
      const ZoneSpec& spec = s.board[index_of(p)][z];
      if (spec.monster == kNoMonster) continue;
      zones.push_back({{"zone", z}, {"monster", spec.monster}, {"position", name(spec.position)}});
    }
    board[std::string(name(p))] = zones;
  }
  json cards = json::array();
  for (const CardSpec& c : s.cards) {
    json card = {{"name", c.name}, {"kind", name(c.kind)}, {"owner", name(c.owner)}};
    if (c.custom) {
      json effect = json::object();
      for (const TermField& f : term_to_fields(c.term, monster_names)) {
        const bool list = term_key_is_list(f.key);
        if (f.key == "mandatory" || f.key == "from_hand") effect[f.key] = f.values[0] == "true";
        else if (list) effect[f.key] = f.values;
        else effect[f.key] = f.values[0];
      }
      card["effect"] = effect;
    }
    if (c.host != kNoMonster) card["host"] = c.host;
    if (c.summons != kNoMonster) card["summons"] = c.summons;
    if (c.value != 0) card["value"] = c.value;
    if (c.condition != Condition::None) card["condition"] = name(c.condition);
    if (c.engine_timings) card["engine_timings"] = true;
    if (c.hidden_condition) card["hidden_condition"] = true;
    if (c.resolved_before) card["resolved_before"] = true;
    if (c.resolved_target < kSlotCount) card["resolved_target"] = slot_name(c.resolved_target);
    cards.push_back(card);
  }
  return {{"name", s.name}, {"description", s.description}, {"first_turn", s.first_turn},
          {"monsters", monsters}, {"board", board}, {"cards", cards}};
}

Scenario scenario_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) fail(where, "scenario", "expected a JSON object");
  Scenario s;
  if (j.contains("name")) s.name = string_value(j["name"], where, "name");
  if (j.contains("description")) s.description = string_value(j["description"], where, "description");
  if (j.contains("first_turn")) {
    if (!j["first_turn"].is_boolean()) fail(where, "first_turn", "expected true or false");
    s.first_turn = j["first_turn"].get<bool>();
  }
  const json& monsters = array_at(j, "monsters", where);
  if (monsters.size() > static_cast<std::size_t>(kMaxMonsterSpecs)) fail(where, "monsters", "too many monsters");
  for (std::size_t i = 0; i < monsters.size(); ++i)
    s.monsters.push_back(monster_from_json(monsters[i], where, "monsters[" + std::to_string(i) + "]"));
  if (j.contains("board")) board_from_json(j["board"], s, where);
  const json& cards = array_at(j, "cards", where);
  if (cards.size() > static_cast<std::size_t>(kMaxCards)) fail(where, "cards", "too many cards");
  for (std::size_t i = 0; i < cards.size(); ++i)
    s.cards.push_back(card_from_json(cards[i], where, "cards[" + std::to_string(i) + "]", s.monsters.size(), names_of(s)));
  return s;
}

json trace_header(const Scenario& s, std::string_view ruleset, EventTypeMask omits) {
  json h = {{"format", kTraceFormat}, {"version", kTraceVersion}, {"ruleset", ruleset}};
  if (omits != 0) h["omits"] = omits_to_json(omits);
  h["scenario"] = scenario_to_json(s);
  return h;
}

TraceFile read_trace(std::string_view text, const std::string& origin) {
  TraceStream in(text, origin);
  TraceHeader h;
  if (!in.read_header(h)) throw InputError(in.error());
  TraceFile trace;
  trace.ruleset = std::move(h.ruleset);
  trace.scenario = std::move(h.scenario);
  trace.version = h.version;
  trace.omits = h.omits;
  TraceRecord r;
  while (in.next(r)) {
    if (r.kind == RecordKind::Event) annotate_effects(r.event, trace.scenario);
    if (r.kind == RecordKind::Event) trace.events.push_back(r.event);
    trace.records.push_back(r);
  }
  if (!in.error().empty()) throw InputError(in.error());
  return trace;
}

std::string write_trace(const Scenario& s, std::string_view ruleset, const std::vector<Event>& events) {
  std::string out = trace_header(s, ruleset).dump() + "\n";
  for (const Event& e : events) out += event_to_json(e).dump() + "\n";
  return out;
}

}  // namespace bc
