#include "solver/explore/job_runner.h"

#include "solver/proof/proof_extractor.h"
#include "solver/proof/proof_writer.h"
#include "solver/search/node_rules.h"
#include "solver/search/proof_reader.h"

namespace dm::explore {
namespace {

// Keys the table by the attacker for the lifetime of the guard: White's results as they are,
// Black's xor'd with a constant, so that both sides' jobs keep theirs in one table.
class SaltFor {
 public:
  SaltFor(search::TranspositionTable& tt, Color attacker) : tt_(tt) {
    tt_.set_salt(attacker == Color::White ? 0 : kBlackSalt);
  }
  ~SaltFor() { tt_.set_salt(0); }
  SaltFor(const SaltFor&) = delete;
  SaltFor& operator=(const SaltFor&) = delete;

 private:
  static constexpr uint64_t kBlackSalt = 0x9E3779B97F4A7C15ULL;  // 2^64 / golden ratio: bits spread evenly
  search::TranspositionTable& tt_;
};

}  // namespace

JobOutcome JobRunner::run(const Position& pos, Color attacker, uint64_t budget, const search::SearchLimits& limits,
                          const std::function<void(const search::Progress&)>& on_progress) {
  JobOutcome outcome;
  JobRecord& job = outcome.record;
  job.fen = proof::proof_fen(pos);
  job.attacker = attacker;
  job.budget = budget;

  const bool attacker_to_move = pos.side_to_move() == attacker;
  const auto stipulation = problem::parse_stipulation(attacker_to_move ? "win" : "lose");
  search::SolveOptions options;
  options.workers = &workers_;
  options.tables = tables_;
  options.limits = limits;
  options.limits.nodes = limits.nodes ? std::min(limits.nodes, budget) : budget;
  options.on_progress = on_progress;
  options.keep_table = keep_table_ && searched_;
  searched_ = true;
  const SaltFor salted(tt_, attacker);
  const search::SolveResult result = search::solve(pos, *stipulation, options, tt_);
  job.nodes = result.nodes;
  job.seconds = result.seconds;
  const bool interrupted = limits.interrupt && limits.interrupt->load();
  switch (result.status) {
    case problem::SolveStatus::NoSolution:
      job.status = JobStatus::Disproven;
      outcome.complete = true;
      return outcome;
    case problem::SolveStatus::Unknown: {
      job.status = JobStatus::Open;
      // The root's numbers as the search left them in the table (the attacker's: df-pn's root
      // is an OR node where the attacker moves); on one thread a function of the job too.
      const search::TtProbe root = tt_.probe(pos.key(), problem::kUnboundedTurns);
      if (root.found && root.pn != 0 && root.dn != 0) {
        job.pn = root.pn;
        job.dn = root.dn;
      }
      outcome.complete = !interrupted && options.limits.nodes == budget && result.nodes >= budget &&
                         (limits.seconds == 0 || result.seconds < limits.seconds);
      return outcome;
    }
    case problem::SolveStatus::Solved: break;
  }
  // Proven: the proof is read out of the table the search left.
  job.status = JobStatus::Proven;
  if (!result.keys.empty()) job.turn = turn_to_uci(result.keys.front());
  const search::NodeRules rules = search::NodeRules::for_problem(*stipulation, pos, tables_);
  search::SearchLimits reading;  // no limit but an interrupt
  reading.interrupt = limits.interrupt;
  search::SearchControl control(reading);
  auto writer = proof::ProofWriter::in_memory(pos, attacker);
  if (!writer) {
    outcome.error = writer.error();
    return outcome;
  }
  search::ProofReader reader(rules, tt_, control);
  // The memo as the search filled the table, growing as proof_tree.cpp's does.
  proof::ProofExtractor extractor(reader, **writer, tt_.used_bytes() / 256, tt_.size_bytes() / 4);
  const auto extracted = extractor.extract(pos, result.length);
  if (!extracted) return outcome;  // interrupted while reading the proof
  if (const auto error = (*writer)->finish(extracted->root)) {
    outcome.error = *error;
    return outcome;
  }
  outcome.proof_bytes = (*writer)->take_bytes();
  job.proof_nodes = extracted->nodes;
  job.proof_depth = extracted->depth;
  outcome.complete = true;
  return outcome;
}

}  // namespace dm::explore
