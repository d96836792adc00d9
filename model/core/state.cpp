#include "model/core/state.hpp"

#include "model/vocabulary/hash.hpp"

namespace bc {

// All fields are bytes or 16-bit words in a fixed layout: no padding to hash.
std::uint64_t hash_state(const State& s) { return hash_bytes(&s, sizeof(State)); }

}  // namespace bc
