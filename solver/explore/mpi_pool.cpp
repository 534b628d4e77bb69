#include "solver/explore/mpi_pool.h"

#include <condition_variable>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "solver/explore/mpi_launch.h"
#include "solver/explore/pool_messages.h"

namespace dm::explore {

namespace {

constexpr auto kPollPause = std::chrono::microseconds(100);  // between looks for a message
constexpr auto kAlivePeriod = std::chrono::seconds(1);        // rank 0 to its idle workers
constexpr auto kLeaderSilence = std::chrono::seconds(30);     // an idle worker then takes rank 0 for dead
constexpr const char* kLostRank = "lost";                     // stop: a rank was lost

void send_bytes(const std::string& bytes, int rank, int tag) {
  MPI_Send(bytes.data(), int(bytes.size()), MPI_BYTE, rank, tag, MPI_COMM_WORLD);
}

// What a waiting worker rank hears from rank 0: a job, stop, or nothing for kLeaderSilence
// (rank 0 taken for dead). Alive messages are taken and waiting goes on.
struct LeaderMessage {
  enum class Kind : uint8_t { Job, Stop, Silent } kind = Kind::Silent;
  std::string bytes;
};

LeaderMessage wait_for_leader() {
  auto heard = std::chrono::steady_clock::now();
  for (;;) {
    int found = 0;
    MPI_Status probed;
    MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &found, &probed);
    const auto now = std::chrono::steady_clock::now();
    if (!found) {
      if (now - heard > kLeaderSilence) return {LeaderMessage::Kind::Silent, {}};
      std::this_thread::sleep_for(kPollPause);
      continue;
    }
    std::string bytes = receive_probed(probed);
    heard = now;
    if (probed.MPI_TAG == kJobTag) return {LeaderMessage::Kind::Job, std::move(bytes)};
    if (probed.MPI_TAG == kStopTag) return {LeaderMessage::Kind::Stop, std::move(bytes)};
  }
}

// A worker's result to rank 0; false when rank 0 has not taken it within kLeaderSilence (a
// result larger than MPI's eager limit waits for rank 0 to receive it, which a dead rank 0
// never does).
bool send_to_leader(const std::string& bytes) {
  MPI_Request request;
  MPI_Isend(bytes.data(), int(bytes.size()), MPI_BYTE, 0, kResultTag, MPI_COMM_WORLD, &request);
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    int done = 0;
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return true;
    if (std::chrono::steady_clock::now() - start > kLeaderSilence) return false;
    std::this_thread::sleep_for(kPollPause);
  }
}

// The rank the launcher gave this process, which MPI tells only once started.
std::string launcher_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    if (const char* rank = std::getenv(name)) return rank;
  }
  return "?";
}

}  // namespace

std::string receive_probed(const MPI_Status& probed) {
  int length = 0;
  MPI_Get_count(&probed, MPI_BYTE, &length);
  std::string bytes(size_t(length), '\0');
  MPI_Recv(bytes.data(), length, MPI_BYTE, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return bytes;
}

MpiSession::MpiSession(double start_deadline_seconds) {
  if (!launched_by_mpi()) return;
  std::mutex mutex;
  std::condition_variable started_signal;
  bool started = false;
  std::thread watchdog;
  if (start_deadline_seconds > 0) {
    watchdog = std::thread([&] {
      std::unique_lock lock(mutex);
      const auto deadline = std::chrono::duration<double>(start_deadline_seconds);
      if (started_signal.wait_for(lock, deadline, [&] { return started; })) return;
      std::cerr << "dmsolve explore: rank " << launcher_rank() << ": MPI has not started every rank within "
                << start_deadline_seconds << " s (one may have died while starting); stopping" << std::endl;
      std::_Exit(1);
    });
  }
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  if (watchdog.joinable()) {
    {
      const std::lock_guard lock(mutex);
      started = true;
    }
    started_signal.notify_one();
    watchdog.join();
  }
  initialized_ = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  if (initialized_ && !rank_lost_) MPI_Finalize();
}

MpiPool::MpiPool(MpiSession& session, double deadline_seconds, size_t jobs_per_rank)
    : session_(session), deadline_seconds_(deadline_seconds), jobs_per_rank_(jobs_per_rank), last_alive_(Clock::now()) {
  for (int rank = 1; rank < session.size(); ++rank) {
    for (size_t place = 0; place < jobs_per_rank; ++place) workers_.push_back({rank, Worker::State::Idle, {}, {}});
  }
}

size_t MpiPool::idle_workers() const {
  size_t idle = 0;
  for (const Worker& w : workers_) idle += w.state == Worker::State::Idle;
  return idle > queue_.size() ? idle - queue_.size() : 0;
}

size_t MpiPool::live_workers() const {
  size_t live = 0;
  for (const Worker& w : workers_) live += w.state != Worker::State::Dead;
  return live;
}

double MpiPool::deadline_for(const PoolJob& job) const {
  return deadline_seconds_ > 0 ? deadline_seconds_ : 60.0 + double(job.budget) / 50000.0;
}

void MpiPool::send(Worker& worker, const PoolJob& job) {
  worker.state = Worker::State::Busy;
  worker.job = job;
  worker.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(deadline_for(job)));
  send_bytes(job_message(job), worker.rank, kJobTag);
}

MpiPool::Worker* MpiPool::holding(int rank, uint64_t ticket) {
  const size_t first = size_t(rank - 1) * jobs_per_rank_;
  for (size_t i = first; i < first + jobs_per_rank_ && i < workers_.size(); ++i) {
    if (workers_[i].state != Worker::State::Idle && workers_[i].job.ticket == ticket) return &workers_[i];
  }
  return nullptr;
}

void MpiPool::drain_queue() {
  for (size_t i = 0; i < workers_.size() && !queue_.empty(); ++i) {
    if (workers_[i].state != Worker::State::Idle) continue;
    send(workers_[i], queue_.front());
    queue_.pop_front();
  }
}

void MpiPool::submit(const PoolJob& job) {
  in_flight_.insert(job.ticket);
  queue_.push_back(job);
  drain_queue();
}

void MpiPool::reassign_late() {
  const Clock::time_point now = Clock::now();
  for (Worker& w : workers_) {
    if (w.state != Worker::State::Busy || now < w.deadline) continue;
    std::cerr << "dmsolve explore: rank " << w.rank << " missed its job's deadline; the job goes to another rank\n";
    w.state = Worker::State::Dead;
    session_.rank_lost();
    if (in_flight_.count(w.job.ticket)) queue_.push_front(w.job);
  }
  drain_queue();
}

std::optional<PoolResult> MpiPool::next(const std::atomic<bool>* interrupt) {
  for (;;) {
    if ((interrupt && interrupt->load()) || live_workers() == 0) return std::nullopt;
    int found = 0;
    MPI_Status probed;
    MPI_Iprobe(MPI_ANY_SOURCE, kResultTag, MPI_COMM_WORLD, &found, &probed);
    if (!found) {
      reassign_late();
      send_alive();
      std::this_thread::sleep_for(kPollPause);
      continue;
    }
    std::optional<PoolResult> result = parse_result(receive_probed(probed));
    if (!result) continue;  // never from our own workers
    if (Worker* w = holding(probed.MPI_SOURCE, result->ticket)) {
      w->state = Worker::State::Idle;  // also one taken for dead that came back
    }
    drain_queue();
    if (!in_flight_.erase(result->ticket)) continue;  // answered already by another rank
    return result;
  }
}

void MpiPool::send_alive() {
  const Clock::time_point now = Clock::now();
  if (now - last_alive_ < kAlivePeriod) return;
  last_alive_ = now;
  std::set<int> told;
  for (const Worker& w : workers_) {
    if (w.state == Worker::State::Idle && told.insert(w.rank).second) send_bytes("", w.rank, kAliveTag);
  }
}

void MpiPool::stop() {
  if (stopped_) return;
  stopped_ = true;
  // A rank taken for dead (it may have come back since) is lost for MPI_Finalize, which every
  // rank then leaves out.
  const std::string message = session_.lost() ? kLostRank : "";
  std::set<int> told;
  for (const Worker& w : workers_) {
    if (w.state != Worker::State::Dead && told.insert(w.rank).second) send_bytes(message, w.rank, kStopTag);
  }
}

void mpi_worker_loop(MpiSession& session, JobRunner& runner, const Variant& variant) {
  const int rank = session.rank();
  for (;;) {
    const LeaderMessage message = wait_for_leader();
    if (message.kind == LeaderMessage::Kind::Silent) {
      std::cerr << "dmsolve explore: rank " << rank << ": rank 0 has been silent for "
                << std::chrono::seconds(kLeaderSilence).count() << " s; stopping" << std::endl;
      session.rank_lost();
      return;
    }
    if (message.kind == LeaderMessage::Kind::Stop) {
      if (message.bytes == kLostRank) session.rank_lost();
      return;
    }
    const std::optional<PoolJob> job = parse_job(message.bytes);
    Position pos;
    const auto error = job ? pos.set(variant, job->fen) : std::optional<FenError>();
    if (!job || error) {
      std::cerr << "dmsolve explore: rank " << rank << ": a job's " << (error ? error->to_string() : "message is malformed")
                << std::endl;
      return;
    }
    // The job runs on its own thread; this one, the only one that calls MPI, watches for stop.
    std::atomic<bool> stop{false};
    std::atomic<bool> finished{false};
    JobOutcome outcome;
    std::thread thread([&] {
      search::SearchLimits limits;  // the budget alone, and the leader's stop
      limits.interrupt = &stop;
      outcome = runner.run(pos, job->attacker, job->budget, limits, {});
      finished = true;
    });
    while (!finished) {
      int found = 0;
      MPI_Status stop_probed;
      MPI_Iprobe(0, kStopTag, MPI_COMM_WORLD, &found, &stop_probed);
      if (found) {
        if (receive_probed(stop_probed) == kLostRank) session.rank_lost();
        stop = true;
      }
      std::this_thread::sleep_for(kPollPause);
    }
    thread.join();
    if (stop) return;
    if (!outcome.error.empty() || !outcome.complete) {
      std::cerr << "dmsolve explore: rank " << rank << ": " << (outcome.error.empty() ? "a job did not finish" : outcome.error)
                << std::endl;
      return;
    }
    if (!send_to_leader(result_message({job->ticket, std::move(outcome)}))) {
      std::cerr << "dmsolve explore: rank " << rank << ": rank 0 has not taken a result for "
                << std::chrono::seconds(kLeaderSilence).count() << " s; stopping" << std::endl;
      session.rank_lost();
      return;
    }
  }
}

}  // namespace dm::explore
