#pragma once
/// The per-chunk steps of checker/parallel/parallel_bfs.hpp (expand a chunk, grow the
/// table, dedupe, plan and store a round), defined out of the class to keep
/// each file short. Included by parallel_bfs.hpp only.
#include "checker/parallel/parallel_bfs.hpp"
#include "checker/store/stream_copy.hpp"

namespace bc {

template <class System>
template <class OnEdge>
void ParallelBfs<System>::expand_chunk(int t, ChunkOut& out, std::size_t begin, std::size_t end, const Verdicts& known,
                                       OnEdge& on_edge) {
  System& sys = systems_[static_cast<std::size_t>(t)].sys;
  out.count = 0;
  out.per_shard.fill(0);
  for (std::vector<std::uint64_t>& f : out.fps_by) f.clear();
  for (std::vector<std::uint8_t>& i : out.term_by) i.clear();
  out.owner_of.clear();
  out.hits.clear();
  out.violations.clear();
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
        if (bounds_.all_violations) {
          const std::uint64_t fp = sys.fingerprint(s.node.state, ctx);
          for (int p = 0; p < kMaxProperties; ++p)
            if (v.violated.test(static_cast<std::size_t>(p)))
              out.violations.push_back({sys.root_of(node.state, i, p), fp, node.id, static_cast<std::uint8_t>(i)});
        }
        cut = true;
        continue;
      }
      ++out.count;
      s.fp = sys.fingerprint(s.node.state, ctx);
      System::pack(ctx, s.node.ctx);
      const auto shard = static_cast<std::uint64_t>(ShardedSet::shard_of(s.fp));
      const std::size_t owner = owners_[shard];
      out.fps_by[owner].push_back(s.fp);
      out.term_by[owner].push_back(s.terminal ? 1 : 0);
      if (dedupers_ > 1) out.owner_of.push_back(static_cast<std::uint8_t>(owner));
      ++out.per_shard[shard];
      s.from = node.id;
      s.action = static_cast<std::uint8_t>(i);
    }
    out.transitions += static_cast<std::uint64_t>(n);
    if (bounds_.liveness) flags_[node.id] |= std::uint8_t(kNodeExpanded | (cut ? kNodeCut : 0));
  }
}

template <class System>
void ParallelBfs<System>::note_violations(const ChunkOut& out) {
  for (const ViolationHit& h : out.violations) {
    auto [it, fresh] = groups_.try_emplace(h.root);
    GroupTally& g = it->second;
    if (fresh) {
      g.order = groups_.size() - 1;
      g.from = h.from;
      g.action = h.action;
    }
    g.fps.insert(h.fp);
  }
}

template <class System>
void ParallelBfs<System>::finish_groups() {
  result_.violation_groups.resize(groups_.size());
  for (const auto& [root, g] : groups_) {
    ViolationGroup& out = result_.violation_groups[g.order];
    out.root = root;
    out.states = g.fps.size();
    out.shortest.property = root.property;
    out.shortest.actions = path_to(g.from);
    out.shortest.actions.push_back(g.action);
  }
}

template <class System>
void ParallelBfs<System>::plan_growth(const Round& round) {
  const std::vector<ChunkOut*>& outs = bufs_[static_cast<std::size_t>(round.buf)];
  std::array<std::uint64_t, ShardedSet::kShards> extra{};
  for (std::size_t c = 0; c < round.chunks; ++c)
    for (std::size_t k = 0; k < extra.size(); ++k) extra[k] += outs[c]->per_shard[k];
  growth_.clear();
  bool due = false;
  for (int k = 0; k < ShardedSet::kShards && !due; ++k) due = seen_.needs_room(k, extra[static_cast<std::size_t>(k)]);
  if (!due) return;
  // The fingerprints are uniform, so the shards reach their limits within
  // a few rounds of each other: once one must grow, every shard near its
  // limit grows with it. Each thread then grows an even share in the same
  // job, rather than one thread growing a shard (milliseconds) while the
  // others wait for its dedupe at the end of the job.
  for (int k = 0; k < ShardedSet::kShards; ++k) {
    const std::uint64_t e = extra[static_cast<std::size_t>(k)];
    if (seen_.near_limit(k, e)) growth_.push_back({k, std::max<std::uint64_t>(e, seen_.headroom(k) + 1)});
  }
}

template <class System>
void ParallelBfs<System>::grow_own(int t) {
  for (const auto& [k, extra] : growth_)
    if (owners_[static_cast<std::size_t>(k)] == static_cast<std::uint32_t>(t)) seen_.make_room(k, extra);
}

template <class System>
void ParallelBfs<System>::dedupe(int t, const Round& round, std::size_t from, std::size_t to) {
  constexpr std::size_t kAhead = 16;  // table probes in flight: hides the cache misses
  const auto ti = static_cast<std::size_t>(t);
  if (ti >= dedupers_) return;  // this thread owns no shard
  if (from == 0) grow_own(t);  // before this thread's first probe of the round
  for (std::size_t c = from; c < to; ++c) {
    ChunkOut& out = *bufs_[static_cast<std::size_t>(round.buf)][c];
    const std::vector<std::uint64_t>& fps = out.fps_by[ti];
    const std::uint8_t* terminal = out.term_by[ti].data();
    const std::size_t m = fps.size();
    std::vector<std::uint8_t>& fresh = out.fresh_by[ti];
    fresh.resize(m);
    std::uint64_t fresh_n = 0, live_n = 0;
    for (std::size_t k = 0; k < m; ++k) {
      if (k + kAhead < m) seen_.prefetch(fps[k + kAhead]);
      const bool is_new = seen_.insert(fps[k]);
      fresh[k] = is_new ? 1 : 0;
      fresh_n += is_new ? 1 : 0;
      live_n += is_new ? terminal[k] ^ 1u : 0u;
    }
    out.fresh_n[ti] = fresh_n;
    out.live_n[ti] = live_n;
  }
}

template <class System>
std::uint64_t ParallelBfs<System>::plan_store(const Round& round) {
  const std::vector<ChunkOut*>& outs = bufs_[static_cast<std::size_t>(round.buf)];
  std::uint64_t ids = links_.size(), live = 0, edges = edges_.size();
  const std::uint64_t first_id = ids;
  for (std::size_t c = 0; c < round.chunks; ++c) {
    ChunkOut& out = *outs[c];
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

template <class System>
void ParallelBfs<System>::cut_chunk(ChunkOut& out, std::uint64_t& ids, std::uint64_t& live) {
  FreshWalk fresh(out);
  for (; out.upto < out.count; ++out.upto) {
    if (!fresh.next(out.upto)) continue;
    if (ids >= bounds_.max_states) {
      stop_ = true;
      result_.complete = false;
      result_.bound_hit = "max_states";
      return;
    }
    ++ids;
    live += out.succ[out.upto].terminal ? 0u : 1u;
  }
}

template <class System>
void ParallelBfs<System>::store_chunk(ChunkOut& out, std::size_t live_first, std::uint64_t round_first) {
  std::uint64_t id = out.id_base, live = live_first + out.live_base;
  FreshWalk fresh(out);
  for (std::size_t j = 0; j < out.upto; ++j) {
    if (!fresh.next(j)) continue;
    Succ& s = out.succ[j];
    links_round_[id - round_first] = ParentLink::make(s.from, s.action);
    if (bounds_.liveness) {
      seen_.set_id(s.fp, static_cast<std::uint32_t>(id));
      if (s.terminal) flags_[id] = kNodeTerminal;
    }
    if (!s.terminal) {
      s.node.id = static_cast<std::uint32_t>(id);
      stream_copy(next_.at(live++), s.node);
    }
    ++id;
  }
}

template <class System>
void ParallelBfs<System>::edges_of_chunk(const ChunkOut& out) {
  for (std::size_t j = 0; j < out.upto; ++j)
    edges_[out.edge_base + j] = GraphEdge{out.succ[j].from, seen_.id_of(out.succ[j].fp)};
}

}  // namespace bc
