/// Issue 12: checker/conformance/conformance.hpp and checker/differential/differential.hpp each defined
/// a `bc::Divergence` (and `bc::DivergenceKind`), a one-definition-rule
/// violation the linker resolved by keeping one copy of the code for both
/// (AddressSanitizer saw a read past a heap block when findings were sorted).
/// This file includes both headers in one translation unit, so a second
/// definition of either name no longer compiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <type_traits>
#include <vector>

#include "checker/conformance/conformance.hpp"
#include "checker/differential/differential.hpp"

namespace bc {
namespace {

TEST(OneDefinition, ConformanceAndRuleDivergencesAreDistinctTypes) {
  static_assert(!std::is_same_v<Divergence, RuleDivergence>);
  // Moving and sorting findings (what `contradictions` does) uses each type's own code.
  std::vector<RuleDivergence> rules(3);
  rules[0].path.resize(5);
  rules[2].path.resize(1);
  std::sort(rules.begin(), rules.end(), [](const RuleDivergence& a, const RuleDivergence& b) {
    return a.path.size() < b.path.size();
  });
  EXPECT_EQ(rules.front().path.size(), 0u);
  EXPECT_EQ(rules.back().path.size(), 5u);
  std::vector<Divergence> traces(2);
  traces[1].line = 7;
  std::swap(traces[0], traces[1]);
  EXPECT_EQ(traces[0].line, 7u);
}

}  // namespace
}  // namespace bc
