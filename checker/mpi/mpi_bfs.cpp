// The MPI exploration (checker/mpi/mpi_explorer.hpp); compiled only when CMake
// finds MPI. One thread per rank; level-synchronous breadth-first search.
#include <mpi.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <numeric>
#include <vector>

#include "checker/search/bfs.hpp"
#include "checker/search/graph_analysis.hpp"
#include "checker/store/link_store.hpp"
#include "checker/search/model_system.hpp"
#include "checker/mpi/mpi_collectives.hpp"
#include "checker/mpi/mpi_explorer.hpp"
#include "checker/mpi/pending_index.hpp"
#include "checker/store/sharded_set.hpp"

namespace bc {
namespace {

constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;
constexpr std::uint64_t kNone = ~std::uint64_t{0};
constexpr std::size_t kRound = 2048;  ///< sources a rank expands between two exchanges

/// One successor on its way to the rank that owns it.
struct Msg {
  std::uint64_t fp;
  std::uint64_t key;  ///< source id << 8 | action: the (source, action) order of the one-process search
  State state;
  ModelSystem::PackedContext ctx;  ///< without the run's header
  std::uint8_t terminal;
};

struct Node {
  State state;
  ModelSystem::PackedContext ctx;
  std::uint32_t id;
  std::uint32_t local;  ///< index of this state among the rank's own (flags)
};

#pragma pack(push, 1)
/// A stored state's parent link, with the state's global id (a rank holds a
/// sparse, increasing subset of the ids).
struct IdLink {
  std::uint32_t id;
  std::uint32_t parent;
  std::uint8_t action;
};
#pragma pack(pop)

std::uint64_t key_of(std::uint32_t from, std::uint8_t action) { return std::uint64_t{from} << 8 | action; }

class MpiBfs {
 public:
  MpiBfs(const Model& model, const Bounds& bounds, const ProgressFn& progress)
      : sys_(model), bounds_(bounds), progress_(progress), seen_(bounds.liveness) {
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks_);
    if (bounds.symmetry) sys_.use_symmetry(Symmetry::of(model.scenario()));  // as explore() does
  }

  MpiOutcome run() {
    const auto start = std::chrono::steady_clock::now();
    if (store_root()) {
      for (std::uint32_t level = 0;; ++level) {
        std::uint64_t live = cur_.size(), total = 0;
        MPI_Allreduce(&live, &total, 1, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
        if (total == 0) break;
        const bool deep = bounds_.max_depth != 0 && level >= bounds_.max_depth;  // the same on every rank
        if (deep || mpi::any_rank(over_memory_bound(bounds_))) {  // --max-memory: once one rank passes it, all stop
          cut_frontier();
          result_.bound_hit = deep ? "max_depth" : "max_memory";
          break;
        }
        expand_level(level);
        report(level, start);
      }
    }
    finish(start);
    return MpiOutcome{rank_ == 0 ? result_ : CheckResult{}, rank_, ranks_, {}};
  }

 private:
  int owner(std::uint64_t fp) const { return static_cast<int>((fp >> 32 & 0xFFFFFF) % static_cast<std::uint64_t>(ranks_)); }

  bool store_root() {
    Node root{};
    TraceContext ctx{};
    Verdicts v;
    sys_.start(root.state, ctx, v);
    const bool terminal = ModelSystem::terminal(root.state);
    if (terminal) sys_.finish(ctx, true, v);
    ModelSystem::pack(ctx, root.ctx);
    const std::uint64_t fp = sys_.fingerprint(root.state, ctx);
    if (owner(fp) == rank_) {
      seen_.insert(fp);
      seen_.set_id(fp, 0);
      links_.push_back(IdLink{0, kNoParent, 0});
      flags_.push_back(std::uint8_t(terminal ? kNodeTerminal : 0));
      if (!terminal && v.violated.none()) cur_.push_back(root);
    }
    next_id_ = 1;
    record_now(v, {});
    return !terminal && v.violated.none();
  }

  void expand_level(std::uint32_t level) {
    bad_.fill(kNone);
    good_.fill(kNone);
    pending_.clear();
    pending_index_.clear();
    pending_edges_.clear();
    std::size_t done = 0;
    out_.resize(static_cast<std::size_t>(ranks_));
    for (int more = 1; more != 0;) {
      for (std::vector<Msg>& o : out_) o.clear();
      const std::size_t end = std::min(cur_.size(), done + kRound);
      for (; done < end; ++done) expand(cur_[done], out_);
      receive(exchange(out_));
      int mine = done < cur_.size() ? 1 : 0;
      MPI_Allreduce(&mine, &more, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    }
    store_level(level);
  }

  void expand(const Node& node, std::vector<std::vector<Msg>>& out) {
    const int n = sys_.expand(node.state);
    bool cut = false;
    TraceContext source_ctx, ctx;
    sys_.unpack(node.ctx, source_ctx);
    for (int i = 0; i < n; ++i) {
      Msg m{};
      ctx = source_ctx;
      Verdicts v;
      sys_.successor(node.state, i, m.state, ctx, v);
      m.terminal = ModelSystem::terminal(m.state) ? 1 : 0;
      if (m.terminal != 0) sys_.finish(ctx, true, v);
      m.key = key_of(node.id, static_cast<std::uint8_t>(i));
      note_first(v, m.key);
      if (v.violated.any()) {
        cut = true;
        continue;
      }
      m.fp = sys_.fingerprint(m.state, ctx);
      ModelSystem::pack(ctx, m.ctx);
      out[static_cast<std::size_t>(owner(m.fp))].push_back(m);
    }
    transitions_ += static_cast<std::uint64_t>(n);
    if (bounds_.liveness) flags_[node.local] |= std::uint8_t(kNodeExpanded | (cut ? kNodeCut : 0));
  }

  /// Keep the lowest key of each property newly violated or witnessed.
  void note_first(const Verdicts& v, std::uint64_t key) {
    for (int p = 0; p < kMaxProperties; ++p) {
      if (v.violated.test(p) && !result_.violated.test(p)) bad_[p] = std::min(bad_[p], key);
      if (v.witnessed.test(p) && !result_.witnessed.test(p)) good_[p] = std::min(good_[p], key);
    }
  }

  /// All-to-all exchange of this round's successors.
  const std::vector<Msg>& exchange(const std::vector<std::vector<Msg>>& out) {
    const auto p = static_cast<std::size_t>(ranks_);
    if (p == 1) return out[0];
    std::vector<int> send_counts(p), recv_counts(p), send_offsets(p), recv_offsets(p);
    std::vector<Msg>& send = send_;
    send.clear();
    for (std::size_t r = 0; r < p; ++r) {
      send_offsets[r] = static_cast<int>(send.size() * sizeof(Msg));
      send_counts[r] = static_cast<int>(out[r].size() * sizeof(Msg));
      send.insert(send.end(), out[r].begin(), out[r].end());
    }
    MPI_Alltoall(send_counts.data(), 1, MPI_INT, recv_counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
    int total = 0;
    for (std::size_t r = 0; r < p; ++r) {
      recv_offsets[r] = total;
      total += recv_counts[r];
    }
    std::vector<Msg>& recv = recv_;
    recv.resize(static_cast<std::size_t>(total) / sizeof(Msg));
    MPI_Alltoallv(send.data(), send_counts.data(), send_offsets.data(), MPI_BYTE, recv.data(), recv_counts.data(),
                  recv_offsets.data(), MPI_BYTE, MPI_COMM_WORLD);
    return recv;
  }

  /// Owner side: drop states seen in earlier levels, keep the lowest key of each new one.
  void receive(const std::vector<Msg>& msgs) {
    constexpr std::size_t kAhead = 16;  // table probes in flight
    for (std::size_t j = 0; j < msgs.size(); ++j) {
      if (j + kAhead < msgs.size()) {
        seen_.prefetch(msgs[j + kAhead].fp);
        pending_index_.prefetch(msgs[j + kAhead].fp);
      }
      const Msg& m = msgs[j];
      if (bounds_.liveness) pending_edges_.push_back({static_cast<std::uint32_t>(m.key >> 8), m.fp});
      if (seen_.contains(m.fp)) continue;
      bool fresh = false;
      const std::uint32_t at = pending_index_.find_or_insert(m.fp, static_cast<std::uint32_t>(pending_.size()), fresh);
      if (fresh) pending_.push_back(m);
      else if (m.key < pending_[at].key) pending_[at] = m;
    }
  }

  /// Give the level's new states their global ids (rank of their key among
  /// every rank's new keys), store them, and settle the level's verdicts.
  void store_level(std::uint32_t level) {
    std::vector<std::uint32_t> order(pending_.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) { return pending_[a].key < pending_[b].key; });
    std::vector<std::uint64_t> keys(order.size());
    for (std::size_t k = 0; k < order.size(); ++k) keys[k] = pending_[order[k]].key;
    const std::vector<std::uint64_t> below = mpi::keys_below(keys, level_total_);
    std::vector<Node> next;
    for (std::size_t k = 0; k < order.size(); ++k) {
      if (k + 16 < order.size()) seen_.prefetch(pending_[order[k + 16]].fp);
      const Msg& m = pending_[order[k]];
      const auto id = static_cast<std::uint32_t>(next_id_ + below[k]);
      seen_.insert(m.fp);
      seen_.set_id(m.fp, id);
      links_.push_back(IdLink{id, static_cast<std::uint32_t>(m.key >> 8), static_cast<std::uint8_t>(m.key & 0xFF)});
      const auto local = static_cast<std::uint32_t>(flags_.size());
      flags_.push_back(std::uint8_t(m.terminal != 0 ? kNodeTerminal : 0));
      if (m.terminal == 0) next.push_back(Node{m.state, m.ctx, id, local});
    }
    for (const auto& [from, fp] : pending_edges_) edges_.push_back(GraphEdge{from, seen_.id_of(fp)});
    next_id_ += level_total_;
    if (level_total_ != 0 && level + 1 > result_.depth) result_.depth = level + 1;
    cur_.swap(next);
    settle_level();
  }

  /// The lowest key of each property over all ranks becomes its run.
  void settle_level() {
    std::array<std::uint64_t, kMaxProperties> bad{}, good{};
    MPI_Allreduce(bad_.data(), bad.data(), kMaxProperties, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(good_.data(), good.data(), kMaxProperties, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    for (int p = 0; p < kMaxProperties; ++p) {
      if (bad[p] != kNone) result_.counterexamples.push_back({p, run_of(bad[p])});
      if (good[p] != kNone) result_.witnesses.push_back({p, run_of(good[p])});
      if (bad[p] != kNone) result_.violated.set(p);
      if (good[p] != kNone) result_.witnessed.set(p);
    }
  }

  std::vector<std::uint8_t> run_of(std::uint64_t key) {
    std::vector<std::uint8_t> path = path_to(static_cast<std::uint32_t>(key >> 8));
    path.push_back(static_cast<std::uint8_t>(key & 0xFF));
    return path;
  }

  void record_now(const Verdicts& v, const std::vector<std::uint8_t>& path) {
    for (int p = 0; p < kMaxProperties; ++p) {
      if (v.violated.test(p) && !result_.violated.test(p)) result_.counterexamples.push_back({p, path});
      if (v.witnessed.test(p) && !result_.witnessed.test(p)) result_.witnesses.push_back({p, path});
    }
    result_.violated |= v.violated;
    result_.witnessed |= v.witnessed;
  }

  /// This rank's link of `id`, or 0 if another rank owns it: (parent << 8 | action) + 1.
  std::uint64_t local_link(std::uint32_t id) const {
    std::uint64_t lo = 0, hi = links_.size();
    while (lo < hi) {
      const std::uint64_t mid = (lo + hi) / 2;
      if (links_[mid].id < id) lo = mid + 1;
      else hi = mid;
    }
    if (lo == links_.size() || links_[lo].id != id) return 0;
    const IdLink l = links_[lo];
    return (std::uint64_t{l.parent} << 8 | l.action) + 1;
  }

  /// Collective: the run to `id`, one all-reduce per step back to the root.
  std::vector<std::uint8_t> path_to(std::uint32_t id) {
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

  /// The depth bound: unexpanded states' traces end cut short; the lowest id
  /// with a new verdict gives each property its run.
  void cut_frontier() {
    result_.complete = false;
    bad_.fill(kNone);
    good_.fill(kNone);
    for (const Node& n : cur_) {
      Verdicts v;
      TraceContext ctx;
      sys_.unpack(n.ctx, ctx);
      sys_.finish(ctx, false, v);
      for (int p = 0; p < kMaxProperties; ++p) {
        if (v.violated.test(p) && !result_.violated.test(p)) bad_[p] = std::min<std::uint64_t>(bad_[p], n.id);
        if (v.witnessed.test(p) && !result_.witnessed.test(p)) good_[p] = std::min<std::uint64_t>(good_[p], n.id);
      }
    }
    std::array<std::uint64_t, kMaxProperties> bad{}, good{};
    MPI_Allreduce(bad_.data(), bad.data(), kMaxProperties, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(good_.data(), good.data(), kMaxProperties, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
    for (int p = 0; p < kMaxProperties; ++p) {
      if (bad[p] != kNone) result_.counterexamples.push_back({p, path_to(static_cast<std::uint32_t>(bad[p]))});
      if (good[p] != kNone) result_.witnesses.push_back({p, path_to(static_cast<std::uint32_t>(good[p]))});
      if (bad[p] != kNone) result_.violated.set(p);
      if (good[p] != kNone) result_.witnessed.set(p);
    }
    cur_.clear();
  }

  void report(std::uint32_t level, std::chrono::steady_clock::time_point start) {
    if (rank_ != 0 || !progress_) return;
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress_(ProgressInfo{next_id_, transitions_, level + 1, 0, s});
  }

  void finish(std::chrono::steady_clock::time_point start) {
    std::uint64_t local[3] = {transitions_, seen_.bytes(), peak_rss_bytes()}, sum[3] = {};
    MPI_Reduce(local, sum, 3, MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
    result_.states = next_id_;
    result_.transitions = sum[0];
    result_.stored_bytes = sum[1];
    result_.peak_rss_bytes = sum[2];
    result_.link_bytes = next_id_ * sizeof(IdLink);
    result_.threads = ranks_;
    if (bounds_.liveness) analyse_graph();
    result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  /// Gather the edges and flags on rank 0 and run the Boost.Graph analysis there.
  void analyse_graph() {
    std::vector<GraphEdge> all_edges = mpi::gather_to_root(edges_);
    std::vector<std::uint32_t> ids;
    for (std::uint64_t i = 0; i < links_.size(); ++i) ids.push_back(links_[i].id);
    const std::vector<std::uint32_t> all_ids = mpi::gather_to_root(ids);
    const std::vector<std::uint8_t> all_flags = mpi::gather_to_root(flags_);
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

  ModelSystem sys_;
  const Bounds& bounds_;
  const ProgressFn& progress_;
  int rank_ = 0, ranks_ = 1;
  ShardedSet seen_;
  LinkStore<IdLink> links_;
  std::vector<std::uint8_t> flags_;  ///< per own state, in id order
  std::vector<GraphEdge> edges_;      ///< edges into own states
  std::vector<Node> cur_;
  std::vector<Msg> pending_;
  PendingIndex pending_index_;
  std::vector<std::vector<Msg>> out_;  ///< per destination rank: this round's successors (reused)
  std::vector<Msg> send_, recv_;       ///< exchange buffers (reused)
  std::uint64_t level_total_ = 0;      ///< new states of the level, over every rank
  std::vector<std::pair<std::uint32_t, std::uint64_t>> pending_edges_;
  std::array<std::uint64_t, kMaxProperties> bad_{}, good_{};
  std::uint64_t next_id_ = 0;
  std::uint64_t transitions_ = 0;
  CheckResult result_;
};

void init_mpi() {
  int ready = 0;
  MPI_Initialized(&ready);
  if (ready == 0) MPI_Init(nullptr, nullptr);
}

}  // namespace

bool mpi_built() { return true; }

MpiOutcome explore_mpi(const Model& model, const Bounds& bounds, const ProgressFn& progress) {
  init_mpi();
  if (bounds.max_states != 0) {
    MpiOutcome o{.result = {}, .rank = 0, .ranks = 1, .error = "--max-states is not supported with --mpi (use --max-depth)"};
    MPI_Comm_rank(MPI_COMM_WORLD, &o.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &o.ranks);
    return o;
  }
  const double cpu_start = cpu_seconds();
  MpiBfs bfs(model, bounds, progress);
  MpiOutcome o = bfs.run();
  o.result.cpu_seconds = cpu_seconds() - cpu_start;
  if (bounds.symmetry) o.result.symmetry = Symmetry::of(model.scenario()).summary();
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
