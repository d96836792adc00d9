#pragma once
/// The collectives of the distributed search (checker/mpi/mpi_bfs.cpp) that do
/// not touch its states: the rank of a key among every rank's new keys, and
/// gathering a vector on rank 0. Compiled only when CMake finds MPI.
#include <mpi.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace bc::mpi {

/// Whether `mine` holds on any rank. Collective.
inline bool any_rank(bool mine) {
  int local = mine ? 1 : 0, any = 0;
  MPI_Allreduce(&local, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return any != 0;
}

/// For each of this rank's `keys` (sorted, distinct over all ranks): how many
/// keys of every rank are below it, i.e. its offset in the order a
/// one-process search gives the level's new states. Every rank's keys come
/// sorted, so one walk over each rank's run counts them all. `total` gets
/// the number of keys over every rank. Collective.
inline std::vector<std::uint64_t> keys_below(const std::vector<std::uint64_t>& keys, std::uint64_t& total) {
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  const int mine = static_cast<int>(keys.size());
  std::vector<int> counts(static_cast<std::size_t>(ranks)), offsets(static_cast<std::size_t>(ranks));
  MPI_Allgather(&mine, 1, MPI_INT, counts.data(), 1, MPI_INT, MPI_COMM_WORLD);
  int sum = 0;
  for (std::size_t r = 0; r < counts.size(); ++r) {
    offsets[r] = sum;
    sum += counts[r];
  }
  total = static_cast<std::uint64_t>(sum);
  std::vector<std::uint64_t> all(static_cast<std::size_t>(sum));
  MPI_Allgatherv(keys.data(), mine, MPI_UINT64_T, all.data(), counts.data(), offsets.data(), MPI_UINT64_T,
                 MPI_COMM_WORLD);
  std::vector<std::size_t> at(offsets.begin(), offsets.end());
  std::vector<std::uint64_t> below(keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k) {
    std::uint64_t n = 0;
    for (std::size_t r = 0; r < at.size(); ++r) {
      const std::size_t end = static_cast<std::size_t>(offsets[r]) + static_cast<std::size_t>(counts[r]);
      while (at[r] < end && all[at[r]] < keys[k]) ++at[r];
      n += at[r] - static_cast<std::size_t>(offsets[r]);
    }
    below[k] = n;
  }
  return below;
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
