#pragma once
// `mpirun -np N dmsolve explore ...`: the explore's jobs over MPI. Rank 0 keeps the top trees
// and the store (explorer.h) and hands jobs to the other ranks through an MpiPool;
// every other rank runs mpi_worker_loop, solving each job with its own threads, table and
// endgame tables (a JobRunner) and sending back the result and, for a proven job, the proof's
// bytes. Built only where CMake finds MPI (DMSOLVE_WITH_MPI).
//
// Messages (tags below): a job, rank 0 -> worker, and its result, worker -> rank 0,
// as pool_messages.h writes them; alive, rank 0 -> each idle worker every second, empty;
// stop, rank 0 -> worker: the worker stops, abandoning its running job ("lost" when a rank was
// taken for dead, see below).
// Faults: a worker that does not answer a job within its deadline (`--job-deadline`, else 60 s
// plus a second for every 50,000 nodes of budget) is taken for dead; its job goes to another
// worker, and a result it sends later is dropped (if it comes back, it takes jobs again).
// Open MPI ends the whole run when one process dies unless started with `mpirun
// --enable-recovery` (Slurm: `srun --no-kill`), which the documentation says. With it, two
// more faults are ours to end: an idle worker that hears nothing from rank 0 for 30 s takes
// it for dead and stops (rather than wait for ever, as it would for a killed leader); and once
// a rank is lost, the others leave without MPI_Finalize, which would wait for the lost one.

#include <mpi.h>

#include <chrono>
#include <deque>
#include <set>
#include <vector>

#include "solver/explore/job_pool.h"
#include "solver/explore/job_runner.h"
#include "solver/explore/mpi_launch.h"

namespace dm::explore {

// The tags of the pool's messages.
enum MpiTag : int { kJobTag = 1, kResultTag = 2, kStopTag = 3, kAliveTag = 4 };

// The bytes of the message, of any length, that MPI_Probe or MPI_Iprobe found.
std::string receive_probed(const MPI_Status& probed);

// MPI for the life of the process: MPI_Init when the process was started by mpirun or srun
// (their environment says so), MPI_Finalize at the end unless a rank was lost; nothing
// otherwise. MPI_Init waits for every rank to start, and a rank that dies while starting would
// leave the others waiting for ever (Open MPI 4, even under --enable-recovery): a rank whose
// MPI_Init has not returned within start_deadline_seconds (0: no deadline) says so and exits
// with code 1.
class MpiSession {
 public:
  explicit MpiSession(double start_deadline_seconds = kDefaultStartDeadline);
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;

  bool active() const { return size_ > 1; }  // several ranks: rank 0 leads, the others work
  int rank() const { return rank_; }
  int size() const { return size_; }
  // A rank died or hung: leave without MPI_Finalize, which would wait for it.
  void rank_lost() { rank_lost_ = true; }
  bool lost() const { return rank_lost_; }

 private:
  bool initialized_ = false;
  bool rank_lost_ = false;
  int rank_ = 0;
  int size_ = 1;
};

class MpiPool final : public JobPool {
 public:
  // deadline_seconds: 0 for the default deadline of each job (above). jobs_per_rank: the jobs
  // each worker rank is given at once; dmsolve's own worker ranks take one (each job has all
  // their threads), the ranks of the master's simulation (tests/bench/master_sim.cpp) stand
  // for many workers each.
  MpiPool(MpiSession& session, double deadline_seconds, size_t jobs_per_rank = 1);
  // Stops the workers, however rank 0 ends (a bad store must not leave them waiting).
  ~MpiPool() override { stop(); }

  size_t idle_workers() const override;
  void submit(const PoolJob& job) override;
  std::optional<PoolResult> next(const std::atomic<bool>* interrupt) override;
  void stop() override;

 private:
  using Clock = std::chrono::steady_clock;
  // One job's place on a worker rank.
  struct Worker {
    int rank = 0;
    enum class State : uint8_t { Idle, Busy, Dead } state = State::Idle;
    PoolJob job;  // Busy: its job; Dead: the job it missed
    Clock::time_point deadline;
  };

  void send(Worker& worker, const PoolJob& job);
  // The place of rank's that holds the job `ticket`; nullptr if none does.
  Worker* holding(int rank, uint64_t ticket);
  // Hands the jobs of workers past their deadline to others (or to the queue).
  void reassign_late();
  // Tells the idle worker ranks that rank 0 lives, once a second.
  void send_alive();
  // The job queue's first job to an idle worker, while there are both.
  void drain_queue();
  double deadline_for(const PoolJob& job) const;
  // Workers not taken for dead.
  size_t live_workers() const;

  MpiSession& session_;
  double deadline_seconds_;
  size_t jobs_per_rank_;
  Clock::time_point last_alive_;
  std::vector<Worker> workers_;         // jobs_per_rank places for each rank from 1 up
  std::deque<PoolJob> queue_;           // jobs of dead workers waiting for an idle one
  std::set<uint64_t> in_flight_;  // tickets handed out and not yet answered
  bool stopped_ = false;
};

// A worker rank's life: takes jobs from rank 0 until told to stop (or rank 0 is silent too
// long), and sends back each result with its proof's bytes.
void mpi_worker_loop(MpiSession& session, JobRunner& runner, const Variant& variant);

}  // namespace dm::explore
