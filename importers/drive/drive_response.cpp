#include "importers/drive/drive_response.hpp"

#include "trace/input/json_input.hpp"
#include "trace/format/trace_json.hpp"
#include "model/loaders/loader.hpp"

namespace bc {
namespace {

using json = nlohmann::json;

constexpr std::size_t kShown = 200;  ///< characters of engine text quoted in a message

/// The canonical object of an action (see canonical_action).
json canonical_object(const json& a) {
  json c = json::object();
  for (auto it = a.begin(); it != a.end(); ++it) {
    if (it.key() == "player" || it.value().is_null() || it.value() == "none") continue;
    c[it.key()] = it.value();
  }
  const auto action = c.find("action");
  if (action != c.end() && *action == "replay_stop") c.erase("attacker");
  return c;
}

}  // namespace

bool answers(const json& body, const json& request) {
  if (!body.is_object()) return false;
  if (body.contains("error")) return true;
  const bool wants_actions = request.is_object() && request.contains("cmd") && request["cmd"] == "actions";
  const auto it = body.find(wants_actions ? "actions" : "events");
  return it != body.end() && it->is_array();
}

bool is_blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

EngineReply parse_response_line(std::string_view line) {
  json body;
  const std::string error = parse_untrusted_json(line, "the engine's response", body);
  if (!error.empty())
    return {EngineStatus::Garbage, nullptr, "the response is not acceptable JSON (" + error + "): '" +
                                                brief_text(line, kShown) + "'", {}};
  if (!body.is_object())
    return {EngineStatus::Garbage, nullptr, "the response is not a JSON object: '" + brief_text(line, kShown) + "'", {}};
  return {EngineStatus::Ok, std::move(body), "", {}};
}

std::string response_error(const json& body, const json& request) {
  if (!body.is_object() || !body.contains("error")) return "";
  return "the engine answered an error to " + brief(request, 120) + ": " + brief(body["error"], kShown);
}

std::string read_response_events(const json& body, const Scenario& scenario, std::vector<json>& raw,
                                 std::vector<Event>& events) {
  if (!body.is_object() || !body.contains("events") || !body["events"].is_array())
    return "the response has no \"events\" array: " + brief(body, kShown);
  for (const json& e : body["events"]) {
    raw.push_back(e);
    try {
      events.push_back(event_from_json(e, "engine event"));
      annotate_effects(events.back(), scenario);
    } catch (const InputError& err) {
      return "the engine sent an event outside the trace format: " + brief_text(err.what(), 300);
    } catch (const json::exception& err) {
      return "the engine sent an event battlecheck cannot read: " + brief_text(err.what(), 300);
    }
  }
  return "";
}

namespace {

/// A list of event type names under `key` of a response, as a mask.
std::string read_type_list(const json& body, const char* key, EventTypeMask& omits) {
  const json& list = body[key];
  const std::string quoted = std::string("\"") + key + "\"";
  if (!list.is_array()) return quoted + " is not an array of event type names: " + brief(list, kShown);
  omits = 0;
  for (const json& n : list) {
    const auto t = n.is_string() ? parse_event_type(n.get<std::string>()) : std::nullopt;
    if (!t) return quoted + " names no event type: " + brief(n, kShown);
    omits |= event_bit(*t);
  }
  return "";
}

}  // namespace

std::string read_response_omits(const json& body, EventTypeMask& omits) {
  omits = 0;
  if (!body.is_object() || !body.contains("omits")) return "";
  return read_type_list(body, "omits", omits);
}

std::string read_response_trace_omits(const json& body, EventTypeMask& omits) {
  if (!body.is_object() || !body.contains("trace_omits")) return "";
  return read_type_list(body, "trace_omits", omits);
}

std::string read_response_records(const json& body, const Scenario& scenario, std::vector<TraceRecord>& records,
                                  bool& given) {
  given = body.is_object() && body.contains("records");
  if (!given) return "";
  const json& list = body["records"];
  if (!list.is_array()) return "\"records\" is not an array of trace records: " + brief(list, kShown);
  for (const json& r : list) {
    try {
      records.push_back(record_from_json(r, "engine record"));
      if (records.back().kind == RecordKind::Event) annotate_effects(records.back().event, scenario);
    } catch (const InputError& err) {
      return "the engine sent a record outside the trace format: " + brief_text(err.what(), 300);
    } catch (const json::exception& err) {
      return "the engine sent a record battlecheck cannot read: " + brief_text(err.what(), 300);
    }
  }
  return "";
}

std::vector<Event> without_omitted(const std::vector<Event>& events, EventTypeMask omits) {
  std::vector<Event> out;
  for (const Event& e : events)
    if (!(omits & event_bit(e.type))) out.push_back(e);
  return out;
}

std::string canonical_action(const json& a) {
  return a.is_object() ? canonical_object(a).dump() : a.dump();
}

std::string read_response_actions(const json& body, std::vector<json>& raw, std::set<std::string>& canonical) {
  if (!body.is_object() || !body.contains("actions") || !body["actions"].is_array())
    return "the response has no \"actions\" array: " + brief(body, kShown);
  for (const json& a : body["actions"]) {
    raw.push_back(a);
    canonical.insert(canonical_action(a));
  }
  return "";
}

}  // namespace bc
