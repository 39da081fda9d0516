/* See invariant.h. */
#include "invariant.h"

#include <stdio.h>
#include <stdlib.h>

_Noreturn void dpu_invariant_broken(const char *cond, const char *file, int line) {
  fprintf(stderr, "dpu: internal error: invariant `%s` broken at %s:%d\n", cond, file, line);
  abort();
}
