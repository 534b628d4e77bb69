#pragma once
// `mpirun dmsolve explore ...`: dmsolve itself is built without MPI, so that no other run pays
// for loading Open MPI's nine libraries (about a millisecond of every start, more than a small
// problem takes to solve). Its twin dmsolve-mpi, built beside it from the same sources with
// MPI, runs the explore's ranks: under an MPI launcher, dmsolve's explore command hands its
// process over to it (exec, same arguments and environment), before anything else is done.

#include <string>
#include <vector>

namespace dm::app {

// Replaces this process by `program` (a file name beside this program's own) running
// `command` with `args`. Returns only on failure, with the reason.
std::string hand_over(const std::string& program, const std::string& command, const std::vector<std::string>& args);

}  // namespace dm::app
