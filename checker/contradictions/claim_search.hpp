#pragma once
/// Breadth-first search for the shortest run violating each of a set of
/// properties, going on past violations (unlike the checker, which stops at a
/// violation's successors): a source's rules may break one property at the
/// first step and another much later, and the contradiction finder wants both.
#include <cstdint>
#include <vector>

#include "checker/differential/differential.hpp"
#include "properties/catalog/property.hpp"

namespace bc {

/// Shortest violating run (action indices) of each property found violated.
struct ViolationRuns {
  std::vector<std::pair<int, std::vector<std::uint8_t>>> runs;  ///< (property index, run), in order found
  std::uint64_t states = 0;
  bool complete = true;  ///< false if a bound cut the search
  /// The run of `property`, or nullptr.
  const std::vector<std::uint8_t>* run_of(int property) const;
};

/// Explore `scenario` under `rules` within `bounds` (max_pairs bounds the
/// states), recording the first (shortest) violation of each property in `wanted`.
ViolationRuns find_violations(const Scenario& scenario, const Ruleset& rules, const PropertyBits& wanted,
                              const DiffBounds& bounds);

}  // namespace bc
