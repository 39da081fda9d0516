// -j's note that one worker explored alone (frontend/main.c) is said where a user may ask why
// -j did not help: an exploration of 1,000 runs or more. 4 threads add twice each to one
// atomic counter: 8!/(2!^4) = 2,520 traces, no lock to split at, runs of a few microseconds:
// with -j 2 one worker explores alone, and says so. With -DSMALL (2 threads: 4!/(2!2!) = 6
// traces) it is not worth a note; nor is it with -j 1. Whether the worker hands work over
// depends on how long the runs take on the machine (a loaded one may make them look
// expensive): DPU_HANDOFF=never keeps it alone.
// RUN: env DPU_HANDOFF=never %dpu --no-symmetry -j 2 %s > %t 2>&1
// RUN: FileCheck --check-prefix=NOTE %s < %t
// RUN: env DPU_HANDOFF=never %dpu --no-symmetry -j 2 -DSMALL %s > %t.small 2>&1
// RUN: FileCheck --check-prefix=QUIET %s < %t.small
// RUN: %dpu --no-symmetry -j 1 %s > %t.one 2>&1
// RUN: FileCheck --check-prefix=QUIET %s < %t.one
// NOTE: {{^}}dpu: note: -j 2: one worker explored alone (too few lock operations to split at, runs too short to hand work over; docs/distributed.md, -j){{$}}
// NOTE: {{^}}dpu: summary: 0 defects, 2520 max-configs, 0 SSBs,
// QUIET-NOT: explored alone
// QUIET: {{^}}dpu: summary: 0 defects, {{2520|6}} max-configs, 0 SSBs,
#include <pthread.h>
#include <stdatomic.h>

#ifdef SMALL
#define N 2
#else
#define N 4
#endif

static atomic_int counter;

static void *add(void *arg) {
  atomic_fetch_add(&counter, 1);
  atomic_fetch_add(&counter, 1);
  return arg;
}

int main(void) {
  pthread_t t[N];
  for (int i = 0; i < N; i++) pthread_create(&t[i], NULL, add, NULL);
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  return atomic_load(&counter) == 2 * N ? 0 : 1;
}
