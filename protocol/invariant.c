/* See invariant.h. */
#include "invariant.h"

#include <stdio.h>
#include <stdlib.h>

int dpu_invariant_fd = 2;

_Noreturn void dpu_invariant_broken(const char *cond, const char *file, int line) {
  dprintf(dpu_invariant_fd, "dpu: internal error: invariant `%s` broken at %s:%d\n", cond, file,
          line);
  abort();
}
