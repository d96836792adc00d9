#pragma once
/// Liveness analysis of the explored state graph with Boost.Graph: dead ends,
/// states from which the Battle Phase can never end, and cycles. Works on a
/// plain edge list so it can be tested on hand-made graphs.
#include <cstdint>
#include <span>

namespace bc {

/// A transition between two stored states, by id.
struct GraphEdge {
  std::uint32_t from;
  std::uint32_t to;
};

/// Per-state facts the explorer records for the analysis.
enum NodeFlag : std::uint8_t {
  kNodeTerminal = 0x01,  ///< Main Phase 2 / End Phase: the Battle Phase is over
  kNodeExpanded = 0x02,  ///< its successors were generated
  kNodeCut = 0x04,       ///< some successor was not followed (a violation or the state bound)
};

/// What the analysis found.
struct GraphSummary {
  std::uint64_t dead_ends = 0;        ///< expanded, non-terminal, no successors
  std::uint64_t cannot_end = 0;       ///< no path to a terminal (or unexplored) state
  std::uint64_t nontrivial_sccs = 0;  ///< strongly connected components with a cycle
  std::int64_t first_stuck = -1;      ///< smallest id that cannot end (ids are in BFS order), -1 if none
};

/// Analyse a graph of `flags.size()` states. States not fully explored
/// (unexpanded or cut) are treated as able to end: the analysis only reports
/// what the explored part proves.
GraphSummary analyze_graph(std::span<const GraphEdge> edges, std::span<const std::uint8_t> flags);

}  // namespace bc
