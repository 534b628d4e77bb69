#include "solver/explore/job_store.h"

#include <cerrno>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <sqlite3.h>
#include <sys/file.h>
#include <unistd.h>

namespace dm::explore {

namespace {

constexpr std::string_view kFormat = "dmsolve-explore 1";
constexpr std::string_view kInMemory = ":memory:";  // SQLite's name for a database in memory

constexpr const char* kSchema = R"(
  CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS jobs(
    id INTEGER PRIMARY KEY,
    fen TEXT NOT NULL,
    attacker TEXT NOT NULL CHECK (attacker IN ('white', 'black')),
    budget INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('proven', 'disproven', 'open')),
    turn TEXT,
    proof_file TEXT,
    proof_nodes INTEGER,
    proof_depth INTEGER,
    nodes INTEGER NOT NULL,
    seconds REAL NOT NULL,
    finished TEXT NOT NULL DEFAULT (datetime('now')),
    pn INTEGER,
    dn INTEGER);
  CREATE INDEX IF NOT EXISTS jobs_position ON jobs(fen, attacker);
  CREATE TABLE IF NOT EXISTS sessions(session TEXT PRIMARY KEY, first_job INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS moves(
    position TEXT NOT NULL,
    move TEXT NOT NULL,
    status TEXT NOT NULL,
    refutation TEXT,
    proof_nodes INTEGER,
    jobs INTEGER NOT NULL,
    seconds REAL NOT NULL,
    line TEXT,
    PRIMARY KEY (position, move));
)";

std::string_view color_name(Color c) { return c == Color::White ? "white" : "black"; }

// A prepared statement: one made for a single use, finalized when it goes out of scope, or one
// of those the store keeps for the statements every job runs (parsing them each time was most
// of an MPI leader's work), reset for its next use.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : owned_(true) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  // kept: the store's statement for sql, prepared here on its first use.
  Statement(sqlite3* db, sqlite3_stmt*& kept, const char* sql) : owned_(false) {
    if (!kept) sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &kept, nullptr);
    stmt_ = kept;
  }
  ~Statement() {
    if (owned_) {
      sqlite3_finalize(stmt_);
    } else if (stmt_) {
      sqlite3_reset(stmt_);
      sqlite3_clear_bindings(stmt_);
    }
  }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return stmt_ != nullptr; }
  Statement& bind(int i, std::string_view text) {
    sqlite3_bind_text(stmt_, i, text.data(), int(text.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, uint64_t value) {
    sqlite3_bind_int64(stmt_, i, sqlite3_int64(value));
    return *this;
  }
  Statement& bind(int i, double value) {
    sqlite3_bind_double(stmt_, i, value);
    return *this;
  }
  // SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(stmt_); }
  std::string text(int i) const {
    const auto* p = sqlite3_column_text(stmt_, i);
    return p ? std::string(reinterpret_cast<const char*>(p)) : std::string();
  }
  uint64_t integer(int i) const { return uint64_t(sqlite3_column_int64(stmt_, i)); }
  double real(int i) const { return sqlite3_column_double(stmt_, i); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  bool owned_;
};

JobStatus status_from(const std::string& name) {
  if (name == "proven") return JobStatus::Proven;
  if (name == "disproven") return JobStatus::Disproven;
  return JobStatus::Open;
}

// Runs `alter` unless the table has the column already (a store of an older release); false
// when it fails.
bool add_missing_column(sqlite3* db, const char* table, std::string_view column, const char* alter) {
  Statement columns(db, (std::string("SELECT name FROM pragma_table_info('") + table + "')").c_str());
  while (columns.ok() && columns.step() == SQLITE_ROW) {
    if (columns.text(0) == column) return true;
  }
  return sqlite3_exec(db, alter, nullptr, nullptr, nullptr) == SQLITE_OK;
}

}  // namespace

std::string_view job_status_name(JobStatus status) {
  switch (status) {
    case JobStatus::Proven: return "proven";
    case JobStatus::Disproven: return "disproven";
    case JobStatus::Open: break;
  }
  return "open";
}

JobStore::JobStore(sqlite3* db, std::string path)
    : db_(db), path_(std::move(path)), proof_dir_(path_ + ".proofs") {}

JobStore::~JobStore() {
  for (sqlite3_stmt* kept : {find_, find_next_, insert_, last_id_}) sqlite3_finalize(kept);
  sqlite3_close(db_);
  if (lock_fd_ >= 0) ::close(lock_fd_);
  std::error_code ignored;
  if (temporary_proof_dir_) std::filesystem::remove_all(proof_dir_, ignored);
}

std::string JobStore::error(std::string_view what) const {
  return path_ + ": " + std::string(what) + ": " + sqlite3_errmsg(db_);
}

std::optional<std::string> JobStore::exec(const char* sql) {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) return error("cannot write the store");
  return std::nullopt;
}

Expected<std::unique_ptr<JobStore>> JobStore::open(const std::string& path, const std::string& variant_name,
                                                   const std::string& rules) {
  using Result = Expected<std::unique_ptr<JobStore>>;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    const std::string why = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Result::failure(path + ": cannot open the store: " + why);
  }
  std::unique_ptr<JobStore> store(new JobStore(db, path));
  const bool in_memory = path == kInMemory;
  // One explore at a time: a lock on PATH.lock, which the system drops when the process ends,
  // however it ends. Readers of the database are not kept out. A store in memory is this
  // process's alone.
  if (!in_memory) {
    store->lock_fd_ = ::open((path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (store->lock_fd_ < 0 || flock(store->lock_fd_, LOCK_EX | LOCK_NB) != 0) {
      return Result::failure(path + ": cannot lock the store (is another explore using it?)");
    }
  }
  // A file that is no SQLite database fails here, at its first read.
  sqlite3_busy_timeout(db, 5000);
  if (sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;", nullptr, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_exec(db, kSchema, nullptr, nullptr, nullptr) != SQLITE_OK) {
    // A fresh store on a full disk (SQLITE_FULL), or over a file-size limit (SQLITE_IOERR).
    const bool full = sqlite3_errcode(db) == SQLITE_FULL || sqlite3_errcode(db) == SQLITE_IOERR;
    return Result::failure(store->error(full ? "cannot write the store" : "not an explore store"));
  }
  Statement read(db, "SELECT key, value FROM meta");
  std::map<std::string, std::string> meta;
  while (read.ok() && read.step() == SQLITE_ROW) meta[read.text(0)] = read.text(1);
  const std::string format = meta["format"], variant = meta["variant"], stored_rules = meta["rules"];
  if (format.empty()) {
    Statement write(db, "INSERT INTO meta(key, value) VALUES ('format', ?1), ('variant', ?2), ('rules', ?3)");
    if (!write.ok() || write.bind(1, kFormat).bind(2, variant_name).bind(3, rules).step() != SQLITE_DONE) {
      return Result::failure(store->error("cannot write the store"));
    }
  } else if (format != kFormat) {
    return Result::failure(path + ": not an explore store of this version (format '" + format + "')");
  } else if (variant != variant_name || stored_rules != rules) {
    return Result::failure(path + ": the store holds " + variant + " (" + stored_rules + "), not " + variant_name +
                           " (" + rules + ")");
  }
  // A store made before the jobs had their root numbers, or the moves their main lines, gets
  // the columns (NULL in its rows).
  if (!add_missing_column(db, "jobs", "pn",
                          "ALTER TABLE jobs ADD COLUMN pn INTEGER; ALTER TABLE jobs ADD COLUMN dn INTEGER;") ||
      !add_missing_column(db, "moves", "line", "ALTER TABLE moves ADD COLUMN line TEXT;")) {
    return Result::failure(store->error("cannot write the store"));
  }
  // The proof folder: beside the store, or for a store in memory a fresh one removed with it.
  std::error_code ec;
  if (in_memory) {
    std::string folder = (std::filesystem::temp_directory_path(ec) / "dmsolve-store-XXXXXX").string();
    if (!ec && ::mkdtemp(folder.data()) == nullptr) ec = std::error_code(errno, std::generic_category());
    store->proof_dir_ = folder;
    store->temporary_proof_dir_ = !ec;
  } else {
    std::filesystem::create_directories(store->proof_dir_, ec);
  }
  if (ec) return Result::failure(store->proof_dir_ + ": cannot create the proof folder: " + ec.message());
  return store;
}

namespace {

// The columns find() and find_next() read, in this order.
constexpr const char* kJobColumns =
    "SELECT budget, status, turn, proof_file, proof_nodes, proof_depth, nodes, seconds, id, pn, dn FROM jobs ";

// The job of a query on kJobColumns; nullopt when it found none.
std::optional<JobRecord> job_found(Statement& query, const std::string& fen, Color attacker) {
  if (query.step() != SQLITE_ROW) return std::nullopt;
  JobRecord job;
  job.id = query.integer(8);
  job.fen = fen;
  job.attacker = attacker;
  job.budget = query.integer(0);
  job.status = status_from(query.text(1));
  job.turn = query.text(2);
  job.proof_file = query.text(3);
  job.proof_nodes = query.integer(4);
  job.proof_depth = int(query.integer(5));
  job.nodes = query.integer(6);
  job.seconds = query.real(7);
  job.pn = uint32_t(query.integer(9));  // NULL reads as 0: not known
  job.dn = uint32_t(query.integer(10));
  return job;
}

}  // namespace

std::optional<JobRecord> JobStore::find(const std::string& fen, Color attacker, uint64_t budget, uint64_t last_id) {
  // A proof or disproof first (the earliest), else the earliest open job with the budget.
  static const std::string sql = std::string(kJobColumns) +
                                 "WHERE fen = ?1 AND attacker = ?2 AND (status != 'open' OR budget >= ?3) AND id <= ?4 "
                                 "ORDER BY status = 'open', id LIMIT 1";
  Statement query(db_, find_, sql.c_str());
  if (!query.ok()) return std::nullopt;
  query.bind(1, fen).bind(2, color_name(attacker)).bind(3, budget).bind(4, last_id);
  return job_found(query, fen, attacker);
}

std::optional<JobRecord> JobStore::find_next(const std::string& fen, Color attacker, uint64_t budget,
                                             uint64_t after_id) {
  static const std::string sql = std::string(kJobColumns) +
                                 "WHERE fen = ?1 AND attacker = ?2 AND (status != 'open' OR budget >= ?3) AND id > ?4 "
                                 "ORDER BY id LIMIT 1";
  Statement query(db_, find_next_, sql.c_str());
  if (!query.ok()) return std::nullopt;
  query.bind(1, fen).bind(2, color_name(attacker)).bind(3, budget).bind(4, after_id);
  return job_found(query, fen, attacker);
}

std::optional<std::string> JobStore::record(const JobRecord& job) {
  Statement insert(db_, insert_,
                   "INSERT INTO jobs(id, fen, attacker, budget, status, turn, proof_file, proof_nodes, proof_depth, "
                   "nodes, seconds, pn, dn) VALUES (?11, ?1, ?2, ?3, ?4, NULLIF(?5, ''), NULLIF(?6, ''), ?7, ?8, ?9, ?10, "
                   "NULLIF(?12, 0), NULLIF(?13, 0))");
  if (!insert.ok()) return error("cannot write the store");
  insert.bind(11, job.id).bind(1, job.fen).bind(2, color_name(job.attacker)).bind(3, job.budget).bind(4, job_status_name(job.status));
  insert.bind(5, job.turn).bind(6, job.proof_file).bind(7, job.proof_nodes).bind(8, uint64_t(job.proof_depth));
  insert.bind(9, job.nodes).bind(10, job.seconds).bind(12, uint64_t(job.pn)).bind(13, uint64_t(job.dn));
  if (insert.step() != SQLITE_DONE) return error("cannot write the store");
  return std::nullopt;
}

std::optional<std::string> JobStore::record_move(const MoveRecord& move) {
  // A row there already keeps its line until the run's end gives the new one (record_line).
  Statement upsert(db_,
                   "INSERT INTO moves(position, move, status, refutation, proof_nodes, jobs, seconds) "
                   "VALUES (?1, ?2, ?3, NULLIF(?4, ''), ?5, ?6, ?7) ON CONFLICT (position, move) DO UPDATE SET "
                   "status = excluded.status, refutation = excluded.refutation, proof_nodes = excluded.proof_nodes, "
                   "jobs = excluded.jobs, seconds = excluded.seconds");
  if (!upsert.ok()) return error("cannot write the store");
  upsert.bind(1, move.position).bind(2, move.move).bind(3, move.status).bind(4, move.refutation);
  upsert.bind(5, move.proof_nodes).bind(6, move.jobs).bind(7, move.seconds);
  if (upsert.step() != SQLITE_DONE) return error("cannot write the store");
  return std::nullopt;
}

std::optional<std::string> JobStore::record_line(const std::string& position, const std::string& move,
                                                 const std::string& line) {
  Statement update(db_, "UPDATE moves SET line = ?3 WHERE position = ?1 AND move = ?2");
  if (!update.ok() || update.bind(1, position).bind(2, move).bind(3, line).step() != SQLITE_DONE) {
    return error("cannot write the store");
  }
  return std::nullopt;
}

Expected<uint64_t> JobStore::session_start(const std::string& session) {
  Statement query(db_, "SELECT first_job FROM sessions WHERE session = ?1");
  if (query.ok() && query.bind(1, session).step() == SQLITE_ROW) return query.integer(0);
  const uint64_t first = next_id();
  Statement insert(db_, "INSERT INTO sessions(session, first_job) VALUES (?1, ?2)");
  if (!insert.ok() || insert.bind(1, session).bind(2, first).step() != SQLITE_DONE) {
    return Expected<uint64_t>::failure(error("cannot write the store"));
  }
  return first;
}

uint64_t JobStore::next_id() const {
  Statement last(db_, last_id_, "SELECT coalesce(max(id), 0) FROM jobs");
  return (last.ok() && last.step() == SQLITE_ROW ? last.integer(0) : 0) + 1;
}

std::string JobStore::proof_path(uint64_t id) const { return proof_dir_ + "/" + std::to_string(id) + ".proof.zst"; }

}  // namespace dm::explore
