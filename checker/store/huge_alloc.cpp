#include "checker/store/huge_alloc.hpp"

#include <sys/mman.h>

#include <cstdlib>
#include <mutex>
#include <string_view>
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

/// Whether blocks are marked MADV_HUGEPAGE: only when the environment sets
/// BATTLECHECK_HUGE_PAGES=1. On the project's machine (a VM whose balloon
/// hands free 2 MiB blocks back to the host) a fresh huge page costs about
/// 2 s a GiB to fault in against 0.4 s for small pages, more than the TLB
/// misses it saves (docs/scaling.md, "Build and memory settings that matter").
bool transparent_huge_pages() {
  static const bool on = [] {
    const char* v = std::getenv("BATTLECHECK_HUGE_PAGES");
    return v != nullptr && std::string_view(v) == "1";
  }();
  return on;
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
  if (transparent_huge_pages()) madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
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
