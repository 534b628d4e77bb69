// The limit of an MPI explore's leader (issue "explore beyond one machine"): how many jobs per
// second rank 0 sustains with many workers, measured with no real work. Rank 0 runs the real
// leader (Explorer::run over an MpiPool, with its store and proof files); every other
// rank stands for --jobs-per-rank workers, answering each job after its replayed duration
// with its replayed result, over MPI on loopback as the real workers would.
//
// The replay comes from the store of a recorded explore (--record, one made by `dmsolve
// explore` with the same position and --job-nodes): a job whose position the recording
// decided gets that verdict, its proof file's bytes and its duration; any other job (the tree
// of many workers grows differently) is open, with the size of the recording's jobs in turn.
// Durations are the recorded seconds times --time-scale (0: answered at once, which measures
// the leader's ceiling).
//
// Prints one JSON line: workers, jobs, seconds, jobs_per_second (of the jobs finished within
// --time), the leader's CPU share, the replayed jobs' mean seconds (scaled) and the rate the
// workers could take (workers / those seconds).
// Usage (tests/bench/master_sim.py runs it):
//   mpirun -np R master_sim --variant V --fen F --job-nodes N --record REC.sqlite
//          --store NEW.sqlite --jobs-per-rank K [--time-scale S] [--time T] [--jobs M]

#include <sqlite3.h>
#include <sys/resource.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <queue>
#include <thread>
#include <vector>

#include "rules/position.h"
#include "rules/variant.h"
#include "solver/explore/explorer.h"
#include "solver/explore/mpi_pool.h"
#include "solver/explore/pool_messages.h"

namespace {

using namespace dm;
using namespace dm::explore;
using Clock = std::chrono::steady_clock;

// What the recording holds: its decided positions, and the size of each of its jobs.
struct Recording {
  std::map<std::string, PoolResult> decided;  // by "FEN|attacker"
  std::vector<JobRecord> sizes;               // nodes and seconds of every job, in order
};

std::string key(const std::string& fen, Color attacker) { return fen + (attacker == Color::White ? "|w" : "|b"); }

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

Recording read_recording(const std::string& path) {
  Recording rec;
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    std::cerr << "master_sim: " << path << ": cannot open the recording\n";
    std::exit(2);
  }
  sqlite3_busy_timeout(db, 10000);  // the other ranks read it at the same time
  sqlite3_stmt* rows = nullptr;
  sqlite3_prepare_v2(db,
                     "SELECT fen, attacker, status, coalesce(turn, ''), coalesce(proof_file, ''), coalesce(proof_nodes, 0), "
                     "coalesce(proof_depth, 0), nodes, seconds FROM jobs ORDER BY id",
                     -1, &rows, nullptr);
  const auto text = [&](int column) { return std::string(reinterpret_cast<const char*>(sqlite3_column_text(rows, column))); };
  int step = SQLITE_DONE;
  while ((step = sqlite3_step(rows)) == SQLITE_ROW) {
    JobRecord r;
    r.fen = text(0);
    r.attacker = text(1) == "white" ? Color::White : Color::Black;
    const std::string status = text(2);
    r.status = status == "proven" ? JobStatus::Proven : status == "disproven" ? JobStatus::Disproven : JobStatus::Open;
    r.turn = text(3);
    r.proof_nodes = uint64_t(sqlite3_column_int64(rows, 5));
    r.proof_depth = sqlite3_column_int(rows, 6);
    r.nodes = uint64_t(sqlite3_column_int64(rows, 7));
    r.seconds = sqlite3_column_double(rows, 8);
    if (r.status != JobStatus::Open) {
      const std::string proof = r.status == JobStatus::Proven ? file_bytes(path + ".proofs/" + text(4)) : "";
      rec.decided[key(r.fen, r.attacker)] = PoolResult{0, JobOutcome{r, proof, true, {}}};
    }
    rec.sizes.push_back(std::move(r));
  }
  if (step != SQLITE_DONE || rec.sizes.empty()) {
    std::cerr << "master_sim: " << path << ": cannot read the recording's jobs: " << sqlite3_errmsg(db) << "\n";
    std::exit(2);
  }
  sqlite3_finalize(rows);
  sqlite3_close(db);
  return rec;
}

// A rank standing for many workers: each job is answered when its replayed duration is over.
void replay_workers(const Recording& rec, double time_scale, int rank) {
  struct Due {
    Clock::time_point at;
    std::string message;
    bool operator>(const Due& other) const { return at > other.at; }
  };
  std::priority_queue<Due, std::vector<Due>, std::greater<>> running;
  size_t next_size = size_t(rank) * 7919 % rec.sizes.size();  // the ranks do not replay in step
  for (;;) {
    int found = 0;
    MPI_Status probed;
    MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &found, &probed);
    if (found) {
      const std::string bytes = receive_probed(probed);
      if (probed.MPI_TAG == kAliveTag) continue;
      if (probed.MPI_TAG != kJobTag) return;
      const auto job = parse_job(bytes);
      if (!job) return;
      PoolResult result;
      if (const auto it = rec.decided.find(key(job->fen, job->attacker)); it != rec.decided.end()) {
        result = it->second;
      } else {
        const JobRecord& size = rec.sizes[next_size++ % rec.sizes.size()];
        result.outcome.record.nodes = size.nodes;
        result.outcome.record.seconds = size.seconds;
        result.outcome.complete = true;
      }
      result.ticket = job->ticket;
      const auto duration = std::chrono::duration<double>(result.outcome.record.seconds * time_scale);
      running.push({Clock::now() + std::chrono::duration_cast<Clock::duration>(duration), result_message(result)});
      continue;  // take every job waiting before sleeping
    }
    const Clock::time_point now = Clock::now();
    while (!running.empty() && running.top().at <= now) {
      const std::string& message = running.top().message;
      MPI_Send(message.data(), int(message.size()), MPI_BYTE, 0, kResultTag, MPI_COMM_WORLD);
      running.pop();
    }
    const Clock::time_point wake = now + std::chrono::milliseconds(1);
    std::this_thread::sleep_until(running.empty() ? wake : std::min(wake, running.top().at));
  }
}

// The mean recorded seconds of the jobs the leader's store holds (those this run replayed).
double mean_job_seconds(const std::string& store_path) {
  sqlite3* db = nullptr;
  sqlite3_stmt* mean = nullptr;
  double seconds = 0.0;
  if (sqlite3_open_v2(store_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK &&
      sqlite3_prepare_v2(db, "SELECT coalesce(avg(seconds), 0) FROM jobs", -1, &mean, nullptr) == SQLITE_OK &&
      sqlite3_step(mean) == SQLITE_ROW) {
    seconds = sqlite3_column_double(mean, 0);
  }
  sqlite3_finalize(mean);
  sqlite3_close(db);
  return seconds;
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::string variant_name = "antichess";
  std::string fen;
  std::string record_path;
  std::string store_path;
  size_t jobs_per_rank = 1;
  double time_scale = 1.0;
  ExploreOptions options;
  po::options_description described("master_sim options");
  described.add_options()
      ("variant", po::value(&variant_name), "the recording's variant")
      ("fen", po::value(&fen), "the recording's explored position")
      ("job-nodes", po::value(&options.job_nodes)->default_value(options.job_nodes), "the recording's --job-nodes")
      ("record", po::value(&record_path)->required(), "the recorded explore's store")
      ("store", po::value(&store_path)->required(), "the leader's store, a new file")
      ("jobs-per-rank", po::value(&jobs_per_rank), "workers each rank stands for")
      ("time-scale", po::value(&time_scale), "replayed job seconds times this (0: at once)")
      ("time", po::value(&options.limits.seconds), "stop after this many seconds")
      ("jobs", po::value(&options.max_jobs), "stop after this many jobs");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, described), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "master_sim: " << e.what() << "\n" << described;
    return 2;
  }
  const auto variant = make_variant(variant_name, {});
  if (!variant) {
    std::cerr << "master_sim: " << variant.error() << "\n";
    return 2;
  }
  Position pos;
  if (const auto error = fen.empty() ? pos.set(*variant, variant->start_fen) : pos.set(*variant, fen)) {
    std::cerr << "master_sim: " << error->to_string() << "\n";
    return 2;
  }

  MpiSession mpi;
  if (!mpi.active()) {
    std::cerr << "master_sim: run it under mpirun with at least 2 ranks\n";
    return 2;
  }
  const Recording rec = read_recording(record_path);
  if (mpi.rank() != 0) {
    replay_workers(rec, time_scale, mpi.rank());
    return 0;
  }
  MpiPool pool(mpi, 1e9, jobs_per_rank);  // no deadline: the simulated workers never die
  if (std::filesystem::exists(store_path)) {
    std::cerr << "master_sim: " << store_path << ": give a new file for the leader's store\n";
    return 2;
  }
  auto store = JobStore::open(store_path, std::string(variant->name), variant->describe_options());
  if (!store) {
    std::cerr << "master_sim: " << store.error() << "\n";
    return 2;
  }
  const auto first_job = (*store)->session_start(Explorer::session_name(pos, options));
  Explorer explorer(pos, **store, options, *first_job);

  // The rate is taken over the jobs finished within --time: at the limit the leader hands out
  // no more jobs and waits for the running ones, which would lower it.
  uint64_t jobs = 0;
  double last_job_seconds = 0.0;
  const double cpu_before = cpu_seconds();
  const Clock::time_point start = Clock::now();
  const ExploreEnd end = explorer.run(pool, [&](const ExploreProgress& p) {
    const double now = std::chrono::duration<double>(Clock::now() - start).count();
    if (p.jobs == jobs || (options.limits.seconds > 0 && now > options.limits.seconds)) return;
    jobs = p.jobs;
    last_job_seconds = now;
  });
  const double cpu = cpu_seconds() - cpu_before;
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  pool.stop();
  if (end == ExploreEnd::Error) {
    std::cerr << "master_sim: " << explorer.error() << "\n";
    return 1;
  }
  const double window = options.limits.seconds > 0 ? options.limits.seconds : last_job_seconds;
  const double job_seconds = mean_job_seconds(store_path) * time_scale;
  const size_t worker_count = size_t(mpi.size() - 1) * jobs_per_rank;
  std::printf(
      "{\"workers\":%zu,\"ranks\":%d,\"time_scale\":%g,\"jobs\":%llu,\"seconds\":%.3f,\"jobs_per_second\":%.1f,"
      "\"leader_cpu_share\":%.3f,\"mean_job_seconds\":%.6f,\"workers_could_take\":%.1f,\"decided\":\"%s\"}\n",
      worker_count, mpi.size(), time_scale, static_cast<unsigned long long>(jobs), window, double(jobs) / window,
      cpu / seconds, job_seconds, job_seconds > 0 ? double(worker_count) / job_seconds : 0.0,
      end == ExploreEnd::Decided ? "all" : "not all");
  return 0;
}
