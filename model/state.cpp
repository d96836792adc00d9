#include "model/state.hpp"

namespace bc {

std::uint64_t hash_state(const State& s) {
  // Byte-wise mix of the whole value (no padding: all fields are bytes or
  // 16-bit words in a fixed layout), 8 bytes at a time.
  static_assert(sizeof(State) % 2 == 0);
  unsigned char bytes[sizeof(State)];
  std::memcpy(bytes, &s, sizeof(State));
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  std::size_t i = 0;
  for (; i + 8 <= sizeof(State); i += 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes + i, 8);
    h = (h ^ w) * 0xBF58476D1CE4E5B9ull;
    h ^= h >> 31;
  }
  std::uint64_t tail = 0;
  std::memcpy(&tail, bytes + i, sizeof(State) - i);
  h = (h ^ tail) * 0x94D049BB133111EBull;
  h ^= h >> 29;
  return h == 0 ? 1 : h;
}

}  // namespace bc
