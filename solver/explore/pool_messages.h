#pragma once
// The bytes of a pool's messages (job_pool.h), as the MPI pool (mpi_pool.h) sends them between
// ranks: a job to a worker, and its result back. Plain text fields, one per line, so that a
// message is read the same on every machine of a cluster:
//   job     "TICKET\nATTACKER\nBUDGET\nFEN"            (ATTACKER w or b)
//   result  "TICKET\nSTATUS\nTURN\nPROOF_NODES\nPROOF_DEPTH\nNODES\nSECONDS\nPN\nDN\n" then the
//           proof file's bytes (none unless STATUS is proven); PN and DN are an open job's root
//           numbers (0: not known)
// Kept apart from MPI so that the formats are tested in every build.

#include <optional>
#include <string>

#include "solver/explore/job_pool.h"

namespace dm::explore {

std::string job_message(const PoolJob& job);
std::optional<PoolJob> parse_job(const std::string& bytes);  // nullopt when malformed

std::string result_message(const PoolResult& result);
std::optional<PoolResult> parse_result(const std::string& bytes);  // nullopt when malformed

}  // namespace dm::explore
