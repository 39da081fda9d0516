// Litmus tests under --memory-model=ra and rc11 (runtime/models/ra.c, docs/memory-models.md),
// and the same programs under sc and tso, each with the outcome that C11 (RC11: Lahav et al.,
// PLDI 2017; the herd7 C11 results) allows or forbids as an assertion. Under sc every one of
// these outcomes is forbidden; x86-TSO (the herd7 x86 results) allows SB, R and RWC only
// (tests/regress/tso_litmus.c has the store buffers' traces by hand). The sc counts by hand:
// the orders of each location's dependent accesses, less those that make a cycle with program
// order (4 - 1 for SB, MP, LB, R, S and 2+2W; 8 - 1 for WRC, RWC and ISA2; 16 - 1 for IRIW; 6
// for CoRR, the two loads' places among the two stores, in order; 3 for CoWR, T1's store
// before, between or after T0's two accesses). Relaxed: SB, MP, IRIW, WRC, R, RWC and ISA2 allowed and found
// under rc11; LB, CoRR, CoWR forbidden. Release/acquire (and ra, where every access is
// release/acquire at least): MP, WRC, ISA2 forbidden; SB, IRIW, R still allowed. seq_cst
// accesses, or seq_cst fences between a store and a load, forbid SB, IRIW and RWC. Every
// count is the exhaustive explorer's (--por=none) too. SB rlx by hand: a load after the
// other thread's store may read it or the initial 0 (2 ways), before it only 0; both loads
// before the other's store is a cycle: 2 + 2 + 2 * 2 = 8 traces, 3 of them with both 0.
// A store made after another thread's store to its location that it has not seen may also be
// ordered before it in modification order (2 places): 2+2W and S (relaxed) are allowed and
// found, with release/acquire S is not, and seq_cst stores keep the run's order. By hand:
// 2+2W has 3 orders of its runs (the cycle x1 < y2 < y1 < x2 < x1 is none), each with 2 x 2
// places of the later store of each location: 12 traces, one per order with both first
// stores last in modification order (3 fail). S rlx: T1's load before T0's y store reads 0
// and T1's store of x has 2 places whichever of the x stores comes first (2 + 2), after it
// it reads 0 or 1 (no synchronisation) and then 2 places: 8, 1 failing; release/acquire:
// reading 1 synchronises, so T1's store comes after x = 2: 2 + 2 + (1 + 2) = 7. In R, T0's
// y store before T1's (2 places for T1's) with T1's load after T0's x store (reads 1 or
// 0): 4; T1's y store first (2 places for T0's), load after x = 1: 4, load before: 1 x 2:
// 10. CoWR: 3 + 3 + 2 = 8 (T0's load reads its own store or a newer one).
// RUN: %dpu -DSB --memory-model=rc11 %s > %t.sb; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb
// RUN: %dpu -DSB --memory-model=rc11 --por=none %s > %t.sb.all; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb.all
// RUN: %dpu -DSB -j 2 --memory-model=ra %s > %t.sb.j2; test $? -eq 1
// RUN: FileCheck --check-prefix=SB %s < %t.sb.j2
// RUN: %dpu -DSB -DSC --memory-model=rc11 %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DSB -DSC --memory-model=ra %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DSB -DFENCE --memory-model=rc11 %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DSB -DFENCE --memory-model=rc11 --por=none %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DSB -DFENCE --memory-model=ra %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DMP --memory-model=rc11 %s > %t.mp; test $? -eq 1
// RUN: FileCheck --check-prefix=MP %s < %t.mp
// RUN: %dpu -DMP --memory-model=rc11 --por=none %s > %t.mp.all; test $? -eq 1
// RUN: FileCheck --check-prefix=MP %s < %t.mp.all
// RUN: %dpu -DMP --memory-model=ra %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DMP -DRA --memory-model=rc11 %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DLB --memory-model=rc11 %s | FileCheck --check-prefix=OK5 %s
// RUN: %dpu -DLB --memory-model=rc11 --por=none %s | FileCheck --check-prefix=OK5 %s
// RUN: %dpu -DIRIW --memory-model=rc11 %s > %t.iriw; test $? -eq 1
// RUN: FileCheck --check-prefix=IRIW %s < %t.iriw
// RUN: %dpu -DIRIW -DRA --memory-model=rc11 %s > %t.iriw.ra; test $? -eq 1
// RUN: FileCheck --check-prefix=IRIW %s < %t.iriw.ra
// RUN: %dpu -DIRIW -DSC --memory-model=rc11 %s | FileCheck --check-prefix=OK15 %s
// RUN: %dpu -DWRC --memory-model=rc11 %s > %t.wrc; test $? -eq 1
// RUN: FileCheck --check-prefix=WRC %s < %t.wrc
// RUN: %dpu -DWRC --memory-model=rc11 --por=none %s > %t.wrc.all; test $? -eq 1
// RUN: FileCheck --check-prefix=WRC %s < %t.wrc.all
// RUN: %dpu -DWRC --memory-model=ra %s | FileCheck --check-prefix=OK22 %s
// RUN: %dpu -DWRC -DRA --memory-model=rc11 %s | FileCheck --check-prefix=OK22 %s
// RUN: %dpu -DCORR --memory-model=rc11 %s | FileCheck --check-prefix=OK20 %s
// RUN: %dpu -DCORR --memory-model=rc11 --por=none %s | FileCheck --check-prefix=OK20 %s
// RUN: %dpu -DCOWR --memory-model=rc11 %s | FileCheck --check-prefix=OK8 %s
// RUN: %dpu -DCOWR --memory-model=rc11 --por=none %s | FileCheck --check-prefix=OK8 %s
// RUN: %dpu -DR --memory-model=rc11 %s > %t.r; test $? -eq 1
// RUN: FileCheck --check-prefix=R %s < %t.r
// RUN: %dpu -DR --memory-model=rc11 --por=none %s > %t.r.all; test $? -eq 1
// RUN: FileCheck --check-prefix=R %s < %t.r.all
// RUN: %dpu -DR -DSC --memory-model=rc11 %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DS -DRA --memory-model=rc11 %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DS -DRA --memory-model=rc11 --por=none %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DS --memory-model=ra %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DS --memory-model=rc11 %s > %t.s; test $? -eq 1
// RUN: FileCheck --check-prefix=S %s < %t.s
// RUN: %dpu -DS --memory-model=rc11 --por=none %s > %t.s.all; test $? -eq 1
// RUN: FileCheck --check-prefix=S %s < %t.s.all
// RUN: %dpu -DW22 --memory-model=rc11 %s > %t.w22; test $? -eq 1
// RUN: FileCheck --check-prefix=W22 %s < %t.w22
// RUN: %dpu -DW22 --memory-model=rc11 --por=none %s > %t.w22.all; test $? -eq 1
// RUN: FileCheck --check-prefix=W22 %s < %t.w22.all
// RUN: %dpu -DW22 -j 2 --memory-model=ra %s > %t.w22.j2; test $? -eq 1
// RUN: FileCheck --check-prefix=W22 %s < %t.w22.j2
// RUN: %dpu -DW22 -DRA --memory-model=rc11 %s > %t.w22.ra; test $? -eq 1
// RUN: FileCheck --check-prefix=W22 %s < %t.w22.ra
// RUN: %dpu -DW22 -DSC --memory-model=rc11 %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DW22 -DSC --memory-model=ra %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DRWC --memory-model=rc11 %s > %t.rwc; test $? -eq 1
// RUN: FileCheck --check-prefix=RWC %s < %t.rwc
// RUN: %dpu -DRWC -DSC --memory-model=rc11 %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DISA2 --memory-model=rc11 %s > %t.isa2; test $? -eq 1
// RUN: FileCheck --check-prefix=ISA2 %s < %t.isa2
// RUN: %dpu -DISA2 -DRA --memory-model=rc11 %s | FileCheck --check-prefix=OK22 %s
// RUN: %dpu -DISA2 --memory-model=ra %s | FileCheck --check-prefix=OK22 %s
// RUN: %dpu -DSB --memory-model=sc %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DMP --memory-model=sc %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DLB --memory-model=sc %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DIRIW --memory-model=sc %s | FileCheck --check-prefix=OK15 %s
// RUN: %dpu -DWRC --memory-model=sc %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DCORR --memory-model=sc %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DCOWR --memory-model=sc %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DR --memory-model=sc %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DS --memory-model=sc %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DW22 --memory-model=sc %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DRWC --memory-model=sc %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DISA2 --memory-model=sc %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DMP --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DLB --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DIRIW --memory-model=tso %s | FileCheck --check-prefix=OK15 %s
// RUN: %dpu -DWRC --memory-model=tso %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DCORR --memory-model=tso %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DCOWR --memory-model=tso %s | FileCheck --check-prefix=OK6 %s
// RUN: %dpu -DS --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DW22 --memory-model=tso %s | FileCheck --check-prefix=OK3 %s
// RUN: %dpu -DISA2 --memory-model=tso %s | FileCheck --check-prefix=OK7 %s
// RUN: %dpu -DSB --memory-model=tso %s > %t.tso.SB; test $? -eq 1
// RUN: FileCheck --check-prefix=DEF4 %s < %t.tso.SB
// RUN: %dpu -DR --memory-model=tso %s > %t.tso.R; test $? -eq 1
// RUN: FileCheck --check-prefix=DEF4 %s < %t.tso.R
// RUN: %dpu -DRWC --memory-model=tso %s > %t.tso.RWC; test $? -eq 1
// RUN: FileCheck --check-prefix=DEF8 %s < %t.tso.RWC
// RUN: %dpu -DIRIW --memory-model=ra %s > %t.iriw.m; test $? -eq 1
// RUN: FileCheck --check-prefix=IRIW %s < %t.iriw.m
// RUN: %dpu -DR --memory-model=ra %s > %t.r.m; test $? -eq 1
// RUN: FileCheck --check-prefix=R %s < %t.r.m
// RUN: %dpu -DRWC --memory-model=ra %s > %t.rwc.m; test $? -eq 1
// RUN: FileCheck --check-prefix=RWC %s < %t.rwc.m
// RUN: %dpu -DLB --memory-model=ra %s | FileCheck --check-prefix=OK5 %s
// RUN: %dpu -DCORR --memory-model=ra %s | FileCheck --check-prefix=OK20 %s
// RUN: %dpu -DCOWR --memory-model=ra %s | FileCheck --check-prefix=OK8 %s
// SB: dpu: defect 1: assertion failure: r0 == 1 || r1 == 1
// SB: dpu: traces with defects: 3 of 8 (defect 1 in 3)
// SB: dpu: summary: 1 defects, 8 max-configs, 0 SSBs
// MP: dpu: defect 1: assertion failure: !(r0 == 1 && r1 == 0)
// MP: dpu: summary: 1 defects, 7 max-configs, 0 SSBs
// IRIW: dpu: defect 1: assertion failure: !(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0)
// IRIW: dpu: summary: 1 defects, 77 max-configs, 0 SSBs
// WRC: dpu: defect 1: assertion failure: !(r0 == 1 && r1 == 1 && r2 == 0)
// WRC: dpu: summary: 1 defects, 23 max-configs, 0 SSBs
// R: dpu: defect 1: assertion failure: !(atomic_load(&y) == 2 && r0 == 0)
// R: dpu: summary: 1 defects, 10 max-configs, 0 SSBs
// S: dpu: defect 1: assertion failure: !(r0 == 1 && atomic_load(&x) == 2)
// S: dpu: summary: 1 defects, 8 max-configs, 0 SSBs
// W22: dpu: defect 1: assertion failure: !(atomic_load(&x) == 1 && atomic_load(&y) == 1)
// W22: atomic-store {{.*}}(ordered before T{{[12]}}'s store, which it has not seen)
// W22: dpu: traces with defects: 3 of 12 (defect 1 in 3)
// W22: dpu: summary: 1 defects, 12 max-configs, 0 SSBs
// RWC: dpu: defect 1: assertion failure: !(r0 == 1 && r1 == 0 && r2 == 0)
// RWC: dpu: summary: 1 defects, 25 max-configs, 0 SSBs
// ISA2: dpu: defect 1: assertion failure: !(r0 == 1 && r1 == 1 && r2 == 0)
// ISA2: dpu: summary: 1 defects, 23 max-configs, 0 SSBs
// DEF4: dpu: summary: 1 defects, 4 max-configs, 0 SSBs
// DEF8: dpu: summary: 1 defects, 8 max-configs, 0 SSBs
// OK3: dpu: summary: 0 defects, 3 max-configs, 0 SSBs
// OK5: dpu: summary: 0 defects, 5 max-configs, 0 SSBs
// OK6: dpu: summary: 0 defects, 6 max-configs, 0 SSBs
// OK7: dpu: summary: 0 defects, 7 max-configs, 0 SSBs
// OK8: dpu: summary: 0 defects, 8 max-configs, 0 SSBs
// OK15: dpu: summary: 0 defects, 15 max-configs, 0 SSBs
// OK20: dpu: summary: 0 defects, 20 max-configs, 0 SSBs
// OK22: dpu: summary: 0 defects, 22 max-configs, 0 SSBs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

/* -DSC: every access seq_cst; -DRA: stores release, loads acquire; else relaxed (the flag of
 * MP and ISA2 takes these orders, their data stays relaxed). */
#if defined(SC)
#define OST memory_order_seq_cst
#define OLD memory_order_seq_cst
#elif defined(RA)
#define OST memory_order_release
#define OLD memory_order_acquire
#else
#define OST memory_order_relaxed
#define OLD memory_order_relaxed
#endif
#define ST(v, x) atomic_store_explicit(&v, x, OST)
#define LD(v) atomic_load_explicit(&v, OLD)
#define ST_RLX(v, x) atomic_store_explicit(&v, x, memory_order_relaxed)
#define LD_RLX(v) atomic_load_explicit(&v, memory_order_relaxed)
#ifdef FENCE
#define SC_FENCE() atomic_thread_fence(memory_order_seq_cst)
#else
#define SC_FENCE()
#endif

static atomic_int x, y, z;
static int r0, r1, r2, r3;

static void *none(void *a) { return a; }

#if defined(SB) /* store buffering */
static void *t0(void *a) { ST(x, 1); SC_FENCE(); r0 = LD(y); return a; }
static void *t1(void *a) { ST(y, 1); SC_FENCE(); r1 = LD(x); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(r0 == 1 || r1 == 1)
#elif defined(MP) /* message passing */
static void *t0(void *a) { ST_RLX(x, 1); ST(y, 1); return a; }
static void *t1(void *a) { r0 = LD(y); r1 = LD_RLX(x); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(!(r0 == 1 && r1 == 0))
#elif defined(LB) /* load buffering: no read from the future (po U rf acyclic) */
static void *t0(void *a) { r0 = LD(x); ST(y, 1); return a; }
static void *t1(void *a) { r1 = LD(y); ST(x, 1); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(!(r0 == 1 && r1 == 1))
#elif defined(IRIW) /* independent reads of independent writes */
static void *t0(void *a) { ST(x, 1); return a; }
static void *t1(void *a) { ST(y, 1); return a; }
static void *t2(void *a) { r0 = LD(x); r1 = LD(y); return a; }
static void *t3(void *a) { r2 = LD(y); r3 = LD(x); return a; }
#define T2 t2
#define T3 t3
#define CHECK() assert(!(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0))
#elif defined(WRC) /* write-to-read causality */
static void *t0(void *a) { ST(x, 1); return a; }
static void *t1(void *a) { r0 = LD(x); ST(y, 1); return a; }
static void *t2(void *a) { r1 = LD(y); r2 = LD(x); return a; }
#define T2 t2
#define T3 none
#define CHECK() assert(!(r0 == 1 && r1 == 1 && r2 == 0))
#elif defined(CORR) /* coherence of two reads */
static void *t0(void *a) { ST(x, 1); ST(x, 2); return a; }
static void *t1(void *a) { r0 = LD(x); r1 = LD(x); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(!(r0 == 2 && r1 == 1) && !(r0 != 0 && r1 == 0))
#elif defined(COWR) /* a thread reads its own store or a later one */
static void *t0(void *a) { ST(x, 1); r0 = LD(x); return a; }
static void *t1(void *a) { ST(x, 2); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(r0 != 0)
#elif defined(R)
static void *t0(void *a) { ST(x, 1); ST(y, 1); return a; }
static void *t1(void *a) { ST(y, 2); r0 = LD(x); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(!(atomic_load(&y) == 2 && r0 == 0))
#elif defined(S) /* coherence of writes ordered by happens-before */
static void *t0(void *a) { ST(x, 2); ST(y, 1); return a; }
static void *t1(void *a) { r0 = LD(y); ST(x, 1); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(!(r0 == 1 && atomic_load(&x) == 2))
#elif defined(W22) /* 2+2W: modification orders against every order of the run */
static void *t0(void *a) { ST(x, 1); ST(y, 2); return a; }
static void *t1(void *a) { ST(y, 1); ST(x, 2); return a; }
#define T2 none
#define T3 none
#define CHECK() assert(!(atomic_load(&x) == 1 && atomic_load(&y) == 1))
#elif defined(RWC) /* read-to-write causality */
static void *t0(void *a) { ST(x, 1); return a; }
static void *t1(void *a) { r0 = LD(x); r1 = LD(y); return a; }
static void *t2(void *a) { ST(y, 1); r2 = LD(x); return a; }
#define T2 t2
#define T3 none
#define CHECK() assert(!(r0 == 1 && r1 == 0 && r2 == 0))
#elif defined(ISA2)
static void *t0(void *a) { ST_RLX(x, 1); ST(y, 1); return a; }
static void *t1(void *a) { r0 = LD(y); ST(z, 1); return a; }
static void *t2(void *a) { r1 = LD(z); r2 = LD_RLX(x); return a; }
#define T2 t2
#define T3 none
#define CHECK() assert(!(r0 == 1 && r1 == 1 && r2 == 0))
#endif

int main(void) {
  pthread_t t[4];
  pthread_create(&t[0], 0, t0, 0);
  pthread_create(&t[1], 0, t1, 0);
  pthread_create(&t[2], 0, T2, 0);
  pthread_create(&t[3], 0, T3, 0);
  for (int i = 0; i < 4; i++) pthread_join(t[i], 0);
  CHECK();
  return 0;
}
