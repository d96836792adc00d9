#include "checker/store/sharded_set.hpp"

namespace bc {

namespace {

constexpr std::size_t kInitialCapacity = 2048;

/// 1.5 times `capacity`; from 2 MiB on, a whole number of 2 MiB pages (no
/// page is left part empty).
std::size_t grown(std::size_t capacity) {
  constexpr std::size_t kPageSlots = huge_detail::kHugePage / sizeof(std::uint64_t);
  const std::size_t next = capacity + capacity / 2;
  return next < kPageSlots ? next : (next + kPageSlots - 1) / kPageSlots * kPageSlots;
}

}  // namespace

ShardedSet::ShardedSet(bool keep_ids) : shards_(kShards) {
  for (Shard& s : shards_) {
    s.keep_ids = keep_ids;
    s.resize(kInitialCapacity);
  }
}

std::size_t ShardedSet::Shard::place(std::uint64_t fp, bool& fresh) {
  if (size + 1 > limit) resize(grown(table.size()));
  const std::size_t cap = table.size();
  std::size_t i = home(fp);
  for (;;) {
    const std::uint64_t cur = table[i];
    if (cur == 0) {  // first: kTag, stored, and an empty slot are the same but for the tag
      table[i] = fp;
      ++size;
      fresh = true;
      return i;
    }
    if (same(cur, fp)) {
      fresh = false;
      return i;
    }
    if (++i == cap) i = 0;
  }
}

std::size_t ShardedSet::Shard::find(std::uint64_t fp) const {
  const std::size_t cap = table.size();
  std::size_t i = home(fp);
  for (;;) {
    const std::uint64_t cur = table[i];
    if (cur == 0) return kAbsent;  // before same(): see place()
    if (same(cur, fp)) return i;
    if (++i == cap) i = 0;
  }
}

void ShardedSet::Shard::resize(std::size_t capacity) {
  decltype(table) old_table(capacity, 0);
  decltype(ids) old_ids(keep_ids ? capacity : 0, 0);
  old_table.swap(table);
  old_ids.swap(ids);
  limit = capacity / 5 * 4;
  for (std::size_t j = 0; j < old_table.size(); ++j) {
    const std::uint64_t fp = old_table[j];
    if (fp == 0) continue;
    std::size_t i = home(fp);
    while (table[i] != 0)
      if (++i == capacity) i = 0;
    table[i] = fp;
    if (keep_ids) ids[i] = old_ids[j];
  }
}

void ShardedSet::make_room(int s, std::size_t extra) {
  Shard& sh = shards_[static_cast<std::size_t>(s)];
  std::size_t capacity = sh.table.size();
  while (sh.size + extra > capacity / 5 * 4) capacity = grown(capacity);
  if (capacity != sh.table.size()) sh.resize(capacity);
}

void ShardedSet::set_id(std::uint64_t fp, std::uint32_t id) {
  Shard& s = shards_[shard_of(fp)];
  const std::size_t i = s.find(fp);
  if (i != Shard::kAbsent && s.keep_ids) s.ids[i] = id;
}

std::uint32_t ShardedSet::id_of(std::uint64_t fp) const {
  const Shard& s = shards_[shard_of(fp)];
  const std::size_t i = s.find(fp);
  return i != Shard::kAbsent && s.keep_ids ? s.ids[i] : 0u;
}

std::uint64_t ShardedSet::size() const {
  std::uint64_t n = 0;
  for (const Shard& s : shards_) n += s.size;
  return n;
}

std::uint64_t ShardedSet::bytes() const {
  std::uint64_t n = 0;
  for (const Shard& s : shards_) n += s.table.capacity() * sizeof(std::uint64_t) + s.ids.capacity() * sizeof(std::uint32_t);
  return n;
}

}  // namespace bc
