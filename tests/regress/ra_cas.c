// Compare-and-swaps that fail under --memory-model=rc11 and ra (issue 40; runtime/models/ra.c,
// docs/memory-models.md). A failed CAS is a load of its failure order (C17 7.17.7.4p2): it may
// read an older store than the newest, but none that holds what it expects, and later reads
// that happen after it may not read a store older than the one it read.
// - MP_CAS: message passing whose consumer reads the data with a failed relaxed CAS. T2 loads
//   the flag before T1's store of it (reads 0: 1 trace) or after it (reads the initial 0 or
//   T1's 1: 2 traces); having read 1 with a relaxed load, its CAS reads T1's x = 1 or the
//   older initial 0 (2 traces). 4 traces, 1 failing (the CAS reads 0), under rc11. With an
//   acquire load (ACQ), or under ra, where every load is acquire, the CAS has seen x = 1: 3
//   traces, none failing; under sc the loads read the newest store: 2 traces.
// - CORR_CAS: read-read coherence through a failed CAS. T2's CAS fails reading x = 1 and T2
//   then releases y; T3 acquires y = 1 and loads x, which must read 1, not the older initial 0
//   (5.1.2.4p19): the CAS's read happens before T3's load. T2's CAS before T1's store (1
//   trace) or after it reading the initial 0 (1) or x = 1 (then T3's load of y before T2's
//   store, or after it reading 0 or 1: 3): 5 traces, none failing. Under sc: 3.
// Every count is the exhaustive explorer's too.
// RUN: %dpu -DMP_CAS --memory-model=rc11 %s > %t.mp; test $? -eq 1
// RUN: FileCheck --check-prefix=MP %s < %t.mp
// RUN: %dpu -DMP_CAS --memory-model=rc11 --por=none %s > %t.mp.all; test $? -eq 1
// RUN: FileCheck --check-prefix=MP %s < %t.mp.all
// RUN: %dpu -DMP_CAS -DACQ --memory-model=rc11 %s | FileCheck --check-prefix=MPACQ %s
// RUN: %dpu -DMP_CAS --memory-model=ra %s | FileCheck --check-prefix=MPACQ %s
// RUN: %dpu -DMP_CAS --memory-model=sc %s | FileCheck --check-prefix=MPSC %s
// RUN: %dpu -DCORR_CAS --memory-model=rc11 %s | FileCheck --check-prefix=CORR %s
// RUN: %dpu -DCORR_CAS --memory-model=rc11 --por=none %s | FileCheck --check-prefix=CORR %s
// RUN: %dpu -DCORR_CAS --memory-model=ra %s | FileCheck --check-prefix=CORR %s
// RUN: %dpu -DCORR_CAS --memory-model=sc %s | FileCheck --check-prefix=CORRSC %s
// MP: dpu: defect 1: assertion failure: e == 1 (at {{.*}}ra_cas.c:[[#@LINE+31]] in t2)
// MP: atomic-cas 'x' read 0 (failed)
// MP-NEXT: reads-from = 0 (the initial value; 1 newer store not seen yet)
// MP: dpu: traces with defects: 1 of 4 (defect 1 in 1)
// MP: dpu: summary: 1 defects, 4 max-configs, 0 SSBs
// MPACQ: dpu: summary: 0 defects, 3 max-configs, 0 SSBs
// MPSC: dpu: summary: 0 defects, 2 max-configs, 0 SSBs
// CORR: dpu: summary: 0 defects, 5 max-configs, 0 SSBs
// CORRSC: dpu: summary: 0 defects, 3 max-configs, 0 SSBs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int x, f, y;

#ifdef MP_CAS
#ifdef ACQ
#define LOAD_ORDER memory_order_acquire
#else
#define LOAD_ORDER memory_order_relaxed
#endif
static void *t1(void *a) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  atomic_store_explicit(&f, 1, memory_order_release);
  return a;
}
static void *t2(void *a) {
  if (atomic_load_explicit(&f, LOAD_ORDER) == 1) {
    int e = 5;
    atomic_compare_exchange_strong_explicit(&x, &e, 6, memory_order_relaxed,
                                            memory_order_relaxed);
    assert(e == 1);
  }
  return a;
}
static void *t3(void *a) { return a; }
#endif

#ifdef CORR_CAS
static void *t1(void *a) {
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  return a;
}
static void *t2(void *a) {
  int e = 5;
  if (!atomic_compare_exchange_strong_explicit(&x, &e, 6, memory_order_relaxed,
                                               memory_order_relaxed) && e == 1)
    atomic_store_explicit(&y, 1, memory_order_release);
  return a;
}
static void *t3(void *a) {
  if (atomic_load_explicit(&y, memory_order_acquire) == 1)
    assert(atomic_load_explicit(&x, memory_order_relaxed) == 1);
  return a;
}
#endif

int main(void) {
  pthread_t a, b, c;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_create(&c, 0, t3, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  pthread_join(c, 0);
  return 0;
}
