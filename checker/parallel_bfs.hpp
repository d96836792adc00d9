#pragma once
/// The multi-core breadth-first core of the exhaustive checker. Each BFS
/// level is processed in rounds of kChunksPerRound chunks of kChunk states;
/// a round has three phases separated by barriers:
///   1. expand: threads take chunks in any order; each chunk's successors,
///      verdicts and first violations go to that chunk's own buffer;
///   2. dedupe: thread t inserts the fingerprints of the shards it owns
///      (shard % threads == t), walking the round's successors in order, so
///      the first occurrence of a state in (source, action) order is the new
///      one whatever the thread count;
///   3. store: prefix sums over the chunks give every new state its id (the
///      same order as a one-thread search), then threads copy the new states
///      to the next level and write parent links, ids and edges at their
///      offsets.
/// So states, transitions, verdicts and counterexamples (shortest, ties
/// broken by the lowest (source id, action), i.e. the lexicographically
/// least run) do not depend on the thread count or on scheduling. The
/// visited set is a sharded table of 64-bit fingerprints; parent links go to
/// a temporary file (checker/link_store.hpp).
///
/// A System is as in checker/bfs.hpp, plus `PackedContext` with
/// `static pack(const Ctx&, PackedContext&)` and `unpack(const PackedContext&,
/// Ctx&) const`: the frontier keeps contexts without the run's constant
/// header. One System copy per thread.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <span>
#include <vector>

#include "checker/bfs.hpp"
#include "checker/link_store.hpp"
#include "checker/sharded_set.hpp"
#include "checker/worker_pool.hpp"

namespace bc {

template <class System>
class ParallelBfs {
 public:
  using St = typename System::StateType;
  using Ctx = typename System::ContextType;
  using Packed = typename System::PackedContext;
  static constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;
  static constexpr std::size_t kChunk = 256;          ///< source states per chunk
  static constexpr std::size_t kChunksPerRound = 64;  ///< chunks between two store phases

  /// `threads` >= 1 threads, each with its own copy of `system`.
  ParallelBfs(const System& system, int threads, const Bounds& bounds, const ProgressFn& progress)
      : systems_(static_cast<std::size_t>(threads), PerThread{system}), bounds_(bounds), progress_(progress),
        pool_(threads), seen_(bounds.liveness), outs_(kChunksPerRound) {
    for (ChunkOut& out : outs_) {
      out.fresh_by.resize(systems_.size());
      out.owned.resize(systems_.size());
      out.fresh_n.resize(systems_.size());
      out.live_n.resize(systems_.size());
    }
  }

  /// Explore; on_edge(thread, from, to, action) is called on every
  /// transition from the thread that computed it.
  template <class OnEdge>
  void run(OnEdge&& on_edge) {
    start_ = std::chrono::steady_clock::now();
    last_report_ = start_;
    if (store_root()) {
      for (std::uint32_t level = 0; !cur_.empty() && !stop_; ++level) {
        if (bounds_.max_depth != 0 && level >= bounds_.max_depth) {
          cut_frontier(0);
          result_.bound_hit = "max_depth";
          break;
        }
        run_level(level, on_edge);
        if (stop_) break;
        cur_.clear();
        cur_.swap(next_);
      }
    }
    finish_result();
  }

  CheckResult& result() { return result_; }
  /// Action indices of the shortest stored run from the initial state to `id`.
  std::vector<std::uint8_t> path_to(std::uint32_t id) const {
    std::vector<std::uint8_t> path;
    for (ParentLink l = links_[id]; l.parent() != kNoParent; l = links_[l.parent()]) path.push_back(l.action());
    return {path.rbegin(), path.rend()};
  }
  std::span<const GraphEdge> edges() const { return edges_; }
  std::span<const std::uint8_t> flags() const { return flags_; }

 private:
  struct Node {
    St state;
    Packed ctx;  ///< the context without the run's header (System::pack)
    std::uint32_t id;
  };
  struct Succ {
    Node node;
    std::uint64_t fp;
    std::uint32_t from;
    std::uint8_t action;
    bool terminal;
  };
  /// A chunk's first sighting of some property: the run is path(from) + action.
  struct Hit {
    Verdicts v;
    std::uint32_t from;
    std::uint8_t action;
  };
  /// A thread's System on cache lines of its own (no false sharing).
  struct alignas(128) PerThread {
    System sys;
  };
  /// Written by one thread at a time, on cache lines of its own.
  struct alignas(128) ChunkOut {
    std::vector<Succ> succ;          ///< slots reused round after round; [0, count) are this round's
    std::size_t count = 0;           ///< kept successors (not violating), in (source, action) order
    std::vector<std::uint64_t> fps;        ///< per successor: its fingerprint (a dense copy for the dedupe scan)
    std::vector<std::uint8_t> terminal;    ///< per successor: a terminal state (dense copy)
    /// [thread]: the indices of the successors whose shard that thread
    /// dedupes, in order (sorted out while expanding, off the dedupe phase).
    std::vector<std::vector<std::uint32_t>> owned;
    /// [thread][successor]: new, for the successors of that thread's shards.
    /// One array per thread: no two threads write the same cache line.
    std::vector<std::vector<std::uint8_t>> fresh_by;
    std::vector<std::uint64_t> fresh_n, live_n;  ///< [thread]: its new states, and those not terminal
    std::array<std::uint32_t, ShardedSet::kShards> per_shard{};  ///< successors per table shard
    std::vector<Hit> hits;
    std::uint64_t transitions = 0;
    std::size_t upto = 0;              ///< successors stored (all, unless the state bound cut the round)
    int owner = 0;                     ///< the thread that expanded it (stores it too: its data is in that core's cache)
    std::uint64_t id_base = 0, live_base = 0, edge_base = 0;
  };

  bool store_root() {
    Node root{};
    Ctx ctx{};
    Verdicts v;
    systems_[0].sys.start(root.state, ctx, v);
    const bool terminal = System::terminal(root.state);
    if (terminal) systems_[0].sys.finish(ctx, true, v);
    root.id = 0;
    System::pack(ctx, root.ctx);
    seen_.insert(System::fingerprint(root.state, ctx));
    seen_.set_id(System::fingerprint(root.state, ctx), 0);
    links_.push_back(ParentLink::make(kNoParent, 0));
    if (bounds_.liveness) flags_.push_back(std::uint8_t(terminal ? kNodeTerminal : 0));
    record(v, kNoParent, 0);
    if (v.violated.any() || terminal) return false;
    cur_.push_back(root);
    return true;
  }

  template <class OnEdge>
  void run_level(std::uint32_t level, OnEdge& on_edge) {
    const std::size_t round = kChunk * kChunksPerRound;
    for (std::size_t begin = 0; begin < cur_.size() && !stop_; begin += round) {
      const std::size_t end = std::min(cur_.size(), begin + round);
      run_round(begin, end, level, on_edge);
      if (!stop_ && over_memory_bound()) {
        stop_ = true;
        result_.complete = false;
        result_.bound_hit = "max_memory";
      }
      if (stop_) {
        if (bounds_.liveness)
          for (std::size_t k = begin; k < end; ++k) flags_[cur_[k].id] |= kNodeCut;
        cut_frontier(end);
      }
      maybe_report(level, cur_.size() - end);
      cur_.release_before(end);
    }
  }

  template <class OnEdge>
  void run_round(std::size_t begin, std::size_t end, std::uint32_t level, OnEdge& on_edge) {
    const std::size_t chunks = (end - begin + kChunk - 1) / kChunk;
    std::atomic<std::size_t> next_chunk{0};
    const Verdicts known{result_.violated, result_.witnessed};
    pool_.run([&](int t) {
      for (std::size_t c; (c = next_chunk.fetch_add(1)) < chunks;)
        expand_chunk(t, outs_[c], begin + c * kChunk, std::min(end, begin + (c + 1) * kChunk), known, on_edge);
    });
    make_room(chunks);
    pool_.run([&](int t) { dedupe(t, chunks); });
    for (std::size_t c = 0; c < chunks; ++c) {
      for (const Hit& h : outs_[c].hits) record(h.v, h.from, h.action);
      result_.transitions += outs_[c].transitions;
    }
    const std::uint64_t fresh = plan_store(chunks);
    links_round_.resize(fresh);
    if (bounds_.liveness) {
      flags_.resize(flags_.size() + fresh, 0);
      edges_.resize(outs_[chunks - 1].edge_base + outs_[chunks - 1].upto);
    }
    const std::size_t live_first = next_.extend(live_added_);
    pool_.run([&](int t) {
      for (std::size_t c = 0; c < chunks; ++c)
        if (outs_[c].owner == t) store_chunk(outs_[c], live_first);
    });
    if (bounds_.liveness)
      pool_.run([&](int t) {
        for (std::size_t c = 0; c < chunks; ++c)
          if (outs_[c].owner == t) edges_of_chunk(outs_[c]);
      });
    links_.append(links_round_.data(), links_round_.size());
    if (fresh > 0 && level + 1 > result_.depth) result_.depth = level + 1;
  }

  template <class OnEdge>
  void expand_chunk(int t, ChunkOut& out, std::size_t begin, std::size_t end, const Verdicts& known,
                    OnEdge& on_edge) {
    System& sys = systems_[static_cast<std::size_t>(t)].sys;
    out.count = 0;
    out.owner = t;
    out.per_shard.fill(0);
    out.fps.clear();
    out.terminal.clear();
    for (std::vector<std::uint32_t>& o : out.owned) o.clear();
    const auto threads = static_cast<std::uint64_t>(pool_.size());
    out.hits.clear();
    out.transitions = 0;
    Verdicts seen = known;
    Ctx source_ctx, ctx;
    for (std::size_t k = begin; k < end; ++k) {
      const Node& node = cur_[k];
      const int n = sys.expand(node.state);
      bool cut = false;
      sys.unpack(node.ctx, source_ctx);
      for (int i = 0; i < n; ++i) {
        if (out.count == out.succ.size()) out.succ.emplace_back();
        Succ& s = out.succ[out.count];
        ctx = source_ctx;
        Verdicts v;
        sys.successor(node.state, i, s.node.state, ctx, v);
        s.terminal = System::terminal(s.node.state);
        if (s.terminal) sys.finish(ctx, true, v);
        on_edge(t, node.state, s.node.state, i);
        const Verdicts first{v.violated & ~seen.violated, v.witnessed & ~seen.witnessed};
        if (first.violated.any() || first.witnessed.any()) {
          out.hits.push_back({first, node.id, static_cast<std::uint8_t>(i)});
          seen.violated |= v.violated;
          seen.witnessed |= v.witnessed;
        }
        if (v.violated.any()) {  // successors of a violation would only repeat it
          cut = true;
          continue;
        }
        ++out.count;
        s.fp = System::fingerprint(s.node.state, ctx);
        System::pack(ctx, s.node.ctx);
        const auto shard = static_cast<std::uint64_t>(ShardedSet::shard_of(s.fp));
        out.owned[shard % threads].push_back(static_cast<std::uint32_t>(out.fps.size()));
        out.fps.push_back(s.fp);
        ++out.per_shard[shard];
        out.terminal.push_back(s.terminal ? 1 : 0);
        s.from = node.id;
        s.action = static_cast<std::uint8_t>(i);
      }
      out.transitions += static_cast<std::uint64_t>(n);
      if (bounds_.liveness) flags_[node.id] |= std::uint8_t(kNodeExpanded | (cut ? kNodeCut : 0));
    }
  }

  /// Grow, before the dedupe phase, every shard this round's successors might
  /// overfill; threads take the shards to grow one by one, so a big rehash
  /// does not leave the other threads waiting at the next barrier.
  void make_room(std::size_t chunks) {
    std::array<std::uint64_t, ShardedSet::kShards> extra{};
    for (std::size_t c = 0; c < chunks; ++c)
      for (std::size_t k = 0; k < extra.size(); ++k) extra[k] += outs_[c].per_shard[k];
    std::vector<int> grow;
    for (int k = 0; k < ShardedSet::kShards; ++k)
      if (seen_.needs_room(k, extra[static_cast<std::size_t>(k)])) grow.push_back(k);
    if (grow.empty()) return;
    std::atomic<std::size_t> next{0};
    pool_.run([&](int) {
      for (std::size_t i; (i = next.fetch_add(1)) < grow.size();)
        seen_.make_room(grow[i], extra[static_cast<std::size_t>(grow[i])]);
    });
  }

  /// Thread t inserts the successors of its shards in (chunk, index) order.
  void dedupe(int t, std::size_t chunks) {
    constexpr std::size_t kAhead = 16;  // table probes in flight: hides the cache misses
    const auto ti = static_cast<std::size_t>(t);
    for (std::size_t c = 0; c < chunks; ++c) {
      ChunkOut& out = outs_[c];
      const std::uint64_t* fps = out.fps.data();
      const std::vector<std::uint32_t>& mine = out.owned[ti];
      const std::size_t m = mine.size();
      std::vector<std::uint8_t>& fresh = out.fresh_by[ti];
      fresh.assign(out.count, 0);
      std::uint64_t fresh_n = 0, live_n = 0;
      for (std::size_t k = 0; k < m; ++k) {
        if (k + kAhead < m) seen_.prefetch(fps[mine[k + kAhead]]);
        const std::uint32_t j = mine[k];
        if (!seen_.insert(fps[j])) continue;
        fresh[j] = 1;
        ++fresh_n;
        live_n += out.terminal[j] ^ 1u;
      }
      out.fresh_n[ti] = fresh_n;
      out.live_n[ti] = live_n;
    }
  }

  /// Give each chunk its id, frontier and edge offsets; apply the state
  /// bound (the first new state past it stops the search, as in Bfs). Returns
  /// the number of new states stored by this round.
  std::uint64_t plan_store(std::size_t chunks) {
    std::uint64_t ids = links_.size(), live = 0, edges = edges_.size();
    const std::uint64_t first_id = ids;
    for (std::size_t c = 0; c < chunks; ++c) {
      ChunkOut& out = outs_[c];
      out.id_base = ids;
      out.live_base = live;
      out.edge_base = edges;
      out.upto = 0;
      if (stop_) continue;
      std::uint64_t fresh = 0, fresh_live = 0;
      for (std::size_t t = 0; t < out.fresh_n.size(); ++t) {
        fresh += out.fresh_n[t];
        fresh_live += out.live_n[t];
      }
      if (bounds_.max_states == 0 || ids + fresh <= bounds_.max_states) {
        out.upto = out.count;
        ids += fresh;
        live += fresh_live;
      } else {
        cut_chunk(out, ids, live);
      }
      edges += out.upto;
    }
    live_added_ = live;
    return ids - first_id;
  }

  /// The chunk where the state bound falls: store up to the first new state past it.
  void cut_chunk(ChunkOut& out, std::uint64_t& ids, std::uint64_t& live) {
    for (; out.upto < out.count; ++out.upto) {
      if (!is_fresh(out, out.upto)) continue;
      if (ids >= bounds_.max_states) {
        stop_ = true;
        result_.complete = false;
        result_.bound_hit = "max_states";
        return;
      }
      ++ids;
      live += out.terminal[out.upto] ^ 1u;
    }
  }

  static bool is_fresh(const ChunkOut& out, std::size_t j) {
    for (const std::vector<std::uint8_t>& f : out.fresh_by)
      if (f[j] != 0) return true;
    return false;
  }

  void store_chunk(ChunkOut& out, std::size_t live_first) {
    std::uint64_t id = out.id_base, live = live_first + out.live_base;
    const std::uint64_t round_first = outs_[0].id_base;
    for (std::size_t j = 0; j < out.upto; ++j) {
      if (!is_fresh(out, j)) continue;
      Succ& s = out.succ[j];
      links_round_[id - round_first] = ParentLink::make(s.from, s.action);
      if (bounds_.liveness) {
        seen_.set_id(s.fp, static_cast<std::uint32_t>(id));
        if (s.terminal) flags_[id] = kNodeTerminal;
      }
      if (!s.terminal) {
        s.node.id = static_cast<std::uint32_t>(id);
        next_.at(live++) = s.node;
      }
      ++id;
    }
  }

  void edges_of_chunk(const ChunkOut& out) {
    for (std::size_t j = 0; j < out.upto; ++j)
      edges_[out.edge_base + j] = GraphEdge{out.succ[j].from, seen_.id_of(out.succ[j].fp)};
  }

  bool over_memory_bound() const {
    return bounds_.max_memory_bytes != 0 && current_rss_bytes() > bounds_.max_memory_bytes / 4 * 3;
  }

  /// Record violations and witnesses not seen before; their run is the path
  /// to `from` plus `action`.
  void record(const Verdicts& v, std::uint32_t from, std::uint8_t action) {
    const PropertyBits new_bad = v.violated & ~result_.violated;
    const PropertyBits new_seen = v.witnessed & ~result_.witnessed;
    if (new_bad.none() && new_seen.none()) return;
    std::vector<std::uint8_t> path;
    if (from != kNoParent) {
      path = path_to(from);
      path.push_back(action);
    }
    for (int p = 0; p < kMaxProperties; ++p) {
      if (new_bad.test(p)) result_.counterexamples.push_back({p, path});
      if (new_seen.test(p)) result_.witnesses.push_back({p, path});
    }
    result_.violated |= v.violated;
    result_.witnessed |= v.witnessed;
  }

  /// States left unexpanded by a bound: their traces are cut short.
  void cut_frontier(std::size_t from_index) {
    for (std::size_t k = from_index; k < cur_.size(); ++k) cut_node(cur_[k]);
    for (std::size_t k = 0; k < next_.size(); ++k) cut_node(next_[k]);
    cur_.clear();
    next_.clear();
  }
  void cut_node(const Node& n) {
    result_.complete = false;
    Verdicts v;
    Ctx ctx;
    systems_[0].sys.unpack(n.ctx, ctx);
    systems_[0].sys.finish(ctx, false, v);
    if ((v.violated & ~result_.violated).none() && (v.witnessed & ~result_.witnessed).none()) return;
    const ParentLink l = links_[n.id];
    record(v, l.parent(), l.action());
  }

  void maybe_report(std::uint32_t level, std::size_t left_in_level) {
    const auto now = std::chrono::steady_clock::now();
    if (!progress_ || now - last_report_ < std::chrono::milliseconds(500)) return;
    last_report_ = now;
    progress_(ProgressInfo{links_.size(), result_.transitions, level, left_in_level + next_.size(),
                           std::chrono::duration<double>(now - start_).count()});
  }

  void finish_result() {
    result_.states = links_.size();
    result_.stored_bytes = seen_.bytes();
    result_.link_bytes = links_.size() * sizeof(ParentLink);
    result_.links_on_disk = links_.on_disk();
    result_.graph_bytes = edges_.capacity() * sizeof(GraphEdge) + flags_.capacity();
    result_.threads = pool_.size();
    result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    result_.peak_rss_bytes = peak_rss_bytes();
  }

  template <class T>
  using BigVector = std::vector<T, HugeAllocator<T>>;
  std::vector<PerThread> systems_;
  const Bounds& bounds_;
  const ProgressFn& progress_;
  WorkerPool pool_;
  ShardedSet seen_;
  LinkStore<ParentLink> links_;
  std::vector<ParentLink> links_round_;
  BigVector<std::uint8_t> flags_;
  BigVector<GraphEdge> edges_;
  ChunkPool chunk_pool_;
  Frontier<Node> cur_{chunk_pool_}, next_{chunk_pool_};
  std::vector<ChunkOut> outs_;
  std::uint64_t live_added_ = 0;
  CheckResult result_;
  bool stop_ = false;
  std::chrono::steady_clock::time_point start_, last_report_;
};

}  // namespace bc
