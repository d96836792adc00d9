#pragma once
/// An allocator for the checker's big arrays (fingerprint table, parent
/// links, frontier): large blocks come straight from mmap, aligned to 2 MiB
/// and marked MADV_HUGEPAGE, so the random probes into a table of hundreds of
/// megabytes miss the TLB far less and page faults are 512x fewer.
#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

namespace bc {

namespace huge_detail {
inline constexpr std::size_t kHugePage = std::size_t{2} << 20;
inline constexpr std::size_t kThreshold = std::size_t{4} << 20;  ///< smaller blocks use malloc

inline std::size_t rounded(std::size_t bytes) { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }

/// A 2 MiB-aligned anonymous mapping of rounded(bytes) bytes, zero-filled by the kernel.
inline void* map_huge(std::size_t bytes) {
  const std::size_t size = rounded(bytes);
  void* raw = mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + kHugePage - 1) & ~(kHugePage - 1);
  if (aligned > start) munmap(raw, aligned - start);
  const std::uintptr_t end = start + size + kHugePage;
  if (end > aligned + size) munmap(reinterpret_cast<void*>(aligned + size), end - (aligned + size));
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}
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
      munmap(p, huge_detail::rounded(bytes));
    } else {
      std::free(p);
    }
  }
  template <class U>
  bool operator==(const HugeAllocator<U>&) const { return true; }
};

}  // namespace bc
