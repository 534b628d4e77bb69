#pragma once
// Memory allocation under an address-space limit (`ulimit -v`, common on shared clusters).
// glibc's malloc gives each new thread an arena of its own, reserving 64 MiB of addresses for
// it. Where the limit leaves no room for one, every allocation of that thread asks again and is
// refused, a system call each time: the search then spends most of its time in the kernel. The
// threads share one arena instead, which reserves nothing more.

namespace dm::app {

// Under a finite RLIMIT_AS, one malloc arena for every thread (mallopt M_ARENA_MAX); nothing
// otherwise, or without glibc.
void share_malloc_arena_under_address_limit();

}  // namespace dm::app
