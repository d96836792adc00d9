#pragma once
/// The round schedule of checker/parallel/parallel_bfs.hpp (a level's rounds through
/// expand, dedupe and store), defined out of the class to keep each file
/// short. Included by parallel_bfs.hpp only.
#include "checker/parallel/parallel_bfs.hpp"

namespace bc {

/// Pipelined, a round's dedupe runs in the job that expands the next round,
/// and (3 stages) its store in the job after: each thread interleaves its
/// chunks with its share of the table probes and of the copies to the next
/// level, so the memory-bound steps overlap the compute-bound expansion (on
/// the other core, and in the same core's out-of-order window) instead of
/// both cores waiting on memory at once, and a round costs one barrier.
/// Unpipelined, each round is deduped and stored before the next is
/// expanded. Either way every shard sees its insertions in (round, chunk,
/// index) order and ids are given in round order: the results are the same.
template <class System>
template <class OnEdge>
void ParallelBfs<System>::run_level(std::uint32_t level, OnEdge& on_edge) {
  const std::size_t round_size = kChunk * kChunksPerRound;
  std::optional<Round> to_dedupe, to_store;  // expanded, not yet deduped; deduped, not yet stored
  for (std::size_t begin = 0, r = 0; begin < cur_.size() && !stop_; begin += round_size, ++r) {
    const std::size_t end = std::min(cur_.size(), begin + round_size);
    Round round = Round::make(begin, end, static_cast<int>(r % 3));
    expand_round(round, to_dedupe ? &*to_dedupe : nullptr, to_store ? &*to_store : nullptr, on_edge);
    if (to_store) after_store(level);
    to_store.reset();
    if (to_dedupe) {
      prepare_store(*to_dedupe);
      if (stages_ == 3) {
        to_store = to_dedupe;
      } else {
        store_round(*to_dedupe);
        after_store(level);
      }
      to_dedupe.reset();
    }
    check_memory();
    if (stop_) {  // the round just expanded is dropped, its states cut short
      if (to_store) {
        store_round(*to_store);
        after_store(level);
      }
      mark_cut(begin, end);
      cut_frontier(begin);
      break;
    }
    plan_growth(round);
    if (stages_ > 1) {
      to_dedupe = round;
    } else {
      pool_.run([&](int t) { dedupe(t, round, 0, round.chunks); });
      prepare_store(round);
      store_round(round);
      after_store(level);
      check_memory();
      if (stop_) {
        mark_cut(begin, end);
        cut_frontier(end);
        break;
      }
    }
    maybe_report(level, cur_.size() - end);
    cur_.release_before(end);
  }
  if (!stop_) drain(to_dedupe, to_store, level);
}

template <class System>
void ParallelBfs<System>::drain(std::optional<Round>& to_dedupe, std::optional<Round>& to_store,
                                std::uint32_t level) {
  if (!to_dedupe && !to_store) return;
  pool_.run([&](int t) {
    if (to_dedupe) dedupe(t, *to_dedupe, 0, to_dedupe->chunks);
    if (to_store) store_own(t, *to_store, 0, kMaxChunks);
  });
  if (to_store) after_store(level);
  if (to_dedupe) {
    prepare_store(*to_dedupe);
    store_round(*to_dedupe);
    after_store(level);
  }
  check_memory();
  if (stop_) cut_frontier(cur_.size());
}

template <class System>
template <class OnEdge>
void ParallelBfs<System>::expand_round(const Round& round, const Round* dedupe_round, const Round* store_round,
                                       OnEdge& on_edge) {
  std::atomic<std::size_t> next_chunk{0};
  const Verdicts known{result_.violated, result_.witnessed};
  const auto buf = static_cast<std::size_t>(round.buf);
  // After chunk c, a thread's dedupe and store shares are done up to the
  // round's progress plus a quarter: they are over before its last chunks,
  // so the threads finish within one (small) chunk of each other.
  const auto ahead = [&round](std::size_t total, std::size_t c) {
    return std::min(total, (total * (c + 1) * 5 + 4 * round.chunks - 1) / (4 * round.chunks));
  };
  pool_.run([&](int t) {
    // The links file write (a few hundred microseconds a megabyte) runs
    // here, where the other threads take more chunks meanwhile, rather
    // than between two jobs where they would wait for it.
    if (t == 0) links_.flush_if_full();
    std::size_t used = 0, deduped = 0, stored = 0;
    for (std::size_t c; (c = next_chunk.fetch_add(1)) < round.chunks;) {
      ChunkOut& out = take_slot(buf, static_cast<std::size_t>(t), used++);
      bufs_[buf][c] = &out;
      expand_chunk(t, out, round.chunk_begin(c), round.chunk_begin(c + 1), known, on_edge);
      if (dedupe_round != nullptr && deduped < dedupe_round->chunks) {
        const std::size_t upto = std::max(deduped, ahead(dedupe_round->chunks, c));
        dedupe(t, *dedupe_round, deduped, upto);
        deduped = upto;
      }
      if (store_round != nullptr) {
        const std::size_t own = used_[static_cast<std::size_t>(store_round->buf)][static_cast<std::size_t>(t)];
        stored = store_own(t, *store_round, stored, std::max(stored, ahead(own, c)));
      }
    }
    used_[buf][static_cast<std::size_t>(t)] = used;
    if (dedupe_round != nullptr) dedupe(t, *dedupe_round, deduped, dedupe_round->chunks);
    if (store_round != nullptr) store_own(t, *store_round, stored, kMaxChunks);
  });
  for (std::size_t c = 0; c < round.chunks; ++c) {
    for (const Hit& h : bufs_[buf][c]->hits) record(h.v, h.from, h.action);
    note_violations(*bufs_[buf][c]);
    result_.transitions += bufs_[buf][c]->transitions;
  }
}

template <class System>
void ParallelBfs<System>::prepare_store(Round& round) {
  const std::vector<ChunkOut*>& outs = bufs_[static_cast<std::size_t>(round.buf)];
  const std::uint64_t fresh = plan_store(round);
  links_round_.resize(fresh);
  if (bounds_.liveness) {
    flags_.resize(flags_.size() + fresh, 0);
    edges_.resize(outs[round.chunks - 1]->edge_base + outs[round.chunks - 1]->upto);
  }
  round.live_first = next_.extend(live_added_);
  round.first_id = outs[0]->id_base;
}

template <class System>
void ParallelBfs<System>::store_round(const Round& round) {
  pool_.run([&](int t) { store_own(t, round, 0, kMaxChunks); });
  if (bounds_.liveness)  // after every chunk's ids are set
    pool_.run([&](int t) {
      const auto buf = static_cast<std::size_t>(round.buf), ti = static_cast<std::size_t>(t);
      for (std::size_t k = 0; k < used_[buf][ti]; ++k) edges_of_chunk(slots_[buf][ti][k]);
    });
}

template <class System>
std::size_t ParallelBfs<System>::store_own(int t, const Round& round, std::size_t from, std::size_t to) {
  const auto buf = static_cast<std::size_t>(round.buf), ti = static_cast<std::size_t>(t);
  to = std::min(to, used_[buf][ti]);
  for (std::size_t k = from; k < to; ++k) store_chunk(slots_[buf][ti][k], round.live_first, round.first_id);
  stream_fence();  // the streamed nodes are visible before the job ends
  return std::max(from, to);
}

template <class System>
void ParallelBfs<System>::after_store(std::uint32_t level) {
  links_.append_deferred(links_round_.data(), links_round_.size());  // written out by the next job
  if (!links_round_.empty() && level + 1 > result_.depth) result_.depth = level + 1;
}

template <class System>
void ParallelBfs<System>::check_memory() {
  if (!stop_ && over_memory_bound(bounds_)) {
    stop_ = true;
    result_.complete = false;
    result_.bound_hit = "max_memory";
  }
}

}  // namespace bc
