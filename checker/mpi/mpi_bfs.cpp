// The MPI search's levels (checker/mpi/mpi_bfs.hpp): expand, exchange,
// receive. Ids and storing are in mpi_store.cpp; verdicts, runs and the
// graph in mpi_results.cpp.
#include "checker/mpi/mpi_bfs.hpp"

#include <algorithm>
#include <atomic>

#include "checker/mpi/mpi_collectives.hpp"
#include "checker/search/bfs.hpp"

namespace bc::mpi_search {
namespace {

constexpr std::size_t kRound = 2048;  ///< sources a thread expands between two exchanges
constexpr std::size_t kChunk = 64;    ///< sources a thread takes at a time

}  // namespace

MpiBfs::MpiBfs(const Model& model, const Bounds& bounds, int threads, const ProgressFn& progress)
    : bounds_(bounds), progress_(progress), threads_(threads), pool_(threads), seen_(true) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
  MPI_Allreduce(&threads_, &most_threads_, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  const Symmetry symmetry = bounds.symmetry ? Symmetry::of(model.scenario()) : Symmetry{};
  for (int t = 0; t < threads; ++t) {
    workers_.emplace_back(model);
    if (bounds.symmetry) workers_.back().sys.use_symmetry(symmetry);  // as explore() does
    for (std::vector<OutList>& out : workers_.back().out) out.resize(static_cast<std::size_t>(ranks_ + threads));
  }
}

MpiOutcome MpiBfs::run() {
  const auto start = std::chrono::steady_clock::now();
  if (store_root()) {
    for (std::uint32_t level = 0;; ++level) {
      std::uint64_t live = frontier_size(), total = 0;
      MPI_Allreduce(&live, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
      if (total == 0) break;
      const bool deep = bounds_.max_depth != 0 && level >= bounds_.max_depth;  // the same on every rank
      if (deep || mpi::any_rank(over_memory_bound(bounds_))) {  // --max-memory: once one rank passes it, all stop
        cut_frontier();
        result_.bound_hit = deep ? "max_depth" : "max_memory";
        break;
      }
      expand_level();
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
    seen_.insert(root.fp);
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

void MpiBfs::expand_level() {
  for (Worker& w : workers_) {
    w.bad.fill(kNone);
    w.good.fill(kNone);
    w.pending.clear();
    w.sorted.clear();
    w.edges.clear();
  }
  const std::size_t round = kRound * static_cast<std::size_t>(threads_);
  // Every rank takes part in as many exchanges as the rank with the most rounds.
  std::uint64_t mine = (frontier_size() + round - 1) / round, rounds = 0;
  MPI_Allreduce(&mine, &rounds, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  for (Worker& w : workers_) {  // [i]: the least frontier index among w.cur[i..]
    w.least_at.resize(w.cur.size() + 1);
    w.least_at.back() = static_cast<std::uint32_t>(w.frontier.size());
    for (std::size_t i = w.cur.size(); i-- > 0;) w.least_at[i] = std::min(w.least_at[i + 1], w.cur[i].at);
  }
  // Pipelined: the job that expands a round first receives the round before
  // (one job a round instead of two, and the receiving's imbalance is taken
  // up by the expansion's chunks).
  bool waiting = false;  // the last round's successors are still to be received
  for (std::size_t done = 0; rounds-- > 0; parity_ ^= 1) {
    const std::size_t end = std::min(frontier_size(), done + round);
    expand_round(done, end, waiting);
    done = end;
    exchange();
    waiting = true;
    for (std::size_t u = 0; u < workers_.size(); ++u) {  // chunks no source left needs go to this level's states
      Worker& w = workers_[u];
      const std::size_t expanded = std::min(w.cur.size(), done > starts_[u] ? done - starts_[u] : 0);
      w.frontier.release_before(w.least_at[expanded]);
    }
  }
  if (waiting) pool_.run([this](int u) { receive(u, parity_ ^ 1); });
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

void MpiBfs::expand_round(std::size_t begin, std::size_t end, bool receive_first) {
  std::atomic<std::size_t> next{begin};
  pool_.run([&](int t) {
    if (receive_first) receive(t, parity_ ^ 1);
    Worker& w = workers_[static_cast<std::size_t>(t)];
    for (OutList& o : w.out[parity_]) o.msgs.clear();
    for (std::size_t at = next.fetch_add(kChunk); at < end; at = next.fetch_add(kChunk))
      for (std::size_t k = at; k < std::min(at + kChunk, end); ++k) expand(w, frontier_at(k));
  });
}

void MpiBfs::expand(Worker& w, const Ref& ref) {
  const Msg& node = workers_[ref.part].frontier[ref.at];
  const int n = w.sys.expand(node.state);
  bool cut = false;
  TraceContext source_ctx, ctx;
  w.sys.unpack(node.ctx, source_ctx);
  State state;
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
    Msg& m = w.out[parity_][static_cast<std::size_t>(r != rank_ ? r : ranks_ + keeper(fp))].msgs.emplace_back();
    m.fp = fp;
    m.key = key;
    m.state = state;
    ModelSystem::pack(ctx, m.ctx);
    m.terminal = terminal ? 1 : 0;
  }
  w.transitions += static_cast<std::uint64_t>(n);
  // Distinct bytes for distinct sources: threads never write the same one.
  if (bounds_.liveness) workers_[ref.part].flags[ref.local] |= std::uint8_t(kNodeExpanded | (cut ? kNodeCut : 0));
}

/// This round's successors for other ranks, straight from each thread's
/// list (no packing): one message per (rank, thread) that has any, after an
/// all-to-all of the counts. They arrive in recv_, which is never
/// initialised (MPI writes every byte).
void MpiBfs::exchange() {
  recv_n_ = 0;
  if (ranks_ == 1) return;
  const auto p = static_cast<std::size_t>(ranks_), m = static_cast<std::size_t>(most_threads_);
  std::vector<int> sent(p * m, 0), got(p * m, 0);
  for (std::size_t r = 0; r < p; ++r)
    if (static_cast<int>(r) != rank_)  // a rank's own successors stay where they are
      for (std::size_t t = 0; t < workers_.size(); ++t)
        sent[r * m + t] = static_cast<int>(workers_[t].out[parity_][r].msgs.size());
  MPI_Alltoall(sent.data(), most_threads_, MPI_INT, got.data(), most_threads_, MPI_INT, MPI_COMM_WORLD);
  std::size_t total = 0;
  for (int n : got) total += static_cast<std::size_t>(n);
  if (total > recv_capacity_) {
    recv_bytes_.reset(new std::byte[total * sizeof(Msg)]);
    recv_capacity_ = total;
  }
  Msg* into = recv_msgs();
  std::vector<MPI_Request> requests;
  for (std::size_t s = 0; s < p; ++s)
    for (std::size_t t = 0; t < m; ++t)
      if (const int n = got[s * m + t]; n > 0) {
        MPI_Irecv(into, n * static_cast<int>(sizeof(Msg)), MPI_BYTE, static_cast<int>(s), static_cast<int>(t), MPI_COMM_WORLD,
                  &requests.emplace_back());
        into += n;
      }
  for (std::size_t r = 0; r < p; ++r)
    for (std::size_t t = 0; t < workers_.size(); ++t)
      if (const int n = sent[r * m + t]; n > 0)
        MPI_Isend(workers_[t].out[parity_][r].msgs.data(), n * static_cast<int>(sizeof(Msg)), MPI_BYTE, static_cast<int>(r),
                  static_cast<int>(t), MPI_COMM_WORLD, &requests.emplace_back());
  MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  recv_n_ = total;
}

/// Owner side: thread u takes the successors in its table shards that the
/// rank's other threads set aside for it, and those from the other ranks.
void MpiBfs::receive(int u, int parity) {
  Worker& w = workers_[static_cast<std::size_t>(u)];
  constexpr std::size_t kAhead = 16;  // table probes in flight
  for (const Worker& from : workers_) {
    const std::vector<Msg>& msgs = from.out[parity][static_cast<std::size_t>(ranks_ + u)].msgs;
    for (std::size_t j = 0; j < msgs.size(); ++j) {
      if (j + kAhead < msgs.size()) seen_.prefetch(msgs[j + kAhead].fp);
      receive_one(w, msgs[j]);
    }
  }
  const Msg* recv = recv_msgs();
  for (std::size_t j = 0; j < recv_n_; ++j) {  // from other ranks: every thread's shards
    if (j + kAhead < recv_n_ && keeper(recv[j + kAhead].fp) == u) seen_.prefetch(recv[j + kAhead].fp);
    if (keeper(recv[j].fp) == u) receive_one(w, recv[j]);
  }
}

/// A state new to the visited set is new in this level: it is inserted at
/// once, its id slot holding the level's first id plus its pending index; a
/// state already there is of this level if its slot is not below that first
/// id, and then the least key wins.
void MpiBfs::receive_one(Worker& w, const Msg& m) {
  if (bounds_.liveness) w.edges.push_back({static_cast<std::uint32_t>(m.key >> 8), m.fp});
  const auto first = static_cast<std::uint32_t>(next_id_);
  bool fresh = false;
  const std::uint32_t* slot = seen_.insert_with_id(m.fp, first + static_cast<std::uint32_t>(w.pending.size()), fresh);
  if (fresh) {
    w.sorted.push_back({m.key, static_cast<std::uint32_t>(w.pending.size()) | (m.terminal != 0 ? kTerminalBit : 0u)});
    w.pending.push_back(m);
    return;
  }
  if (*slot < first) return;  // a state of an earlier level
  std::pair<std::uint64_t, std::uint32_t>& least = w.sorted[*slot - first];
  if (m.key < least.first) {
    least.first = m.key;
    w.pending.at(*slot - first) = m;
  }
}

}  // namespace bc::mpi_search
