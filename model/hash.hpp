#pragma once
/// The project's one 64-bit hash: the splitmix64 finalizer and a byte hash
/// built on it, shared by the state hash, the monitor context hash and the
/// checker's fingerprints.
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace bc {

/// Bijective 64-bit finalizer (splitmix64).
inline std::uint64_t fmix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return x;
}

/// Hash of n bytes, 8 at a time (the tail zero-padded); never 0.
inline std::uint64_t hash_bytes(const void* data, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint64_t h = 0x9E3779B97F4A7C15ULL ^ n;
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::uint64_t w;
    std::memcpy(&w, p + i, 8);
    h = fmix64(h ^ w);
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, p + i, n - i);
  h = fmix64(h ^ tail);
  return h == 0 ? 1 : h;
}

}  // namespace bc
