#include "solver/search/resources/zeroed_memory.h"

#include <cstdint>
#include <cstdlib>
#include <new>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace dm::search {

namespace {

#ifdef __linux__
constexpr size_t kAlignment = size_t(2) << 20;  // a huge page

// Fresh anonymous pages read as zero and are not touched until written.
void* map_zeroed(size_t bytes) {
  void* mapping = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return mapping == MAP_FAILED ? nullptr : mapping;
}
void unmap(void* mapping, size_t bytes) { munmap(mapping, bytes); }
#else
constexpr size_t kAlignment = 64;  // a cache line

void* map_zeroed(size_t bytes) { return std::calloc(bytes, 1); }
void unmap(void* mapping, size_t) { std::free(mapping); }
#endif

}  // namespace

ZeroedMemory::ZeroedMemory(size_t bytes) : bytes_(bytes), mapped_bytes_(bytes + kAlignment) {
  mapping_ = map_zeroed(mapped_bytes_);
  if (!mapping_) throw std::bad_alloc();
  const auto start = reinterpret_cast<uintptr_t>(mapping_);
  data_ = reinterpret_cast<void*>((start + kAlignment - 1) & ~(kAlignment - 1));
#ifdef __linux__
  madvise(data_, bytes, MADV_HUGEPAGE);  // a hint: without huge pages the table still works
#endif
}

ZeroedMemory::~ZeroedMemory() { unmap(mapping_, mapped_bytes_); }

}  // namespace dm::search
