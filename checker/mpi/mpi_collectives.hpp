#pragma once
/// The collectives of the distributed search (checker/mpi/mpi_bfs.cpp) that do
/// not touch its states: the place of a key among every rank's new keys, and
/// gathering a vector on rank 0. Compiled only when CMake finds MPI.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

namespace bc::mpi {

/// Displacements of `counts` (an exclusive prefix sum).
inline std::vector<int> displacements(const std::vector<int>& counts) {
  std::vector<int> out(counts.size());
  int sum = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    out[r] = sum;
    sum += counts[r];
  }
  return out;
}

/// Buffers keys_below keeps from level to level (no memory faulted in again).
struct KeyScratch {
  std::vector<std::uint64_t> send, slice, place, sizes;
};

/// place[i] for the sorted pieces of `slice` ([at, at + n) each): `first`
/// plus the number of keys of every piece below slice[i] (keys are
/// distinct). With few pieces, one cursor per other piece (no heap: two
/// ranks of one thread merge two pieces); with many, a heap, O(n log pieces).
inline void number_pieces(const std::vector<std::uint64_t>& slice, const std::vector<std::pair<std::size_t, std::size_t>>& pieces,
                          std::uint64_t first, std::vector<std::uint64_t>& place) {
  place.resize(slice.size());
  if (pieces.size() <= 8) {
    for (std::size_t a = 0; a < pieces.size(); ++a) {
      const auto [a_at, a_n] = pieces[a];
      for (std::size_t i = 0; i < a_n; ++i) place[a_at + i] = first + i;
      for (std::size_t b = 0; b < pieces.size(); ++b) {
        if (b == a) continue;
        const auto [b_at, b_n] = pieces[b];
        std::size_t below = 0;  // keys of piece b below the current key of piece a
        for (std::size_t i = 0; i < a_n; ++i) {
          const std::uint64_t key = slice[a_at + i];
          while (below < b_n && slice[b_at + below] < key) ++below;
          place[a_at + i] += below;
        }
      }
    }
    return;
  }
  struct Head {
    std::uint64_t key;
    std::size_t at, end;
    bool operator>(const Head& o) const { return key > o.key; }
  };
  std::priority_queue<Head, std::vector<Head>, std::greater<>> heads;
  for (const auto& [at, n] : pieces)
    if (n > 0) heads.push(Head{slice[at], at, at + n});
  for (std::uint64_t n = first; !heads.empty(); ++n) {
    Head h = heads.top();
    heads.pop();
    place[h.at] = n;
    if (++h.at < h.end) heads.push(Head{slice[h.at], h.at, h.end});
  }
}

/// The place of each of this rank's keys among every rank's keys, i.e. its
/// offset in the order a one-process search gives the level's new states.
/// The rank's keys come as sorted runs (one a thread); keys are distinct over
/// every run of every rank. below[q][i] gets the number of keys, of every
/// run of every rank, below runs[q][i]; `total` the number of keys over every
/// rank. Collective, and no rank learns every key (that all-gather cost each
/// rank 8 bytes a new state of the whole level, which capped a cluster:
/// docs/scaling.md): the key range is cut into one slice a rank; each run is
/// cut at the slices' bounds (a binary search, not a division a key), each
/// piece goes to its slice's rank, which numbers the sorted pieces it
/// receives (number_pieces) and sends back each key's place, plus the sizes
/// of the slices before it. 16 bytes a key on the wire, whatever the number
/// of ranks. `below`'s vectors and `scratch` are reused from level to level.
inline void keys_below(const std::vector<const std::vector<std::uint64_t>*>& runs, std::uint64_t& total,
                       const std::vector<std::vector<std::uint64_t>*>& below, KeyScratch& scratch) {
  int ranks = 1, rank = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const auto p = static_cast<std::size_t>(ranks);
  // One all-reduce (minimum) for: the most runs a rank has (every rank sends
  // as many run sizes), the least first key and the greatest last one.
  std::uint64_t ends[3] = {~static_cast<std::uint64_t>(runs.size()), ~std::uint64_t{0}, ~std::uint64_t{0}};
  for (const std::vector<std::uint64_t>* r : runs)
    if (!r->empty()) {
      ends[1] = std::min(ends[1], r->front());
      ends[2] = std::min(ends[2], ~r->back());
    }
  std::uint64_t range[3] = {0, 0, 0};
  MPI_Allreduce(ends, range, 3, MPI_UINT64_T, MPI_MIN, MPI_COMM_WORLD);
  const auto m = static_cast<std::size_t>(~range[0]);
  const int most = static_cast<int>(m);
  const std::uint64_t lo = range[1], hi = ~range[2];
  const std::uint64_t width = lo <= hi ? (hi - lo) / p + 1 : 1;
  // cut[q * (p + 1) + r]: where run q's keys for rank r begin (slice r is [lo + r * width, lo + (r + 1) * width)).
  std::vector<std::size_t> cut(runs.size() * (p + 1));
  for (std::size_t q = 0; q < runs.size(); ++q) {
    const std::vector<std::uint64_t>& run = *runs[q];
    cut[q * (p + 1)] = 0;
    for (std::size_t r = 1; r < p; ++r) {
      const std::uint64_t bound = r * width > hi - lo ? ~std::uint64_t{0} : lo + r * width;
      cut[q * (p + 1) + r] = static_cast<std::size_t>(std::lower_bound(run.begin(), run.end(), bound) - run.begin());
    }
    cut[q * (p + 1) + p] = run.size();
  }
  // [dest * m + q]: how many keys of run q go to rank dest.
  std::vector<int> part(p * m, 0), got(p * m, 0);
  for (std::size_t q = 0; q < runs.size(); ++q)
    for (std::size_t r = 0; r < p; ++r) part[r * m + q] = static_cast<int>(cut[q * (p + 1) + r + 1] - cut[q * (p + 1) + r]);
  MPI_Alltoall(part.data(), most, MPI_INT, got.data(), most, MPI_INT, MPI_COMM_WORLD);
  std::vector<int> send_counts(p, 0), recv_counts(p, 0);
  for (std::size_t r = 0; r < p; ++r)
    for (std::size_t q = 0; q < m; ++q) {
      send_counts[r] += part[r * m + q];
      recv_counts[r] += got[r * m + q];
    }
  const std::vector<int> send_at = displacements(send_counts), recv_at = displacements(recv_counts);
  std::vector<std::uint64_t>& send = scratch.send;
  send.resize(static_cast<std::size_t>(send_at.back() + send_counts.back()));
  for (std::size_t r = 0, out = 0; r < p; ++r)
    for (std::size_t q = 0; q < runs.size(); ++q) {
      const auto from = runs[q]->begin();
      out = static_cast<std::size_t>(std::copy(from + static_cast<std::ptrdiff_t>(cut[q * (p + 1) + r]),
                                               from + static_cast<std::ptrdiff_t>(cut[q * (p + 1) + r + 1]),
                                               send.begin() + static_cast<std::ptrdiff_t>(out)) -
                                     send.begin());
    }
  std::vector<std::uint64_t>& slice = scratch.slice;
  slice.resize(static_cast<std::size_t>(recv_at.back() + recv_counts.back()));
  MPI_Alltoallv(send.data(), send_counts.data(), send_at.data(), MPI_UINT64_T, slice.data(), recv_counts.data(),
                recv_at.data(), MPI_UINT64_T, MPI_COMM_WORLD);
  // This rank's slice in order; the slices of the ranks before it come first.
  // Every slice's size (one all-gather): those before this rank's, and the total.
  std::uint64_t size = slice.size(), before = 0;
  std::vector<std::uint64_t>& sizes = scratch.sizes;
  sizes.resize(p);
  MPI_Allgather(&size, 1, MPI_UINT64_T, sizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
  total = 0;
  for (std::size_t r = 0; r < p; ++r) {
    if (r == static_cast<std::size_t>(rank)) before = total;
    total += sizes[r];
  }
  // Each (rank, run) piece arrives sorted: number the keys in order.
  std::vector<std::pair<std::size_t, std::size_t>> pieces;
  for (std::size_t r = 0, at = 0; r < p; ++r)
    for (std::size_t q = 0; q < m; ++q) {
      const auto n = static_cast<std::size_t>(got[r * m + q]);
      if (n > 0) pieces.emplace_back(at, n);
      at += n;
    }
  number_pieces(slice, pieces, before, scratch.place);
  // Each place goes back to the rank its key came from, in the order it came.
  MPI_Alltoallv(scratch.place.data(), recv_counts.data(), recv_at.data(), MPI_UINT64_T, send.data(), send_counts.data(),
                send_at.data(), MPI_UINT64_T, MPI_COMM_WORLD);
  for (std::size_t q = 0; q < runs.size(); ++q) below[q]->resize(runs[q]->size());
  for (std::size_t r = 0, in = 0; r < p; ++r)
    for (std::size_t q = 0; q < runs.size(); ++q) {
      const std::size_t from = cut[q * (p + 1) + r], n = cut[q * (p + 1) + r + 1] - from;
      std::copy(send.begin() + static_cast<std::ptrdiff_t>(in), send.begin() + static_cast<std::ptrdiff_t>(in + n),
                below[q]->begin() + static_cast<std::ptrdiff_t>(from));
      in += n;
    }
}

constexpr long long kPiece = 1LL << 30;  ///< MPI counts are ints: transfers go in pieces of 1 GiB

/// Point-to-point transfer to rank 0, in pieces.
inline void send_bytes(const void* data, long long n) {
  const auto* p = static_cast<const char*>(data);
  for (long long at = 0; at < n; at += kPiece)
    MPI_Send(p + at, static_cast<int>(std::min(kPiece, n - at)), MPI_BYTE, 0, 7, MPI_COMM_WORLD);
}

/// Receive what send_bytes sent from rank `from`.
inline void recv_bytes(void* data, long long n, int from) {
  auto* p = static_cast<char*>(data);
  for (long long at = 0; at < n; at += kPiece)
    MPI_Recv(p + at, static_cast<int>(std::min(kPiece, n - at)), MPI_BYTE, from, 7, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
}

/// Every rank's vector concatenated on rank 0, in rank order (empty on the
/// other ranks). Collective.
template <class T>
std::vector<T> gather_to_root(const std::vector<T>& mine) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const auto bytes = static_cast<long long>(mine.size() * sizeof(T));
  std::vector<long long> sizes(static_cast<std::size_t>(ranks));
  MPI_Gather(&bytes, 1, MPI_LONG_LONG, sizes.data(), 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
  std::vector<T> all;
  if (rank != 0) {
    send_bytes(mine.data(), bytes);
    return all;
  }
  for (long long s : sizes) all.resize(all.size() + static_cast<std::size_t>(s) / sizeof(T));
  std::copy(mine.begin(), mine.end(), all.begin());
  std::size_t at = mine.size();
  for (int r = 1; r < ranks; ++r) {
    recv_bytes(all.data() + at, sizes[static_cast<std::size_t>(r)], r);
    at += static_cast<std::size_t>(sizes[static_cast<std::size_t>(r)]) / sizeof(T);
  }
  return all;
}

}  // namespace bc::mpi
