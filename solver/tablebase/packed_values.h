#pragma once
// A table's values packed in memory: cut into blocks of kBlockValues values, each compressed as
// a zstd frame of its own, so that one value is read by unpacking its block alone. The tables
// past the resident half of the budget (tablebase.h) are kept so: a four-man table takes a
// third or less of its size packed, and is read from its file without unpacking the rest. A
// proof written through the tables' endings reaches hundreds of materials and reads a few
// values of each; unpacking whole tables to read those was most of its time.
//
// A read unpacks its block into the reading thread's own small cache of blocks (direct-mapped,
// keyed by the packing's serial number and the block), where the reads that follow, near each
// other in a proof's writing or a test's walk, find it again.
//
// Layout (also the body of a table file, table_file.h): one little-endian uint32 a block, its
// compressed size, then the blocks one after another. A packing made from bytes is checked
// whole before it is used: the sizes add up to the bytes, every frame declares the values of
// its block, and a checksum over all the bytes matches the one kept beside them (each frame's
// own checksum is checked again as it is unpacked).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace dm::tablebase {

// Thrown by a read whose block does not unpack: bytes that passed the checks when read, and yet
// do not hold their values (made to pass them, or memory gone bad).
struct DamagedValues : std::runtime_error {
  DamagedValues() : std::runtime_error("a block of the table's values does not unpack") {}
};

class PackedValues {
 public:
  static constexpr uint64_t kBlockValues = 4096;

  // The values packed block by block.
  static PackedValues pack(const std::vector<uint8_t>& values);
  // A packing kept as bytes (bytes() of one made earlier), or nullopt when they do not hold
  // `count` values in blocks, or their checksum is not `checksum`.
  static std::optional<PackedValues> from_bytes(std::string bytes, uint64_t count, uint64_t checksum);

  // The value at index (below count()); throws DamagedValues where its block does not unpack.
  uint8_t byte(uint64_t index) const;
  // Every value, or nullopt when a block does not unpack whole with its frame's checksum.
  std::optional<std::vector<uint8_t>> unpack() const;

  uint64_t count() const { return count_; }
  const std::string& bytes() const { return bytes_; }
  uint64_t checksum() const { return checksum_of(bytes_); }
  // The memory the packing holds.
  size_t size_bytes() const { return bytes_.size() + starts_.size() * sizeof(uint64_t); }

  // The checksum kept with a packing: 64 bits over the bytes, four lanes at a time.
  static uint64_t checksum_of(const std::string& bytes);

 private:
  PackedValues() = default;
  // Reads the sizes at the front of bytes_ into starts_; false where they do not fit.
  bool index_blocks();

  std::string bytes_;
  std::vector<uint64_t> starts_;  // each block's first byte in bytes_, then the end
  uint64_t count_ = 0;
  uint64_t serial_ = 0;  // names the packing in the threads' block caches; never reused
};

}  // namespace dm::tablebase
