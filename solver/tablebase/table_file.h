#pragma once
// Endgame tables kept on disk (`--tablebase-dir`), so that a table is made once per machine
// rather than once per run: the explore of an opening meets the same endings in every job.
//
// A file holds one table: a text header, then its values packed in blocks (packed_values.h),
// so that a table can be read into memory packed, without unpacking it:
//   dmsolve-tablebase 2
//   variant antichess
//   rules stalemate=win
//   material KRPvK
//   values 33554432
//   packed 4096 2791034 9f3c0e17a2b4d658
//   <blank line, then the packed bytes>
// `packed` gives the values a block, the packed bytes and their checksum (hexadecimal). The
// variant's name and options tell the tables of each apart (antichess and Losing Marseillais,
// each stalemate and no-second-move option); `values` counts the layers of a turn of two moves
// (LosingTable::index_count).
// The files of version 1 (the values as one zstd frame with its checksum, after the same
// header but `packed` and with `dmsolve-tablebase 1`) are read as well, and the reader is told
// to write them again in version 2.
// A file is written to FILE.PID.part and renamed, so a reader never sees half of one and two
// runs that make the same table at once each rename a whole file; a file whose header is not
// the one expected, or whose values do not check (sizes, frames, checksums), is not used, and
// the table is made again.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/variant.h"
#include "solver/tablebase/material.h"
#include "solver/tablebase/packed_values.h"

namespace dm::tablebase {

// The file of material m's table for the variant (with its rule options) under directory.
std::string table_path(const std::string& directory, const Variant& variant, const Material& m);

struct TableFile {
  PackedValues values;
  bool old_format = false;  // version 1: to be written again
};

// The values kept in path, or nullopt when the file is missing or not the expected table.
std::optional<TableFile> read_table(const std::string& path, const Variant& variant, const Material& m);

// Writes the table's values to path (its folder made if need be); an error message on failure.
std::optional<std::string> write_table(const std::string& path, const Variant& variant, const Material& m,
                                       const PackedValues& values);

}  // namespace dm::tablebase
