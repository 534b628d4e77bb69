#pragma once
// Where the jobs of an explore run: a pool of workers that take a job (a position, the side
// playing for the win, a node budget) and give back its outcome and, for a proven job, its proof
// file's bytes. The explorer (explorer.h) keeps the top trees and the store; the pool only
// carries jobs. Two pools: the local pool (local_pool.h), one worker on this process's threads,
// and the MPI pool (mpi_pool.h), whose workers are the other ranks of an `mpirun`.
//
// A pool may hand the same job to a second worker when the first misses its deadline (dead or
// hung); a job is a function of its position and budget, so whichever result comes first is
// the job's, and a late second one is dropped by the pool.

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>

#include "solver/explore/job_store.h"

namespace dm::explore {

struct PoolJob {
  uint64_t ticket = 0;  // the explorer's name for it, given back with the result
  std::string fen;      // proof_fen: the four FEN fields
  Color attacker = Color::White;
  uint64_t budget = 0;
};

// What a job gives back.
struct JobOutcome {
  JobRecord record;         // without id and proof file name (the store gives those)
  std::string proof_bytes;  // proven: the proof file's bytes (zstd), for the store to write
  // The job ran to its end: a proof, a disproof, or its whole budget spent. A job stopped by
  // the explore's own limits or by Ctrl-C is not complete, and is not recorded.
  bool complete = false;
  std::string error;  // the proof could not be written
};

struct PoolResult {
  uint64_t ticket = 0;
  JobOutcome outcome;
};

class JobPool {
 public:
  virtual ~JobPool() = default;
  // Workers free to take a job now.
  virtual size_t idle_workers() const = 0;
  virtual void submit(const PoolJob& job) = 0;
  // The next finished job, waiting for it; nullopt when `interrupt` is set or no worker is
  // left alive. A pool that runs its jobs within the run's limits gives back a job they
  // stopped as not complete.
  virtual std::optional<PoolResult> next(const std::atomic<bool>* interrupt) = 0;
  // Tells every worker to stop (their running jobs are abandoned).
  virtual void stop() = 0;
};

}  // namespace dm::explore
