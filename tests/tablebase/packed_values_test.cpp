// Endgame table values packed in blocks (solver/tablebase/packed_values.h) and the table files
// that keep them (table_file.h): every value read back as packed, damaged bytes refused, and a
// file of the first version read and written again in the second.

#include <zstd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "solver/tablebase/packed_values.h"
#include "solver/tablebase/table_file.h"
#include "solver/tablebase/tablebase.h"
#include "temp_dir.h"
#include "test_data.h"

namespace dm {
namespace {

using tablebase::PackedValues;

// Values like a table's: long runs of a few bytes, some noise, and a last block cut short.
std::vector<uint8_t> table_like_values(size_t count, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> values(count);
  uint8_t run = 0;
  for (size_t i = 0; i < count; ++i) {
    if (rng() % 97 == 0) run = uint8_t(rng() % 40);
    values[i] = rng() % 13 == 0 ? uint8_t(rng()) : run;
  }
  return values;
}

// The packed bytes with the last byte of each block's frame (its checksum's) changed, the
// sizes in front left alone: they pass every check made when read, and no block unpacks.
std::string with_damaged_frames(const PackedValues& packed) {
  std::string bytes = packed.bytes();
  const uint64_t blocks = (packed.count() + PackedValues::kBlockValues - 1) / PackedValues::kBlockValues;
  size_t end = blocks * 4;
  for (uint64_t b = 0; b < blocks; ++b) {
    uint32_t size = 0;
    for (size_t k = 0; k < 4; ++k) size |= uint32_t(uint8_t(bytes[b * 4 + k])) << (8 * k);
    end += size;
    bytes[end - 1] = char(bytes[end - 1] ^ 0x55);
  }
  return bytes;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

TEST_CASE("packed values: every value reads back, block by block and whole", "[tablebase]") {
  const size_t count = 5 * PackedValues::kBlockValues + 123;
  const std::vector<uint8_t> values = table_like_values(count, 1);
  const PackedValues packed = PackedValues::pack(values);
  CHECK(packed.count() == count);
  CHECK(packed.size_bytes() < count);
  // In order, backwards and at random: each read unpacks its block or finds it unpacked.
  for (size_t i = 0; i < count; ++i) REQUIRE(packed.byte(i) == values[i]);
  for (size_t i = count; i-- > 0;) REQUIRE(packed.byte(i) == values[i]);
  std::mt19937 rng(2);
  for (int k = 0; k < 20000; ++k) {
    const size_t i = rng() % count;
    REQUIRE(packed.byte(i) == values[i]);
  }
  CHECK(packed.unpack() == values);

  // Two packings read in turn never answer for each other (the threads' caches key blocks by
  // packing).
  const std::vector<uint8_t> others = table_like_values(count, 3);
  const PackedValues other = PackedValues::pack(others);
  for (size_t i = 0; i < count; i += 517) {
    REQUIRE(packed.byte(i) == values[i]);
    REQUIRE(other.byte(i) == others[i]);
  }
}

TEST_CASE("packed values: bytes read back only whole and with their checksum", "[tablebase]") {
  const size_t count = 3 * PackedValues::kBlockValues + 7;
  const std::vector<uint8_t> values = table_like_values(count, 4);
  const PackedValues packed = PackedValues::pack(values);
  const std::optional<PackedValues> again = PackedValues::from_bytes(packed.bytes(), count, packed.checksum());
  REQUIRE(again);
  CHECK(again->unpack() == values);

  CHECK_FALSE(PackedValues::from_bytes(packed.bytes(), count, packed.checksum() ^ 1));
  CHECK_FALSE(PackedValues::from_bytes(packed.bytes(), count + 1, packed.checksum()));
  CHECK_FALSE(PackedValues::from_bytes(packed.bytes(), count - PackedValues::kBlockValues, packed.checksum()));
  std::string cut = packed.bytes();
  cut.pop_back();
  CHECK_FALSE(PackedValues::from_bytes(cut, count, PackedValues::checksum_of(cut)));
  // A byte changed anywhere: the checksum no longer holds.
  for (size_t at : {size_t(0), size_t(13), packed.bytes().size() / 2, packed.bytes().size() - 1}) {
    std::string damaged = packed.bytes();
    damaged[at] = char(damaged[at] ^ 0x20);
    CHECK_FALSE(PackedValues::from_bytes(damaged, count, packed.checksum()));
  }
}

TEST_CASE("packed values: a block that does not unpack is refused, never read as values", "[tablebase]") {
  const size_t count = 2 * PackedValues::kBlockValues;
  const PackedValues packed = PackedValues::pack(table_like_values(count, 5));
  const std::string forged = with_damaged_frames(packed);
  const std::optional<PackedValues> damaged =
      PackedValues::from_bytes(forged, count, PackedValues::checksum_of(forged));
  REQUIRE(damaged);
  CHECK_FALSE(damaged->unpack());
  CHECK_THROWS_AS(damaged->byte(0), tablebase::DamagedValues);
  CHECK_THROWS_AS(damaged->byte(count - 1), tablebase::DamagedValues);
  // The way it took in the thread's cache does not keep half a block.
  CHECK_THROWS_AS(damaged->byte(1), tablebase::DamagedValues);
}

TEST_CASE("table files: written packed, damaged ones refused, the first version read and rewritten", "[tablebase]") {
  const Variant variant = test::variant_named("antichess");
  const tablebase::Material m = tablebase::Material::of(test::position_of(variant, "8/8/8/8/8/8/8/R5n1 w - -"));
  const test::TempDir dir;
  const std::string path = tablebase::table_path(dir.path().string(), variant, m);
  // A table made by a roomy store, kept in the directory.
  tablebase::Tablebase made(variant, {3, size_t(64) << 20, dir.path().string()});
  const std::shared_ptr<const tablebase::LosingTable> table = made.table(m);
  REQUIRE(table);
  const std::vector<uint8_t> values = table->values();
  const std::string kept = read_file(path);
  REQUIRE(kept.rfind("dmsolve-tablebase 2\n", 0) == 0);
  std::optional<tablebase::TableFile> read = tablebase::read_table(path, variant, m);
  REQUIRE(read);
  CHECK_FALSE(read->old_format);
  CHECK(read->values.unpack() == values);

  // Another variant's table, or a byte changed: not read.
  CHECK_FALSE(tablebase::read_table(path, test::variant_named("losing-marseillais"), m));
  std::string damaged = kept;
  damaged[damaged.size() - 100] = char(damaged[damaged.size() - 100] ^ 1);
  std::ofstream(path, std::ios::binary) << damaged;
  CHECK_FALSE(tablebase::read_table(path, variant, m));

  // The first version: the header without `packed`, then one zstd frame.
  const std::string header = kept.substr(0, kept.find("packed "));
  std::string frame(ZSTD_compressBound(values.size()), '\0');
  frame.resize(ZSTD_compress(frame.data(), frame.size(), values.data(), values.size(), 3));
  std::ofstream(path, std::ios::binary) << "dmsolve-tablebase 1\n"
                                        << header.substr(header.find('\n') + 1) << "\n"
                                        << frame;
  read = tablebase::read_table(path, variant, m);
  REQUIRE(read);
  CHECK(read->old_format);
  CHECK(read->values.unpack() == values);
  // A store that reads it writes it again in the second version, and answers alike.
  tablebase::Tablebase reader(variant, {3, size_t(64) << 20, dir.path().string()});
  const std::shared_ptr<const tablebase::LosingTable> reread = reader.table(m);
  REQUIRE(reread);
  CHECK(reread->values() == values);
  CHECK(read_file(path) == kept);
  CHECK(reader.stats().read == 1);

  // A file whose blocks pass the checks and do not unpack (the checksum made to fit): a store
  // that keeps it packed answers nothing for it, says so, and goes on with the other tables.
  const std::string forged = with_damaged_frames(read->values);
  char line[96];
  std::snprintf(line, sizeof line, "packed %d %zu %016llx\n\n", int(PackedValues::kBlockValues), forged.size(),
                static_cast<unsigned long long>(PackedValues::checksum_of(forged)));
  std::ofstream(path, std::ios::binary) << header << line << forged;
  REQUIRE(tablebase::read_table(path, variant, m));
  // Two-man tables (8 KiB whole) within 12 KiB: none resident, each packed in the cache.
  tablebase::Tablebase packed_only(variant, {2, size_t(12) << 10, dir.path().string()});
  const Position pos = test::position_of(variant, "8/8/8/8/8/8/8/R5n1 w - -");
  CHECK_FALSE(packed_only.probe(pos));
  CHECK(packed_only.stats().error.find(m.name()) != std::string::npos);
  CHECK_FALSE(packed_only.probe(test::position_of(variant, "8/8/8/8/8/8/n7/R7 b - -")));
  CHECK(packed_only.probe(test::position_of(variant, "8/8/8/8/8/8/8/R5b1 w - -")));
}

}  // namespace
}  // namespace dm
