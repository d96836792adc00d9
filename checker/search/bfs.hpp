#pragma once
/// The breadth-first core of the exhaustive checker, after TLC's worker loop:
/// pop a (state, monitor context) pair, generate every successor, check the
/// properties on the transition before enqueueing, store a 64-bit fingerprint
/// of the product state and a parent link. A template over the explored
/// system so the core can be tested on tiny hand-made systems too.
///
/// A System provides:
///   using StateType; using ContextType;            // fixed-size values
///   void start(StateType&, ContextType&, Verdicts&);  // initial state, its events observed
///   int expand(const StateType&);                   // number of actions (kept for successor())
///   void successor(const StateType&, int action, StateType& out, ContextType& ctx, Verdicts&);
///                                                   // ctx: a copy of the source's, updated in place
///   bool terminal(const StateType&);
///   void finish(const ContextType&, bool complete, Verdicts&);
///   std::uint64_t fingerprint(const StateType&, const ContextType&);  // never 0
#include <fcntl.h>
#include <sys/resource.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <tuple>
#include <utility>
#include <vector>

#include "checker/search/search_types.hpp"
#include "checker/store/fingerprint_set.hpp"
#include "checker/store/frontier.hpp"
#include "checker/search/graph_analysis.hpp"
#include "checker/store/huge_alloc.hpp"

namespace bc {

/// Peak resident set size of this process so far, in bytes.
inline std::uint64_t peak_rss_bytes() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<std::uint64_t>(ru.ru_maxrss) * 1024u;
}

/// Resident set size of this process now, in bytes (0 if unknown).
inline std::uint64_t current_rss_bytes() {
  // Opened once and read with pread: the searches ask after every round.
  static const int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
  char text[128];
  const ssize_t n = fd < 0 ? -1 : pread(fd, text, sizeof(text) - 1, 0);
  if (n <= 0) return 0;
  text[n] = '\0';
  char* rest = nullptr;
  std::strtoull(text, &rest, 10);  // total pages
  const unsigned long long resident = std::strtoull(rest, nullptr, 10);
  return resident * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
}

/// User + system CPU time of this process so far, in seconds.
inline double cpu_seconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

/// Append to a vector growing its capacity by 1.5x (not 2x): the parent links
/// are most of the per-state memory after the table.
template <class T, class A>
inline void push_compact(std::vector<T, A>& v, T x) {
  if (v.size() == v.capacity()) v.reserve(v.capacity() < 1024 ? 1024 : v.capacity() + v.capacity() / 2);
  v.push_back(x);
}

/// The parent id of the initial state in parent links.
inline constexpr std::uint32_t kNoParentId = 0xFFFFFFFFu;

/// Whether the resident memory passed 3/4 of the memory bound (0 = none):
/// the search stops there, leaving room for the next growth of a table.
inline bool over_memory_bound(const Bounds& bounds) {
  return bounds.max_memory_bytes != 0 && current_rss_bytes() > bounds.max_memory_bytes / 4 * 3;
}

/// The counterexample rebuild shared by the searches (TLC: a trace is rebuilt
/// from parent links): the actions from the initial state to state `id`, where
/// link_of(v) gives v's (parent id, action) and the initial state's parent is
/// kNoParentId.
template <class LinkOf>
std::vector<std::uint8_t> rebuild_path(std::uint32_t id, LinkOf link_of) {
  std::vector<std::uint8_t> path;
  for (auto [parent, action] = link_of(id); parent != kNoParentId; std::tie(parent, action) = link_of(parent))
    path.push_back(action);
  return {path.rbegin(), path.rend()};
}

/// Record in r the violations and witnesses of v it has not seen yet; their
/// run is path_to(from) plus `action` (the shortest, as the searches are
/// breadth first), or empty for the initial state (from == kNoParentId).
template <class PathTo>
void record_new(CheckResult& r, const Verdicts& v, std::uint32_t from, std::uint8_t action, PathTo path_to) {
  const PropertyBits new_bad = v.violated & ~r.violated;
  const PropertyBits new_seen = v.witnessed & ~r.witnessed;
  if (new_bad.none() && new_seen.none()) return;
  std::vector<std::uint8_t> path;
  if (from != kNoParentId) {
    path = path_to(from);
    path.push_back(action);
  }
  for (int p = 0; p < kMaxProperties; ++p) {
    if (new_bad.test(p)) r.counterexamples.push_back({p, path});
    if (new_seen.test(p)) r.witnesses.push_back({p, path});
  }
  r.violated |= v.violated;
  r.witnessed |= v.witnessed;
}

/// States left unexpanded by a bound: cut_node(n) for the states of `cur`
/// from `from_index` on and for every state of `next`; both are emptied.
template <class Frontier, class CutNode>
void cut_frontiers(Frontier& cur, std::size_t from_index, Frontier& next, CutNode cut_node) {
  for (std::size_t k = from_index; k < cur.size(); ++k) cut_node(cur[k]);
  for (std::size_t k = 0; k < next.size(); ++k) cut_node(next[k]);
  cur.clear();
  next.clear();
}

/// Call `progress` (if set) at most every 500 ms with the search's figures.
inline void report_progress(const ProgressFn& progress, std::chrono::steady_clock::time_point start,
                            std::chrono::steady_clock::time_point& last, const ProgressInfo& info) {
  const auto now = std::chrono::steady_clock::now();
  if (!progress || now - last < std::chrono::milliseconds(500)) return;
  last = now;
  ProgressInfo i = info;
  i.seconds = std::chrono::duration<double>(now - start).count();
  progress(i);
}

template <class System>
class Bfs {
 public:
  using St = typename System::StateType;
  using Ctx = typename System::ContextType;
  static constexpr std::uint32_t kNoParent = kNoParentId;
  static constexpr std::size_t kBatch = 16;  ///< states expanded before their successors are stored
  static constexpr std::uint64_t kCheckEvery = 1u << 16;  ///< transitions between clock checks

  Bfs(System& sys, const Bounds& bounds, const ProgressFn& progress)
      : sys_(sys), bounds_(bounds), progress_(progress), seen_(bounds.liveness) {}

  /// Explore; on_edge(from, to, action) is called on every transition
  /// (after its successor is computed, whether or not it is new).
  template <class OnEdge>
  void run(OnEdge&& on_edge) {
    start_ = std::chrono::steady_clock::now();
    last_report_ = start_;
    if (!store_root()) return;
    std::uint32_t level = 0;
    while (!cur_.empty()) {
      if (bounds_.max_depth != 0 && level >= bounds_.max_depth) {
        cut_frontier(0);  // the depth bound: these states stay unexpanded
        result_.bound_hit = "max_depth";
        break;
      }
      for (std::size_t k = 0; k < cur_.size() && !stop_;) {
        const std::size_t end = std::min(cur_.size(), k + kBatch);
        expand_batch(k, end, level, on_edge);
        if (stop_) cut_frontier(end);  // the state bound
        k = end;
        if (result_.transitions >= next_check_) {
          next_check_ = result_.transitions + kCheckEvery;
          maybe_report(level, cur_.size() - k);
        }
      }
      if (stop_) break;
      cur_.clear();
      cur_.swap(next_);
      ++level;
    }
    finish_result();
  }

  CheckResult& result() { return result_; }
  /// Action indices of the shortest stored run from the initial state to `id`.
  std::vector<std::uint8_t> path_to(std::uint32_t id) const {
    return rebuild_path(id, [this](std::uint32_t v) { return std::pair{std::uint32_t(parent_[v]), action_[v]}; });
  }
  /// Liveness data (Bounds::liveness): edges between state ids and NodeFlag bits per state.
  std::span<const GraphEdge> edges() const { return edges_; }
  std::span<const std::uint8_t> flags() const { return flags_; }

 private:
  struct Node {
    St state;
    Ctx ctx;
    std::uint32_t id;
  };
  struct Succ {
    Node node;
    std::uint64_t fp;
    std::uint32_t from;  ///< id of the source state
    std::uint8_t action;
    bool keep;
    bool terminal;
  };

  bool store_root() {
    Node root{};
    Verdicts v;
    sys_.start(root.state, root.ctx, v);
    const bool terminal = sys_.terminal(root.state);
    if (terminal) sys_.finish(root.ctx, true, v);
    root.id = 0;
    seen_.insert(sys_.fingerprint(root.state, root.ctx), 0);
    push_compact(parent_, kNoParent);
    push_compact(action_, std::uint8_t{0});
    if (bounds_.liveness) push_compact(flags_, std::uint8_t(terminal ? kNodeTerminal : 0));
    record(v, kNoParent, 0);
    if (v.violated.any() || terminal) return false;  // nothing to expand
    cur_.push_back(root);
    return true;
  }

  /// Expand cur_[begin, end): generate and check every successor first (their
  /// table slots are prefetched), then store them in order. Batching several
  /// states hides the cache misses of the table probes; the order of ids,
  /// records and stores is the same as one state at a time.
  template <class OnEdge>
  void expand_batch(std::size_t begin, std::size_t end, std::uint32_t level, OnEdge& on_edge) {
    std::size_t count = 0;
    for (std::size_t k = begin; k < end; ++k) {
      const Node& node = cur_[k];
      const int n = sys_.expand(node.state);
      if (succ_.size() < count + static_cast<std::size_t>(n)) succ_.resize(count + static_cast<std::size_t>(n));
      bool cut = false;
      for (int i = 0; i < n; ++i) {
        Succ& s = succ_[count++];
        s.from = node.id;
        s.action = static_cast<std::uint8_t>(i);
        s.node.ctx = node.ctx;
        Verdicts v;
        sys_.successor(node.state, i, s.node.state, s.node.ctx, v);
        s.terminal = sys_.terminal(s.node.state);
        if (s.terminal) sys_.finish(s.node.ctx, true, v);
        on_edge(node.state, s.node.state, i);
        record(v, node.id, s.action);
        s.keep = v.violated.none();  // successors of a violation would only repeat it
        cut |= !s.keep;
        if (s.keep) {
          s.fp = sys_.fingerprint(s.node.state, s.node.ctx);
          seen_.prefetch(s.fp);
        }
      }
      result_.transitions += static_cast<std::uint64_t>(n);
      if (bounds_.liveness) flags_[node.id] |= std::uint8_t(kNodeExpanded | (cut ? kNodeCut : 0));
    }
    for (std::size_t i = 0; i < count && !stop_; ++i)
      if (succ_[i].keep) store(succ_[i], level + 1);
    if (stop_ && bounds_.liveness)
      for (std::size_t k = begin; k < end; ++k) flags_[cur_[k].id] |= kNodeCut;
  }

  void store(Succ& s, std::uint32_t level) {
    const std::uint32_t from = s.from;
    const auto next_id = static_cast<std::uint32_t>(parent_.size());
    if (bounds_.max_states != 0 && parent_.size() >= bounds_.max_states && !seen_.contains(s.fp)) {
      stop_ = true;
      result_.complete = false;
      result_.bound_hit = "max_states";
      return;
    }
    const FingerprintSet::Inserted r = seen_.insert(s.fp, next_id);
    if (bounds_.liveness) push_compact(edges_, GraphEdge{from, r.id});
    if (!r.fresh) return;
    push_compact(parent_, from);
    push_compact(action_, s.action);
    if ((next_id & 0xFFFFu) == 0 && over_memory_bound(bounds_)) {
      stop_ = true;
      result_.complete = false;
      result_.bound_hit = "max_memory";
    }
    if (bounds_.liveness) push_compact(flags_, std::uint8_t(s.terminal ? kNodeTerminal : 0));
    if (level > result_.depth) result_.depth = level;
    if (!s.terminal) {
      s.node.id = next_id;
      next_.push_back(s.node);
    }
  }

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
    sys_.finish(n.ctx, false, v);
    record(v, parent_[n.id], action_[n.id]);
  }

  void maybe_report(std::uint32_t level, std::size_t left_in_level) {
    report_progress(progress_, start_, last_report_,
                    ProgressInfo{parent_.size(), result_.transitions, level, left_in_level + next_.size(), 0.0});
  }

  void finish_result() {
    result_.states = parent_.size();
    result_.stored_bytes = seen_.bytes() + parent_.capacity() * sizeof(std::uint32_t) + action_.capacity();
    result_.graph_bytes = edges_.capacity() * sizeof(GraphEdge) + flags_.capacity();
    result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    result_.peak_rss_bytes = peak_rss_bytes();
  }

  System& sys_;
  const Bounds& bounds_;
  const ProgressFn& progress_;
  FingerprintSet seen_;
  template <class T>
  using BigVector = std::vector<T, HugeAllocator<T>>;
  BigVector<std::uint32_t> parent_;
  BigVector<std::uint8_t> action_;
  BigVector<std::uint8_t> flags_;
  BigVector<GraphEdge> edges_;
  ChunkPool pool_;
  Frontier<Node> cur_{pool_}, next_{pool_};
  std::vector<Succ> succ_;
  CheckResult result_;
  bool stop_ = false;
  std::uint64_t next_check_ = kCheckEvery;
  std::chrono::steady_clock::time_point start_, last_report_;
};

}  // namespace bc
