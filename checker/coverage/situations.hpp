#pragma once
/// Rule coverage (issue 13 item 5): the situations the model's rules tell apart, each recognised from
/// the event trace alone, and the exhaustive exploration that finds which ones a scenario reaches (docs/coverage.md).
/// A situation is one branch of a rule made observable: a damage calculation
/// against a Defense Position monster whose DEF equals the attacker's ATK, a
/// battle cancelled before damage calculation while a "has battled" effect is
/// on a battler, an effect of each class activated, ... Its predicate sees the
/// trace header (the scenario), what the trace showed so far (the property
/// monitors' TraceContext plus the monster in each zone) and one event, never
/// the model's state: the same table measures an engine's traces.
#include <array>
#include <bitset>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "checker/parallel/explorer.hpp"
#include "model/vocabulary/event.hpp"
#include "model/rules/model.hpp"
#include "properties/monitors/context.hpp"

namespace bc {

/// What the coverage fold remembers about a trace: the monitors' context and
/// the scenario monster in each zone (to find a card's host from its monster).
struct SituationContext {
  TraceContext trace;
  std::array<std::uint8_t, kSlotCount> monster{};
  bool operator==(const SituationContext&) const = default;
};
static_assert(std::has_unique_object_representations_v<SituationContext>, "hashed by its bytes");

/// What a situation predicate sees: the header, the context BEFORE the event, the event.
struct SituationView {
  const Scenario& header;
  const SituationContext& before;
  const Event& event;
};

/// One situation: a stable id, what it is (with the sections it rests on),
/// the event types it can be recognised on (bit = EventType) and its predicate.
struct Situation {
  std::string_view id;
  std::string_view description;
  std::string_view citation;  ///< "S0 §6.3.4.3.3; S1 §伤害计算时"
  std::uint32_t on;           ///< bit (1 << EventType) for each event type the predicate reads
  bool (*reached)(const SituationView&);
};

inline constexpr int kMaxSituations = 160;
using SituationBits = std::bitset<kMaxSituations>;

/// Every situation, in a fixed order; a situation's index is its bit in SituationBits.
const std::vector<Situation>& situations();
/// Index of a situation by id, -1 if unknown.
int situation_index(std::string_view id);

/// The context at the start of a trace (from its header).
SituationContext start_situations(const Scenario& header);
/// Fold one event into the context (after the predicates have seen it).
void fold_situation(SituationContext& ctx, const Event& e);
/// The situations one event reaches, given the context before it.
void match_situations(const SituationView& view, SituationBits& out);
/// The situations a whole trace reaches (its first events included).
SituationBits situations_of_trace(const Scenario& header, const std::vector<Event>& events);

/// Result of exploring one scenario for situations.
struct SituationCoverage {
  SituationBits reached;
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  bool complete = true;
  std::string bound_hit;
  double seconds = 0;
};

/// Breadth-first exploration of every reachable (model state, situation
/// context) of `model` within `bounds` (liveness is ignored), recording every
/// situation any transition's events reach.
SituationCoverage explore_situations(const Model& model, const Bounds& bounds = {});

}  // namespace bc
