#pragma once
/// One rank of the MPI search (checker/mpi/mpi_explorer.hpp), with threads
/// inside (hybrid: `mpirun -np R battlecheck check --mpi --threads T`).
/// Level-synchronous breadth-first search; a level goes in rounds:
///   1. expand: the rank's threads take chunks of its frontier; each
///      successor goes to a list per owner rank (fingerprint bits 32-55);
///   2. send: each thread's list for another rank goes as it is, one
///      nonblocking message (a rank's own successors never leave its
///      memory);
///   3. receive (in the job that expands a later round: the next one for
///      the rank's own successors, the one after it for other ranks', so
///      a rank waits only for a rank two rounds behind): thread u keeps
///      the successors whose table shard it owns
///      (shard % T == u): it inserts them into the visited set at once, one
///      probe a successor. A new one goes to u's pending list, tagged in
///      the visited set with its depth's parity (ShardedSet::kTag); one
///      found with that tag (new in this level, or two or more levels back)
///      is set aside.
/// Then, for each state new in the level, the successor with the least
/// (source id, action) key is kept: the set-aside ones are matched against
/// the pending list (settle_repeats; an id per state in the visited set did
/// this before, at the cost of a second cache miss a new state). The level's
/// new states get their global ids: each thread sorts its keys, and
/// mpi::keys_below places them among every rank's keys; each
/// thread stores its states (links by id, flags, its share of the next
/// frontier). So ids, verdicts and counterexamples are those
/// of the one-process search (checker/parallel/parallel_bfs.hpp) for any
/// number of ranks and threads. Two ranks or more (explore_mpi gives one
/// rank the shared-memory search). Compiled only when CMake finds MPI; only
/// the calling thread talks to MPI (MPI_THREAD_FUNNELED).
#include <mpi.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <cstddef>
#include <deque>
#include <memory>
#include <vector>

#include "checker/mpi/mpi_collectives.hpp"
#include "checker/mpi/mpi_explorer.hpp"
#include "checker/parallel/worker_pool.hpp"
#include "checker/search/graph_analysis.hpp"
#include "checker/search/model_system.hpp"
#include "checker/store/frontier.hpp"
#include "checker/store/link_store.hpp"
#include "checker/store/sharded_set.hpp"

namespace bc::mpi_search {

constexpr std::uint32_t kNoParent = 0xFFFFFFFFu;
constexpr std::uint64_t kNone = ~std::uint64_t{0};
constexpr std::uint32_t kTerminalBit = 0x80000000u;  ///< in Worker::sorted: the state is terminal
/// Round k receives the other ranks' successors of round k - kRemoteLag.
constexpr std::uint64_t kRemoteLag = 2;
/// Sets of successor lists a thread keeps (Worker::out): round k refills
/// the set of round k - kSlots, whose sends must be done, i.e. the other
/// ranks must have reached round k - kSlots + kRemoteLag. (A lag of 1, or
/// more slots or a lag of 3, were slower on bench-large on two ranks: a
/// rank waits less, but more lists fall out of the cache.)
constexpr int kSlots = kRemoteLag + 1;

/// One successor on its way to the rank that owns it: 8 + 8 + 84 + the
/// context without the run's header + 1 bytes.
struct Msg {
  Msg() = default;
  /// Built in place in a list (no zeroing first: a value-initialised Msg
  /// cost a fifth of the expansion's own time).
  Msg(std::uint64_t fp_, std::uint64_t key_, const State& state_, const TraceContext& ctx_, bool terminal_)
      : fp(fp_), key(key_), state(state_), terminal(terminal_ ? 1 : 0) {
    ModelSystem::pack(ctx_, ctx);
  }
  std::uint64_t fp;
  std::uint64_t key;  ///< source id << 8 | action: the (source, action) order of the one-process search
  State state;
  ModelSystem::PackedContext ctx;
  std::uint8_t terminal;
};

/// A frontier state: kept as the Msg it arrived in (thread `part`'s level
/// store, index `at`), with its global id and its place among the states
/// that thread stored (`local`, the index of its liveness flags).
struct Ref {
  std::uint32_t id;
  std::uint32_t local;
  std::uint32_t at;
  std::uint32_t part;
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

inline std::uint64_t key_of(std::uint32_t from, std::uint8_t action) { return std::uint64_t{from} << 8 | action; }

/// A thread's successors for one owner rank. On cache lines of its own:
/// every successor writes the list's end, and two threads' lists side by
/// side on one line made the threads of a rank no faster than one.
struct alignas(128) OutList {
  std::vector<Msg> msgs;
};

/// What one thread of a rank owns, on cache lines of its own.
struct alignas(128) Worker {
  explicit Worker(const Model& model) : sys(model), pending(chunks), frontier(chunks) {}
  ModelSystem sys;
  /// [round % kSlots]: a round's successors (reused): [r < ranks] for rank
  /// r (not this one), [ranks + u] for this rank's thread u, the keeper of
  /// their shard. Three sets: round k's own are received while round k + 1
  /// is expanded, and its sends to other ranks may be in flight until round
  /// k + 3 refills the set. (Receiving a thread's own successors while it
  /// expands them, through a ring of prefetched probes, was slower: the two
  /// working sets evict each other.)
  std::array<std::vector<OutList>, kSlots> out;
  ChunkPool chunks;                   ///< 2 MiB pieces recycled between the two lists below
  Frontier<Msg> pending;              ///< this level's new states in this thread's shards
  Frontier<Msg> frontier;             ///< the previous level's `pending`: the frontier's states
  std::vector<std::uint64_t> keys;    ///< the keys of `pending`, sorted
  std::vector<std::uint64_t> below;   ///< [k]: keys of every thread and rank below keys[k]
  LinkStore<IdLink> links;            ///< the parent links of the states this thread stored, by id
  std::vector<std::uint8_t> flags;    ///< [local]: the liveness flags of those states
  std::vector<Ref> cur, next;         ///< this thread's share of the frontier, and of the next one
  std::vector<std::uint32_t> least_at;  ///< [i]: the least `at` of cur[i..] (chunks before it are free)
  /// [pending index]: (least key, pending index | terminal bit) as received;
  /// sorted by key when the level is stored.
  std::vector<std::pair<std::uint64_t, std::uint32_t>> sorted;
  std::vector<std::uint64_t> fresh_fps;  ///< [pending index]: its fingerprint
  /// Successors whose state was found with this level's tag: settled
  /// against `pending` when the level is stored (those that match none are
  /// of an earlier level).
  std::vector<Msg> repeats;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> sort_scratch;  ///< sort_by_key's second buffer (reused)
  std::vector<std::pair<std::uint32_t, std::uint64_t>> edges;   ///< (source id, fingerprint) received (liveness)
  std::array<std::uint64_t, kMaxProperties> bad{}, good{};      ///< least key of a new violation / witness
  std::uint64_t transitions = 0;
  /// expand()'s scratch, made once: a TraceContext's and a State's default
  /// members cost as much as a successor's copy when made per source.
  TraceContext source_ctx, ctx;
  State state;
};

class MpiBfs {
 public:
  MpiBfs(const Model& model, const Bounds& bounds, int threads, const ProgressFn& progress);
  ~MpiBfs();
  MpiBfs(const MpiBfs&) = delete;
  MpiBfs& operator=(const MpiBfs&) = delete;
  MpiOutcome run();

 private:
  // The search (mpi_bfs.cpp).
  /// The rank that owns fp: bits 32-55 scaled to the ranks (a multiply, not a division).
  int owner(std::uint64_t fp) const { return static_cast<int>(((fp >> 32 & 0xFFFFFF) * static_cast<std::uint64_t>(ranks_)) >> 24); }
  /// The thread of the owning rank that keeps fp's table shard (shard % threads).
  int keeper(std::uint64_t fp) const { return keeper_of_[static_cast<std::size_t>(ShardedSet::shard_of(fp))]; }
  bool store_root();
  /// One level in `rounds` rounds: every rank takes part in as many as the rank with the most.
  void expand_level(std::uint64_t rounds);
  std::size_t frontier_size() const { return starts_.back(); }
  const Ref& frontier_at(std::size_t k) const;
  void count_frontier();
  void expand_round(std::size_t begin, std::size_t end, int local_slot);
  void expand(Worker& w, const Ref& ref);

  // Messages and their receipt (mpi_exchange.cpp).
  void post_sends(int slot);
  void free_slot(int slot);
  void fetch_remote();
  void receive(int u, int local_slot);
  void receive_one(Worker& w, const Msg& m);

  // Ids and storing (mpi_store.cpp).
  void place_keys();
  static void settle_repeats(Worker& w);
  void store_level(std::uint32_t level);

  // Verdicts, runs and the graph (mpi_results.cpp).
  void note_first(Worker& w, const Verdicts& v, std::uint64_t key) const;
  void settle_level();
  void record_now(const Verdicts& v, const std::vector<std::uint8_t>& path);
  std::uint64_t local_link(std::uint32_t id) const;
  std::vector<std::uint8_t> path_to(std::uint32_t id);
  std::vector<std::uint8_t> run_of(std::uint64_t key);
  void settle(const std::array<std::uint64_t, kMaxProperties>& bad, const std::array<std::uint64_t, kMaxProperties>& good,
              bool keys);
  void cut_frontier();
  void report(std::uint32_t level, std::chrono::steady_clock::time_point start);
  void finish(std::chrono::steady_clock::time_point start);
  void analyse_graph();

  const Bounds& bounds_;
  const ProgressFn& progress_;
  int rank_ = 0, ranks_ = 1, threads_ = 1;
  std::deque<Worker> workers_;  ///< not moved once made (each holds its chunk pool)
  WorkerPool pool_;
  ShardedSet seen_;
  std::vector<GraphEdge> edges_;      ///< edges into own states
  /// The frontier is the threads' `cur`, one after another: [starts_[u],
  /// starts_[u + 1]) are thread u's.
  std::vector<std::size_t> starts_;
  std::array<std::uint8_t, ShardedSet::kShards> keeper_of_{};  ///< [shard]: shard % threads_
  int slot_ = 0;                      ///< which set of Worker::out the round being expanded writes
  bool tag_ = false;                  ///< the parity of the depth of the level being received
  std::vector<int> threads_of_;       ///< [rank]: its threads (the messages it sends each round)
  MPI_Comm comm_ = MPI_COMM_NULL;     ///< the successors' messages (tag: the sending thread), apart from collectives
  std::array<std::vector<MPI_Request>, kSlots> sends_;  ///< [slot]: the sends of its lists, in flight
  std::unique_ptr<std::byte[]> recv_bytes_;  ///< successors from other ranks (reused; never initialised)
  std::size_t recv_capacity_ = 0, recv_n_ = 0;  ///< in Msgs
  Msg* recv_msgs() const { return reinterpret_cast<Msg*>(recv_bytes_.get()); }
  mpi::KeyScratch key_scratch_;       ///< keys_below's buffers
  std::uint64_t level_total_ = 0;     ///< new states of the level, over every rank
  std::uint64_t next_id_ = 0;
  std::uint64_t transitions_ = 0;
  CheckResult result_;
};

}  // namespace bc::mpi_search
