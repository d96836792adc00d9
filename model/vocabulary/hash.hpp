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

/// Fold two words into one: the high and low halves of their 128-bit
/// product, xored (the "mum" step of wyhash).
inline std::uint64_t mum(std::uint64_t a, std::uint64_t b) {
  const unsigned __int128 r = static_cast<unsigned __int128>(a) * b;
  return static_cast<std::uint64_t>(r) ^ static_cast<std::uint64_t>(r >> 64);
}

/// Hash of n bytes, 16 at a time with one 128-bit multiply (after wyhash:
/// one multiply of latency a step instead of a finalizer per 8 bytes), the
/// tail zero-padded, finished with fmix64; never 0.
inline std::uint64_t hash_bytes(const void* data, std::size_t n) {
  constexpr std::uint64_t k0 = 0xA0761D6478BD642FULL;
  constexpr std::uint64_t k1 = 0xE7037ED1A0B428DBULL;
  const auto* p = static_cast<const unsigned char*>(data);
  std::uint64_t h = k0 ^ n;
  std::size_t i = 0;
  for (; i + 16 <= n; i += 16) {
    std::uint64_t w0, w1;
    std::memcpy(&w0, p + i, 8);
    std::memcpy(&w1, p + i + 8, 8);
    h = mum(w0 ^ k1, w1 ^ h);
  }
  if (i < n) {
    std::uint64_t tail[2] = {0, 0};
    std::memcpy(tail, p + i, n - i);
    h = mum(tail[0] ^ k1, tail[1] ^ h);
  }
  h = fmix64(h ^ k0);
  return h == 0 ? 1 : h;
}

}  // namespace bc
