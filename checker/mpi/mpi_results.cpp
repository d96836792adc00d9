// The MPI search's verdicts, runs and graph (checker/mpi/mpi_bfs.hpp), and
// the entry points of checker/mpi/mpi_explorer.hpp.
#include <sched.h>

#include <algorithm>
#include <iostream>

#include "checker/mpi/mpi_bfs.hpp"
#include "checker/mpi/mpi_collectives.hpp"
#include "checker/parallel/explorer.hpp"
#include "checker/search/bfs.hpp"

namespace bc::mpi_search {

/// Keep the lowest key of each property newly violated or witnessed.
void MpiBfs::note_first(Worker& w, const Verdicts& v, std::uint64_t key) const {
  const PropertyBits bad = v.violated & ~result_.violated, good = v.witnessed & ~result_.witnessed;
  if (bad.none() && good.none()) return;  // nearly every successor
  for (int p = 0; p < kMaxProperties; ++p) {
    if (v.violated.test(p) && !result_.violated.test(p)) w.bad[p] = std::min(w.bad[p], key);
    if (v.witnessed.test(p) && !result_.witnessed.test(p)) w.good[p] = std::min(w.good[p], key);
  }
}

/// The lowest key of each property over all threads and ranks becomes its run.
void MpiBfs::settle_level() {
  std::array<std::uint64_t, kMaxProperties> bad = workers_[0].bad, good = workers_[0].good;
  for (const Worker& w : workers_)
    for (int p = 0; p < kMaxProperties; ++p) {
      bad[p] = std::min(bad[p], w.bad[p]);
      good[p] = std::min(good[p], w.good[p]);
    }
  settle(bad, good, true);
}

/// Every rank's least `bad` and `good` of each property, keys (source id <<
/// 8 | action) or ids, become its counterexample and witness. Collective.
void MpiBfs::settle(const std::array<std::uint64_t, kMaxProperties>& mine_bad,
                    const std::array<std::uint64_t, kMaxProperties>& mine_good, bool keys) {
  std::array<std::uint64_t, 2 * kMaxProperties> mine{}, least{};  // bad, then good: one all-reduce
  std::copy(mine_bad.begin(), mine_bad.end(), mine.begin());
  std::copy(mine_good.begin(), mine_good.end(), mine.begin() + kMaxProperties);
  MPI_Allreduce(mine.data(), least.data(), 2 * kMaxProperties, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
  const std::uint64_t* bad = least.data();
  const std::uint64_t* good = least.data() + kMaxProperties;
  auto run = [&](std::uint64_t at) { return keys ? run_of(at) : path_to(static_cast<std::uint32_t>(at)); };
  for (int p = 0; p < kMaxProperties; ++p) {
    if (bad[p] != kNone) result_.counterexamples.push_back({p, run(bad[p])});
    if (good[p] != kNone) result_.witnesses.push_back({p, run(good[p])});
    if (bad[p] != kNone) result_.violated.set(p);
    if (good[p] != kNone) result_.witnessed.set(p);
  }
}

std::vector<std::uint8_t> MpiBfs::run_of(std::uint64_t key) {
  std::vector<std::uint8_t> path = path_to(static_cast<std::uint32_t>(key >> 8));
  path.push_back(static_cast<std::uint8_t>(key & 0xFF));
  return path;
}

void MpiBfs::record_now(const Verdicts& v, const std::vector<std::uint8_t>& path) {
  for (int p = 0; p < kMaxProperties; ++p) {
    if (v.violated.test(p) && !result_.violated.test(p)) result_.counterexamples.push_back({p, path});
    if (v.witnessed.test(p) && !result_.witnessed.test(p)) result_.witnesses.push_back({p, path});
  }
  result_.violated |= v.violated;
  result_.witnessed |= v.witnessed;
}

/// This rank's link of `id`, or 0 if another rank owns it: (parent << 8 |
/// action) + 1. Each thread's links are in id order.
std::uint64_t MpiBfs::local_link(std::uint32_t id) const {
  for (const Worker& w : workers_) {
    std::uint64_t lo = 0, hi = w.links.size();
    while (lo < hi) {
      const std::uint64_t mid = (lo + hi) / 2;
      if (w.links[mid].id < id) lo = mid + 1;
      else hi = mid;
    }
    if (lo == w.links.size() || w.links[lo].id != id) continue;
    const IdLink l = w.links[lo];
    return (std::uint64_t{l.parent} << 8 | l.action) + 1;
  }
  return 0;
}

/// Collective: the run to `id`, one all-reduce per step back to the root.
std::vector<std::uint8_t> MpiBfs::path_to(std::uint32_t id) {
  std::vector<std::uint8_t> path;
  for (std::uint32_t v = id;;) {
    std::uint64_t mine = local_link(v), link = 0;
    MPI_Allreduce(&mine, &link, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    if (link == 0) break;  // cannot happen: every stored id has a link
    const auto parent = static_cast<std::uint32_t>((link - 1) >> 8);
    if (parent == kNoParent) break;
    path.push_back(static_cast<std::uint8_t>((link - 1) & 0xFF));
    v = parent;
  }
  return {path.rbegin(), path.rend()};
}

/// The depth or memory bound: unexpanded states' traces end cut short; the
/// lowest id with a new verdict gives each property its run.
void MpiBfs::cut_frontier() {
  result_.complete = false;
  std::array<std::uint64_t, kMaxProperties> bad{}, good{};
  bad.fill(kNone);
  good.fill(kNone);
  for (std::size_t k = 0; k < frontier_size(); ++k) {
    const Ref& r = frontier_at(k);
    Verdicts v;
    TraceContext ctx;
    workers_[0].sys.unpack(workers_[r.part].frontier[r.at].ctx, ctx);
    workers_[0].sys.finish(ctx, false, v);
    for (int p = 0; p < kMaxProperties; ++p) {
      if (v.violated.test(p) && !result_.violated.test(p)) bad[p] = std::min<std::uint64_t>(bad[p], r.id);
      if (v.witnessed.test(p) && !result_.witnessed.test(p)) good[p] = std::min<std::uint64_t>(good[p], r.id);
    }
  }
  settle(bad, good, false);
  for (Worker& w : workers_) w.cur.clear();
  count_frontier();
}

void MpiBfs::report(std::uint32_t level, std::chrono::steady_clock::time_point start) {
  if (rank_ != 0 || !progress_) return;
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t transitions = 0;
  for (const Worker& w : workers_) transitions += w.transitions;
  progress_(ProgressInfo{next_id_, transitions, level + 1, 0, s});
}

void MpiBfs::finish(std::chrono::steady_clock::time_point start) {
  for (const Worker& w : workers_) transitions_ += w.transitions;
  std::uint64_t local[3] = {transitions_, seen_.bytes(), peak_rss_bytes()}, sum[3] = {};
  MPI_Reduce(local, sum, 3, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  result_.states = next_id_;
  result_.transitions = sum[0];
  result_.stored_bytes = sum[1];
  result_.peak_rss_bytes = sum[2];
  result_.link_bytes = next_id_ * sizeof(IdLink);
  result_.threads = ranks_ * threads_;  // the same number of threads on every rank (--threads, or as rank_threads shares a machine)
  result_.ranks = ranks_;
  if (bounds_.liveness) analyse_graph();
  result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Gather the edges and flags on rank 0 and run the Boost.Graph analysis there.
void MpiBfs::analyse_graph() {
  std::vector<GraphEdge> all_edges = mpi::gather_to_root(edges_);
  std::vector<std::uint32_t> ids;
  std::vector<std::uint8_t> own_flags;
  for (const Worker& w : workers_) {
    for (std::uint64_t i = 0; i < w.links.size(); ++i) ids.push_back(w.links[i].id);
    own_flags.insert(own_flags.end(), w.flags.begin(), w.flags.end());
  }
  const std::vector<std::uint32_t> all_ids = mpi::gather_to_root(ids);
  const std::vector<std::uint8_t> all_flags = mpi::gather_to_root(own_flags);
  std::int64_t stuck = -1;
  if (rank_ == 0) {
    std::vector<std::uint8_t> flags(next_id_, 0);
    for (std::size_t i = 0; i < all_ids.size(); ++i) flags[all_ids[i]] = all_flags[i];
    const GraphSummary g = analyze_graph(all_edges, flags);
    result_.dead_ends = g.dead_ends;
    result_.cannot_end = g.cannot_end;
    result_.nontrivial_sccs = g.nontrivial_sccs;
    stuck = g.first_stuck;
  }
  MPI_Bcast(&stuck, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  if (stuck < 0) return;
  const int p = property_index("battle_phase_can_end");
  result_.stuck = Counterexample{p, path_to(static_cast<std::uint32_t>(stuck))};
  if (p < 0 || result_.violated.test(p)) return;
  result_.violated.set(p);
  result_.counterexamples.push_back(result_.stuck);
}

namespace {

void init_mpi() {
  int ready = 0;
  MPI_Initialized(&ready);
  int provided = 0;
  if (ready == 0) MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
}

/// The cores this process may run on (mpirun binds a rank to one core by
/// default when there are at most two ranks).
int bound_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return machine_cores();
  return std::max(1, CPU_COUNT(&set));
}

/// Threads a rank runs: `requested`, or 0 = the machine's cores shared by
/// the ranks on this machine (at least one each), within the cores the rank
/// is bound to. Rank 0 says so when a rank has more threads than cores.
/// Collective.
int rank_threads(int requested) {
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int here = 1;
  MPI_Comm_size(node, &here);
  MPI_Comm_free(&node);
  const int bound = bound_cores();
  const int threads = requested > 0 ? requested : std::max(1, std::min(bound, machine_cores() / here));
  int fewest = 0;
  MPI_Allreduce(&bound, &fewest, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0 && threads > fewest)
    std::cerr << "battlecheck: note: " << threads << " threads a rank, but a rank may run on " << fewest
              << " core(s) only: the same results, slower (mpirun binds ranks to cores; give it --bind-to none, "
              << "or --map-by slot:PE=" << threads << ")\n";
  return threads;
}

}  // namespace
}  // namespace bc::mpi_search

namespace bc {

bool mpi_built() { return true; }

MpiOutcome explore_mpi(const Model& model, const Bounds& bounds, const ProgressFn& progress) {
  mpi_search::init_mpi();
  if (bounds.max_states != 0) {
    MpiOutcome o{.result = {}, .rank = 0, .ranks = 1, .error = "--max-states is not supported with --mpi (use --max-depth)"};
    MPI_Comm_rank(MPI_COMM_WORLD, &o.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &o.ranks);
    return o;
  }
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (ranks == 1) {  // nobody to exchange with: the rank runs the shared-memory search, its threads inside
    Bounds one = bounds;
    one.threads = mpi_search::rank_threads(bounds.threads);
    MpiOutcome o{.result = explore(model, one, progress), .rank = 0, .ranks = 1, .error = {}};
    o.result.ranks = 1;
    return o;
  }
  const double cpu_start = cpu_seconds();
  mpi_search::MpiBfs bfs(model, bounds, mpi_search::rank_threads(bounds.threads), progress);
  MpiOutcome o = bfs.run();
  o.result.cpu_seconds = cpu_seconds() - cpu_start;
  if (bounds.symmetry) {  // as explore() reports it
    const Symmetry symmetry = Symmetry::of(model.scenario());
    o.result.symmetry = symmetry.summary();
    o.result.symmetry_left_out = symmetry.left_out();
  }
  return o;
}

int mpi_finish(int code) {
  int ready = 0, done = 0;
  MPI_Initialized(&ready);
  MPI_Finalized(&done);
  if (ready == 0 || done != 0) return code;
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}

}  // namespace bc
