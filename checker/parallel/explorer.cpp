#include "checker/parallel/explorer.hpp"

#include <chrono>
#include <new>

#include "checker/parallel/parallel_bfs.hpp"
#include "checker/search/graph_analysis.hpp"
#include "checker/search/model_system.hpp"

namespace bc {
namespace {

/// Run the Boost.Graph analysis on the explored graph and fold it into r:
/// states that can never end violate battle_phase_can_end (the Eventually
/// property), with the shortest run to the first such state as counterexample.
void add_graph_analysis(const ParallelBfs<ModelSystem>& bfs, CheckResult& r) {
  const GraphSummary g = analyze_graph(bfs.edges(), bfs.flags());
  r.dead_ends = g.dead_ends;
  r.cannot_end = g.cannot_end;
  r.nontrivial_sccs = g.nontrivial_sccs;
  if (g.first_stuck < 0) return;
  const int p = property_index("battle_phase_can_end");
  r.stuck = Counterexample{p, bfs.path_to(static_cast<std::uint32_t>(g.first_stuck))};
  if (p < 0 || r.violated.test(p)) return;
  r.violated.set(p);
  r.counterexamples.push_back(r.stuck);
}

}  // namespace

CheckResult explore(const Model& model, const Bounds& bounds, const ProgressFn& progress) {
  const auto start = std::chrono::steady_clock::now();
  const double cpu_start = cpu_seconds();
  CheckResult r;
  {
    ModelSystem sys(model);
    if (bounds.symmetry) sys.use_symmetry(Symmetry::of(model.scenario()));
    ParallelBfs<ModelSystem> bfs(sys, resolve_threads(bounds.threads), bounds, progress);
    bfs.run([](int, const State&, const State&, int) {});
    r = std::move(bfs.result());
    r.symmetry = sys.symmetry().summary();
    r.symmetry_left_out = bounds.symmetry ? sys.symmetry().left_out() : "";
    if (bounds.liveness && r.bound_hit == "out_of_memory") {
      r.graph_out_of_memory = true;  // the edges of the lost round are missing
    } else if (bounds.liveness) {
      try {
        add_graph_analysis(bfs, r);
      } catch (const std::bad_alloc&) {  // the states' verdicts stand; the Eventually ones are not judged
        r.graph_out_of_memory = true;
      }
    }
  }
  huge_detail::trim_pool();  // the big arrays are freed: give their pages back to the system
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpu_seconds = cpu_seconds() - cpu_start;
  r.peak_rss_bytes = peak_rss_bytes();
  return r;
}

}  // namespace bc
