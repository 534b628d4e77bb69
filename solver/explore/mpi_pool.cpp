#include "solver/explore/mpi_pool.h"

#include <mpi.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <thread>
#include <unistd.h>

namespace dm::explore {

namespace {

constexpr int kJobTag = 1;
constexpr int kResultTag = 2;
constexpr int kStopTag = 3;
constexpr auto kPollPause = std::chrono::microseconds(100);  // between looks for a message

// A message of any length from `source` with `tag`, once MPI_Iprobe or MPI_Probe found it.
std::string receive(const MPI_Status& probed) {
  int length = 0;
  MPI_Get_count(&probed, MPI_BYTE, &length);
  std::string bytes(size_t(length), '\0');
  MPI_Recv(bytes.data(), length, MPI_BYTE, probed.MPI_SOURCE, probed.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return bytes;
}

void send_bytes(const std::string& bytes, int rank, int tag) {
  MPI_Send(bytes.data(), int(bytes.size()), MPI_BYTE, rank, tag, MPI_COMM_WORLD);
}

std::optional<JobStatus> status_named(const std::string& name) {
  for (const JobStatus s : {JobStatus::Proven, JobStatus::Disproven, JobStatus::Open}) {
    if (job_status_name(s) == name) return s;
  }
  return std::nullopt;
}

std::string result_message(uint64_t ticket, const JobRecord& r, const std::string& proof_bytes) {
  std::ostringstream out;
  out.precision(17);
  out << ticket << '\n'
      << job_status_name(r.status) << '\n'
      << r.turn << '\n'
      << r.proof_nodes << '\n'
      << r.proof_depth << '\n'
      << r.nodes << '\n'
      << r.seconds << '\n';
  return out.str() + proof_bytes;
}

// The result message's fields; nullopt when it is malformed (never from our own workers).
std::optional<PoolResult> parse_result(const std::string& bytes) {
  std::istringstream in(bytes);
  PoolResult result;
  std::string status;
  std::string line;
  if (!(in >> result.ticket) || !in.ignore() || !std::getline(in, status) || !std::getline(in, result.record.turn)) {
    return std::nullopt;
  }
  if (!(in >> result.record.proof_nodes >> result.record.proof_depth >> result.record.nodes >> result.record.seconds) ||
      !in.ignore()) {
    return std::nullopt;
  }
  const auto parsed = status_named(status);
  if (!parsed) return std::nullopt;
  result.record.status = *parsed;
  result.proof_bytes = bytes.substr(size_t(in.tellg()));
  return result;
}

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace

MpiSession::MpiSession() {
  const bool launched = std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
  if (!launched) return;
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  initialized_ = true;
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiSession::~MpiSession() {
  if (initialized_) MPI_Finalize();
}

MpiPool::MpiPool(const MpiSession& session, double deadline_seconds)
    : deadline_seconds_(deadline_seconds), workers_(size_t(session.size())) {
  workers_[0].state = Worker::State::Dead;  // rank 0 leads
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

void MpiPool::send(int rank, const PoolJob& job) {
  Worker& w = workers_[size_t(rank)];
  w.state = Worker::State::Busy;
  w.job = job;
  w.deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(deadline_for(job)));
  send_bytes(std::to_string(job.ticket) + "\n" + (job.attacker == Color::White ? "w" : "b") + "\n" +
                 std::to_string(job.budget) + "\n" + job.fen,
             rank, kJobTag);
}

void MpiPool::drain_queue() {
  for (size_t rank = 1; rank < workers_.size() && !queue_.empty(); ++rank) {
    if (workers_[rank].state != Worker::State::Idle) continue;
    send(int(rank), queue_.front());
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
  for (size_t rank = 1; rank < workers_.size(); ++rank) {
    Worker& w = workers_[rank];
    if (w.state != Worker::State::Busy || now < w.deadline) continue;
    std::cerr << "dmsolve explore: rank " << rank << " missed its job's deadline; the job goes to another rank\n";
    w.state = Worker::State::Dead;
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
      std::this_thread::sleep_for(kPollPause);
      continue;
    }
    const std::string bytes = receive(probed);
    Worker& w = workers_[size_t(probed.MPI_SOURCE)];
    w.state = Worker::State::Idle;  // also one taken for dead that came back
    std::optional<PoolResult> result = parse_result(bytes);
    drain_queue();
    if (!result || !in_flight_.erase(result->ticket)) continue;  // answered already by another rank
    return result;
  }
}

void MpiPool::stop() {
  if (stopped_) return;
  stopped_ = true;
  for (size_t rank = 1; rank < workers_.size(); ++rank) {
    if (workers_[rank].state != Worker::State::Dead) send_bytes("", int(rank), kStopTag);
  }
}

void mpi_worker_loop(JobRunner& runner, const Variant& variant, const std::string& scratch_dir) {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const std::string proof_path = scratch_dir + "/dmsolve-rank" + std::to_string(rank) + "-" +
                                 std::to_string(::getpid()) + ".proof.zst";
  for (;;) {
    MPI_Status probed;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &probed);
    const std::string message = receive(probed);
    if (probed.MPI_TAG != kJobTag) return;
    std::istringstream in(message);
    uint64_t ticket = 0;
    std::string attacker;
    uint64_t budget = 0;
    std::string fen;
    in >> ticket >> attacker >> budget;
    in.ignore();
    std::getline(in, fen);
    Position pos;
    if (const auto error = pos.set(variant, fen)) {
      std::cerr << "dmsolve explore: rank " << rank << ": a job's " << error->to_string() << std::endl;
      return;
    }
    // The job runs on its own thread; this one, the only one that calls MPI, watches for stop.
    std::atomic<bool> stop{false};
    std::atomic<bool> finished{false};
    JobOutcome outcome;
    std::thread job([&] {
      const search::SearchLimits limits{0, 0.0, &stop};
      outcome = runner.run(pos, attacker == "w" ? Color::White : Color::Black, budget, limits, proof_path, {});
      finished = true;
    });
    while (!finished) {
      int found = 0;
      MPI_Status stop_probed;
      MPI_Iprobe(0, kStopTag, MPI_COMM_WORLD, &found, &stop_probed);
      if (found) {
        receive(stop_probed);
        stop = true;
      }
      std::this_thread::sleep_for(kPollPause);
    }
    job.join();
    if (stop) return;
    if (!outcome.error.empty() || !outcome.complete) {
      std::cerr << "dmsolve explore: rank " << rank << ": " << (outcome.error.empty() ? "a job did not finish" : outcome.error)
                << std::endl;
      return;
    }
    std::string proof_bytes;
    if (outcome.record.status == JobStatus::Proven) {
      const auto bytes = read_file(proof_path);
      std::filesystem::remove(proof_path);
      if (!bytes) {
        std::cerr << "dmsolve explore: rank " << rank << ": " << proof_path << ": cannot read the proof" << std::endl;
        return;
      }
      proof_bytes = *bytes;
    }
    send_bytes(result_message(ticket, outcome.record, proof_bytes), 0, kResultTag);
  }
}

}  // namespace dm::explore
