// The breadth-first core on small hand-made systems with known state spaces.
#include <gtest/gtest.h>

#include "checker/search/bfs.hpp"

namespace bc {
namespace {

struct Cell {
  int x = 0, y = 0;
};
struct NoContext {};

/// An (n+1) x (n+1) grid walked from (0,0) to (n,n) by steps right (action 0)
/// or up (action 1). Property 0 is violated on entering `bad`; property 1 is
/// witnessed on entering (1,1).
struct Grid {
  using StateType = Cell;
  using ContextType = NoContext;
  int n = 4;
  Cell bad{-1, -1};
  int moves[2] = {0, 0};
  int finished_cut = 0;

  void start(Cell& s, NoContext&, Verdicts&) { s = Cell{}; }
  int expand(const Cell& s) {
    int k = 0;
    if (s.x < n) moves[k++] = 0;
    if (s.y < n) moves[k++] = 1;
    return k;
  }
  void successor(const Cell& s, int i, Cell& out, NoContext&, Verdicts& v) {
    out = s;
    (moves[i] == 0 ? out.x : out.y) += 1;
    if (out.x == bad.x && out.y == bad.y) v.violated.set(0);
    if (out.x == 1 && out.y == 1) v.witnessed.set(1);
  }
  bool terminal(const Cell& s) const { return s.x == n && s.y == n; }
  void finish(const NoContext&, bool complete, Verdicts&) { finished_cut += complete ? 0 : 1; }
  std::uint64_t fingerprint(const Cell& s, const NoContext&) const {
    return mix_fingerprint(static_cast<std::uint64_t>(s.x), static_cast<std::uint64_t>(s.y));
  }
};

CheckResult run(Grid& g, const Bounds& b) {
  const ProgressFn none;
  Bfs<Grid> bfs(g, b, none);
  bfs.run([](const Cell&, const Cell&, int) {});
  return bfs.result();
}

Cell replay(Grid& g, const std::vector<std::uint8_t>& actions) {
  Cell s;
  NoContext c;
  Verdicts v;
  for (std::uint8_t a : actions) {
    g.expand(s);
    Cell t;
    g.successor(s, a, t, c, v);
    s = t;
  }
  return s;
}

TEST(Bfs, CountsEveryStateAndTransitionOnce) {
  Grid g;
  Bounds b;
  b.liveness = false;
  const CheckResult r = run(g, b);
  EXPECT_EQ(r.states, 25u);
  EXPECT_EQ(r.transitions, 40u);  // 2 * n * (n + 1)
  EXPECT_EQ(r.depth, 8u);
  EXPECT_TRUE(r.complete);
  EXPECT_TRUE(r.violated.none());
  EXPECT_GT(r.stored_bytes, 25u * 8u);
  EXPECT_EQ(r.graph_bytes, 0u) << "no edge list without liveness";
  EXPECT_EQ(run(g, Bounds{}).states, 25u) << "liveness bookkeeping changes no count";
}

TEST(Bfs, ViolationGivesShortestCounterexampleAndIsNotExpanded) {
  Grid g;
  g.bad = {3, 2};
  const CheckResult r = run(g, Bounds{});
  ASSERT_TRUE(r.violated.test(0));
  ASSERT_EQ(r.counterexamples.size(), 1u);
  EXPECT_EQ(r.counterexamples[0].property, 0);
  EXPECT_EQ(r.counterexamples[0].actions.size(), 5u);
  const Cell end = replay(g, r.counterexamples[0].actions);
  EXPECT_EQ(end.x, 3);
  EXPECT_EQ(end.y, 2);
  EXPECT_EQ(r.states, 24u);        // (3,2) itself is not stored
  EXPECT_EQ(r.transitions, 38u);   // nor expanded
}

TEST(Bfs, WitnessIsShortest) {
  Grid g;
  const CheckResult r = run(g, Bounds{});
  ASSERT_TRUE(r.witnessed.test(1));
  ASSERT_EQ(r.witnesses.size(), 1u);
  EXPECT_EQ(r.witnesses[0].actions.size(), 2u);
}

TEST(Bfs, DepthBoundCutsTheSearch) {
  Grid g;
  Bounds b;
  b.max_depth = 2;
  const CheckResult r = run(g, b);
  EXPECT_EQ(r.states, 6u);  // 1 + 2 + 3
  EXPECT_EQ(r.depth, 2u);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(g.finished_cut, 3) << "each cut trace is finished as incomplete";
}

TEST(Bfs, StateBoundCutsTheSearch) {
  Grid g;
  Bounds b;
  b.max_states = 10;
  const CheckResult r = run(g, b);
  EXPECT_EQ(r.states, 10u);
  EXPECT_FALSE(r.complete);
}

TEST(Bfs, BoundsThatAreNotReachedKeepTheSearchComplete) {
  Grid g;
  Bounds b;
  b.max_states = 25;
  b.max_depth = 8;
  const CheckResult r = run(g, b);
  EXPECT_EQ(r.states, 25u);
  EXPECT_TRUE(r.complete);
}

/// 0 -> 1 (terminal) | 2; 2 -> 3; 3 -> 2: a loop the run can never leave.
struct Loop {
  using StateType = int;
  using ContextType = NoContext;
  int current = 0;
  void start(int& s, NoContext&, Verdicts&) { s = 0; }
  int expand(const int& s) { return s == 0 ? 2 : (s == 1 ? 0 : 1); }
  void successor(const int& s, int i, int& out, NoContext&, Verdicts&) {
    out = s == 0 ? 1 + i : (s == 2 ? 3 : 2);
  }
  static bool terminal(const int& s) { return s == 1; }
  void finish(const NoContext&, bool, Verdicts&) {}
  std::uint64_t fingerprint(const int& s, const NoContext&) const { return mix_fingerprint(s, 0); }
};

TEST(Bfs, LivenessGraphFeedsTheAnalysis) {
  Loop sys;
  Bounds b;
  b.liveness = true;
  const ProgressFn none;
  Bfs<Loop> bfs(sys, b, none);
  bfs.run([](int, int, int) {});
  EXPECT_EQ(bfs.result().states, 4u);
  EXPECT_EQ(bfs.edges().size(), 4u);
  const GraphSummary g = analyze_graph(bfs.edges(), bfs.flags());
  EXPECT_EQ(g.cannot_end, 2u);
  EXPECT_EQ(g.nontrivial_sccs, 1u);
  EXPECT_EQ(g.dead_ends, 0u);
  ASSERT_EQ(g.first_stuck, 2);
  EXPECT_EQ(bfs.path_to(2), (std::vector<std::uint8_t>{1}));
}

}  // namespace
}  // namespace bc
