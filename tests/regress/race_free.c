// Freeing a block writes all of it, for the race detector (as ThreadSanitizer has it): T1 reads
// a field of a block that T2 frees, with nothing ordering them, so T1 may read freed memory.
// Derivation: one race (the read against the free, which writes the block's 16 bytes: "free of
// a 16-byte heap block ... and read of 4 bytes from offset 4 of it"); the read's site becomes visible, the free cannot be (it is not a load or store), so
// the second exploration has one visible access and 1 trace, like the first: 2 runs.
// With -DFREER_FIRST the freer is created first, and runs first: the read then finds the
// block freed, but the free is not ordered before it, so it is still the same data race (not
// a use after free, which would depend on the interleaving, not the trace:
// runtime/memcheck.c), with the threads numbered the other way.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -DFREER_FIRST %s > %t.first; test $? -eq 1
// RUN: FileCheck --check-prefix=FIRST %s < %t.first
// FIRST: {{^}}dpu: defect 1: data race: free of a 16-byte heap block (allocated at {{.*}}race_free.c:[[#@LINE+29]] in main by T0) at {{.*}}race_free.c:[[#@LINE+24]] in freer (T1) and read of 4 bytes from offset 4 of it at {{.*}}race_free.c:[[#@LINE+19]] in reader (T2){{$}}
// FIRST-NOT: memory error
// FIRST: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 2 runs
// CHECK: {{^}}dpu: defect 1: data race: read of 4 bytes from offset 4 of a 16-byte heap block (allocated at {{.*}}race_free.c:[[#@LINE+26]] in main by T0) at {{.*}}race_free.c:[[#@LINE+16]] in reader (T1) and free of it at {{.*}}race_free.c:[[#@LINE+21]] in freer (T2){{$}}
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: racing accesses explored: 1 access site made scheduling points, 2 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 2 runs
#include <pthread.h>
#include <stdlib.h>

struct pair {
  int a, b;
  long pad;
};

static volatile int sink;

static void *reader(void *arg) {
  struct pair *p = arg;
  sink = p->b;
  return 0;
}

static void *freer(void *arg) {
  free(arg);
  return 0;
}

int main(void) {
  struct pair *p = calloc(1, sizeof *p);
  pthread_t r, f;
#ifdef FREER_FIRST
  pthread_create(&f, 0, freer, p);
#endif
  pthread_create(&r, 0, reader, p);
#ifndef FREER_FIRST
  pthread_create(&f, 0, freer, p);
#endif
  pthread_join(r, 0);
  pthread_join(f, 0);
  return 0;
}
