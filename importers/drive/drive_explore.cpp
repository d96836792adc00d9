/// Exploration for `drive`: exhaustive (BFS over the model to a depth, then
/// one engine session per maximal path, so every reached state's actions and
/// every explored edge's events are compared) or random (generated scenarios
/// and choices). The first divergence is shrunk (drive_shrink.cpp).
#include <algorithm>
#include <chrono>
#include <random>
#include <unordered_set>

#include "checker/random/random_gen.hpp"
#include "importers/drive/drive.hpp"
#include "importers/drive/drive_judged.hpp"

namespace bc {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

struct Node {
  State state;
  int parent = -1;
  std::uint8_t action = 0;  ///< index in the parent's action list
  int depth = 0;
  bool expanded_child = false;  ///< some successor was first reached through this node
};

/// The action indices from the root to `node`.
std::vector<std::uint32_t> path_to(const std::vector<Node>& nodes, int node) {
  std::vector<std::uint32_t> path;
  for (int n = node; nodes[n].parent >= 0; n = nodes[n].parent) path.push_back(nodes[n].action);
  std::reverse(path.begin(), path.end());
  return path;
}

/// BFS over the model to `depth`; returns the maximal paths (as choice lists)
/// in order of length: every edge to an already-seen state, and every tree
/// path ending at a state with no new successor.
std::vector<std::vector<std::uint32_t>> maximal_paths(const Model& model, int depth, std::uint64_t max_states,
                                                      bool& truncated, std::uint32_t& reached) {
  std::vector<Node> nodes;
  std::unordered_set<std::uint64_t> seen;
  nodes.push_back({model.initial(), -1, 0, 0, false});
  seen.insert(hash_state(nodes[0].state));
  std::vector<std::vector<std::uint32_t>> paths;
  for (std::size_t i = 0; i < nodes.size(); ++i) {
    reached |= 1u << static_cast<int>(nodes[i].state.timing);
    if (nodes[i].depth >= depth) continue;
    ActionList legal;
    model.actions(nodes[i].state, legal);
    for (int a = 0; a < legal.size(); ++a) {
      EventBuffer buf;
      const State next = model.next(nodes[i].state, legal[a], buf);
      if (seen.size() < max_states && seen.insert(hash_state(next)).second) {
        nodes.push_back({next, static_cast<int>(i), static_cast<std::uint8_t>(a), nodes[i].depth + 1, false});
        nodes[i].expanded_child = true;
        continue;
      }
      if (seen.size() >= max_states) truncated = true;
      std::vector<std::uint32_t> p = path_to(nodes, static_cast<int>(i));
      p.push_back(static_cast<std::uint32_t>(a));
      paths.push_back(std::move(p));
    }
  }
  for (std::size_t i = 0; i < nodes.size(); ++i)
    if (!nodes[i].expanded_child) paths.push_back(path_to(nodes, static_cast<int>(i)));
  std::stable_sort(paths.begin(), paths.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
  return paths;
}

/// Choices of a random walk over the model that goes into battles: it never
/// skips the Battle Phase when it may enter it, and in the Battle Step it
/// declares an attack (when one is possible) three times out of four.
/// Otherwise actions are picked uniformly.
/// Per Timing, the fewest actions after which a walk was at it.
void note_timing(std::array<int, kTimingCount>* first, const State& s, int actions) {
  if (first == nullptr) return;
  int& f = (*first)[static_cast<int>(s.timing)];
  if (f < 0 || f > actions) f = actions;
}

/// `first`, when given, gets per Timing the fewest actions after which the walk was at it.
std::vector<std::uint32_t> random_walk(const Model& model, int max_steps, std::uint64_t seed,
                                       std::array<int, kTimingCount>* first = nullptr) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint32_t> choices;
  State s = model.initial();
  for (int i = 0; i < max_steps; ++i) {
    note_timing(first, s, i);
    ActionList legal;
    model.actions(s, legal);
    if (legal.empty()) break;
    std::vector<std::uint32_t> attacks, others;
    for (int a = 0; a < legal.size(); ++a) {
      const ActionType t = legal[a].type;
      if (t == ActionType::SkipBattlePhase && legal.size() > 1) continue;
      (t == ActionType::DeclareAttack ? attacks : others).push_back(static_cast<std::uint32_t>(a));
    }
    const bool attack = !attacks.empty() && (others.empty() || rng() % 4 != 0);
    const auto& pool = attack ? attacks : others;
    const std::uint32_t pick = pool[rng() % pool.size()];
    choices.push_back(pick);
    EventBuffer buf;
    s = model.next(s, legal[static_cast<int>(pick)], buf);
  }
  note_timing(first, s, static_cast<int>(choices.size()));
  return choices;
}

/// Progress line every second at most.
struct Progress {
  const DriveOptions& opts;
  Clock::time_point t0 = Clock::now();
  Clock::time_point last = Clock::now();
  void tick(const DriveResult& r, std::uint64_t total) {
    if (!opts.progress || since(last) < 1.0) return;
    last = Clock::now();
    opts.progress("drive: " + std::to_string(r.runs) + "/" + std::to_string(total) + " runs, " +
                  std::to_string(r.states) + " states compared, " + std::to_string(r.engine_calls) + " engine calls");
  }
};

/// Record a failing case and shrink it; `observed` is its failing run, kept
/// as the reproduction if the engine does not fail the same way again.
void conclude(DriveResult& result, EngineHandle& engine, const Ruleset& rules, const DriveCase& failing,
              const DriveRun& observed, const DriveOptions& opts, int settle_ms = 0) {
  if (opts.progress) opts.progress("drive: disagreement found; shrinking");
  const DriveResult shrunk = shrink_case(engine, rules, failing, opts.max_shrink_runs, settle_ms);
  result.found = true;
  result.original = failing;
  result.minimal = shrunk.found ? shrunk.minimal : failing;
  result.minimal_run = shrunk.found ? shrunk.minimal_run : observed;
  result.shrink_runs = shrunk.shrink_runs;
  result.shrink_steps = shrunk.shrink_steps;
}

/// After a run: true when exploration stops on a disagreement. A fault that a
/// fresh engine does not reproduce (run.stray) came from the previous run on
/// the reused process; that run is checked again, waiting for late output.
bool judge(DriveResult& result, EngineHandle& engine, const Ruleset& rules, const DriveCase& c, const DriveRun& run,
           const DriveCase* previous, const DriveOptions& opts) {
  if (!run.agrees()) {
    conclude(result, engine, rules, c, run, opts);
    return true;
  }
  if (run.stray.empty() || previous == nullptr) return false;
  const DriveRun again = drive_case(engine, rules, *previous, kDriveSettleMs);
  if (again.agrees()) return false;
  conclude(result, engine, rules, *previous, again, opts, kDriveSettleMs);
  return true;
}

void explore_exhaustive(DriveResult& result, EngineHandle& engine, const Ruleset& rules, const Scenario& scenario,
                        const DriveOptions& opts) {
  const Model model(scenario, rules);
  const auto paths = maximal_paths(model, opts.depth, opts.max_states, result.truncated, result.timings_reached);
  // What the scenario can reach beyond the depth: the timings of a few hundred
  // random walks of the model alone (cheap), each with the fewest actions seen.
  for (std::uint64_t w = 0; w < 300; ++w) random_walk(model, 200, opts.seed * 7919u + w, &result.timing_actions);
  Progress progress{opts};
  DriveCase previous, c;
  for (std::size_t k = 0; k < paths.size(); ++k) {
    c = DriveCase{scenario, paths[k]};
    const DriveRun run = drive_case(engine, rules, c);
    ++result.runs;
    result.states += static_cast<std::uint64_t>(run.states_compared);
    result.engine_calls = engine.calls;
    if (judge(result, engine, rules, c, run, k > 0 ? &previous : nullptr, opts)) return;
    previous = std::move(c);
    progress.tick(result, paths.size());
  }
}

void explore_random(DriveResult& result, EngineHandle& engine, const Ruleset& rules, const Scenario& scenario,
                    const DriveOptions& opts) {
  // Preset cards only: an engine is told each card's `kind`, and the example
  // engines (examples/engines/) implement the presets, not every term.
  GenBounds presets_only;
  presets_only.term_weight = presets_only.library_weight = 0;
  const rc::Gen<Scenario> gen = gen_scenario(presets_only);
  Progress progress{opts};
  DriveCase previous;
  for (int k = 0; k < opts.random_runs; ++k) {
    DriveCase c;
    const std::uint64_t run_seed = opts.seed * 1000003u + static_cast<std::uint64_t>(k);
    c.scenario = opts.random_scenarios ? gen(rc::Random(run_seed), 10 + (k * 7) % 91).value() : scenario;
    std::array<int, kTimingCount> seen;
    seen.fill(-1);
    c.choices = random_walk(Model(c.scenario, rules), opts.max_steps, run_seed, &seen);
    for (int t = 0; t < kTimingCount; ++t)
      if (seen[t] >= 0) result.timings_reached |= 1u << t;
    const DriveRun run = drive_case(engine, rules, c);
    ++result.runs;
    result.states += static_cast<std::uint64_t>(run.states_compared);
    result.engine_calls = engine.calls;
    if (judge(result, engine, rules, c, run, k > 0 ? &previous : nullptr, opts)) return;
    previous = std::move(c);
    progress.tick(result, static_cast<std::uint64_t>(opts.random_runs));
  }
}

}  // namespace

DriveResult drive(const EngineSpec& spec, const Ruleset& rules, const Scenario& scenario, const DriveOptions& opts) {
  const auto t0 = Clock::now();
  DriveResult result;
  result.timing_actions.fill(-1);
  EngineHandle engine(spec);
  if (opts.judge == DriveJudge::Trace)
    explore_judged(result, engine, rules, scenario, opts);
  else if (opts.depth > 0)
    explore_exhaustive(result, engine, rules, scenario, opts);
  else
    explore_random(result, engine, rules, scenario, opts);
  result.engine_calls = engine.calls;
  result.seconds = since(t0);
  return result;
}

}  // namespace bc
