#include "solver/tablebase/packed_values.h"

#include <zstd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

namespace dm::tablebase {

namespace {

constexpr uint64_t kMix = 0x9E3779B97F4A7C15ULL;
constexpr size_t kSizeBytes = 4;  // a block's compressed size, little-endian

uint64_t block_count(uint64_t count) { return (count + PackedValues::kBlockValues - 1) / PackedValues::kBlockValues; }

uint64_t next_serial() {
  static std::atomic<uint64_t> serial{0};
  return ++serial;  // from 1: 0 marks an empty way of a block cache
}

// One thread's unpacked blocks, direct-mapped by (serial, block).
struct BlockCache {
  static constexpr size_t kWays = 64;
  struct Way {
    uint64_t serial = 0;
    uint64_t block = 0;
    std::array<uint8_t, PackedValues::kBlockValues> values;
  };
  std::array<Way, kWays> ways;
  ZSTD_DCtx* context = ZSTD_createDCtx();
  ~BlockCache() { ZSTD_freeDCtx(context); }
};

BlockCache& thread_block_cache() {
  thread_local const std::unique_ptr<BlockCache> cache = std::make_unique<BlockCache>();
  return *cache;
}

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "dmsolve: endgame table in memory: %s\n", what);
  std::abort();
}

}  // namespace

uint64_t PackedValues::checksum_of(const std::string& bytes) {
  std::array<uint64_t, 4> lanes = {1, 2, 3, 4};
  const size_t n = bytes.size();
  size_t i = 0;
  for (; i + 32 <= n; i += 32) {
    for (size_t k = 0; k < 4; ++k) {
      uint64_t word;
      std::memcpy(&word, bytes.data() + i + 8 * k, 8);
      lanes[k] = (lanes[k] ^ word) * kMix;
      lanes[k] ^= lanes[k] >> 31;
    }
  }
  uint64_t h = n;
  for (const uint64_t lane : lanes) h = ((h ^ lane) * kMix) ^ (h >> 29);
  for (; i < n; ++i) h = ((h ^ uint8_t(bytes[i])) * kMix) ^ (h >> 29);
  return h ^ (h >> 32);
}

PackedValues PackedValues::pack(const std::vector<uint8_t>& values) {
  PackedValues out;
  out.count_ = values.size();
  const uint64_t blocks = block_count(out.count_);
  out.bytes_.assign(blocks * kSizeBytes, '\0');
  ZSTD_CCtx* context = ZSTD_createCCtx();
  if (!context) fail("cannot set up zstd compression");
  ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
  ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 3);
  std::string frame(ZSTD_compressBound(kBlockValues), '\0');
  for (uint64_t b = 0; b < blocks; ++b) {
    const uint64_t first = b * kBlockValues;
    const size_t size = ZSTD_compress2(context, frame.data(), frame.size(), values.data() + first,
                                       std::min(kBlockValues, out.count_ - first));
    if (ZSTD_isError(size)) fail(ZSTD_getErrorName(size));
    for (size_t k = 0; k < kSizeBytes; ++k) out.bytes_[b * kSizeBytes + k] = char(uint8_t(size >> (8 * k)));
    out.bytes_.append(frame.data(), size);
  }
  ZSTD_freeCCtx(context);
  if (!out.index_blocks()) fail("a packing that does not read back");
  out.serial_ = next_serial();
  return out;
}

std::optional<PackedValues> PackedValues::from_bytes(std::string bytes, uint64_t count, uint64_t checksum) {
  if (checksum_of(bytes) != checksum) return std::nullopt;
  PackedValues out;
  out.bytes_ = std::move(bytes);
  out.count_ = count;
  if (!out.index_blocks()) return std::nullopt;
  out.serial_ = next_serial();
  return out;
}

bool PackedValues::index_blocks() {
  const uint64_t blocks = block_count(count_);
  if (bytes_.size() / kSizeBytes < blocks) return false;
  starts_.assign(blocks + 1, 0);
  uint64_t at = blocks * kSizeBytes;
  for (uint64_t b = 0; b < blocks; ++b) {
    uint64_t size = 0;
    for (size_t k = 0; k < kSizeBytes; ++k) size |= uint64_t(uint8_t(bytes_[b * kSizeBytes + k])) << (8 * k);
    starts_[b] = at;
    if (size > bytes_.size() - at) return false;
    const uint64_t values = std::min(kBlockValues, count_ - b * kBlockValues);
    if (ZSTD_getFrameContentSize(bytes_.data() + at, size) != values) return false;
    at += size;
  }
  starts_[blocks] = at;
  return at == bytes_.size();
}

uint8_t PackedValues::byte(uint64_t index) const {
  const uint64_t block = index / kBlockValues;
  BlockCache& cache = thread_block_cache();
  BlockCache::Way& way = cache.ways[size_t(((serial_ * kMix) ^ block) * kMix >> 58) % BlockCache::kWays];
  if (way.serial != serial_ || way.block != block) {
    const uint64_t values = std::min(kBlockValues, count_ - block * kBlockValues);
    const size_t got = ZSTD_decompressDCtx(cache.context, way.values.data(), values, bytes_.data() + starts_[block],
                                           starts_[block + 1] - starts_[block]);
    if (ZSTD_isError(got) || got != values) {
      way.serial = 0;
      throw DamagedValues();
    }
    way.serial = serial_;
    way.block = block;
  }
  return way.values[index % kBlockValues];
}

std::optional<std::vector<uint8_t>> PackedValues::unpack() const {
  std::vector<uint8_t> values(count_);
  ZSTD_DCtx* context = ZSTD_createDCtx();
  if (!context) return std::nullopt;
  bool whole = true;
  for (uint64_t b = 0; whole && b + 1 < starts_.size(); ++b) {
    const uint64_t first = b * kBlockValues;
    const uint64_t expected = std::min(kBlockValues, count_ - first);
    const size_t got = ZSTD_decompressDCtx(context, values.data() + first, expected, bytes_.data() + starts_[b],
                                           starts_[b + 1] - starts_[b]);
    whole = !ZSTD_isError(got) && got == expected;
  }
  ZSTD_freeDCtx(context);
  if (!whole) return std::nullopt;
  return values;
}

}  // namespace dm::tablebase
