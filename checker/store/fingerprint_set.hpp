#pragma once
/// The visited set of the exhaustive checker: an open-addressing table of
/// 64-bit fingerprints (hash compaction, as in TLC), linear probing,
/// power-of-two capacity, at most 3/4 full, doubled when it would overflow.
/// Optionally keeps a 32-bit state id per slot, so the liveness analysis can
/// map an already-visited successor back to its id.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "checker/store/huge_alloc.hpp"
#include "model/vocabulary/hash.hpp"

namespace bc {

/// Mix two 64-bit hashes into one fingerprint; injective in each argument
/// when the other is fixed, and never 0 (0 marks an empty slot).
inline std::uint64_t mix_fingerprint(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t x = fmix64(a ^ fmix64(b + 0x9E3779B97F4A7C15ULL));
  return x == 0 ? 1 : x;
}

class FingerprintSet {
 public:
  /// Result of insert(): whether the fingerprint was new, and the id stored
  /// with it (only meaningful when ids are kept).
  struct Inserted {
    bool fresh;
    std::uint32_t id;
  };

  /// `keep_ids`: store a state id per slot. `initial_capacity` is rounded up
  /// to a power of two (at least 16).
  explicit FingerprintSet(bool keep_ids = false, std::size_t initial_capacity = 1u << 10);

  /// Insert a nonzero fingerprint; `id_if_new` is stored with it if it is new.
  Inserted insert(std::uint64_t fp, std::uint32_t id_if_new) {
    if (size_ + 1 > limit_) grow();
    std::size_t i = slot_of(fp);
    for (;;) {
      const std::uint64_t cur = table_[i];
      if (cur == fp) return {false, ids_.empty() ? 0u : ids_[i]};
      if (cur == 0) {
        table_[i] = fp;
        if (!ids_.empty()) ids_[i] = id_if_new;
        ++size_;
        return {true, id_if_new};
      }
      i = (i + 1) & mask_;
    }
  }

  /// Whether a nonzero fingerprint is present.
  bool contains(std::uint64_t fp) const;

  /// Hint the CPU to fetch the slot of fp ahead of insert() (hides cache misses).
  void prefetch(std::uint64_t fp) const { __builtin_prefetch(&table_[slot_of(fp)], 0, 1); }

  std::uint64_t size() const { return size_; }
  std::size_t capacity() const { return table_.size(); }
  bool keeps_ids() const { return !ids_.empty(); }
  /// Bytes held by the table and the id array.
  std::uint64_t bytes() const;

 private:
  std::size_t slot_of(std::uint64_t fp) const { return static_cast<std::size_t>(fp) & mask_; }
  void grow();
  void resize(std::size_t capacity);

  std::vector<std::uint64_t, HugeAllocator<std::uint64_t>> table_;
  std::vector<std::uint32_t, HugeAllocator<std::uint32_t>> ids_;
  std::size_t mask_ = 0;
  std::size_t limit_ = 0;  ///< max entries before doubling: 3/4 of capacity
  std::uint64_t size_ = 0;
};

}  // namespace bc
