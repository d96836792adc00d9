#include "checker/huge_alloc.hpp"

#include <sys/mman.h>

#include <mutex>
#include <vector>

namespace bc::huge_detail {

namespace {

struct Pool {
  std::mutex mutex;
  std::vector<void*> pages;  ///< free 2 MiB pages, each its own mapping
};

Pool& pool() {
  static Pool p;
  return p;
}

/// A fresh 2 MiB-aligned anonymous mapping of `size` bytes (a multiple of 2 MiB).
void* map_fresh(std::size_t size) {
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

}  // namespace

void* map_huge(std::size_t bytes) {
  const std::size_t size = rounded(bytes);
  auto* block = static_cast<unsigned char*>(map_fresh(size));
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  for (std::size_t at = 0; at < size && !p.pages.empty(); at += kHugePage) {
    void* page = p.pages.back();
    // Move the pooled page over this part of the fresh block (which is
    // replaced): its memory is already faulted in.
    if (mremap(page, kHugePage, kHugePage, MREMAP_MAYMOVE | MREMAP_FIXED, block + at) == MAP_FAILED) break;
    p.pages.pop_back();
  }
  return block;
}

void unmap_huge(void* ptr, std::size_t bytes) {
  const std::size_t size = rounded(bytes);
  auto* block = static_cast<unsigned char*>(ptr);
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  for (std::size_t at = 0; at < size; at += kHugePage) p.pages.push_back(block + at);
}

void trim_pool() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  for (void* page : p.pages) munmap(page, kHugePage);
  p.pages.clear();
  p.pages.shrink_to_fit();
}

std::size_t pooled_bytes() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mutex);
  return p.pages.size() * kHugePage;
}

}  // namespace bc::huge_detail
