// The MPI search's levels (checker/mpi/mpi_bfs.hpp): rounds of expansion.
// Messages and their receipt are in mpi_exchange.cpp; ids and storing in
// mpi_store.cpp; verdicts, runs and the graph in mpi_results.cpp.
#include "checker/mpi/mpi_bfs.hpp"

#include <algorithm>
#include <atomic>

#include "checker/mpi/mpi_collectives.hpp"
#include "checker/search/bfs.hpp"

namespace bc::mpi_search {
namespace {

constexpr std::size_t kRound = 2048;  ///< sources a thread expands between two sends
constexpr std::size_t kChunk = 64;    ///< sources a thread takes at a time

}  // namespace

MpiBfs::MpiBfs(const Model& model, const Bounds& bounds, int threads, const ProgressFn& progress)
    : bounds_(bounds), progress_(progress), threads_(threads), pool_(threads), seen_(bounds.liveness) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  threads_of_.resize(static_cast<std::size_t>(ranks_));
  MPI_Allgather(&threads_, 1, MPI_INT, threads_of_.data(), 1, MPI_INT, MPI_COMM_WORLD);
  MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
  for (std::size_t k = 0; k < keeper_of_.size(); ++k) keeper_of_[k] = static_cast<std::uint8_t>(k % static_cast<std::size_t>(threads));
  const Symmetry symmetry = bounds.symmetry ? Symmetry::of(model.scenario()) : Symmetry{};
  for (int t = 0; t < threads; ++t) {
    workers_.emplace_back(model);
    if (bounds.symmetry) workers_.back().sys.use_symmetry(symmetry);  // as explore() does
    for (std::vector<OutList>& out : workers_.back().out) out.resize(static_cast<std::size_t>(ranks_ + threads));
  }
}

MpiBfs::~MpiBfs() {
  for (int slot = 0; slot < kSlots; ++slot) free_slot(slot);
  MPI_Comm_free(&comm_);
}

MpiOutcome MpiBfs::run() {
  const auto start = std::chrono::steady_clock::now();
  if (store_root()) {
    const std::size_t round = kRound * static_cast<std::size_t>(threads_);
    for (std::uint32_t level = 0;; ++level) {
      // One all-reduce a level: whether any rank has a state left, whether
      // any passed --max-memory, and the most rounds a rank needs.
      std::uint64_t mine[3] = {frontier_size(), over_memory_bound(bounds_) ? 1u : 0u,
                               (frontier_size() + round - 1) / round};
      std::uint64_t most[3] = {0, 0, 0};
      MPI_Allreduce(mine, most, 3, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
      if (most[0] == 0) break;
      const bool deep = bounds_.max_depth != 0 && level >= bounds_.max_depth;  // the same on every rank
      if (deep || most[1] != 0) {  // --max-memory: once one rank passes it, all stop
        cut_frontier();
        result_.bound_hit = deep ? "max_depth" : "max_memory";
        break;
      }
      tag_ = (level + 1) % 2 != 0;  // the new states' depth
      expand_level(most[2]);
      store_level(level);
      report(level, start);
    }
  }
  finish(start);
  return MpiOutcome{rank_ == 0 ? result_ : CheckResult{}, rank_, ranks_, {}};
}

bool MpiBfs::store_root() {
  Msg root{};
  TraceContext ctx{};
  Verdicts v;
  ModelSystem& sys = workers_[0].sys;
  sys.start(root.state, ctx, v);
  const bool terminal = ModelSystem::terminal(root.state);
  if (terminal) sys.finish(ctx, true, v);
  ModelSystem::pack(ctx, root.ctx);
  root.fp = sys.fingerprint(root.state, ctx);
  if (owner(root.fp) == rank_) {
    seen_.insert_tagged(root.fp, false);  // depth 0
    seen_.set_id(root.fp, 0);
    Worker& w = workers_[static_cast<std::size_t>(keeper(root.fp))];
    w.links.push_back(IdLink{0, kNoParent, 0});
    w.flags.push_back(std::uint8_t(terminal ? kNodeTerminal : 0));
    if (!terminal && v.violated.none()) {
      w.cur.push_back(Ref{0, 0, static_cast<std::uint32_t>(w.frontier.size()), static_cast<std::uint32_t>(keeper(root.fp))});
      w.frontier.push_back(root);
    }
  }
  count_frontier();
  next_id_ = 1;
  record_now(v, {});
  return !terminal && v.violated.none();
}

void MpiBfs::expand_level(std::uint64_t rounds) {
  for (Worker& w : workers_) {
    w.bad.fill(kNone);
    w.good.fill(kNone);
    w.pending.clear();
    w.sorted.clear();
    w.fresh_fps.clear();
    w.repeats.clear();
    w.edges.clear();
  }
  const std::size_t round = kRound * static_cast<std::size_t>(threads_);
  for (Worker& w : workers_) {  // [i]: the least frontier index among w.cur[i..]
    w.least_at.resize(w.cur.size() + 1);
    w.least_at.back() = static_cast<std::uint32_t>(w.frontier.size());
    for (std::size_t i = w.cur.size(); i-- > 0;) w.least_at[i] = std::min(w.least_at[i + 1], w.cur[i].at);
  }
  // Pipelined: the job that expands round k first receives this rank's own
  // successors of round k - 1 and the other ranks' of round k - 2, so a rank
  // waits for another only when it is two rounds behind.
  std::size_t done = 0;
  for (std::uint64_t k = 0; k < rounds; ++k) {
    slot_ = static_cast<int>(k % kSlots);
    free_slot(slot_);  // the sends of round k - kSlots are done
    recv_n_ = 0;
    if (k >= kRemoteLag) fetch_remote();
    const std::size_t end = std::min(frontier_size(), done + round);
    expand_round(done, end, k >= 1 ? static_cast<int>((k - 1) % kSlots) : -1);
    done = end;
    post_sends(slot_);
    for (std::size_t u = 0; u < workers_.size(); ++u) {  // chunks no source left needs go to this level's states
      Worker& w = workers_[u];
      const std::size_t expanded = std::min(w.cur.size(), done > starts_[u] ? done - starts_[u] : 0);
      w.frontier.release_before(w.least_at[expanded]);
    }
  }
  // The last rounds: this rank's own of round rounds - 1, the others' not fetched yet.
  recv_n_ = 0;
  for (std::uint64_t k = rounds >= kRemoteLag ? rounds - kRemoteLag : 0; k < rounds; ++k) fetch_remote();
  const int last = static_cast<int>((rounds - 1) % kSlots);
  pool_.run([this, last](int u) { receive(u, last); });
  for (int slot = 0; slot < kSlots; ++slot) free_slot(slot);
}

/// starts_ from the threads' shares of the frontier.
void MpiBfs::count_frontier() {
  starts_.assign(1, 0);
  for (const Worker& w : workers_) starts_.push_back(starts_.back() + w.cur.size());
}

/// The k-th state of the frontier.
const Ref& MpiBfs::frontier_at(std::size_t k) const {
  std::size_t u = 0;
  while (k >= starts_[u + 1]) ++u;
  return workers_[u].cur[k - starts_[u]];
}

void MpiBfs::expand_round(std::size_t begin, std::size_t end, int local_slot) {
  std::atomic<std::size_t> next{begin};
  pool_.run([&](int t) {
    receive(t, local_slot);
    Worker& w = workers_[static_cast<std::size_t>(t)];
    for (OutList& o : w.out[static_cast<std::size_t>(slot_)]) o.msgs.clear();
    for (std::size_t at = next.fetch_add(kChunk); at < end; at = next.fetch_add(kChunk))
      for (std::size_t k = at; k < std::min(at + kChunk, end); ++k) expand(w, frontier_at(k));
  });
}

void MpiBfs::expand(Worker& w, const Ref& ref) {
  const Msg& node = workers_[ref.part].frontier[ref.at];
  const int n = w.sys.expand(node.state);
  bool cut = false;
  TraceContext& source_ctx = w.source_ctx;
  TraceContext& ctx = w.ctx;
  State& state = w.state;
  w.sys.unpack(node.ctx, source_ctx);
  for (int i = 0; i < n; ++i) {
    ctx = source_ctx;
    Verdicts v;
    w.sys.successor(node.state, i, state, ctx, v);
    const bool terminal = ModelSystem::terminal(state);
    if (terminal) w.sys.finish(ctx, true, v);
    const std::uint64_t key = key_of(ref.id, static_cast<std::uint8_t>(i));
    note_first(w, v, key);
    if (v.violated.any()) {
      cut = true;
      continue;
    }
    const std::uint64_t fp = w.sys.fingerprint(state, ctx);
    const int r = owner(fp);  // another rank, or this rank's thread that keeps the shard
    std::vector<Msg>& to = w.out[static_cast<std::size_t>(slot_)][static_cast<std::size_t>(r != rank_ ? r : ranks_ + keeper(fp))].msgs;
    to.emplace_back(fp, key, state, ctx, terminal);
  }
  w.transitions += static_cast<std::uint64_t>(n);
  // Distinct bytes for distinct sources: threads never write the same one.
  if (bounds_.liveness) workers_[ref.part].flags[ref.local] |= std::uint8_t(kNodeExpanded | (cut ? kNodeCut : 0));
}

}  // namespace bc::mpi_search
