#pragma once
// `mpirun -np N dmsolve explore ...`: the explore's jobs over MPI. Rank 0 keeps the top trees
// and the store (explorer.h, run_pool) and hands jobs to the other ranks through an MpiPool;
// every other rank runs mpi_worker_loop, solving each job with its own threads, table and
// endgame tables (a JobRunner) and sending back the result and, for a proven job, the proof
// file's bytes. Built only where CMake finds MPI (DMSOLVE_WITH_MPI).
//
// Messages (tags below), all as bytes:
//   job     rank 0 -> worker: "TICKET\nATTACKER\nBUDGET\nFEN" (ATTACKER w or b)
//   result  worker -> rank 0: "TICKET\nSTATUS\nTURN\nPROOF_NODES\nPROOF_DEPTH\nNODES\nSECONDS\n"
//           then the proof file's bytes (none unless STATUS is proven)
//   stop    rank 0 -> worker: empty; a worker stops, abandoning a running job
// Faults: a worker that does not answer a job within its deadline (`--job-deadline`, else 60 s
// plus a second for every 50,000 nodes of budget) is taken for dead; its job goes to another
// worker, and a result it sends later is dropped (if it comes back, it takes jobs again).
// Open MPI ends the whole run when one process dies unless started with `mpirun
// --enable-recovery` (Slurm: `srun --no-kill`), which the documentation says.

#include <chrono>
#include <deque>
#include <set>
#include <vector>

#include "solver/explore/job_pool.h"
#include "solver/explore/job_runner.h"

namespace dm::explore {

// MPI for the life of the process: MPI_Init when the process was started by mpirun or srun
// (their environment says so), MPI_Finalize at the end; nothing otherwise.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  bool active() const { return size_ > 1; }  // several ranks: rank 0 leads, the others work
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  bool initialized_ = false;
  int rank_ = 0;
  int size_ = 1;
};

class MpiPool final : public JobPool {
 public:
  // deadline_seconds: 0 for the default deadline of each job (above).
  MpiPool(const MpiSession& session, double deadline_seconds);
  // Stops the workers, however rank 0 ends (a bad store must not leave them waiting).
  ~MpiPool() override { stop(); }

  size_t idle_workers() const override;
  void submit(const PoolJob& job) override;
  std::optional<PoolResult> next(const std::atomic<bool>* interrupt) override;
  void stop() override;

 private:
  using Clock = std::chrono::steady_clock;
  struct Worker {
    enum class State : uint8_t { Idle, Busy, Dead } state = State::Idle;
    PoolJob job;  // Busy: its job
    Clock::time_point deadline;
  };

  void send(int rank, const PoolJob& job);
  // Hands the jobs of workers past their deadline to others (or to the queue).
  void reassign_late();
  // The job queue's first job to an idle worker, while there are both.
  void drain_queue();
  double deadline_for(const PoolJob& job) const;
  // Workers not taken for dead.
  size_t live_workers() const;

  double deadline_seconds_;
  std::vector<Worker> workers_;         // by rank; rank 0 is this process, never a worker
  std::deque<PoolJob> queue_;           // jobs of dead workers waiting for an idle one
  std::set<uint64_t> in_flight_;  // tickets handed out and not yet answered
  bool stopped_ = false;
};

// A worker rank's life: takes jobs from rank 0 until told to stop; proofs are written to a
// file in `scratch_dir` and sent.
void mpi_worker_loop(JobRunner& runner, const Variant& variant, const std::string& scratch_dir);

}  // namespace dm::explore
