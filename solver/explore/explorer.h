#pragma once
// `dmsolve explore`: which turns of the side to move in a position win, lose or stay open, by
// job-level proof-number search over the solver's proof search.
//
// For each turn of the side to move (the mover) there are two questions, each a top tree
// (top_tree.h) rooted at the position the turn reaches: does the opponent force its win there
// (then the turn loses), and does the mover (then it wins)? Both disproven: the turn draws.
// The opponent's question is asked first, the mover's only once it is disproven: a turn that
// loses is decided by the first alone, and the mover's question there could only be disproven,
// at about the same cost; a turn that wins pays for two searches, the first no harder than the
// second (the mover's win disproves the opponent's). Most turns of an opening lose.
// The jobs go to a pool (job_pool.h): the local pool runs one at a time on this process's
// threads, the MPI pool as many as it has workers. While the pool has an idle worker, the
// undecided turn with the least effort spent on it so far (the nodes of its jobs, and the
// budgets of those running; at equal effort the earlier turn) gets a job at the most-proving
// free leaf of its open question's tree, with that leaf's budget (top_tree.h: it doubles each
// time the leaf's job runs out, and the leaf is expanded only at the most budget); the leaf is
// busy until its result comes. So every turn gets work in turn, none is starved by another's
// promising numbers, and a tree's root behaves like a `solve` run again with twice the nodes
// (see docs/explore.md).
//
// Every finished job goes to the store (job_store.h), its proof file first, as it arrives. A
// new leaf, or a leaf about to run, first asks the store; so a resumed run replays its earlier
// runs' jobs without searching, and proofs from other runs and other trees are reused. A
// session is the explored position with the options that shape its trees; its jobs are those
// it ran, in any of its runs (a result reused is no job of it). So that a resumed run grows the
// same trees as one that never stopped, the store is read as the session met it: a lookup sees
// the jobs numbered up to the highest the session has met, and a leaf about to run also the
// first job numbered after it that holds the leaf (what an earlier run ran there). With one
// worker and fresh tables each job is a pure function of its position and budget
// (job_runner.h), and so is the effort that schedules the turns, so the final table is the
// same; otherwise the decided turns are (every verdict is exact) but the open ones at a limit,
// and the proofs found, may differ.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "rules/game.h"
#include "rules/position.h"
#include "solver/explore/job_pool.h"
#include "solver/explore/job_store.h"
#include "solver/explore/top_tree.h"
#include "solver/search/search_control.h"

namespace dm::explore {

enum class MoveStatus : uint8_t { Won, Lost, Drawn, Open };
std::string_view move_status_name(MoveStatus status);  // "won", "lost", "drawn", "open"

// The two questions of a turn.
enum class Question : uint8_t { OpponentWins, MoverWins };

struct ExploreOptions {
  uint64_t job_nodes = 100000;       // the first job budget of each leaf
  uint64_t max_job_nodes = 25600000;  // the most: a leaf still open after a job this large is expanded
  uint64_t max_jobs = 0;        // the session's jobs (in this run or an earlier one) before stopping; 0: no limit
  int tablebase_men = 0;        // the jobs' endgame tables (JobRunner's): they shape the trees
  // Each job on an empty table (JobRunner::keep_table(false)): slower, but a resumed run grows
  // the trees of one that never stopped. It shapes the trees, so it names its own session.
  bool fresh_tables = false;
  search::SearchLimits limits;  // over the whole run: nodes, seconds, Ctrl-C
};

// Where the run stands, for a progress display.
struct ExploreProgress {
  size_t turns = 0;
  size_t decided = 0;
  uint64_t jobs = 0;         // the session's (run now or replayed from an earlier run)
  uint64_t jobs_reused = 0;  // leaves answered by a result of another session or tree
  std::string job;         // the job now running: its turn, question, depth and budget
};

struct MoveResult {
  Turn turn;
  MoveStatus status = MoveStatus::Open;
  std::optional<Turn> refutation;  // lost: the opponent's first turn in the proof
  uint64_t proof_nodes = 0;        // won or lost: the nodes of its proof file
  int proof_depth = 0;             // its turns, the longest line
  uint64_t jobs = 0;               // the session's jobs on both trees
  uint64_t nodes = 0;              // searched by those jobs
  double seconds = 0.0;            // spent by those jobs, in whichever run
};

enum class ExploreEnd : uint8_t { Decided, Limit, Interrupted, Error };

class Explorer {
 public:
  // pos: the explored position (the game is not over in it). The store must have been opened
  // for pos's variant; first_job is the session's (JobStore::session_start of session_name()).
  Explorer(const Position& pos, JobStore& store, const ExploreOptions& options, uint64_t first_job);
  // What names a session: the explored position and the options that shape its trees.
  static std::string session_name(const Position& pos, const ExploreOptions& options);

  // Runs jobs in the pool until every turn is decided, a limit is reached or Ctrl-C; error()
  // says why on ExploreEnd::Error (the store or a proof file could not be written, or no
  // worker is left). At a limit no job is handed out, and the running ones are waited for and
  // kept (a job the limits stop, in the local pool, is dropped); on Ctrl-C they are abandoned.
  ExploreEnd run(JobPool& pool, const std::function<void(const ExploreProgress&)>& on_job);
  const std::string& error() const { return error_; }

  const Position& position() const { return position_; }
  std::vector<MoveResult> results() const;
  // The tree that decided move i (its proven question), or nullptr while the move is open
  // or drawn.
  const TopTree* proof_tree(size_t i) const;
  const TopTree& tree(size_t i, Question q) const { return *moves_[i].trees[size_t(q)]; }
  const Position& after(size_t i) const { return moves_[i].after; }

 private:
  struct TreeStats {
    uint64_t jobs = 0;
    uint64_t nodes = 0;
    double seconds = 0.0;
    uint64_t pending = 0;  // the budgets of its jobs now running
  };
  struct Move {
    Turn turn;
    Position after;
    std::unique_ptr<TopTree> trees[2];
    TreeStats stats[2];
    bool recorded = false;  // its verdict is in the store's moves table
  };

  MoveStatus status(const Move& move) const;
  // The question an open move asks now: the opponent's until it is disproven.
  static Question open_question(const Move& move);
  // The nodes spent on a move (and handed out to its running jobs): what the turns share.
  static uint64_t effort(const Move& move);
  // The undecided tree to work on next: (move, question), or nullopt when all are decided.
  // with_free_leaf: only among the trees with a leaf that is not busy.
  std::optional<std::pair<size_t, Question>> next_tree(bool with_free_leaf = false) const;
  // Whether the run's limits stop it (time on clock, nodes, jobs).
  bool limit_reached(const search::SearchControl& clock) const;
  TopTree::Budgets budgets() const { return {options_.job_nodes, options_.max_job_nodes}; }
  // A job the store holds, met at a leaf: counted in its tree as the session's when it is one
  // not counted before (replayed from an earlier run), else as a result reused.
  void count_found(TreeStats& stats, const JobRecord& job);
  // A job this run ran, counted in its tree.
  void count_job(TreeStats& stats, const JobRecord& job);
  // A pool's result committed to the store as the job handed out, its proof file first;
  // false on an error.
  bool commit(JobOutcome& outcome, JobRecord& handed);
  ExploreProgress progress(const std::string& job) const;
  // What the store holds for the leaf about to run (see above).
  std::optional<JobRecord> lookup_leaf(const Position& pos, Color attacker, uint64_t budget);
  MoveResult result(size_t i) const;
  bool record_verdicts();

  Position position_;
  JobStore& store_;
  ExploreOptions options_;
  std::vector<Move> moves_;
  uint64_t first_job_;  // the session's first job number
  uint64_t seen_ = 0;   // the highest job number this session has met (see above)
  std::unordered_set<uint64_t> counted_;  // the session's jobs counted by this run
  uint64_t jobs_ = 0;
  uint64_t jobs_reused_ = 0;
  uint64_t nodes_ = 0;
  std::string error_;
};

}  // namespace dm::explore
