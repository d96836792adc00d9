/// Trace format: one event as JSON, the fields each event type carries
/// (docs/trace-format.md "Events").
#include <array>
#include <limits>

#include "trace/format/trace_json.hpp"
#include "trace/format/trace_json_detail.hpp"
#include "trace/input/json_input.hpp"

namespace bc {
namespace {

using nlohmann::json;
using namespace trace_detail;
// ---- event fields ------------------------------------------------------------

enum Field : std::uint16_t {
  kFPlayer = 1 << 0, kFStep = 1 << 1, kFTiming = 1 << 2, kFSlot = 1 << 3, kFTarget = 1 << 4,
  kFCard = 1 << 5, kFLink = 1 << 6, kFMonster = 1 << 7, kFKind = 1 << 8, kFReason = 1 << 9,
  kFNegation = 1 << 10, kFMode = 1 << 11, kFPosition = 1 << 12, kFValue = 1 << 13, kFValue2 = 1 << 14,
  kFDuration = 1 << 15,
};

struct FieldName {
  Field field;
  std::string_view name;
};
constexpr std::array<FieldName, 16> kFieldNames = {{
    {kFPlayer, "player"}, {kFStep, "step"}, {kFTiming, "timing"}, {kFSlot, "slot"}, {kFTarget, "target"},
    {kFCard, "card"}, {kFLink, "link"}, {kFMonster, "monster"}, {kFKind, "kind"}, {kFReason, "reason"},
    {kFNegation, "negation"}, {kFMode, "mode"}, {kFPosition, "position"}, {kFValue, "value"}, {kFValue2, "value2"},
    {kFDuration, "duration"},
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
    kFSlot | kFTarget,                                        // attack_target_changed
    kFSlot | kFMonster | kFDuration | kFValue | kFValue2,     // stat_changed
    kFSlot | kFMonster | kFDuration | kFValue | kFValue2,     // change_expired
    kFSlot | kFMonster | kFPlayer,                            // normal_summoned
    kFSlot | kFMonster | kFPlayer,                            // flip_summoned
    kFSlot | kFMonster,                                       // attack_forbidden
    kFPlayer | kFValue,                                       // life_points_changed
    kFSlot | kFMonster,                                       // attack_target_forced
    kFSlot | kFTarget | kFMonster | kFPlayer | kFPosition,    // control_changed
    kFCard | kFPlayer,                                        // card_destroyed
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
    case kFDuration: return name(e.duration);
  }
  return nullptr;
}

void read_field(Event& e, Field f, const json& v, const std::string& where, std::string_view key) {
  constexpr std::int64_t kMin = std::numeric_limits<std::int32_t>::min();
  constexpr std::int64_t kMax = std::numeric_limits<std::int32_t>::max();
  switch (f) {
    case kFPlayer: e.player = enum_value<Player>(v, where, key, parse_player); break;
    case kFStep: e.step = enum_value<Step>(v, where, key, parse_step); break;
    case kFTiming: e.timing = enum_value<Timing>(v, where, key, parse_timing); break;
    case kFSlot: e.slot = slot_value(v, where, key); break;
    case kFTarget: e.target = slot_value(v, where, key, e.type == EventType::Activate); break;
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
    case kFDuration: e.duration = enum_value<Duration>(v, where, key, parse_duration); break;
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

}  // namespace bc
