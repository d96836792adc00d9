#include "checker/store/fingerprint_set.hpp"

#include <bit>

namespace bc {

FingerprintSet::FingerprintSet(bool keep_ids, std::size_t initial_capacity) {
  std::size_t cap = std::bit_ceil(initial_capacity < 16 ? std::size_t{16} : initial_capacity);
  table_.assign(cap, 0);
  if (keep_ids) ids_.assign(cap, 0);
  mask_ = cap - 1;
  limit_ = cap / 4 * 3;
}

bool FingerprintSet::contains(std::uint64_t fp) const {
  std::size_t i = slot_of(fp);
  for (;;) {
    const std::uint64_t cur = table_[i];
    if (cur == fp) return true;
    if (cur == 0) return false;
    i = (i + 1) & mask_;
  }
}

std::uint64_t FingerprintSet::bytes() const {
  return table_.capacity() * sizeof(std::uint64_t) + ids_.capacity() * sizeof(std::uint32_t);
}

void FingerprintSet::grow() { resize(table_.size() * 2); }

void FingerprintSet::resize(std::size_t capacity) {
  decltype(table_) old_table(capacity, 0);
  decltype(ids_) old_ids(ids_.empty() ? 0 : capacity, 0);
  old_table.swap(table_);
  old_ids.swap(ids_);
  mask_ = capacity - 1;
  limit_ = capacity / 4 * 3;
  for (std::size_t j = 0; j < old_table.size(); ++j) {
    const std::uint64_t fp = old_table[j];
    if (fp == 0) continue;
    std::size_t i = slot_of(fp);
    while (table_[i] != 0) i = (i + 1) & mask_;
    table_[i] = fp;
    if (!ids_.empty()) ids_[i] = old_ids[j];
  }
}

}  // namespace bc
