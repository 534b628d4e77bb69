#pragma once
// Where the jobs of an explore run when several run at once: a pool of workers that take a
// job (a position, the side playing for the win, a node budget) and give back its result and,
// for a proven job, its proof file's bytes. The explorer (explorer.h, run_pool) keeps the top
// trees and the store; the pool only carries jobs. The MPI pool (mpi_pool.h) is one: its
// workers are the other ranks of an `mpirun`.
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

struct PoolResult {
  uint64_t ticket = 0;
  JobRecord record;         // without id and proof file name (the store gives those)
  std::string proof_bytes;  // proven: the proof file as the worker wrote it
};

class JobPool {
 public:
  virtual ~JobPool() = default;
  // Workers free to take a job now.
  virtual size_t idle_workers() const = 0;
  virtual void submit(const PoolJob& job) = 0;
  // The next finished job, waiting for it; nullopt when `interrupt` is set or no worker is
  // left alive.
  virtual std::optional<PoolResult> next(const std::atomic<bool>* interrupt) = 0;
  // Tells every worker to stop (their running jobs are abandoned).
  virtual void stop() = 0;
};

}  // namespace dm::explore
