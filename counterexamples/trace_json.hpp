#pragma once
/// Trace format v0 (docs/trace-format.md): events and scenarios as JSON, and
/// a reader for whole JSON Lines traces. Reading is an edge: bad input throws
/// InputError (model/loader.hpp) naming the place and the field.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/event.hpp"
#include "model/scenario.hpp"

namespace bc {

/// Format name and version written in a trace header.
inline constexpr std::string_view kTraceFormat = "battlecheck-trace";
inline constexpr int kTraceVersion = 0;

/// One event as a JSON object: {"event": "<type>", fields...}. The fields the
/// event type carries are always written; other fields only when they differ
/// from their defaults.
nlohmann::json event_to_json(const Event& e);

/// Read one event; a missing field takes its default. Throws InputError
/// "<where>: field 'x': what is wrong" on unknown types, fields or values.
Event event_from_json(const nlohmann::json& j, const std::string& where = "event");

/// The scenario (board, monsters, cards) as JSON, for trace headers and counterexamples.
nlohmann::json scenario_to_json(const Scenario& s);
/// Read a scenario written by scenario_to_json; throws InputError on bad input.
Scenario scenario_from_json(const nlohmann::json& j, const std::string& where = "scenario");

/// The first line of a trace: format, version, ruleset name and scenario.
nlohmann::json trace_header(const Scenario& s, std::string_view ruleset);

/// A whole trace read from JSON Lines text.
struct TraceFile {
  std::string ruleset;
  Scenario scenario;
  std::vector<Event> events;
};

/// Parse JSON Lines text (header line, then one event per line; blank lines
/// ignored). `origin` names the file in errors: "FILE:LINE: field 'x': ...".
TraceFile read_trace(std::string_view text, const std::string& origin);

/// Write a trace as JSON Lines (header, then one event per line).
std::string write_trace(const Scenario& s, std::string_view ruleset, const std::vector<Event>& events);

}  // namespace bc
