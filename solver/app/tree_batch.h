#pragma once
// Builds the solution trees of a batch of problems (`solve FILE`, `verify`) with every thread.
//
// Most problems of a puzzle collection are small: a Lichess mate in two takes a few hundred
// nodes, a fraction of a millisecond, too little to share among threads. So the batch goes in
// windows of problems, and every problem of a window (of more than one) is first built alone
// on one thread, several problems at once, each with a small table of its own and a budget of
// kAloneNodes nodes. A tree finished within that budget is final: every value in it is exact,
// so it is the tree that every thread and the shared table would have built (tests check
// this). The problems left are then built one after another with every thread and the shared
// table, as a single problem is; with more than one thread, each one's re-check and
// formatting (Finish) runs on a thread of its own while the next is built (one thread more than
// --threads, for the time of a re-check). Results are handed out in the batch's order.
//
// With one thread the windows are built alone too, one problem after another: a small table
// stays in the cache, where the shared one spreads a small problem over the whole --hash.
// The tables and the threads' scratch (the help-play bound's caches, search::Workers::scratch)
// together take --hash MiB: the small tables and the scratch are taken from the shared table.
// Endgame tables (--tablebase-men) are made once per variant and kept for the whole batch.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rules/expected.h"
#include "rules/position.h"
#include "solver/app/tree_output.h"
#include "solver/puzzle/show_options.h"
#include "solver/problem/stipulation.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"
#include "solver/tablebase/tablebase_set.h"
#include "solver/tree/solution_tree.h"

namespace dm::app {

struct BatchProblem {
  const Position* position;
  const problem::Stipulation* stipulation;
  std::string proof_file = {};  // win, lose, loseN: where the proof goes (empty: nowhere to keep)
  puzzle::ShowOptions show = {};  // the problem's own show options (tree_options says which win)
};

class TreeBatch {
 public:
  // The node budget of a problem built alone: a small fraction of a second of one thread.
  static constexpr uint64_t kAloneNodes = 20'000;
  // The table of one thread building problems alone: 16,384 clusters, room for every node of
  // the budget.
  static constexpr size_t kAloneTableMiB = 2;
  // The scratch of one thread building problems alone (its help-play bound's caches, smaller
  // than the shared workers': the budget leaves them little to keep).
  static constexpr size_t kAloneScratchMiB = 1;
  // The scratch of each of the shared workers' threads: a quarter of --hash among them, at most
  // this much.
  static constexpr size_t kMostScratchMiB = 26;

  // The scratch of each of `threads` shared workers, in MiB: a quarter of --hash among them, at
  // most kMostScratchMiB, at least 1 MiB where there is room for it.
  static size_t scratch_mib(const TreeSettings& settings, int threads);
  // The shared table: --hash less `alone` threads' small tables and scratch and the shared
  // workers' scratch (1 MiB at least). `dmsolve serve` sizes its own workers and table so too.
  static size_t shared_table_mib(const TreeSettings& settings, size_t alone, int threads);

  // The threads and tables of a batch with these settings, or why there is no room for them.
  static Expected<std::unique_ptr<TreeBatch>> make(const TreeSettings& settings, const std::atomic<bool>* interrupt);

  // Takes a problem's final tree: on any of the batch's threads, for several problems at once.
  using Finish = std::function<void(size_t index, tree::SolutionTree&& tree)>;
  // Called on the calling thread, in the batch's order, for every problem that was finished.
  using Emit = std::function<void(size_t index)>;
  // The progress display's text while a problem is built with every thread.
  using Label = std::function<std::string(size_t index)>;

  // Builds the tree of every problem. After an interrupt, the problems not yet built are
  // skipped: neither finished nor emitted. The tree being built when it came is finished
  // with what it has (status Unknown).
  void run(const std::vector<BatchProblem>& problems, const Label& label, const Finish& finish, const Emit& emit);

  // Whether problems are built alone at all: with a --hash that has room for the small
  // tables, and no --nodes limit below the budget.
  bool builds_alone() const { return !alone_.empty(); }

  // Why an endgame table could not be kept in --tablebase-dir (a full disk), or "": the
  // problems are solved all the same, with the table in memory.
  std::string tables_keep_error() { return tables_.keep_error(); }

 private:
  // One thread's means to build problems alone.
  struct Alone {
    Alone() : workers(1, kAloneScratchMiB << 20), tt(kAloneTableMiB) {}
    search::Workers workers;
    search::TranspositionTable tt;
  };

  TreeBatch(const TreeSettings& settings, const std::atomic<bool>* interrupt);

  // Builds problems [begin, end) alone, several at once; marks those finished.
  void build_alone(const std::vector<BatchProblem>& problems, size_t begin, size_t end, const Label& label,
                   const Finish& finish, std::vector<char>& finished);
  bool interrupted() const { return interrupt_ && interrupt_->load(); }

  // Gives options the endgame tables the problem is solved with, if any, and leaves the time
  // spent making them out of --time.
  void use_tables(const BatchProblem& problem, tree::TreeOptions& options);

  TreeSettings settings_;
  const std::atomic<bool>* interrupt_;
  tablebase::TablebaseSet tables_;
  search::Workers workers_;
  std::vector<std::unique_ptr<Alone>> alone_;  // one per thread of workers_ (by its arena index), or none
  search::TranspositionTable shared_;          // --hash less the small tables and the scratch
};

}  // namespace dm::app
