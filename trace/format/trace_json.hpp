#pragma once
/// Trace format v1 (docs/trace-format.md; v0 still read): events, actions,
/// `offered` records and scenarios as JSON, and a reader for whole JSON Lines
/// traces (trace/format/trace_stream.hpp streams long ones). Reading is an
/// edge: bad input throws InputError (model/toml/input_error.hpp) naming the place and
/// the field.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "trace/format/trace_record.hpp"
#include "model/vocabulary/action.hpp"
#include "model/vocabulary/event.hpp"
#include "model/core/scenario.hpp"

namespace bc {

/// Format name and version written in a trace header.
inline constexpr std::string_view kTraceFormat = "battlecheck-trace";
inline constexpr int kTraceVersion = 8;
/// The version that added a Spell or Trap card as an activation's target ("card3").
inline constexpr int kCardTargetVersion = 7;
/// Oldest version readers accept (v0: no offered records, no card_name, no
/// omits; v1: no stat_changed / change_expired events, v2: no normal_summoned /
/// flip_summoned events, each read as omitted).
inline constexpr int kTraceMinVersion = 0;

/// One event as a JSON object: {"event": "<type>", fields...}. The fields the
/// event type carries are always written; other fields only when they differ
/// from their defaults.
nlohmann::json event_to_json(const Event& e);

/// Read one event; a missing field takes its default. Throws InputError
/// "<where>: field 'x': what is wrong" on unknown types, fields or values.
Event event_from_json(const nlohmann::json& j, const std::string& where = "event");

/// One action as JSON, e.g. {"action":"activate","card":3,"target":"p2_m1"}
/// or {"action":"declare_attack","attacker":"p1_m0","target":"direct"}.
nlohmann::json action_to_json(const Action& a);

/// Read one action. Fields the action type does not carry are refused; an
/// optional "player" ("p1"|"p2") is validated (read it with action_player()).
/// An activation's or declaration's missing "target" reads as kNoSlot.
/// Throws InputError "<where>: field 'x': ...".
Action action_from_json(const nlohmann::json& j, const std::string& where = "action");

/// The optional "player" of an action object; nullopt when absent. Throws on a bad value.
std::optional<Player> action_player(const nlohmann::json& j, const std::string& where = "action");

/// {"event":"offered","player":"p2","timing":"...","actions":[...]}.
nlohmann::json offered_to_json(const Offered& o);
/// Read an `offered` record; throws InputError naming the field.
Offered offered_from_json(const nlohmann::json& j, const std::string& where = "offered");

/// One record (event or offered; an activate event may carry "card_name").
nlohmann::json record_to_json(const TraceRecord& r);
/// Read one record line already parsed as JSON; sets everything but `line`.
TraceRecord record_from_json(const nlohmann::json& j, const std::string& where = "record");

/// Names of an EventTypeMask, in EventType order (the header's "omits").
nlohmann::json omits_to_json(EventTypeMask omits);

/// The scenario (board, monsters, cards) as JSON, for trace headers and counterexamples.
nlohmann::json scenario_to_json(const Scenario& s);
/// Read a scenario written by scenario_to_json; throws InputError on bad input.
Scenario scenario_from_json(const nlohmann::json& j, const std::string& where = "scenario");

/// The first line of a trace: format, version, ruleset name, scenario and
/// (when not empty) the "omits" list.
nlohmann::json trace_header(const Scenario& s, std::string_view ruleset, EventTypeMask omits = 0);

/// Read a header line (version 0 or 1); throws InputError naming the field.
TraceHeader header_from_json(const nlohmann::json& j, const std::string& where = "header");

/// A whole trace read from JSON Lines text.
struct TraceFile {
  std::string ruleset;
  Scenario scenario;
  std::vector<Event> events;      ///< the events, in order (offered records left out)
  int version = kTraceVersion;
  EventTypeMask omits = 0;
  std::vector<TraceRecord> records;  ///< every line after the header (events and offered), in order
};

/// Parse JSON Lines text (header line, then one event per line; blank lines
/// ignored). `origin` names the file in errors: "FILE:LINE: field 'x': ...".
TraceFile read_trace(std::string_view text, const std::string& origin);

/// Write a trace as JSON Lines (header, then one event per line).
std::string write_trace(const Scenario& s, std::string_view ruleset, const std::vector<Event>& events);
/// Write a trace of records (events with card names, offered records).
std::string write_trace(const TraceHeader& h, const std::vector<TraceRecord>& records);

}  // namespace bc
