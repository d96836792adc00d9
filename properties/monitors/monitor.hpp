#pragma once
/// The trace monitor: a small value (the context of the trace so far, built
/// from events only) and the functions that check every property event by
/// event. The exhaustive checker keeps the context in its product state.
#include <cstdint>

#include "properties/catalog/property.hpp"

namespace bc {

/// Everything the properties need to remember about the trace so far.
/// Fixed-size value type: == and a byte hash, no pointers.
struct TraceContext;  // defined in properties/monitors/context.hpp

/// Context at the start of a trace, from the trace header (scenario board, first-turn flag).
TraceContext start_context(const Scenario& header);

/// Check every Always/Sometimes property against one event, then fold the
/// event into the context. Violations and witnesses are OR-ed into `out`.
void observe(TraceContext& ctx, const Event& e, Verdicts& out);

/// Checks made when a trace ends in Main Phase 2 / End Phase (complete = true)
/// or is cut short (complete = false: only what cannot change any more).
void finish(const TraceContext& ctx, bool complete, Verdicts& out);

/// Hash of the parts of ctx that change along a trace; the header before
/// kContextHashFrom is left out: it is the same for every state of one run.
std::uint64_t hash_context(const TraceContext& ctx);

}  // namespace bc
