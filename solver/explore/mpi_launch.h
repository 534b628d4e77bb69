#pragma once
// Whether this process was started by an MPI launcher (mpirun, srun): their environment says
// so. Apart from mpi_pool.h so that a program without MPI can ask too (app/mpi_handover.h).

#include <cstdlib>

namespace dm::explore {

inline bool launched_by_mpi() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK");
}

}  // namespace dm::explore
