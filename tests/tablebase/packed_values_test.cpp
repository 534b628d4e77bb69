// Endgame table values packed in blocks (solver/tablebase/packed_values.h) and the table files
// that keep them (table_file.h): every value read back as packed, damaged bytes refused, and a
// file of the first version read and written again in the second.

#include <zstd.h>

#include <catch2/catch.hpp>
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
}

}  // namespace
}  // namespace dm
