#include "solver/app/malloc_arenas.h"

#include <sys/resource.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace dm::app {

void share_malloc_arena_under_address_limit() {
#if defined(__GLIBC__)
  rlimit limit{};
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) mallopt(M_ARENA_MAX, 1);
#endif
}

}  // namespace dm::app
