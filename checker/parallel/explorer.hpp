#pragma once
/// Exhaustive breadth-first exploration of a scenario under a ruleset, after
/// TLC's worker loop: check before enqueue, a compact fingerprint set, parent
/// links, and counterexamples rebuilt by re-running next().
#include <string>

#include "checker/search/search_types.hpp"
#include "model/rules/model.hpp"

namespace bc {

/// Explore every reachable state of model.scenario() within bounds.
CheckResult explore(const Model& model, const Bounds& bounds, const ProgressFn& progress = {});

/// The step/timing graph of the explored states (nodes: timings, edges: observed
/// moves between timings with counts) as Graphviz dot, via boost::write_graphviz.
std::string timing_graph_dot(const Model& model, const Bounds& bounds);

}  // namespace bc
