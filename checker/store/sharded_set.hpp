#pragma once
/// The visited set of the parallel checker: 64-bit fingerprints (hash
/// compaction, as in TLC) in 64 independent open-addressing tables chosen
/// by the fingerprint's top 6 bits. Each shard grows by 1.5x at 80% load,
/// so the whole set stays between 53% and 80% full (10 to 15 bytes a state)
/// and no growth ever copies more than 1/64 of it: no large transient
/// allocation. Big shards are recycled in 2 MiB pieces
/// (checker/store/huge_alloc.hpp), so growing faults in no memory twice. Threads
/// may insert concurrently into different shards; one shard is only ever
/// touched by one thread at a time. Fingerprints are told apart by 63 of
/// their bits: bit 56 (kTag) of a stored one may carry a tag (the MPI
/// search's level parity, checker/mpi/mpi_bfs.hpp), in the shared-memory
/// and the MPI search alike, so the two count the same states.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "checker/store/huge_alloc.hpp"

namespace bc {

class ShardedSet {
 public:
  static constexpr int kShardBits = 6;
  static constexpr int kShards = 1 << kShardBits;
  /// The bit of a stored fingerprint that holds its tag (not compared).
  static constexpr std::uint64_t kTag = std::uint64_t{1} << 56;
  /// What insert_tagged found: absent (now stored), present with the same
  /// tag, present with the other.
  enum class Found : std::uint8_t { Fresh, SameTag, OtherTag };

  /// `keep_ids`: store a 32-bit state id per slot (the liveness analysis maps
  /// an already-visited successor back to its id).
  explicit ShardedSet(bool keep_ids);

  /// The shard of a fingerprint: its top bits.
  static int shard_of(std::uint64_t fp) { return static_cast<int>(fp >> (64 - kShardBits)); }

  /// Whether `extra` more fingerprints might not fit in shard s without growing.
  bool needs_room(int s, std::size_t extra) const {
    const Shard& sh = shards_[static_cast<std::size_t>(s)];
    return sh.size + extra > sh.limit;
  }
  /// Fingerprints shard s takes before it must grow.
  std::size_t headroom(int s) const {
    const Shard& sh = shards_[static_cast<std::size_t>(s)];
    return sh.limit > sh.size ? sh.limit - sh.size : 0;
  }
  /// Whether shard s is within an eighth of its limit after `extra` more.
  bool near_limit(int s, std::size_t extra) const {
    const Shard& sh = shards_[static_cast<std::size_t>(s)];
    return sh.size + extra + sh.limit / 8 > sh.limit;
  }
  /// Grow shard s (if needed) so that `extra` more fingerprints fit: the
  /// parallel search grows shards in a phase of its own, spread over threads.
  void make_room(int s, std::size_t extra);

  /// Insert a nonzero fingerprint into its shard; true if it was new.
  bool insert(std::uint64_t fp) { return shards_[shard_of(fp)].insert(fp); }
  /// Insert a fingerprint with `tag` if it is absent; else say whether it
  /// was stored with the same tag. One probe.
  Found insert_tagged(std::uint64_t fp, bool tag) { return shards_[shard_of(fp)].insert_tagged(fp, tag); }
  /// Whether a nonzero fingerprint is present.
  bool contains(std::uint64_t fp) const { return shards_[shard_of(fp)].find(fp) != Shard::kAbsent; }
  /// Store the id of a present fingerprint (keep_ids only).
  void set_id(std::uint64_t fp, std::uint32_t id);
  /// The id stored with a present fingerprint (keep_ids only).
  std::uint32_t id_of(std::uint64_t fp) const;
  /// Hint the CPU to fetch the slot of fp ahead of insert().
  void prefetch(std::uint64_t fp) const { shards_[shard_of(fp)].prefetch(fp); }

  std::uint64_t size() const;
  /// Bytes held by the tables and the id arrays.
  std::uint64_t bytes() const;

 private:
  /// On cache lines of its own: shards of different threads sit side by
  /// side, and every insert writes `size` (no false sharing).
  struct alignas(128) Shard {
    static constexpr std::size_t kAbsent = ~std::size_t{0};
    std::vector<std::uint64_t, HugeAllocator<std::uint64_t>> table;
    std::vector<std::uint32_t, HugeAllocator<std::uint32_t>> ids;
    std::size_t size = 0;
    std::size_t limit = 0;  ///< entries before growing: 80% of the capacity
    bool keep_ids = false;

    /// Home slot: the low 32 bits scaled to the capacity (any capacity works).
    std::size_t home(std::uint64_t fp) const {
      return static_cast<std::size_t>((static_cast<std::uint64_t>(static_cast<std::uint32_t>(fp)) * table.size()) >> 32);
    }
    void prefetch(std::uint64_t fp) const { __builtin_prefetch(&table[home(fp)], 1, 3); }
    bool insert(std::uint64_t fp) {
      bool fresh = false;
      place(fp, fresh);
      return fresh;
    }
    Found insert_tagged(std::uint64_t fp, bool tag) {
      bool fresh = false;
      const std::uint64_t tagged = tag ? fp | kTag : fp & ~kTag;
      const std::size_t i = place(tagged == 0 ? kTag : tagged, fresh);  // the tag aside, 0 and kTag are one
      return fresh ? Found::Fresh : ((table[i] ^ tagged) & kTag) == 0 ? Found::SameTag : Found::OtherTag;
    }
    /// Whether two fingerprints are the same (kTag aside).
    static bool same(std::uint64_t a, std::uint64_t b) { return (a | kTag) == (b | kTag); }
    /// fp's slot, inserting it (and setting `fresh`) if it is absent.
    std::size_t place(std::uint64_t fp, bool& fresh);
    std::size_t find(std::uint64_t fp) const;
    void resize(std::size_t capacity);
  };
  std::vector<Shard> shards_;
};

}  // namespace bc
