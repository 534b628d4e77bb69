#pragma once
// The explore store (`dmsolve explore --store FILE`): a SQLite database of every job run, so
// that a run killed at any moment loses no finished job, a second run resumes where the first
// stopped, and a position proven once is never searched again, whatever opening it comes from.
//
// One store holds one variant with its rule options (the `meta` table says which; a store of
// other rules is refused). Tables:
//   meta(key, value)   format "dmsolve-explore 1", variant, rules;
//   jobs               one row per job: the position (canonical FEN, four fields), the side
//                      playing for the win (attacker), the node budget it ran with, its result
//                      (proven, disproven or open), the attacker's winning turn where the
//                      attacker moves, the proof file's name, size and depth, nodes and
//                      seconds spent, and for an open job its root's proof and disproof
//                      numbers (pn, dn; added to older stores on open, NULL in their rows);
//   sessions           each explore session (position and options) with its first job number;
//   moves              the latest verdict on each move of each explored position (what `explore`
//                      prints), for other programs to read, with the main line of a decided
//                      move's proof (`line`; added to older stores on open, NULL in their rows).
// Each job is one transaction (WAL journal, synchronous=FULL): once record() returns, the row
// survives a kill of the process, and a row never appears without its proof file, which is
// written first. One explore at a time uses a store (a lock on FILE.lock, dropped by the system
// however the process ends): the job numbers, and the proof files named by them, are its
// alone. Other programs may read the database meanwhile.
// The path ":memory:" opens a store in memory (for tests): no lock, and its proof files in a
// fresh temporary folder removed with the store.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "rules/expected.h"
#include "rules/types.h"

struct sqlite3;
struct sqlite3_stmt;

namespace dm::explore {

enum class JobStatus : uint8_t { Proven, Disproven, Open };
std::string_view job_status_name(JobStatus status);  // "proven", "disproven", "open"

struct JobRecord {
  uint64_t id = 0;  // its number in the store (1, 2, ... in the order recorded)
  std::string fen;  // canonical: board, side, castling, e.p.
  Color attacker = Color::White;
  uint64_t budget = 0;
  JobStatus status = JobStatus::Open;
  std::string turn;        // proven with the attacker to move: its turn in UCI; else empty
  std::string proof_file;  // proven: the file's name in the store's proof folder
  uint64_t proof_nodes = 0;
  int proof_depth = 0;
  uint64_t nodes = 0;
  double seconds = 0.0;
  // Open: the numbers the search left at its root, the attacker's proof and disproof numbers
  // (0 where not known). The top tree takes them for the leaf, as PN² does.
  uint32_t pn = 0;
  uint32_t dn = 0;
};

// A move's row in the `moves` table.
struct MoveRecord {
  std::string position;  // the explored position, canonical FEN
  std::string move;      // UCI
  std::string status;    // won, lost, drawn, open
  std::string refutation;
  uint64_t proof_nodes = 0;
  uint64_t jobs = 0;
  double seconds = 0.0;
};

class JobStore {
 public:
  // Opens (creating it if need be) the store at path for the variant and its rule options
  // (Variant::describe_options()); a store made for other rules is refused. Errors name the file.
  static Expected<std::unique_ptr<JobStore>> open(const std::string& path, const std::string& variant_name,
                                                  const std::string& rules);
  ~JobStore();
  JobStore(const JobStore&) = delete;
  JobStore& operator=(const JobStore&) = delete;

  // What the store knows of the position for the attacker with at least `budget` nodes, among
  // the jobs numbered up to `last_id`: a proof or disproof (with any budget), else an open job
  // that spent at least `budget`.
  std::optional<JobRecord> find(const std::string& fen, Color attacker, uint64_t budget, uint64_t last_id);
  // The first job numbered after `after_id` that answers the same question (a proof or a
  // disproof, or an open job that spent at least `budget`), in the order recorded: what an
  // earlier run of an explore session ran at a leaf, which a resumed run replays (explorer.h).
  std::optional<JobRecord> find_next(const std::string& fen, Color attacker, uint64_t budget, uint64_t after_id);

  // The first job number of the explore session named by `session` (the explored position and
  // the options that shape its trees), the next job's number for a session not seen before.
  // A resumed session sees the store as its first run saw it (explorer.h).
  Expected<uint64_t> session_start(const std::string& session);
  // The number the next job recorded will get: its proof file is written under it first
  // (proof_path), and the row committed after, so a row never lacks its file. A file left by a
  // job killed before its row is committed is replaced by the next job's.
  uint64_t next_id() const;
  std::string proof_path(uint64_t id) const;
  // Commits a finished job under its id (next_id()); the error message when it could not be
  // written.
  std::optional<std::string> record(const JobRecord& job);
  std::optional<std::string> record_move(const MoveRecord& move);
  // Sets the main line of a recorded move's proof (proof_graph.h): UCI turns separated by
  // spaces, from the explored position, the move first.
  std::optional<std::string> record_line(const std::string& position, const std::string& move, const std::string& line);

  // The folder beside the store where proven jobs' proof files go (created on open).
  const std::string& proof_dir() const { return proof_dir_; }

 private:
  JobStore(sqlite3* db, std::string path);
  std::optional<std::string> exec(const char* sql);
  std::string error(std::string_view what) const;

  sqlite3* db_;
  // The statements every job runs, prepared once (job_store.cpp's Statement).
  sqlite3_stmt* find_ = nullptr;
  sqlite3_stmt* find_next_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
  mutable sqlite3_stmt* last_id_ = nullptr;
  int lock_fd_ = -1;
  std::string path_;
  std::string proof_dir_;
  bool temporary_proof_dir_ = false;  // an in-memory store's: removed with it
};

}  // namespace dm::explore
