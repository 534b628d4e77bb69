#include "solver/app/tree_batch.h"

#include <algorithm>
#include <future>
#include <new>

#include <tbb/task_arena.h>

#include "solver/app/progress_display.h"
#include "solver/tree/tree_builder.h"

namespace dm::app {

namespace {

// Problems in a window, per thread: enough that the threads stay busy while the window's
// problems are built alone, few enough that results come out steadily.
constexpr size_t kWindowPerThread = 32;

// How many threads build problems alone: every thread of the batch, or none.
size_t alone_threads(const TreeSettings& settings, int threads) {
  if (settings.nodes && settings.nodes <= TreeBatch::kAloneNodes) return 0;
  // The small tables and their scratch take at most a quarter of --hash.
  if (4 * size_t(threads) * (TreeBatch::kAloneTableMiB + TreeBatch::kAloneScratchMiB) > settings.hash_mb) return 0;
  return size_t(threads);
}

}  // namespace

size_t TreeBatch::scratch_mib(const TreeSettings& settings, int threads) {
  return std::clamp<size_t>(settings.hash_mb / (4 * size_t(threads)), 1, kMostScratchMiB);
}

size_t TreeBatch::shared_table_mib(const TreeSettings& settings, size_t alone, int threads) {
  const size_t taken = alone * (kAloneTableMiB + kAloneScratchMiB) + size_t(threads) * scratch_mib(settings, threads);
  return taken < settings.hash_mb ? settings.hash_mb - taken : 1;
}

Expected<std::unique_ptr<TreeBatch>> TreeBatch::make(const TreeSettings& settings,
                                                     const std::atomic<bool>* interrupt) {
  try {
    return std::unique_ptr<TreeBatch>(new TreeBatch(settings, interrupt));
  } catch (const std::bad_alloc&) {
    return Expected<std::unique_ptr<TreeBatch>>::failure("--hash " + std::to_string(settings.hash_mb) +
                                                         ": no room for a table of that size");
  }
}

TreeBatch::TreeBatch(const TreeSettings& settings, const std::atomic<bool>* interrupt)
    : settings_(settings),
      interrupt_(interrupt),
      tables_(tablebase_options(settings)),
      workers_(settings.threads, scratch_mib(settings, search::Workers::count(settings.threads)) << 20),
      alone_(alone_threads(settings, workers_.threads())),
      shared_(shared_table_mib(settings, alone_.size(), workers_.threads())) {
  for (auto& alone : alone_) alone = std::make_unique<Alone>();
}

void TreeBatch::use_tables(const BatchProblem& problem, tree::TreeOptions& options) {
  if (!tables_wanted(settings_, *problem.stipulation)) return;
  tablebase::Tablebase* tables = tables_.for_variant(problem.position->variant());
  if (!tables) return;
  options.tables = tables;
  // The tables are kept for later runs: making them does not count against --time.
  options.limits.uncounted = [tables] { return tables->making_seconds(); };
}

void TreeBatch::run(const std::vector<BatchProblem>& problems, const Label& label, const Finish& finish,
                    const Emit& emit) {
  const size_t window = kWindowPerThread * size_t(workers_.threads());
  for (size_t begin = 0; begin < problems.size() && !interrupted(); begin += window) {
    const size_t end = std::min(problems.size(), begin + window);
    std::vector<char> finished(end - begin, 0);
    if (builds_alone() && end - begin > 1) build_alone(problems, begin, end, label, finish, finished);
    // A tree built with every thread is finished (re-checked, formatted) on a thread of its own
    // while the next one is built; the problems before it are emitted once it is. Problems built
    // alone behind it are not held back by a build that may be long: that build waits for the
    // finishing and emits them first.
    std::future<void> finishing;
    size_t finishing_index = end;
    size_t next_emit = begin;
    const auto emit_before = [&](size_t stop) {
      for (; next_emit < stop; ++next_emit) {
        if (finished[next_emit - begin]) emit(next_emit);
      }
    };
    for (size_t i = begin; i < end; ++i) {
      if (finished[i - begin] || interrupted()) continue;
      for (size_t k = next_emit; k < i; ++k) {
        if (!finished[k - begin] || k == finishing_index) continue;
        if (finishing.valid()) finishing.get();
        emit_before(i);
        break;
      }
      ProgressDisplay progress(label(i));
      tree::TreeOptions options = tree_options(settings_, interrupt_, workers_, problems[i].show);
      options.on_progress = progress.listener();
      options.proof_file = problems[i].proof_file;
      use_tables(problems[i], options);
      tree::SolutionTree tree = tree::build_tree(*problems[i].position, *problems[i].stipulation, options, shared_);
      if (finishing.valid()) finishing.get();
      emit_before(i);
      if (workers_.threads() > 1) {
        finishing_index = i;
        finishing = std::async(std::launch::async, [&finish, i, built = std::move(tree)]() mutable {
          finish(i, std::move(built));
        });
      } else {
        finish(i, std::move(tree));
      }
      finished[i - begin] = 1;
    }
    if (finishing.valid()) finishing.get();
    emit_before(end);
  }
}

void TreeBatch::build_alone(const std::vector<BatchProblem>& problems, size_t begin, size_t end, const Label& label,
                            const Finish& finish, std::vector<char>& finished) {
  ProgressDisplay progress(label(begin) + " and " + std::to_string(end - begin - 1) + " more, each alone on a thread");
  workers_.for_each(end - begin, [&](size_t k) {
    if (interrupted()) return;
    // One thread runs the loop itself, outside any arena of ours.
    Alone& alone = *alone_[alone_.size() > 1 ? size_t(tbb::this_task_arena::current_thread_index()) : 0];
    const BatchProblem& problem = problems[begin + k];
    tree::TreeOptions options = tree_options(settings_, interrupt_, alone.workers, problem.show);
    options.limits.nodes = kAloneNodes;
    options.proof_file = problem.proof_file;
    use_tables(problem, options);
    tree::SolutionTree tree = tree::build_tree(*problem.position, *problem.stipulation, options, alone.tt);
    // Cut short by the budget, an interrupt or --time: built again with every thread.
    const bool cut = tree.nodes >= kAloneNodes || interrupted() ||
                     (settings_.seconds > 0 && tree.seconds >= settings_.seconds);
    if (cut) {
      discard_temporary_proof(tree);
      return;
    }
    finish(begin + k, std::move(tree));
    finished[k] = 1;
  });
}

}  // namespace dm::app
