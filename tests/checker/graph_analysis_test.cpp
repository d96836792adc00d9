#include <gtest/gtest.h>

#include <vector>

#include "checker/search/graph_analysis.hpp"

namespace bc {
namespace {

constexpr std::uint8_t kX = kNodeExpanded;
constexpr std::uint8_t kT = kNodeTerminal;

TEST(GraphAnalysis, AllPathsEnd) {
  // 0 -> 1 -> 3(terminal), 0 -> 2 -> 3
  const std::vector<GraphEdge> edges{{0, 1}, {0, 2}, {1, 3}, {2, 3}};
  const GraphSummary g = analyze_graph(edges, std::vector<std::uint8_t>{kX, kX, kX, kT});
  EXPECT_EQ(g.dead_ends, 0u);
  EXPECT_EQ(g.cannot_end, 0u);
  EXPECT_EQ(g.nontrivial_sccs, 0u);
  EXPECT_EQ(g.first_stuck, -1);
}

TEST(GraphAnalysis, FindsDeadEndAndCycle) {
  // 0 -> 1 -> 2(terminal); 0 -> 3 (dead end); 0 -> 4 <-> 5 (a cycle that never ends)
  const std::vector<GraphEdge> edges{{0, 1}, {1, 2}, {0, 3}, {0, 4}, {4, 5}, {5, 4}};
  const GraphSummary g = analyze_graph(edges, std::vector<std::uint8_t>{kX, kX, kT, kX, kX, kX});
  EXPECT_EQ(g.dead_ends, 1u);
  EXPECT_EQ(g.cannot_end, 3u);  // 3, 4, 5
  EXPECT_EQ(g.nontrivial_sccs, 1u);
  EXPECT_EQ(g.first_stuck, 3);
}

TEST(GraphAnalysis, CycleWithAnExitCanEnd) {
  // 0 <-> 1, 1 -> 2(terminal); a self-loop on 0 too
  const std::vector<GraphEdge> edges{{0, 1}, {1, 0}, {1, 2}, {0, 0}};
  const GraphSummary g = analyze_graph(edges, std::vector<std::uint8_t>{kX, kX, kT});
  EXPECT_EQ(g.cannot_end, 0u);
  EXPECT_EQ(g.nontrivial_sccs, 1u);
}

TEST(GraphAnalysis, SelfLoopIsACycle) {
  const std::vector<GraphEdge> edges{{0, 1}, {1, 1}};
  const GraphSummary g = analyze_graph(edges, std::vector<std::uint8_t>{kX, kX});
  EXPECT_EQ(g.nontrivial_sccs, 1u);
  EXPECT_EQ(g.cannot_end, 2u);
  EXPECT_EQ(g.first_stuck, 0);
}

TEST(GraphAnalysis, UnexploredStatesAreGivenTheBenefitOfTheDoubt) {
  // 2 was never expanded (a bound), 3 had a successor cut by a violation.
  const std::vector<GraphEdge> edges{{0, 1}, {1, 2}, {0, 3}};
  const GraphSummary g = analyze_graph(edges, std::vector<std::uint8_t>{kX, kX, 0, kX | kNodeCut});
  EXPECT_EQ(g.dead_ends, 0u);
  EXPECT_EQ(g.cannot_end, 0u);
}

TEST(GraphAnalysis, EmptyGraph) {
  const GraphSummary g = analyze_graph({}, {});
  EXPECT_EQ(g.cannot_end, 0u);
  EXPECT_EQ(g.first_stuck, -1);
}

}  // namespace
}  // namespace bc
