#pragma once
// Endgame tables kept on disk (`--tablebase-dir`), so that a table is made once per machine
// rather than once per run: the explore of an opening meets the same endings in every job.
//
// A file holds one table: a text header, then the values compressed as one zstd frame with
// its checksum.
//   dmsolve-tablebase 1
//   variant antichess
//   rules stalemate=win
//   material KRPvK
//   values 33554432
//   <blank line, then the zstd frame>
// The variant's name and options tell the tables of each apart (antichess and Losing
// Marseillais, each stalemate and no-second-move option); `values` counts the layers of a
// turn of two moves (LosingTable::index_count).
// A file is written to FILE.PID.part and renamed, so a reader never sees half of one and two
// runs that make the same table at once each rename a whole file; a file whose
// header is not the one expected, or whose data does not decompress to exactly that many
// values (the checksum included), is not used, and the table is made again.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rules/variant.h"
#include "solver/tablebase/material.h"

namespace dm::tablebase {

// The file of material m's table for the variant (with its rule options) under directory.
std::string table_path(const std::string& directory, const Variant& variant, const Material& m);

// The values kept in path, or nullopt when the file is missing or not the expected table. They
// are read into `reuse` where it has their size (a table dropped from memory: no fresh pages to
// fault in and clear).
std::optional<std::vector<uint8_t>> read_table(const std::string& path, const Variant& variant, const Material& m,
                                               std::vector<uint8_t> reuse = {});

// Writes the table's values to path (its folder made if need be); an error message on failure.
std::optional<std::string> write_table(const std::string& path, const Variant& variant, const Material& m,
                                       const std::vector<uint8_t>& values);

}  // namespace dm::tablebase
