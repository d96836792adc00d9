#pragma once
/// An allocator for the checker's big arrays (fingerprint tables, edge
/// lists, the frontier): large blocks come straight from mmap, aligned to
/// 2 MiB (and marked MADV_HUGEPAGE only when BATTLECHECK_HUGE_PAGES=1 is set:
/// see transparent_huge_pages in huge_alloc.cpp). Freed blocks are not
/// unmapped but kept as 2 MiB pieces in a process-wide pool; a new block is
/// assembled from pooled pieces moved into place with mremap (no copy, no
/// fault, no zeroing by the kernel), and only the rest is fresh memory. A
/// growing hash table thus faults in its final size once instead of every
/// size it passed through.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace bc {

namespace huge_detail {
inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kThreshold = std::size_t{2} << 20;  ///< smaller blocks use malloc

inline std::size_t rounded(std::size_t bytes) { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }

/// A 2 MiB-aligned mapping of rounded(bytes) bytes, built from pooled pages
/// first; its contents are unspecified (pooled pages keep old data).
void* map_huge(std::size_t bytes);
/// Give a block from map_huge back (its pages go to the pool).
void unmap_huge(void* p, std::size_t bytes);
/// Unmap every pooled page (the end of an exploration).
void trim_pool();
/// Bytes held in the pool now.
std::size_t pooled_bytes();
}  // namespace huge_detail

template <class T>
struct HugeAllocator {
  using value_type = T;
  HugeAllocator() = default;
  template <class U>
  HugeAllocator(const HugeAllocator<U>&) {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= huge_detail::kThreshold) return static_cast<T*>(huge_detail::map_huge(bytes));
    void* p = std::malloc(bytes == 0 ? 1 : bytes);
    if (p == nullptr) throw std::bad_alloc();
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= huge_detail::kThreshold) {
      huge_detail::unmap_huge(p, bytes);
    } else {
      std::free(p);
    }
  }
  template <class U>
  bool operator==(const HugeAllocator<U>&) const { return true; }
};

}  // namespace bc
