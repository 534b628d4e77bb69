#include "solver/explore/book_reader.h"

#include <sqlite3.h>

#include <map>
#include <optional>

namespace dm::explore {

namespace {

std::string column_text(sqlite3_stmt* row, int column) {
  const unsigned char* text = sqlite3_column_text(row, column);
  return text ? reinterpret_cast<const char*>(text) : "";
}

// Runs `sql` (with `bound` as ?1 where given) and calls take(row) for each row; the error when
// the database could not be read.
template <class Take>
std::optional<std::string> each_row(sqlite3* db, const char* sql, const std::string* bound, Take take) {
  sqlite3_stmt* statement = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &statement, nullptr) != SQLITE_OK) return sqlite3_errmsg(db);
  if (bound) sqlite3_bind_text(statement, 1, bound->c_str(), int(bound->size()), SQLITE_TRANSIENT);
  int code = SQLITE_ROW;
  while ((code = sqlite3_step(statement)) == SQLITE_ROW) take(statement);
  std::optional<std::string> error;
  if (code != SQLITE_DONE) error = sqlite3_errmsg(db);
  sqlite3_finalize(statement);
  return error;
}

}  // namespace

Expected<std::unique_ptr<BookReader>> BookReader::open(const std::string& path) {
  using Result = Expected<std::unique_ptr<BookReader>>;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Result::failure(path + ": cannot open the store: " + why);
  }
  std::unique_ptr<BookReader> book(new BookReader(db, path));
  sqlite3_busy_timeout(db, 5000);
  std::map<std::string, std::string> meta;
  const auto error = each_row(db, "SELECT key, value FROM meta", nullptr,
                              [&](sqlite3_stmt* row) { meta[column_text(row, 0)] = column_text(row, 1); });
  if (error || meta["format"] != "dmsolve-explore 1") return Result::failure(path + ": not an explore store");
  book->variant_ = meta["variant"];
  book->rules_ = meta["rules"];
  return book;
}

BookReader::~BookReader() { sqlite3_close(db_); }

Expected<std::vector<std::string>> BookReader::positions() const {
  std::vector<std::string> found;
  const auto error = each_row(db_, "SELECT position FROM moves GROUP BY position ORDER BY MIN(rowid)", nullptr,
                              [&](sqlite3_stmt* row) { found.push_back(column_text(row, 0)); });
  if (error) return Expected<std::vector<std::string>>::failure(path_ + ": " + *error);
  return found;
}

Expected<std::vector<BookMove>> BookReader::moves(const std::string& position) const {
  std::vector<BookMove> found;
  const auto error =
      each_row(db_,
               "SELECT move, status, refutation, proof_nodes, jobs, seconds, line FROM moves WHERE position = ?1 "
               "ORDER BY move",
               &position, [&](sqlite3_stmt* row) {
                 found.push_back({column_text(row, 0), column_text(row, 1), column_text(row, 2),
                                  uint64_t(sqlite3_column_int64(row, 3)), uint64_t(sqlite3_column_int64(row, 4)),
                                  sqlite3_column_double(row, 5), column_text(row, 6)});
               });
  if (error) return Expected<std::vector<BookMove>>::failure(path_ + ": " + *error);
  return found;
}

}  // namespace dm::explore
