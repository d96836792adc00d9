#include "checker/search/graph_analysis.hpp"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/compressed_sparse_row_graph.hpp>
#include <boost/graph/strong_components.hpp>
#include <vector>

namespace bc {
namespace {

using Csr = boost::compressed_sparse_row_graph<boost::directedS, boost::no_property, boost::no_property,
                                               boost::no_property, std::uint32_t, std::uint64_t>;
using VertexPair = std::pair<std::uint32_t, std::uint32_t>;

/// A state may still end if it is terminal or was not fully explored.
bool may_end(std::uint8_t f) { return (f & kNodeTerminal) != 0 || (f & kNodeExpanded) == 0 || (f & kNodeCut) != 0; }

/// Strongly connected components that contain a cycle (size > 1, or a self-loop).
std::uint64_t count_cyclic_sccs(std::span<const GraphEdge> edges, std::uint32_t n) {
  std::vector<VertexPair> pairs;
  pairs.reserve(edges.size());
  for (const GraphEdge& e : edges) pairs.emplace_back(e.from, e.to);
  const Csr g(boost::edges_are_unsorted_multi_pass, pairs.begin(), pairs.end(), n);
  std::vector<std::uint32_t> comp(n);
  const auto count = static_cast<std::uint32_t>(
      boost::strong_components(g, boost::make_iterator_property_map(comp.begin(), get(boost::vertex_index, g))));
  std::vector<std::uint32_t> size(count, 0);
  std::vector<bool> cyclic(count, false);
  for (std::uint32_t v = 0; v < n; ++v) ++size[comp[v]];
  for (const GraphEdge& e : edges)
    if (e.from == e.to) cyclic[comp[e.from]] = true;
  std::uint64_t cycles = 0;
  for (std::uint32_t c = 0; c < count; ++c) cycles += (size[c] > 1 || cyclic[c]) ? 1 : 0;
  return cycles;
}

/// Marks the states that reach a state that may end: breadth-first search on
/// the reversed graph from a super-source vertex `n` linked to every such state.
std::vector<boost::default_color_type> reaches_end(std::span<const GraphEdge> edges,
                                                   std::span<const std::uint8_t> flags) {
  const auto n = static_cast<std::uint32_t>(flags.size());
  std::vector<VertexPair> reversed;
  reversed.reserve(edges.size() + n / 4);
  for (const GraphEdge& e : edges) reversed.emplace_back(e.to, e.from);
  for (std::uint32_t v = 0; v < n; ++v)
    if (may_end(flags[v])) reversed.emplace_back(n, v);
  const Csr rg(boost::edges_are_unsorted_multi_pass, reversed.begin(), reversed.end(), n + 1);
  std::vector<boost::default_color_type> color(n + 1, boost::white_color);
  boost::breadth_first_search(
      rg, n, boost::color_map(boost::make_iterator_property_map(color.begin(), get(boost::vertex_index, rg))));
  return color;
}

}  // namespace

GraphSummary analyze_graph(std::span<const GraphEdge> edges, std::span<const std::uint8_t> flags) {
  GraphSummary out;
  const auto n = static_cast<std::uint32_t>(flags.size());
  if (n == 0) return out;
  std::vector<bool> has_out(n, false);
  for (const GraphEdge& e : edges) has_out[e.from] = true;
  for (std::uint32_t v = 0; v < n; ++v)
    if (!has_out[v] && !may_end(flags[v])) ++out.dead_ends;
  const std::vector<boost::default_color_type> color = reaches_end(edges, flags);
  for (std::uint32_t v = 0; v < n; ++v) {
    if (color[v] != boost::white_color) continue;
    ++out.cannot_end;
    if (out.first_stuck < 0) out.first_stuck = v;
  }
  out.nontrivial_sccs = count_cyclic_sccs(edges, n);
  return out;
}

}  // namespace bc
