#pragma once
/// The MPI owner's index of one level's new states: fingerprint -> index of
/// the successor kept for it. Open addressing with linear probing, grown by
/// 2x at 50% load, cleared (capacity kept) between levels: no allocation per
/// state, unlike a node-based map.
#include <cstdint>
#include <vector>

namespace bc {

class PendingIndex {
 public:
  /// Forget every entry; the capacity stays for the next level.
  void clear() {
    if (size_ == 0) return;
    for (Slot& s : slots_) s = Slot{};
    size_ = 0;
  }
  /// The index stored with the nonzero fingerprint fp; if fp is absent,
  /// store `index` with it and set `fresh`.
  std::uint32_t find_or_insert(std::uint64_t fp, std::uint32_t index, bool& fresh) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    Slot& s = slots_[probe(fp)];
    fresh = s.fp == 0;
    if (fresh) {
      s = Slot{fp, index};
      ++size_;
    }
    return s.index;
  }
  std::size_t size() const { return size_; }
  /// Hint the CPU to fetch fp's home slot ahead of find_or_insert().
  void prefetch(std::uint64_t fp) const { __builtin_prefetch(&slots_[home(fp)], 1, 3); }

 private:
  struct Slot {
    std::uint64_t fp = 0;
    std::uint32_t index = 0;
  };
  std::size_t home(std::uint64_t fp) const {
    return static_cast<std::size_t>(fp * 0x9E3779B97F4A7C15ull >> 20) & (slots_.size() - 1);
  }
  /// fp's slot, or the empty slot where it belongs.
  std::size_t probe(std::uint64_t fp) const {
    const std::size_t mask = slots_.size() - 1;
    std::size_t i = home(fp);
    while (slots_[i].fp != 0 && slots_[i].fp != fp) i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    for (const Slot& s : old)
      if (s.fp != 0) slots_[probe(s.fp)] = s;
  }
  std::vector<Slot> slots_ = std::vector<Slot>(1024);  ///< a power of two
  std::size_t size_ = 0;
};

}  // namespace bc
