// GCC 12 reports a false -Wmaybe-uninitialized inside Boost's adjacency_list
// edge iterator (a boost::optional) when write_graphviz walks the edges.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphviz.hpp>
#pragma GCC diagnostic pop

#include <array>
#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>

#include "checker/parallel/parallel_bfs.hpp"
#include "checker/parallel/explorer.hpp"
#include "checker/search/model_system.hpp"

namespace bc {
namespace {

struct TimingVertex {
  std::string label;
};
struct TimingEdge {
  std::string label;
};
using TimingGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, TimingVertex, TimingEdge>;

/// Counts of observed moves, indexed [from timing][to timing].
using MoveCounts = std::array<std::array<std::uint64_t, kTimingCount>, kTimingCount>;

/// Build the Boost graph of the timings that occur, edges labelled with counts.
TimingGraph build_graph(const MoveCounts& counts) {
  std::array<bool, kTimingCount> used{};
  for (int a = 0; a < kTimingCount; ++a)
    for (int b = 0; b < kTimingCount; ++b)
      if (counts[a][b] != 0) used[a] = used[b] = true;
  TimingGraph g;
  std::array<TimingGraph::vertex_descriptor, kTimingCount> vertex{};
  for (int t = 0; t < kTimingCount; ++t)
    if (used[t]) vertex[t] = boost::add_vertex(TimingVertex{std::string(name(static_cast<Timing>(t)))}, g);
  for (int a = 0; a < kTimingCount; ++a)
    for (int b = 0; b < kTimingCount; ++b)
      if (counts[a][b] != 0) boost::add_edge(vertex[a], vertex[b], TimingEdge{std::to_string(counts[a][b])}, g);
  return g;
}

/// Graph-wide attributes: top-to-bottom layout, boxed timings, and a title
/// that says what a node and an edge are.
struct GraphAttributes {
  void operator()(std::ostream& out) const {
    out << "rankdir=TB;\nnode [shape=box];\nlabelloc=t;\n"
           "label=\"a node is a timing window; an edge from A to B counts the explored transitions from a state at A to a "
           "state at B\";\n";
  }
};

}  // namespace

std::string timing_graph_dot(const Model& model, const Bounds& bounds) {
  Bounds b = bounds;
  b.liveness = false;
  const std::size_t threads = static_cast<std::size_t>(resolve_threads(b.threads));
  const ProgressFn no_progress;
  ParallelBfs<ModelSystem> bfs(ModelSystem(model), static_cast<int>(threads), b, no_progress);
  std::vector<MoveCounts> per_thread(threads, MoveCounts{});  // summed after: the same for any thread count
  bfs.run([&per_thread](int t, const State& from, const State& to, int) {
    ++per_thread[static_cast<std::size_t>(t)][static_cast<int>(from.timing)][static_cast<int>(to.timing)];
  });
  MoveCounts counts{};
  for (const MoveCounts& m : per_thread)
    for (int a = 0; a < kTimingCount; ++a)
      for (int c = 0; c < kTimingCount; ++c) counts[a][c] += m[a][c];
  const TimingGraph g = build_graph(counts);
  std::ostringstream out;
  boost::write_graphviz(out, g, boost::make_label_writer(boost::get(&TimingVertex::label, g)),
                        boost::make_label_writer(boost::get(&TimingEdge::label, g)), GraphAttributes{});
  return out.str();
}

}  // namespace bc
