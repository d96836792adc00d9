#pragma once
/// The BFS frontier: a queue of fixed-size values stored in 2 MiB chunks that
/// are recycled level after level through a shared pool, so a level that
/// outgrows the last one never copies what it holds and memory the kernel has
/// zeroed once is reused rather than mapped again.
#include <sys/mman.h>

#include <cstddef>
#include <type_traits>
#include <vector>

#include "checker/store/huge_alloc.hpp"

namespace bc {

/// Free 2 MiB chunks shared by the frontiers of one exploration.
class ChunkPool {
 public:
  static constexpr std::size_t kBytes = huge_detail::kHugePage;
  ChunkPool() = default;
  ChunkPool(const ChunkPool&) = delete;
  ChunkPool& operator=(const ChunkPool&) = delete;
  ~ChunkPool() {
    for (void* c : free_) huge_detail::unmap_huge(c, kBytes);
  }
  void* take() {
    if (free_.empty()) return huge_detail::map_huge(kBytes);
    void* c = free_.back();
    free_.pop_back();
    return c;
  }
  void give(void* c) { free_.push_back(c); }

 private:
  std::vector<void*> free_;
};

template <class T>
class Frontier {
  static_assert(std::is_trivially_copyable_v<T>, "frontier entries are plain values");

 public:
  static constexpr std::size_t kPerChunk = ChunkPool::kBytes / sizeof(T);

  explicit Frontier(ChunkPool& pool) : pool_(&pool) {}
  Frontier(const Frontier&) = delete;
  Frontier& operator=(const Frontier&) = delete;
  ~Frontier() { clear(); }

  void push_back(const T& x) {
    if (size_ == chunks_.size() * kPerChunk) chunks_.push_back(static_cast<T*>(pool_->take()));
    chunks_[size_ / kPerChunk][size_ % kPerChunk] = x;
    ++size_;
  }
  const T& operator[](std::size_t i) const { return chunks_[i / kPerChunk][i % kPerChunk]; }
  /// Writable slot i (i < size()).
  T& at(std::size_t i) { return chunks_[i / kPerChunk][i % kPerChunk]; }
  /// Grow by n slots (filled later with at()); returns the index of the first.
  std::size_t extend(std::size_t n) {
    const std::size_t first = size_;
    while (chunks_.size() * kPerChunk < size_ + n) chunks_.push_back(static_cast<T*>(pool_->take()));
    size_ += n;
    return first;
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// Give back the chunks that hold only entries before index i (already
  /// consumed): the next level reuses them while this one is still read.
  void release_before(std::size_t i) {
    for (std::size_t k = 0; k < chunks_.size() && (k + 1) * kPerChunk <= i; ++k)
      if (chunks_[k] != nullptr) {
        pool_->give(chunks_[k]);
        chunks_[k] = nullptr;
      }
  }
  /// Give every chunk back to the pool.
  void clear() {
    for (T* c : chunks_)
      if (c != nullptr) pool_->give(c);
    chunks_.clear();
    size_ = 0;
  }
  void swap(Frontier& other) {
    chunks_.swap(other.chunks_);
    std::swap(size_, other.size_);
  }

 private:
  ChunkPool* pool_;
  std::vector<T*> chunks_;
  std::size_t size_ = 0;
};

}  // namespace bc
