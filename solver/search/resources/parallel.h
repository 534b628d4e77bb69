#pragma once
// The solver's parallel loop: body(i) for every i below count, each index a task of its own,
// on the calling thread's oneTBB arena.
//
// The loop also hands the caller's data to the workers and their results back through an
// atomic with release and acquire order. oneTBB already orders all this, but with its own
// synchronisation, which the thread sanitizer cannot see in an uninstrumented libtbb; through
// the atomic it sees the same order, and reports only the races that are ours.

#include <cstddef>
#include <functional>

namespace dm::search {

void parallel_for_each(size_t count, const std::function<void(size_t)>& body);

}  // namespace dm::search
