#include "solver/search/zeroed_memory.h"

#include <cstdint>
#include <cstdlib>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace dm::search {

namespace {

constexpr size_t kHugePage = size_t(2) << 20;
constexpr size_t kCacheLine = 64;

}  // namespace

#ifdef __linux__

ZeroedMemory::ZeroedMemory(size_t bytes) : mapped_bytes_(bytes + kHugePage) {
  mapping_ = mmap(nullptr, mapped_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapping_ == MAP_FAILED) throw std::bad_alloc();
  const auto start = reinterpret_cast<uintptr_t>(mapping_);
  data_ = reinterpret_cast<void*>((start + kHugePage - 1) & ~(kHugePage - 1));
  madvise(data_, bytes, MADV_HUGEPAGE);  // a hint: without huge pages the table still works
}

ZeroedMemory::~ZeroedMemory() { munmap(mapping_, mapped_bytes_); }

#else

ZeroedMemory::ZeroedMemory(size_t bytes) : mapped_bytes_(bytes + kCacheLine) {
  mapping_ = std::calloc(mapped_bytes_, 1);
  if (!mapping_) throw std::bad_alloc();
  const auto start = reinterpret_cast<uintptr_t>(mapping_);
  data_ = reinterpret_cast<void*>((start + kCacheLine - 1) & ~(kCacheLine - 1));
}

ZeroedMemory::~ZeroedMemory() { std::free(mapping_); }

#endif

}  // namespace dm::search
