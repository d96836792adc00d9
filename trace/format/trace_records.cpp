/// Trace format v1 additions (docs/trace-format.md): actions, `offered`
/// records, activate events with a real card name, and the header.
#include <array>

#include "trace/input/json_input.hpp"
#include "trace/format/trace_json.hpp"
#include "trace/format/trace_json_detail.hpp"

namespace bc {
namespace {

using nlohmann::json;
using namespace trace_detail;

constexpr std::array<ActionType, 10> kActionTypeList = {
    ActionType::EnterBattlePhase, ActionType::SkipBattlePhase, ActionType::Pass,       ActionType::Activate,
    ActionType::DeclareAttack,    ActionType::ReplayTarget,    ActionType::ReplayStop, ActionType::SkipToEndStep,
    ActionType::DeclineTrigger,   ActionType::FlipSummon};

/// Which optional fields an action type carries.
struct ActionFields {
  bool card = false;
  bool attacker = false;
  bool target = false;
  bool cost = false;
};

ActionFields fields_of(ActionType t) {
  switch (t) {
    case ActionType::Activate: return {true, false, true, true};
    case ActionType::DeclineTrigger: return {true, false, false};
    case ActionType::DeclareAttack:
    case ActionType::ReplayTarget: return {false, true, true};
    case ActionType::ReplayStop: return {false, true, false};
    case ActionType::FlipSummon: return {false, false, true};
    default: return {};
  }
}

std::string type_list() {
  std::string out;
  for (ActionType t : kActionTypeList) out += (out.empty() ? "" : ", ") + std::string(name(t));
  return out;
}

ActionType action_type_value(const json& v, const std::string& where) {
  if (!v.is_string()) fail(where, "action", "expected a string, got " + brief(v));
  const std::string s = v.get<std::string>();
  for (ActionType t : kActionTypeList)
    if (name(t) == s) return t;
  fail(where, "action", "unknown action \"" + s + "\"; expected one of " + type_list());
}

/// A monster slot (not "direct") for an attacker.
std::uint8_t monster_slot(const json& v, const std::string& where, std::string_view field) {
  const std::uint8_t slot = slot_value(v, where, field);
  if (slot == kDirect) fail(where, field, "an attacker is a monster slot, not \"direct\"");
  return slot;
}

}  // namespace

json action_to_json(const Action& a) {
  json j = {{"action", name(a.type)}};
  const ActionFields f = fields_of(a.type);
  if (f.card && a.card != kNoCard) j["card"] = a.card;
  if (f.attacker && a.attacker != kNoSlot && a.type != ActionType::ReplayStop) j["attacker"] = slot_name(a.attacker);
  if (f.target && a.target != kNoSlot) j["target"] = slot_name(a.target);
  if (f.cost && a.cost != kNoSlot) j["cost"] = slot_name(a.cost);
  return j;
}

Action action_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) fail(where, "(action)", "expected a JSON object such as {\"action\":\"pass\"}, got " + brief(j));
  const auto type = j.find("action");
  if (type == j.end()) fail(where, "action", "missing");
  Action a;
  a.type = action_type_value(*type, where);
  const ActionFields f = fields_of(a.type);
  for (const auto& [key, value] : j.items()) {
    if (key == "action") continue;
    if (key == "player") {
      enum_value<Player>(value, where, key, parse_player);
    } else if (key == "card" && f.card) {
      a.card = static_cast<std::uint8_t>(int_value(value, where, key, 0, kMaxCards - 1));
    } else if (key == "attacker" && f.attacker) {
      a.attacker = monster_slot(value, where, key);
    } else if (key == "target" && f.target) {
      a.target = slot_value(value, where, key, a.type == ActionType::Activate);
    } else if (key == "cost" && f.cost) {
      a.cost = monster_slot(value, where, key);
    } else {
      fail(where, key, "not a field of a " + std::string(name(a.type)) + " action");
    }
  }
  if (f.card && a.card == kNoCard) fail(where, "card", "missing: an activate action names its card index");
  return a;
}

std::optional<Player> action_player(const json& j, const std::string& where) {
  if (!j.is_object() || !j.contains("player")) return std::nullopt;
  return enum_value<Player>(j["player"], where, "player", parse_player);
}

json offered_to_json(const Offered& o) {
  json actions = json::array();
  for (const Action& a : o.actions) actions.push_back(action_to_json(a));
  json j = {{"event", "offered"}, {"player", name(o.player)}};
  if (o.has_timing) j["timing"] = name(o.timing);
  j["actions"] = std::move(actions);
  return j;
}

Offered offered_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) fail(where, "(offered)", "expected a JSON object");
  Offered o;
  bool has_player = false;
  bool has_actions = false;
  for (const auto& [key, value] : j.items()) {
    if (key == "event") continue;
    if (key == "player") {
      o.player = enum_value<Player>(value, where, key, parse_player);
      has_player = true;
    } else if (key == "timing") {
      o.timing = enum_value<Timing>(value, where, key, parse_timing);
      o.has_timing = true;
    } else if (key == "actions") {
      if (!value.is_array()) fail(where, key, "expected an array of actions");
      if (value.size() > static_cast<std::size_t>(ActionList::kCapacity))
        fail(where, key, "more than " + std::to_string(ActionList::kCapacity) + " actions");
      for (std::size_t i = 0; i < value.size(); ++i)
        o.actions.push(action_from_json(value[i], where + ": actions[" + std::to_string(i) + "]"));
      has_actions = true;
    } else {
      fail(where, key, "not a field of an offered record (player, timing, actions)");
    }
  }
  if (!has_player) fail(where, "player", "missing: who was offered the actions");
  if (!has_actions) fail(where, "actions", "missing: the list of offered actions (may be empty)");
  return o;
}

json record_to_json(const TraceRecord& r) {
  if (r.kind == RecordKind::Offered) return offered_to_json(r.offered);
  json j = event_to_json(r.event);
  if (!r.card_name.empty()) j["card_name"] = r.card_name;
  return j;
}

TraceRecord record_from_json(const json& j, const std::string& where) {
  TraceRecord r;
  if (j.is_object()) {
    const auto type = j.find("event");
    if (type != j.end() && type->is_string() && type->get_ref<const std::string&>() == "offered") {
      r.kind = RecordKind::Offered;
      r.offered = offered_from_json(j, where);
      return r;
    }
    const auto card_name = j.find("card_name");
    if (card_name != j.end()) {
      json rest = j;
      rest.erase("card_name");
      r.event = event_from_json(rest, where);
      if (r.event.type != EventType::Activate) fail(where, "card_name", "only activate events carry a card name");
      if (!card_name->is_string()) fail(where, "card_name", "expected a string, got " + brief(*card_name));
      r.card_name = card_name->get<std::string>();
      return r;
    }
  }
  r.event = event_from_json(j, where);
  return r;
}

json omits_to_json(EventTypeMask omits) {
  json out = json::array();
  for (int t = 0; t < kEventTypeCount; ++t)
    if (omits & event_bit(static_cast<EventType>(t))) out.push_back(name(static_cast<EventType>(t)));
  return out;
}

TraceHeader header_from_json(const json& j, const std::string& where) {
  if (!j.is_object() || !j.contains("format") || j["format"] != kTraceFormat) {
    if (j.is_object() && j.contains("event"))
      fail(where, "format", "expected \"battlecheck-trace\": the first line must be the header, not an event");
    fail(where, "format", "expected \"battlecheck-trace\"");
  }
  TraceHeader h;
  if (!j.contains("version")) fail(where, "version", "missing; expected 0 to " + std::to_string(kTraceVersion));
  h.version = static_cast<int>(int_value(j["version"], where, "version", kTraceMinVersion, kTraceVersion));
  if (j.contains("ruleset")) {
    if (!j["ruleset"].is_string()) fail(where, "ruleset", "expected a ruleset name, got " + brief(j["ruleset"]));
    h.ruleset = j["ruleset"].get<std::string>();
  }
  const auto scenario = j.find("scenario");
  if (scenario == j.end()) fail(where, "scenario", "missing");
  h.scenario = scenario_from_json(*scenario, where);
  if (j.contains("omits")) {
    if (h.version < 1) fail(where, "omits", "needs version 1");
    const json& list = j["omits"];
    if (!list.is_array()) fail(where, "omits", "expected an array of event type names");
    for (std::size_t i = 0; i < list.size(); ++i)
      h.omits |= event_bit(enum_value<EventType>(list[i], where, "omits[" + std::to_string(i) + "]", parse_event_type));
  }
  h.omits |= events_newer_than(h.version);
  for (const auto& [key, value] : j.items()) {
    if (key == "engine" || key == "source") {
      if (!value.is_string()) fail(where, key, "expected free text (a string)");
    } else if (key != "format" && key != "version" && key != "ruleset" && key != "scenario" && key != "omits") {
      fail(where, key, "unknown header field (format, version, ruleset, scenario, omits, engine, source)");
    }
  }
  return h;
}

std::string write_trace(const TraceHeader& h, const std::vector<TraceRecord>& records) {
  json header = trace_header(h.scenario, h.ruleset, h.omits & ~events_newer_than(h.version));
  header["version"] = h.version;
  std::string out = header.dump() + "\n";
  for (const TraceRecord& r : records) out += record_to_json(r).dump() + "\n";
  return out;
}

}  // namespace bc
