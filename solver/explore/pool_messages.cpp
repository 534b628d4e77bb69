#include "solver/explore/pool_messages.h"

#include <sstream>

namespace dm::explore {

namespace {

std::optional<JobStatus> status_named(const std::string& name) {
  for (const JobStatus s : {JobStatus::Proven, JobStatus::Disproven, JobStatus::Open}) {
    if (job_status_name(s) == name) return s;
  }
  return std::nullopt;
}

}  // namespace

std::string job_message(const PoolJob& job) {
  return std::to_string(job.ticket) + "\n" + (job.attacker == Color::White ? "w" : "b") + "\n" +
         std::to_string(job.budget) + "\n" + job.fen;
}

std::optional<PoolJob> parse_job(const std::string& bytes) {
  std::istringstream in(bytes);
  PoolJob job;
  std::string attacker;
  if (!(in >> job.ticket >> attacker >> job.budget) || !in.ignore() || !std::getline(in, job.fen)) return std::nullopt;
  if (attacker != "w" && attacker != "b") return std::nullopt;
  job.attacker = attacker == "w" ? Color::White : Color::Black;
  return job;
}

std::string result_message(const PoolResult& result) {
  const JobRecord& r = result.outcome.record;
  std::ostringstream out;
  out.precision(17);
  out << result.ticket << '\n'
      << job_status_name(r.status) << '\n'
      << r.turn << '\n'
      << r.proof_nodes << '\n'
      << r.proof_depth << '\n'
      << r.nodes << '\n'
      << r.seconds << '\n'
      << r.pn << '\n'
      << r.dn << '\n';
  return out.str() + result.outcome.proof_bytes;
}

std::optional<PoolResult> parse_result(const std::string& bytes) {
  std::istringstream in(bytes);
  PoolResult result;
  JobRecord& r = result.outcome.record;
  std::string status;
  if (!(in >> result.ticket) || !in.ignore() || !std::getline(in, status) || !std::getline(in, r.turn)) {
    return std::nullopt;
  }
  if (!(in >> r.proof_nodes >> r.proof_depth >> r.nodes >> r.seconds >> r.pn >> r.dn) || !in.ignore()) {
    return std::nullopt;
  }
  const auto parsed = status_named(status);
  if (!parsed) return std::nullopt;
  r.status = *parsed;
  result.outcome.proof_bytes = bytes.substr(size_t(in.tellg()));
  result.outcome.complete = true;  // a worker sends only what ran to its end
  return result;
}

}  // namespace dm::explore
