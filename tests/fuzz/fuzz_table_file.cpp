// Fuzz target for the endgame table file door (solver/tablebase/table_file.h), which reads the
// files kept in --tablebase-dir: version 2 (values packed in zstd blocks, with their sizes and a
// checksum) and version 1 (one zstd frame). The input is written to a temporary file of this
// process (under $TMPDIR, else /tmp), overwritten for every input and removed at exit, and read
// as antichess's table of NvK (8,192 values, two blocks). Whatever the bytes, the file is
// refused or gives that many values; each value read either is the one unpacked with the rest,
// or, where the blocks do not unpack, is refused as damaged.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fuzz_support.h"
#include "rules/piece.h"
#include "solver/tablebase/losing_table.h"
#include "solver/tablebase/table_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace dm;
  static fuzz::InputFile file("table");
  static const Variant variant = *find_variant("antichess");
  static const tablebase::Material material = [] {
    tablebase::Material m;
    m.add(make_piece(Color::White, PieceType::Knight));
    m.add(make_piece(Color::Black, PieceType::King));
    return m;
  }();
  const std::optional<tablebase::TableFile> read = tablebase::read_table(file.write(data, size), variant, material);
  if (!read) return 0;
  const tablebase::PackedValues& values = read->values;
  fuzz::require(values.count() == tablebase::LosingTable::index_count(variant, material), "a table of other size read");
  const std::optional<std::vector<uint8_t>> whole = values.unpack();
  for (uint64_t i = 0; i < values.count(); ++i) {
    try {
      const uint8_t byte = values.byte(i);
      fuzz::require(whole && byte == (*whole)[i], "a value read that the whole table does not hold");
    } catch (const tablebase::DamagedValues&) {
      fuzz::require(!whole, "a value refused that the whole table holds");
    }
  }
  return 0;
}
