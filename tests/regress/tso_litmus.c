// Litmus tests under --memory-model=tso (runtime/models/tso.c, docs/memory-models.md), each
// with the outcome x86-TSO forbids or allows as an assertion (the herd7 x86-TSO results):
// SB (store buffering) and R are allowed, and found; SB with mfence (a seq_cst fence), MP
// (message passing), LB (load buffering), 2+2W and IRIW are forbidden, and not reported. The
// same outcomes are forbidden under sc. Counts: each pair of dependent accesses (a store's
// flush, a load of its location) in either order, minus the orders that make a cycle: SB 4
// (3 under sc, whose cycle is the weak outcome), R 4 (3), SB+mfence 3, MP 3, LB 3, 2+2W 3,
// IRIW 16 - 1 = 15. The exhaustive explorer (--por=none) agrees, and -j 2.
// RUN: %dpu -DSB --memory-model=tso %s > %t.sb; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb
// RUN: %dpu -DSB --memory-model=tso --por=none %s > %t.sb.all; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb.all
// RUN: %dpu -DSB -j 2 --memory-model=tso %s > %t.sb.j2; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb.j2
// RUN: %dpu -DSB --memory-model=sc %s | FileCheck --check-prefix=SC3 %s
// RUN: %dpu -DR --memory-model=tso %s > %t.r; test $? -eq 1
// RUN: FileCheck --check-prefix=R %s < %t.r
// RUN: %dpu -DR --memory-model=tso --por=none %s > %t.r.all; test $? -eq 1
// RUN: FileCheck --check-prefix=R %s < %t.r.all
// RUN: %dpu --memory-model=sc -DR %s | FileCheck --check-prefix=SC3 %s
// RUN: %dpu -DSBF --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DSBF --memory-model=tso --por=none %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DMP --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DMP --memory-model=tso --por=none %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DLB --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DLB --memory-model=tso --por=none %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DW22 --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DW22 --memory-model=tso --por=none %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DIRIW --memory-model=tso %s | FileCheck --check-prefix=IRIW %s
// RUN: %dpu -DIRIW -j 2 --memory-model=tso %s | FileCheck --check-prefix=IRIW %s
// RUN: %dpu -DIRIW --memory-model=tso --por=none %s | FileCheck --check-prefix=IRIW %s
// RUN: %dpu --memory-model=sc -DIRIW %s | FileCheck --check-prefix=IRIW %s
// SB: dpu: defect 1: assertion failure: r0 == 1 || r1 == 1
// SB: dpu: summary: 1 defects, 4 max-configs, 0 SSBs
// R: dpu: defect 1: assertion failure: !(LD(y) == 2 && r1 == 0)
// R: dpu: summary: 1 defects, 4 max-configs, 0 SSBs
// SC3: dpu: summary: 0 defects, 3 max-configs, 0 SSBs
// OK3: dpu: summary: 0 defects, 3 max-configs, 0 SSBs
// IRIW: dpu: summary: 0 defects, 15 max-configs, 0 SSBs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#define RLX memory_order_relaxed
#define ST(v, x) atomic_store_explicit(&v, x, RLX)
#define LD(v) atomic_load_explicit(&v, RLX)

static atomic_int x, y;
static int r0, r1, r2, r3;

#if defined(SB) || defined(SBF)
#ifdef SBF
#define FENCE() atomic_thread_fence(memory_order_seq_cst)
#else
#define FENCE()
#endif
static void *t0(void *a) { ST(x, 1); FENCE(); r0 = LD(y); return a; }
static void *t1(void *a) { ST(y, 1); FENCE(); r1 = LD(x); return a; }
#define CHECK() assert(r0 == 1 || r1 == 1)
#elif defined(MP)
static void *t0(void *a) { ST(x, 1); ST(y, 1); return a; }
static void *t1(void *a) { r0 = LD(y); r1 = LD(x); return a; }
#define CHECK() assert(!(r0 == 1 && r1 == 0))
#elif defined(LB)
static void *t0(void *a) { r0 = LD(y); ST(x, 1); return a; }
static void *t1(void *a) { r1 = LD(x); ST(y, 1); return a; }
#define CHECK() assert(!(r0 == 1 && r1 == 1))
#elif defined(R)
static void *t0(void *a) { ST(x, 1); ST(y, 1); return a; }
static void *t1(void *a) { ST(y, 2); r1 = LD(x); return a; }
#define CHECK() assert(!(LD(y) == 2 && r1 == 0))
#elif defined(W22)
static void *t0(void *a) { ST(x, 1); ST(y, 2); return a; }
static void *t1(void *a) { ST(y, 1); ST(x, 2); return a; }
#define CHECK() assert(!(LD(x) == 1 && LD(y) == 1))
#elif defined(IRIW)
static void *t0(void *a) { ST(x, 1); return a; }
static void *t1(void *a) { ST(y, 1); return a; }
static void *t2(void *a) { r0 = LD(x); r1 = LD(y); return a; }
static void *t3(void *a) { r2 = LD(y); r3 = LD(x); return a; }
#define CHECK() assert(!(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0))
#endif

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t0, NULL);
  pthread_create(&b, NULL, t1, NULL);
#ifdef IRIW
  pthread_t c, d;
  pthread_create(&c, NULL, t2, NULL);
  pthread_create(&d, NULL, t3, NULL);
  pthread_join(c, NULL);
  pthread_join(d, NULL);
#endif
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  CHECK();
  return 0;
}
