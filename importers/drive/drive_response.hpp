#pragma once
/// The engine's side of the drive protocol (docs/engine-protocol.md) as pure
/// functions, no process: one response line to a JSON object, and a
/// response body's "error", "events" and "actions" to model values. The
/// engine process (drive_engine.cpp) and the run (drive.cpp) use them, and
/// fuzz/fuzz_drive_response.cpp feeds them arbitrary bytes: every input is
/// untrusted, so each gives a value or an error text, never a crash, and
/// every message shows engine text only in bounded form (bc::brief).
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "importers/drive/drive_engine.hpp"
#include "model/vocabulary/event.hpp"
#include "model/core/scenario.hpp"
#include "trace/format/trace_record.hpp"

namespace bc {

/// True when `text` holds only blanks and line ends (tolerated between responses).
bool is_blank(std::string_view text);

/// One response line (without its '\n'): status Ok with the object, or
/// Garbage with what is wrong (not JSON, nested deeper than kMaxJsonDepth,
/// duplicate keys, numbers out of range, or not an object).
EngineReply parse_response_line(std::string_view line);

/// The {"error": ...} an engine answered to `request`, as a message naming
/// the request; "" when the body is not an error.
std::string response_error(const nlohmann::json& body, const nlohmann::json& request);

/// The optional "omits" list of a `load` response: event types the engine
/// never writes (as a trace header's "omits"); the model's events of those
/// types are left out of every comparison (without_omitted). Returns "" or
/// what is wrong.
std::string read_response_omits(const nlohmann::json& body, EventTypeMask& omits);
/// The events whose types `omits` does not name, in order.
std::vector<Event> without_omitted(const std::vector<Event>& events, EventTypeMask omits);

/// The "events" array of a response read as trace events, each annotated
/// with the effect of its scenario card. Returns "" or what is wrong; `raw`
/// gets the array's elements as sent (for the report).
std::string read_response_events(const nlohmann::json& body, const Scenario& scenario,
                                 std::vector<nlohmann::json>& raw, std::vector<Event>& events);

/// The optional "records" array of a `load` or `apply` response (--judge
/// trace): the engine's own trace of the run so far (each response's
/// replaces the last), events and `offered` records as trace lines
/// (docs/trace-format.md), events annotated with their scenario card's effect. `given` says whether the array was
/// there. Returns "" or what is wrong.
std::string read_response_records(const nlohmann::json& body, const Scenario& scenario,
                                  std::vector<TraceRecord>& records, bool& given);

/// The optional "trace_omits" of a `load` response: the event types the
/// engine's records leave out (as a trace header's "omits"); `omits` stays
/// as it is when absent. Returns "" or what is wrong.
std::string read_response_trace_omits(const nlohmann::json& body, EventTypeMask& omits);

/// True when `body` has the shape of an answer to `request`: an error, an
/// "actions" array for "actions", an "events" array for "load" and "apply".
bool answers(const nlohmann::json& body, const nlohmann::json& request);

/// An action object in canonical form for set comparison: no "player", no
/// null/"none" fields, replay_stop without its implicit attacker.
std::string canonical_action(const nlohmann::json& a);

/// The "actions" array of a response: its elements as sent and the set of
/// their canonical forms. Returns "" or what is wrong.
std::string read_response_actions(const nlohmann::json& body, std::vector<nlohmann::json>& raw,
                                  std::set<std::string>& canonical);

}  // namespace bc
