// Loads under --memory-model=rc11 and ra that a user's lock-free code depends on (issue 40;
// runtime/models/ra.c, docs/memory-models.md), each failing where RC11 allows it:
// - SPIN_MP: message passing with relaxed atomics whose consumer loads the flag and the data
//   in one spin loop. Each load of the loop's first pass may read an older store (a later pass
//   repeats its places and reads the newest), so the pass that sees the flag may read the old
//   data: 1 failing trace (both stores made before both loads, the data read old), under rc11;
//   under ra (release/acquire) it is message passing forbidden.
// - SEQLOCK: Boehm's seqlock with one writer and a reader that retries; without the reader's
//   acquire fence its snapshot can be torn under rc11 (a relaxed load of x, y may read older
//   stores while the second load of seq reads the newest); with the fence, or under ra, sc and
//   tso, it cannot.
// - SB_SC_LOADS: store buffering with release stores and seq_cst loads, which RC11 (and x86)
//   allow: a seq_cst load may read a store older than the newest when no newer store is
//   seq_cst; the count is plain SB's, 2 + 2 + 2 * 2 = 8, 3 failing (ra_litmus.c). With
//   seq_cst stores it is sequentially consistent: 3 traces, none failing.
// Every count is the exhaustive explorer's too.
// RUN: %dpu -DSPIN_MP --memory-model=rc11 %s > %t.mp; test $? -eq 1
// RUN: FileCheck --check-prefix=MP %s < %t.mp
// RUN: %dpu -DSPIN_MP --memory-model=rc11 --por=none %s > %t.mp.all; test $? -eq 1
// RUN: FileCheck --check-prefix=MP %s < %t.mp.all
// RUN: %dpu -DSPIN_MP --memory-model=ra %s | FileCheck --check-prefix=MPRA %s
// RUN: %dpu -DSPIN_MP --memory-model=sc %s | FileCheck --check-prefix=MPSC %s
// RUN: %dpu -DSEQLOCK -DNOFENCE --memory-model=rc11 %s > %t.sl; test $? -eq 1
// RUN: FileCheck --check-prefix=SL %s < %t.sl
// RUN: %dpu -DSEQLOCK -DNOFENCE --memory-model=rc11 --por=none %s > %t.sl.all; test $? -eq 1
// RUN: FileCheck --check-prefix=SL %s < %t.sl.all
// RUN: %dpu -DSEQLOCK -DNOFENCE -j 2 --memory-model=rc11 %s > %t.sl.j2; test $? -eq 1
// RUN: FileCheck --check-prefix=SL %s < %t.sl.j2
// RUN: %dpu -DSEQLOCK --memory-model=rc11 %s | FileCheck --check-prefix=SLOK %s
// RUN: %dpu -DSEQLOCK --memory-model=rc11 --por=none %s | FileCheck --check-prefix=SLOK %s
// RUN: %dpu -DSEQLOCK -DNOFENCE --memory-model=ra %s | FileCheck --check-prefix=SLOK %s
// RUN: %dpu -DSEQLOCK -DNOFENCE --memory-model=sc %s | FileCheck --check-prefix=SLSC %s
// RUN: %dpu -DSEQLOCK -DNOFENCE --memory-model=tso %s | FileCheck --check-prefix=SLSC %s
// RUN: %dpu -DSB_SC_LOADS --memory-model=rc11 %s > %t.sb; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb
// RUN: %dpu -DSB_SC_LOADS --memory-model=rc11 --por=none %s > %t.sb.all; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb.all
// RUN: %dpu -DSB_SC_LOADS --memory-model=ra %s > %t.sb.ra; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb.ra
// RUN: %dpu -DSB_SC_LOADS -DSC_STORES --memory-model=rc11 %s | FileCheck --check-prefix=SBSC %s
// RUN: %dpu -DSB_SC_LOADS -DSC_STORES --memory-model=ra %s | FileCheck --check-prefix=SBSC %s
// RUN: %dpu -DSB_SC_LOADS --memory-model=sc %s | FileCheck --check-prefix=SBSC %s
// MP: dpu: defect 1: assertion failure: d == 1 (at {{.*}}ra_loads.c:[[#@LINE+34]] in consumer)
// MP: reads-from = 0 (the initial value; 1 newer store not seen yet)
// MP: dpu: traces with defects: 1 of 14 (defect 1 in 1)
// MP: dpu: summary: 1 defects, 14 max-configs, 0 SSBs
// MPRA: dpu: summary: 0 defects, 13 max-configs, 0 SSBs
// MPSC: dpu: summary: 0 defects, 7 max-configs, 0 SSBs
// SL: dpu: defect 1: assertion failure: vx == vy
// SL: dpu: traces with defects: 18 of 337 (defect 1 in 18)
// SL: dpu: summary: 1 defects, 337 max-configs, 0 SSBs
// SLOK: dpu: summary: 0 defects, 296 max-configs, 0 SSBs
// SLSC: dpu: summary: 0 defects, 67 max-configs, 0 SSBs
// SB: dpu: defect 1: assertion failure: r0 == 1 || r1 == 1
// SB: dpu: traces with defects: 3 of 8 (defect 1 in 3)
// SB: dpu: summary: 1 defects, 8 max-configs, 0 SSBs
// SBSC: dpu: summary: 0 defects, 3 max-configs, 0 SSBs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int data, ready, seq, x, y;
static int r0, r1;

#if defined(SPIN_MP)
static void *producer(void *a) {
  atomic_store_explicit(&data, 1, memory_order_relaxed);
  atomic_store_explicit(&ready, 1, memory_order_relaxed);
  return a;
}
static void *consumer(void *a) {
  int f, d;
  do {
    f = atomic_load_explicit(&ready, memory_order_relaxed);
    d = atomic_load_explicit(&data, memory_order_relaxed);
  } while (!f);
  assert(d == 1);
  return a;
}
#elif defined(SEQLOCK)
#ifndef NOFENCE
#define RFENCE() atomic_thread_fence(memory_order_acquire)
#else
#define RFENCE()
#endif
static void *producer(void *a) { /* one write of the pair (x, y), under seq */
  int s = atomic_load_explicit(&seq, memory_order_relaxed);
  atomic_store_explicit(&seq, s + 1, memory_order_relaxed);
  atomic_thread_fence(memory_order_release);
  atomic_store_explicit(&x, 1, memory_order_relaxed);
  atomic_store_explicit(&y, 1, memory_order_relaxed);
  atomic_store_explicit(&seq, s + 2, memory_order_release);
  return a;
}
static void *consumer(void *a) { /* a snapshot: retried until seq is even and unchanged */
  int s0, s1, vx, vy;
  do {
    s0 = atomic_load_explicit(&seq, memory_order_acquire);
    vx = atomic_load_explicit(&x, memory_order_relaxed);
    vy = atomic_load_explicit(&y, memory_order_relaxed);
    RFENCE();
    s1 = atomic_load_explicit(&seq, memory_order_relaxed);
  } while (s0 != s1 || (s0 & 1));
  assert(vx == vy);
  return a;
}
#elif defined(SB_SC_LOADS)
#ifdef SC_STORES
#define OST memory_order_seq_cst
#else
#define OST memory_order_release
#endif
static void *producer(void *a) {
  atomic_store_explicit(&x, 1, OST);
  r0 = atomic_load_explicit(&y, memory_order_seq_cst);
  return a;
}
static void *consumer(void *a) {
  atomic_store_explicit(&y, 1, OST);
  r1 = atomic_load_explicit(&x, memory_order_seq_cst);
  return a;
}
#endif

int main(void) {
  pthread_t p, c;
  pthread_create(&p, 0, producer, 0);
  pthread_create(&c, 0, consumer, 0);
  pthread_join(p, 0);
  pthread_join(c, 0);
#if defined(SB_SC_LOADS)
  assert(r0 == 1 || r1 == 1);
#endif
  return 0;
}
