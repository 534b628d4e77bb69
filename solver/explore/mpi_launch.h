#pragma once
// Whether this process was started by an MPI launcher (mpirun, srun): their environment says
// so. Apart from mpi_pool.h so that a program without MPI can ask too (app/mpi_handover.h).

#include <cstdlib>

namespace dm::explore {

// Seconds within which MPI must start every rank (MpiSession, mpi_pool.h).
constexpr double kDefaultStartDeadline = 60.0;

inline bool launched_by_mpi() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
}

}  // namespace dm::explore
