#pragma once
// Job records made by hand for the explorer's tests: an open job that spent its budget, with
// the root numbers it left (0: not known).

#include <cstdint>

#include "solver/explore/job_store.h"

namespace dm::test {

inline explore::JobRecord open_job(uint64_t budget, uint32_t pn = 0, uint32_t dn = 0) {
  explore::JobRecord job;
  job.status = explore::JobStatus::Open;
  job.budget = budget;
  job.nodes = budget;
  job.pn = pn;
  job.dn = dn;
  return job;
}

}  // namespace dm::test
