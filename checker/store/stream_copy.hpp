#pragma once
/// Non-temporal copies into a frontier: a level is far larger than the
/// caches, so its lines are written without first being read (a third of
/// the frontier's memory traffic) and without evicting the fingerprint
/// table. Used by the shared-memory search's store (parallel_bfs_chunks.hpp)
/// and the MPI search's receipt (checker/mpi/mpi_exchange.cpp); a job that
/// streams ends with stream_fence(), so its writes are seen after the join.
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <cstddef>
#include <cstring>

namespace bc {

/// Copy `from` to `to` in whole 8-byte words with non-temporal stores.
template <class T>
inline void stream_copy(T& to, const T& from) {
  static_assert(sizeof(T) % 8 == 0 && alignof(T) >= 4, "whole 8-byte words");
#if defined(__x86_64__)
  auto* d = reinterpret_cast<long long*>(&to);
  const auto* s = reinterpret_cast<const unsigned char*>(&from);
  for (std::size_t w = 0; w < sizeof(T) / 8; ++w) {
    long long v;
    std::memcpy(&v, s + 8 * w, 8);
    _mm_stream_si64(d + w, v);
  }
#else
  to = from;
#endif
}

/// Order the streamed stores before what follows (the end of a job).
inline void stream_fence() {
#if defined(__x86_64__)
  _mm_sfence();
#endif
}

}  // namespace bc
