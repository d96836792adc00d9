// The MPI search's numbering and storing of a level's new states
// (checker/mpi/mpi_bfs.hpp, step 4): each thread's keys placed among every
// thread's and rank's, then each thread stores its own states.
#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include "checker/mpi/mpi_bfs.hpp"
#include "checker/mpi/mpi_collectives.hpp"

namespace bc::mpi_search {
namespace {

/// Sort (key, index) pairs by key (keys distinct): least-significant-digit
/// radix sort on the bits in which the keys differ from the least, in as few
/// passes of at most 14 bits as they need (two while a level has under 2^20
/// sources; 16,384 counters fit in the cache). The pairs arrive
/// as interleaved ascending runs (one per sending thread and rank), which
/// cost std::sort a comparison sort's n log n.
void sort_by_key(std::vector<std::pair<std::uint64_t, std::uint32_t>>& v,
                 std::vector<std::pair<std::uint64_t, std::uint32_t>>& scratch) {
  if (v.size() < 2 || std::is_sorted(v.begin(), v.end())) return;
  if (v.size() < 1024) {
    std::sort(v.begin(), v.end());
    return;
  }
  std::uint64_t lo = ~std::uint64_t{0}, hi = 0;
  for (const auto& e : v) {
    lo = std::min(lo, e.first);
    hi = std::max(hi, e.first);
  }
  const int bits = std::bit_width(hi - lo);
  constexpr int kMaxDigit = 14;
  const int passes = (bits + kMaxDigit - 1) / kMaxDigit;
  const int digit = (bits + passes - 1) / passes;
  const std::uint64_t mask = (std::uint64_t{1} << digit) - 1;
  scratch.resize(v.size());
  std::vector<std::size_t> at(std::size_t{1} << digit);
  for (int shift = 0; shift < bits; shift += digit) {
    std::fill(at.begin(), at.end(), 0);
    for (const auto& e : v) ++at[((e.first - lo) >> shift) & mask];
    std::size_t sum = 0;
    for (std::size_t& a : at) sum += std::exchange(a, sum);
    for (const auto& e : v) scratch[at[((e.first - lo) >> shift) & mask]++] = e;
    v.swap(scratch);
  }
}

}  // namespace

/// For each of the level's new states in w.pending, keep the successor with
/// the least key among it and w.repeats (the successors found with the
/// level's tag: later ones of the same new states, or states two or more
/// levels back, which match none). The repeats go into a table of their own, small next to
/// the level, that the new states are looked up in, in pending order.
void MpiBfs::settle_repeats(Worker& w) {
  if (w.repeats.empty()) return;
  const std::size_t capacity = std::bit_ceil(w.repeats.size() * 2);
  constexpr std::uint32_t kEmpty = 0xFFFFFFFFu;
  std::vector<std::uint32_t> table(capacity, kEmpty);  // repeats' indices, the least key's for each state
  const int shift = 64 - std::countr_zero(capacity);
  auto home = [&](std::uint64_t fp) { return static_cast<std::size_t>((fp * 0x9E3779B97F4A7C15ull) >> shift); };
  for (std::uint32_t j = 0; j < w.repeats.size(); ++j) {
    const Msg& m = w.repeats[j];
    std::size_t i = home(m.fp);
    while (table[i] != kEmpty && w.repeats[table[i]].fp != m.fp) i = (i + 1) & (capacity - 1);
    if (table[i] == kEmpty || m.key < w.repeats[table[i]].key) table[i] = j;
  }
  for (std::size_t at = 0; at < w.fresh_fps.size(); ++at) {
    const std::uint64_t fp = w.fresh_fps[at];
    std::size_t i = home(fp);
    while (table[i] != kEmpty && w.repeats[table[i]].fp != fp) i = (i + 1) & (capacity - 1);
    if (table[i] == kEmpty) continue;  // received once
    const Msg& least = w.repeats[table[i]];
    if (least.key < w.sorted[at].first) {  // sorted is still in pending order
      w.sorted[at].first = least.key;
      w.pending.at(at) = least;
    }
  }
}

/// Each thread's w.below: the place of its keys among every thread's and
/// rank's (mpi::keys_below; the search runs on two ranks or more).
void MpiBfs::place_keys() {
  std::vector<const std::vector<std::uint64_t>*> runs;
  std::vector<std::vector<std::uint64_t>*> below;
  for (Worker& w : workers_) {
    runs.push_back(&w.keys);
    below.push_back(&w.below);
  }
  mpi::keys_below(runs, level_total_, below, key_scratch_);
}

/// Give the level's new states their global ids (the place of their key
/// among every rank's new keys), store them, and settle the level's verdicts.
void MpiBfs::store_level(std::uint32_t level) {
  pool_.run([this](int u) {
    Worker& w = workers_[static_cast<std::size_t>(u)];
    settle_repeats(w);
    sort_by_key(w.sorted, w.sort_scratch);
    w.keys.resize(w.sorted.size());
    for (std::size_t i = 0; i < w.sorted.size(); ++i) w.keys[i] = w.sorted[i].first;
  });
  place_keys();
  pool_.run([this](int u) {  // each thread stores its states, in id order
    Worker& w = workers_[static_cast<std::size_t>(u)];
    w.next.clear();
    for (std::size_t i = 0; i < w.sorted.size(); ++i) {
      const auto id = static_cast<std::uint32_t>(next_id_ + w.below[i]);
      const std::uint64_t key = w.sorted[i].first;
      const std::uint32_t at = w.sorted[i].second & ~kTerminalBit;
      const bool terminal = (w.sorted[i].second & kTerminalBit) != 0;
      w.links.push_back(IdLink{id, static_cast<std::uint32_t>(key >> 8), static_cast<std::uint8_t>(key & 0xFF)});
      const auto local = static_cast<std::uint32_t>(w.flags.size());
      w.flags.push_back(std::uint8_t(terminal ? kNodeTerminal : 0));
      if (bounds_.liveness) seen_.set_id(w.pending[at].fp, id);  // thread u's shards
      if (!terminal) w.next.push_back(Ref{id, local, at, static_cast<std::uint32_t>(u)});
    }
  });
  if (bounds_.liveness) {
    pool_.run([this](int u) {  // the edges into thread u's states
      for (auto& [source, fp] : workers_[static_cast<std::size_t>(u)].edges) fp = seen_.id_of(fp);
    });
    for (const Worker& w : workers_)
      for (const auto& [source, id] : w.edges) edges_.push_back(GraphEdge{source, static_cast<std::uint32_t>(id)});
  }
  for (Worker& w : workers_) {
    w.cur.swap(w.next);
    w.pending.swap(w.frontier);
  }
  count_frontier();
  next_id_ += level_total_;
  if (level_total_ != 0 && level + 1 > result_.depth) result_.depth = level + 1;
  settle_level();
}

}  // namespace bc::mpi_search
