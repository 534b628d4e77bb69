#pragma once
// The endgame tables of a run that may meet several variants and rule options (a puzzle file,
// a batch): one Tablebase per variant and options, made when first asked for and kept for the
// run, so that every problem of the same rules shares the tables the others made. Each
// Tablebase has the whole memory budget: a run rarely mixes the losing variants' options.

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "solver/tablebase/tablebase.h"

namespace dm::tablebase {

class TablebaseSet {
 public:
  explicit TablebaseSet(const TablebaseOptions& options) : options_(options) {}

  // The tables of the variant, or nullptr where it has none or max_men is below 2.
  Tablebase* for_variant(const Variant& variant);
  // Why a table made could not be kept in the directory, or one read there turned out damaged
  // (the last such error), or "".
  std::string keep_error();

 private:
  TablebaseOptions options_;
  std::mutex mutex_;
  std::map<std::string, std::unique_ptr<Tablebase>> tables_;  // by variant name and options
};

}  // namespace dm::tablebase
