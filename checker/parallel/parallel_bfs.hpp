#pragma once
/// The multi-core breadth-first core of the exhaustive checker. Each BFS
/// level is processed in rounds of kChunksPerRound chunks of kChunk states
/// (the last kTailStates in smaller chunks), each round in three steps:
///   1. expand: threads take chunks in any order; each chunk's successors,
///      verdicts and first violations go to a buffer of the thread's own;
///   2. dedupe: thread t inserts the fingerprints of the shards it owns
///      (shard % threads == t), walking the round's successors in order, so
///      the first occurrence of a state in (source, action) order is the new
///      one whatever the thread count; this runs in the same parallel job as
///      the next round's expansion (checker/parallel/parallel_bfs_rounds.hpp says why);
///   3. store: prefix sums over the chunks give every new state its id (the
///      same order as a one-thread search), then threads copy the new states
///      to the next level and write parent links, ids and edges at their
///      offsets; without the graph analysis, in the job after the dedupe's.
/// So states, transitions, verdicts and counterexamples (shortest, ties
/// broken by the lowest (source id, action), i.e. the lexicographically
/// least run) do not depend on the thread count or on scheduling. The
/// visited set is a sharded table of 64-bit fingerprints; parent links go to
/// a temporary file (checker/store/link_store.hpp).
///
/// A System is as in checker/search/bfs.hpp, plus `PackedContext` with
/// `static pack(const Ctx&, PackedContext&)` and `unpack(const PackedContext&,
/// Ctx&) const`: the frontier keeps contexts without the run's constant
/// header. One System copy per thread.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <new>
#include <optional>
#include <span>
#include <unordered_set>
#include <vector>

#include "checker/search/bfs.hpp"
#include "checker/store/link_store.hpp"
#include "checker/store/sharded_set.hpp"
#include "checker/parallel/worker_pool.hpp"

namespace bc {

template <class System>
class ParallelBfs {
 public:
  using St = typename System::StateType;
  using Ctx = typename System::ContextType;
  using Packed = typename System::PackedContext;
  static constexpr std::uint32_t kNoParent = kNoParentId;
  static constexpr std::size_t kChunk = 256;          ///< source states per chunk
  static constexpr std::size_t kChunksPerRound = 32;  ///< full chunks in a round
  /// A round's last kTailStates states go in chunks of kTailChunk: the
  /// threads run out of chunks within a few microseconds of each other.
  static constexpr std::size_t kTailChunk = 64, kTailStates = 512;
  /// Chunk outputs a round may need (the tail's chunks are smaller).
  static constexpr std::size_t kMaxChunks = kChunksPerRound - kTailStates / kChunk + kTailStates / kTailChunk;
  static_assert(kTailStates % kChunk == 0 && kChunk % kTailChunk == 0, "the tail is whole chunks of either size");

  /// At most this many threads dedupe (own table shards): a chunk's output
  /// keeps a list per deduping thread, so with more threads than this the
  /// others only expand and store, and the memory of the chunk outputs grows
  /// with the thread count, not with its square.
  static constexpr std::size_t kMaxDedupers = 32;

  /// `threads` >= 1 threads, each with its own copy of `system`.
  ParallelBfs(const System& system, int threads, const Bounds& bounds, const ProgressFn& progress)
      : systems_(static_cast<std::size_t>(threads), PerThread{system}), bounds_(bounds), progress_(progress),
        pool_(threads), seen_(bounds.liveness),
        dedupers_(std::min({systems_.size(), kMaxDedupers, static_cast<std::size_t>(ShardedSet::kShards)})),
        stages_(bounds.max_states != 0 ? 1 : bounds.liveness ? 2 : 3) {
    static_assert(kMaxDedupers <= 256, "owner_of holds a deduping thread in a byte");
    for (std::size_t k = 0; k < owners_.size(); ++k) owners_[k] = static_cast<std::uint32_t>(k % dedupers_);
    for (std::size_t b = 0; b < bufs_.size(); ++b) {
      bufs_[b].resize(kMaxChunks);
      used_[b].resize(systems_.size());
      slots_[b].resize(systems_.size());  // each thread's slots are made when it first needs them
    }
  }

  /// Explore; on_edge(thread, from, to, action) is called on every
  /// transition from the thread that computed it.
  template <class OnEdge>
  void run(OnEdge&& on_edge) {
    start_ = std::chrono::steady_clock::now();
    last_report_ = start_;
    try {
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
    } catch (const std::bad_alloc&) {
      // The system refused memory before --max-memory was reached: the run
      // stops as under that bound, saying how many states it stored; the
      // round in flight is lost, so the graph is not analysed.
      stop_ = true;
      result_.complete = false;
      result_.bound_hit = "out_of_memory";
      edges_.clear();
      flags_.clear();
    }
    finish_result();
  }

  CheckResult& result() { return result_; }
  /// Action indices of the shortest stored run from the initial state to `id`.
  std::vector<std::uint8_t> path_to(std::uint32_t id) const {
    return rebuild_path(id, [this](std::uint32_t v) {
      const ParentLink l = links_[v];
      return std::pair{l.parent(), l.action()};
    });
  }
  std::span<const GraphEdge> edges() const { return edges_; }
  std::span<const std::uint8_t> flags() const { return flags_; }

 private:
  using ShardOwners = std::array<std::uint32_t, ShardedSet::kShards>;
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
  /// A violating successor, for the groups by root (Bounds::all_violations).
  struct ViolationHit {
    ViolationRoot root;
    std::uint64_t fp;
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
    /// [deduper]: the fingerprints of the successors whose shard that thread
    /// dedupes (threads [0, dedupers_)), in order, and whether each is a terminal state. Sorted out
    /// while expanding; each thread reads only its own lists, and writes
    /// only its own flags.
    std::vector<std::vector<std::uint64_t>> fps_by;
    std::vector<std::vector<std::uint8_t>> term_by;
    /// [thread][k]: whether the k-th successor of fps_by[thread] is new.
    std::vector<std::vector<std::uint8_t>> fresh_by;
    /// [successor]: the thread that dedupes it (with more than one thread).
    std::vector<std::uint8_t> owner_of;
    /// [thread]: the store's place in each fresh_by list (FreshWalk).
    std::vector<std::uint32_t> cursor;
    std::vector<std::uint64_t> fresh_n, live_n;  ///< [thread]: its new states, and those not terminal
    std::array<std::uint32_t, ShardedSet::kShards> per_shard{};  ///< successors per table shard
    std::vector<Hit> hits;
    std::vector<ViolationHit> violations;  ///< every violating successor (all_violations only)
    std::uint64_t transitions = 0;
    std::size_t upto = 0;              ///< successors stored (all, unless the state bound cut the round)
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
    const std::uint64_t fp = systems_[0].sys.fingerprint(root.state, ctx);
    seen_.insert(fp);
    seen_.set_id(fp, 0);
    links_.push_back(ParentLink::make(kNoParent, 0));
    if (bounds_.liveness) flags_.push_back(std::uint8_t(terminal ? kNodeTerminal : 0));
    record(v, kNoParent, 0);
    if (v.violated.any() || terminal) return false;
    cur_.push_back(root);
    return true;
  }

  /// A round of the level: [begin, end), its chunk outputs in
  /// bufs_[buf]; once planned (prepare_store), where its new states go.
  struct Round {
    std::size_t begin = 0, end = 0, chunks = 0;
    int buf = 0;
    std::size_t live_first = 0;    ///< its first slot in the next level
    std::uint64_t first_id = 0;    ///< the id of its first new state
    std::size_t head_end = 0, head_chunks = 0;  ///< where the chunks of kTailChunk start

    /// [begin, end) of the level, through bufs_[buf].
    static Round make(std::size_t begin, std::size_t end, int buf) {
      Round r{begin, end, 0, buf};
      r.head_end = end - begin > kTailStates ? end - kTailStates : begin;
      r.head_chunks = (r.head_end - begin + kChunk - 1) / kChunk;
      r.chunks = r.head_chunks + (end - r.head_end + kTailChunk - 1) / kTailChunk;
      return r;
    }
    /// The first state of chunk c (c <= chunks: the end of chunk c - 1).
    std::size_t chunk_begin(std::size_t c) const {
      if (c <= head_chunks) return std::min(head_end, begin + c * kChunk);
      return std::min(end, head_end + (c - head_chunks) * kTailChunk);
    }
  };

  /// One level, round after round (checker/parallel/parallel_bfs_rounds.hpp).
  template <class OnEdge>
  void run_level(std::uint32_t level, OnEdge& on_edge);
  /// The parallel job of a pipelined round: expand `round`; with `dedupe`,
  /// dedupe that earlier round; with `store`, store that one.
  template <class OnEdge>
  void expand_round(const Round& round, const Round* dedupe_round, const Round* store_round, OnEdge& on_edge);
  /// The level's last pipelined rounds, with nothing left to overlap them with.
  void drain(std::optional<Round>& to_dedupe, std::optional<Round>& to_store, std::uint32_t level);
  /// Give a deduped round's new states their ids and next-level slots.
  void prepare_store(Round& round);
  /// Store a prepared round in a job of its own (with its edges).
  void store_round(const Round& round);
  /// Thread t stores its own chunks [from, to) of a prepared round (in the
  /// order it expanded them); returns where it stopped.
  std::size_t store_own(int t, const Round& round, std::size_t from, std::size_t to);
  /// After a round's store: hand its links to the links file.
  void after_store(std::uint32_t level);
  /// Stop (the result incomplete) once the memory bound is passed.
  void check_memory();
  /// Thread t's next free slot of buffer `buf` (made on first use, with a
  /// list per deduping thread).
  ChunkOut& take_slot(std::size_t buf, std::size_t t, std::size_t used) {
    std::deque<ChunkOut>& mine = slots_[buf][t];
    if (used == mine.size()) {
      ChunkOut& out = mine.emplace_back();
      out.fresh_by.resize(dedupers_);
      out.fps_by.resize(dedupers_);
      out.term_by.resize(dedupers_);
      out.cursor.resize(dedupers_);
      out.fresh_n.resize(dedupers_);
      out.live_n.resize(dedupers_);
    }
    return mine[used];
  }
  /// Mark a dropped round's sources as cut (the graph analysis).
  void mark_cut(std::size_t begin, std::size_t end) {
    if (bounds_.liveness)
      for (std::size_t k = begin; k < end; ++k) flags_[cur_[k].id] |= kNodeCut;
  }

  template <class OnEdge>
  void expand_chunk(int t, ChunkOut& out, std::size_t begin, std::size_t end, const Verdicts& known,
                    OnEdge& on_edge);
  /// List the shards this round's successors might overfill (growth_).
  void plan_growth(const Round& round);
  /// Grow thread t's own shards of growth_ (shard % threads == t): called by
  /// dedupe before the thread's first probe of the round, so the rehash runs
  /// in the parallel job, the other threads taking more chunks meanwhile, and
  /// the new table lands in the cache of the thread that probes it.
  void grow_own(int t);
  /// Thread t inserts the successors of its shards in chunks [from, to) of
  /// `round`, in (chunk, index) order.
  void dedupe(int t, const Round& round, std::size_t from, std::size_t to);
  /// Give each chunk its id, frontier and edge offsets; apply the state
  /// bound (the first new state past it stops the search, as in Bfs). Returns
  /// the number of new states stored by this round.
  std::uint64_t plan_store(const Round& round);
  /// The chunk where the state bound falls: store up to the first new state past it.
  void cut_chunk(ChunkOut& out, std::uint64_t& ids, std::uint64_t& live);
  /// Whether the chunk's successors are new, asked in order from j = 0.
  class FreshWalk {
   public:
    explicit FreshWalk(ChunkOut& out) : out_(out) { std::fill(out.cursor.begin(), out.cursor.end(), 0); }
    bool next(std::size_t j) {
      if (out_.cursor.size() == 1) return out_.fresh_by[0][j] != 0;  // one thread deduped them all, in order
      const std::size_t o = out_.owner_of[j];
      return out_.fresh_by[o][out_.cursor[o]++] != 0;
    }

   private:
    ChunkOut& out_;
  };
  void store_chunk(ChunkOut& out, std::size_t live_first, std::uint64_t round_first);
  void edges_of_chunk(const ChunkOut& out);

  /// Count a chunk's violating successors into their groups (in chunk
  /// order, after the job: the first of each group is the one a one-thread
  /// search finds first).
  void note_violations(const ChunkOut& out);
  /// The groups, in the order first found, with their shortest runs.
  void finish_groups();

  /// Record the verdicts of v not seen before (record_new).
  void record(const Verdicts& v, std::uint32_t from, std::uint8_t action) {
    record_new(result_, v, from, action, [this](std::uint32_t id) { return path_to(id); });
  }

  /// States left unexpanded by a bound: their traces are cut short.
  void cut_frontier(std::size_t from_index) {
    cut_frontiers(cur_, from_index, next_, [this](const Node& n) { cut_node(n); });
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
    report_progress(progress_, start_, last_report_,
                    ProgressInfo{links_.size(), result_.transitions, level, left_in_level + next_.size(), 0.0});
  }

  void finish_result() {
    finish_groups();
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
  /// Chunk outputs of three rounds: one expanded while the one before is
  /// deduped and the one before that stored. [buf][chunk]: the chunk's
  /// output, one of the slots of the thread that expanded it.
  std::array<std::vector<ChunkOut*>, 3> bufs_;
  /// [buf][thread]: that thread's chunk outputs, the first used_[buf][thread]
  /// of them filled this round. A thread writes only its own slots, and
  /// stores its own chunks, so a successor's cache lines never move to the
  /// other core (only the fingerprints the dedupe reads do).
  /// A deque: a new slot leaves the addresses in bufs_ valid.
  std::array<std::vector<std::deque<ChunkOut>>, 3> slots_;
  std::array<std::vector<std::size_t>, 3> used_;
  /// The shards to grow before the next dedupe, with the room each needs.
  std::vector<std::pair<int, std::uint64_t>> growth_;
  /// A root's violating states so far and its first run (all_violations).
  struct GroupTally {
    std::unordered_set<std::uint64_t> fps;
    std::size_t order = 0;
    std::uint32_t from = 0;
    std::uint8_t action = 0;
  };
  std::map<ViolationRoot, GroupTally> groups_;
  /// [shard]: the thread that dedupes it (shard mod threads, looked up:
  /// a division per successor costs more than the lookup).
  ShardOwners owners_{};
  std::size_t dedupers_;  ///< threads that own shards: min(threads, kMaxDedupers, shards)
  /// Pipeline depth. 3 (the default): a round's store, the next one's
  /// dedupe and the one after's expansion run in one job. 2 (with the graph
  /// analysis, whose ids the store writes into the table the dedupe
  /// probes): the store has a job of its own. 1 (under a state bound, so
  /// that no round past the bound is expanded): no overlap.
  int stages_;
  std::uint64_t live_added_ = 0;
  CheckResult result_;
  bool stop_ = false;
  std::chrono::steady_clock::time_point start_, last_report_;
};

}  // namespace bc

#include "checker/parallel/parallel_bfs_chunks.hpp"  // the member definitions of the per-chunk steps
#include "checker/parallel/parallel_bfs_rounds.hpp"  // the member definitions of the round schedule
