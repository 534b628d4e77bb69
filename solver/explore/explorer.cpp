#include "solver/explore/explorer.h"

#include <filesystem>
#include <map>

#include "solver/files/whole_file.h"
#include "solver/proof/proof_writer.h"
#include "solver/search/root_turns.h"

namespace dm::explore {

namespace {

// The proof of node i of a proven tree, as move_proof.h writes it: its nodes and depth.
struct ProofSize {
  uint64_t nodes = 0;
  int depth = 0;
};

ProofSize proof_size(const TopTree& tree, uint32_t i) {
  const TopTree::Node& node = tree.node(i);
  switch (node.source) {
    case TopTree::Source::Job: return {node.job->proof_nodes, node.job->proof_depth};
    case TopTree::Source::Expanded: break;
    default: return {1, 0};
  }
  ProofSize size{1, 0};
  for (uint32_t c = node.first_child; c < node.first_child + node.children; ++c) {
    if (tree.node(c).pn != 0) continue;
    const ProofSize child = proof_size(tree, c);
    size.nodes += child.nodes;
    size.depth = std::max(size.depth, child.depth + 1);
    if (tree.attacker_to_move(i)) break;  // one winning turn
  }
  return size;
}

std::string question_name(Question q) { return q == Question::OpponentWins ? "refute" : "win"; }

// What the progress line says of a job: its turn, question, depth and budget.
std::string job_text(const Position& explored, const Turn& turn, Question q, const TopTree& tree, uint32_t leaf,
                     uint64_t budget) {
  int depth = 0;
  for (uint32_t a = leaf; a != 0; a = tree.node(a).parent) ++depth;
  return turn_to_san(explored, turn) + " " + question_name(q) + ", depth " + std::to_string(depth) + ", " +
         std::to_string(budget) + " nodes";
}


}  // namespace

std::string_view move_status_name(MoveStatus status) {
  switch (status) {
    case MoveStatus::Won: return "won";
    case MoveStatus::Lost: return "lost";
    case MoveStatus::Drawn: return "drawn";
    case MoveStatus::Open: break;
  }
  return "open";
}

std::string Explorer::session_name(const Position& pos, const ExploreOptions& options) {
  std::string name = proof::proof_fen(pos) + " job-nodes=" + std::to_string(options.job_nodes) +
                     " job-max-nodes=" + std::to_string(options.max_job_nodes);
  if (options.tablebase_men > 0) name += " tablebase-men=" + std::to_string(options.tablebase_men);
  if (options.fresh_tables) name += " fresh-tables";
  return name;
}

Explorer::Explorer(const Position& pos, JobStore& store, const ExploreOptions& options, uint64_t first_job)
    : position_(pos), store_(store), options_(options), first_job_(first_job), seen_(first_job - 1) {
  const Color mover = pos.side_to_move();
  for (search::RootTurn& turn : search::enumerate_root_turns(pos)) {
    Move move{std::move(turn.moves), std::move(turn.after), {}, {}, false};
    for (const Question q : {Question::OpponentWins, Question::MoverWins}) {
      const Color attacker = q == Question::OpponentWins ? ~mover : mover;
      move.trees[size_t(q)] = std::make_unique<TopTree>(
          move.after, attacker, budgets(),
          [this, attacker](const Position& p) { return store_.find(proof::proof_fen(p), attacker, 0, seen_); });
    }
    moves_.push_back(std::move(move));
  }
}

std::optional<JobRecord> Explorer::lookup_leaf(const Position& pos, Color attacker, uint64_t budget) {
  const std::string fen = proof::proof_fen(pos);
  std::optional<JobRecord> job = store_.find(fen, attacker, budget, seen_);
  if (!job) job = store_.find_next(fen, attacker, budget, seen_);
  if (job) seen_ = std::max(seen_, job->id);
  return job;
}

MoveStatus Explorer::status(const Move& move) const {
  const TopTree& refute = *move.trees[size_t(Question::OpponentWins)];
  const TopTree& win = *move.trees[size_t(Question::MoverWins)];
  if (refute.proven()) return MoveStatus::Lost;
  if (win.proven()) return MoveStatus::Won;
  if (refute.decided() && win.decided()) return MoveStatus::Drawn;
  return MoveStatus::Open;
}

Question Explorer::open_question(const Move& move) {
  return move.trees[size_t(Question::OpponentWins)]->decided() ? Question::MoverWins : Question::OpponentWins;
}

uint64_t Explorer::effort(const Move& move) {
  uint64_t nodes = 0;
  for (const TreeStats& s : move.stats) nodes += s.nodes + s.pending;
  return nodes;
}

std::optional<std::pair<size_t, Question>> Explorer::next_tree(bool with_free_leaf) const {
  // Least effort first: a fair share for every open turn, whatever its tree's numbers say.
  std::optional<std::pair<size_t, Question>> best;
  uint64_t least = 0;
  for (size_t i = 0; i < moves_.size(); ++i) {
    const Move& move = moves_[i];
    if (status(move) != MoveStatus::Open) continue;
    const Question q = open_question(move);
    if (with_free_leaf && !move.trees[size_t(q)]->has_free_leaf()) continue;
    if (const uint64_t spent = effort(move); !best || spent < least) {
      best = {i, q};
      least = spent;
    }
  }
  return best;
}

bool Explorer::limit_reached(const search::SearchControl& clock) const {
  const bool out_of_time = options_.limits.seconds > 0 && clock.elapsed_seconds() >= options_.limits.seconds;
  const bool out_of_nodes = options_.limits.nodes > 0 && nodes_ >= options_.limits.nodes;
  const bool out_of_jobs = options_.max_jobs > 0 && jobs_ >= options_.max_jobs;
  return out_of_time || out_of_nodes || out_of_jobs;
}

void Explorer::count_job(TreeStats& stats, const JobRecord& job) {
  ++jobs_;
  ++stats.jobs;
  stats.nodes += job.nodes;
  stats.seconds += job.seconds;
}

ExploreProgress Explorer::progress(const std::string& job) const {
  ExploreProgress progress;
  progress.turns = moves_.size();
  for (const Move& m : moves_) progress.decided += status(m) != MoveStatus::Open;
  progress.jobs = jobs_;
  progress.jobs_reused = jobs_reused_;
  progress.job = job;
  return progress;
}

void Explorer::count_found(TreeStats& stats, const JobRecord& job) {
  if (job.id >= first_job_ && counted_.insert(job.id).second) {
    ++jobs_;
    ++stats.jobs;
    stats.nodes += job.nodes;
    stats.seconds += job.seconds;
  } else {
    ++jobs_reused_;
  }
}

bool Explorer::commit(JobOutcome& outcome, JobRecord& handed) {
  // The worker's findings; the position, attacker and budget as the leader handed them out.
  JobRecord record = std::move(outcome.record);
  record.fen = std::move(handed.fen);
  record.attacker = handed.attacker;
  record.budget = handed.budget;
  record.id = store_.next_id();
  if (record.status == JobStatus::Proven) {
    const std::string path = store_.proof_path(record.id);
    if (const auto error = files::write_whole_file(path, outcome.proof_bytes)) {
      error_ = *error;
      return false;
    }
    record.proof_file = std::filesystem::path(path).filename().string();
  }
  if (const auto error = store_.record(record)) {
    error_ = *error;
    return false;
  }
  seen_ = std::max(seen_, record.id);
  handed = std::move(record);
  return true;
}

ExploreEnd Explorer::run(JobPool& pool, const std::function<void(const ExploreProgress&)>& on_job) {
  const search::SearchControl clock(options_.limits);
  const std::atomic<bool>* interrupt = options_.limits.interrupt;
  struct Pending {
    size_t move;
    Question question;
    uint32_t leaf;
    JobRecord record;  // the job as handed out: position, attacker, budget
  };
  std::map<uint64_t, Pending> pending;  // by ticket
  uint64_t tickets = 0;
  bool stopping = false;
  for (;;) {
    if (!record_verdicts()) return ExploreEnd::Error;
    stopping = stopping || limit_reached(clock) || (interrupt && interrupt->load());
    while (!stopping && pool.idle_workers() > 0) {
      const auto next = next_tree(true);
      if (!next) break;
      const auto [i, q] = *next;
      TopTree& tree = *moves_[i].trees[size_t(q)];
      TreeStats& stats = moves_[i].stats[size_t(q)];
      const uint32_t leaf = tree.most_proving_leaf();
      const Position pos = tree.position(leaf);
      const uint64_t budget = tree.budget(leaf);
      if (const auto known = lookup_leaf(pos, tree.attacker(), budget)) {
        count_found(stats, *known);
        tree.record(leaf, *known);
        continue;
      }
      JobRecord record;
      record.fen = proof::proof_fen(pos);
      record.attacker = tree.attacker();
      record.budget = budget;
      tree.mark_busy(leaf);
      stats.pending += budget;
      pool.submit({++tickets, record.fen, record.attacker, budget});
      if (on_job) on_job(progress(job_text(position_, moves_[i].turn, q, tree, leaf, budget)));
      pending.emplace(tickets, Pending{i, q, leaf, std::move(record)});
    }
    if (pending.empty()) {
      if (!next_tree()) return ExploreEnd::Decided;
      if (interrupt && interrupt->load()) return ExploreEnd::Interrupted;
      if (stopping) return ExploreEnd::Limit;
      // Open trees, no limit reached, and no worker to take a job.
      pool.stop();
      error_ = "no worker is left";
      return ExploreEnd::Error;
    }
    std::optional<PoolResult> result = pool.next(interrupt);
    if (!result) {
      pool.stop();
      if (interrupt && interrupt->load()) return ExploreEnd::Interrupted;
      error_ = "no worker is left";
      return ExploreEnd::Error;
    }
    const auto it = pending.find(result->ticket);
    if (it == pending.end()) continue;
    Pending job = std::move(it->second);
    pending.erase(it);
    JobOutcome& outcome = result->outcome;
    nodes_ += outcome.record.nodes;
    if (!outcome.error.empty()) {
      error_ = outcome.error;
      pool.stop();
      return ExploreEnd::Error;
    }
    if (!outcome.complete) {
      // Stopped by the run's limits (the local pool): nothing to keep.
      pool.stop();
      return interrupt && interrupt->load() ? ExploreEnd::Interrupted : ExploreEnd::Limit;
    }
    if (!commit(outcome, job.record)) {
      pool.stop();
      return ExploreEnd::Error;
    }
    TreeStats& stats = moves_[job.move].stats[size_t(job.question)];
    stats.pending -= job.record.budget;
    counted_.insert(job.record.id);
    count_job(stats, job.record);
    moves_[job.move].trees[size_t(job.question)]->record(job.leaf, job.record);
    if (on_job) on_job(progress(""));
  }
}

MoveResult Explorer::result(size_t i) const {
  const Move& move = moves_[i];
  MoveResult out;
  out.turn = move.turn;
  out.status = status(move);
  for (const TreeStats& s : move.stats) {
    out.jobs += s.jobs;
    out.nodes += s.nodes;
    out.seconds += s.seconds;
  }
  const TopTree* proven = proof_tree(i);
  if (!proven) return out;
  const ProofSize size = proof_size(*proven, 0);
  out.proof_nodes = size.nodes;
  out.proof_depth = size.depth;
  if (out.status != MoveStatus::Lost || move.after.side_to_move() != proven->attacker()) return out;
  const TopTree::Node& root = proven->root();
  if (root.source == TopTree::Source::Expanded) {
    for (uint32_t c = root.first_child; c < root.first_child + root.children && !out.refutation; ++c) {
      if (proven->node(c).pn == 0) out.refutation = proven->node(c).turn;
    }
  } else if (root.source == TopTree::Source::Job && !root.job->turn.empty()) {
    Position after = move.after;
    search::for_each_turn(after, [&](const Turn& turn, Position&) {
      if (turn_to_uci(turn) == root.job->turn) out.refutation = turn;
      return !out.refutation;
    });
  }
  return out;
}

std::vector<MoveResult> Explorer::results() const {
  std::vector<MoveResult> out;
  for (size_t i = 0; i < moves_.size(); ++i) out.push_back(result(i));
  return out;
}

const TopTree* Explorer::proof_tree(size_t i) const {
  for (const auto& tree : moves_[i].trees) {
    if (tree->proven()) return tree.get();
  }
  return nullptr;
}

bool Explorer::record_verdicts() {
  const std::string position = proof::proof_fen(position_);
  for (size_t i = 0; i < moves_.size(); ++i) {
    if (moves_[i].recorded || status(moves_[i]) == MoveStatus::Open) continue;
    const MoveResult r = result(i);
    MoveRecord record{position, turn_to_uci(r.turn), std::string(move_status_name(r.status)),
                      r.refutation ? turn_to_uci(*r.refutation) : "", r.proof_nodes, r.jobs, r.seconds};
    if (const auto error = store_.record_move(record)) {
      error_ = *error;
      return false;
    }
    moves_[i].recorded = true;
  }
  return true;
}

}  // namespace dm::explore
