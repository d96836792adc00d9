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
  if (const auto it = m.find("level"); it != m.end())
    spec.level = static_cast<std::uint8_t>(int_value(*it, where, f + ".level", 1, kMaxLevel));
  if (const auto it = m.find("monster_type"); it != m.end()) {
    const std::string text = string_value(*it, where, f + ".monster_type");
    const auto type = parse_monster_type(text);
    if (!type || *type == MonsterType::None)
      fail(where, f + ".monster_type", "unknown monster Type \"" + text + "\"; expected one of " +
                                           std::string(monster_type_names()));
    spec.type = *type;
  }
  if (const auto it = m.find("attribute"); it != m.end()) {
    const std::string text = string_value(*it, where, f + ".attribute");
    const auto attribute = parse_monster_attribute(text);
    if (!attribute || *attribute == MonsterAttribute::None)
      fail(where, f + ".attribute", "unknown Attribute \"" + text + "\"; expected one of " +
                                        std::string(monster_attribute_names()));
    spec.attribute = *attribute;
  }
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
  card.stays_on_field = flag("stays_on_field");
  card.set = flag("set");
  card.destroyed_before = flag("destroyed_before");
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

json scenario_to_json(const Scenario& s) {
  json monsters = json::array();
  std::vector<std::string> monster_names;
  for (const MonsterSpec& m : s.monsters) {
    json entry = {{"name", m.name}, {"atk", m.atk}, {"def", m.def}};
    if (m.level != 0) entry["level"] = m.level;
    if (m.type != MonsterType::None) entry["monster_type"] = std::string(name(m.type));
    if (m.attribute != MonsterAttribute::None) entry["attribute"] = std::string(name(m.attribute));
    monsters.push_back(std::move(entry));
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
    if (c.stays_on_field) card["stays_on_field"] = true;
    if (c.set) card["set"] = true;
    if (c.destroyed_before) card["destroyed_before"] = true;
    if (c.resolved_target < kSlotCount) card["resolved_target"] = slot_name(c.resolved_target);
    if (c.effect_of != kNoCard) card["effect_of"] = c.effect_of;
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
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const std::string f = "cards[" + std::to_string(i) + "]";
    s.cards.push_back(card_from_json(cards[i], where, f, s.monsters.size(), names_of(s)));
    if (cards[i].contains("effect_of")) {
      s.cards.back().effect_of = index_value(cards[i]["effect_of"], where, f + ".effect_of", kNoCard);
      if (const std::string why = effect_of_problem(s.cards, i); !why.empty()) fail(where, f + ".effect_of", why);
    }
  }
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
