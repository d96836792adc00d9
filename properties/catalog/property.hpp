#pragma once
/// Named properties with citations, and the trace monitor that checks them.
/// Monitors see only Events (model/vocabulary/event.hpp) plus the trace header (the
/// initial board), never model internals, so they check the model's traces
/// and an engine's traces alike.
#include <bitset>
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/vocabulary/event.hpp"
#include "model/core/ruleset.hpp"
#include "model/core/scenario.hpp"

namespace bc {

inline constexpr int kMaxProperties = 128;
using PropertyBits = std::bitset<kMaxProperties>;

/// A source id plus section, e.g. {"S2", "FAQ 14/03/26"}.
struct Citation {
  std::string_view source;
  std::string_view section;
};

enum class PropertyKind : std::uint8_t {
  Always,     ///< must hold on every event of every trace
  Sometimes,  ///< must be witnessed on at least one explored trace (vacuity check)
  Eventually, ///< checked on complete traces (finish()) and by the checker's graph analysis
};

struct PropertyInfo {
  std::string_view id;         ///< snake_case, stable: used on the CLI and in files
  PropertyKind kind;
  std::string_view statement;  ///< one line, paraphrasing the sources
  std::vector<Citation> citations;
};

/// All properties; a property's index is its bit in PropertyBits.
const std::vector<PropertyInfo>& properties();
/// Index of a property by id, -1 if unknown.
int property_index(std::string_view id);

/// The properties `rules` disputes (Ruleset::disputes), as bits: checks
/// under those rules never count them as failures. Ids that name no property
/// are ignored here (tests check the built-in rulesets' ids).
PropertyBits disputed_properties(const Ruleset& rules);

/// Whether a check honours the ruleset's disputes (the default: a disputed
/// claim is never a failure) or checks every claim under every ruleset, as
/// the contradictions explorer does.
enum class DisputedClaims { NotFailures, Checked };

/// The properties whose violations count under `rules`: all of them, or all
/// but the disputed ones.
inline PropertyBits counted_properties(const Ruleset& rules, DisputedClaims d) {
  return d == DisputedClaims::Checked ? ~PropertyBits{} : ~disputed_properties(rules);
}

/// What one observed event (or a finished trace) showed.
struct Verdicts {
  PropertyBits violated;
  PropertyBits witnessed;  ///< Sometimes properties seen to happen
};

}  // namespace bc
