/* Another bump(), with an atomic addition (tests/report/project_errors.c). */
#include "bump.h"

static int count;

void bump(void) { __atomic_fetch_add(&count, 1, __ATOMIC_SEQ_CST); }

int bumps(void) { return __atomic_load_n(&count, __ATOMIC_SEQ_CST); }
