#pragma once
// A large block of zeroed memory for the transposition table, mapped but not touched: a page
// costs time and memory only once the search writes to it. On Linux the block is aligned to
// 2 MiB and asked to be backed by transparent huge pages (madvise), as Stockfish does for its
// table: random probes over a table of hundreds of MiB then miss the TLB far less often.

#include <cstddef>

namespace dm::search {

class ZeroedMemory {
 public:
  // Throws std::bad_alloc when the system has no room.
  explicit ZeroedMemory(size_t bytes);
  ~ZeroedMemory();
  ZeroedMemory(const ZeroedMemory&) = delete;
  ZeroedMemory& operator=(const ZeroedMemory&) = delete;

  void* data() const { return data_; }  // aligned to at least 64 bytes
  size_t bytes() const { return bytes_; }  // as asked for

 private:
  void* mapping_ = nullptr;  // what the system handed out
  size_t bytes_ = 0;
  size_t mapped_bytes_ = 0;
  void* data_ = nullptr;
};

}  // namespace dm::search
