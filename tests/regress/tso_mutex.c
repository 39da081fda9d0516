// Mutual exclusion built on atomics, under --memory-model=tso (docs/memory-models.md): a
// Peterson lock and Dekker's entry (a thread that sees the other's flag gives up), their
// stores release, their loads acquire. Under sc both exclude. Under x86-TSO each thread's flag
// store waits in its store buffer while it loads the other's flag, so both may read 0 and
// enter: the assertion in the critical section fails, and the two threads' accesses to in_cs
// race (5 pairs of sites). A seq_cst fence after the stores (mfence), or seq_cst stores
// (xchg), empties the buffer first: no defect, and sc's counts. Dekker's counts are checked
// against the exhaustive explorer (53 traces under tso: 8 more runs re-explore after the
// race made in_cs's accesses visible); Peterson's exhaustive exploration takes minutes.
// Under rc11 and ra both break without fences, as under tso (Dekker: 161 traces; Peterson:
// 1176, its two threads' stores of turn ordered either way in modification order), and with
// seq_cst operations they exclude with sc's counts; Dekker's fence after its flag store (24
// traces) excludes too. Under rc11 the one seq_cst fence after Peterson's two stores does not
// make it exclude: RC11 orders the two fences one way (the thread whose fence comes second
// reads the other's flag as set), but nothing orders the other thread's turn store after the
// first one's, so it may read its own turn overwritten and enter too (the fix: turn an
// exchange, or seq_cst stores); the fence is shown as such (ra.c's fence is a
// read-modify-write of dpu's own).
// DIFFTEST: slow (Peterson under rc11: the exhaustive explorer's 5.4 million runs take 2-3
// minutes; the sweep of tests/CMakeLists.txt, sweep-regress, checks it, the default suite's
// difftests skip it)
// RUN: %dpu --memory-model=sc -DDEKKER %s | FileCheck --check-prefix=DEKKERSC %s
// RUN: %dpu -DDEKKER --memory-model=tso %s > %t.d; test $? -eq 1
// RUN: FileCheck --check-prefixes=BROKEN,DEKKER %s < %t.d
// The exhaustive explorer's 857,233 runs take 30 s, and 100 s in the sanitized build, where
// they are left out:
// RUN: %if !sanitized %{ %dpu -DDEKKER --memory-model=tso --por=none %s > %t.dall; \
// RUN:   test $? -eq 1 %}
// RUN: %if !sanitized %{ FileCheck --check-prefixes=BROKEN,DEKKERALL %s < %t.dall %}
// RUN: %dpu -DDEKKER -DFENCE --memory-model=tso %s | FileCheck --check-prefix=DEKKERSC %s
// RUN: %dpu -DDEKKER -DSEQ_CST --memory-model=tso %s | FileCheck --check-prefix=DEKKERSC %s
// RUN: %dpu --memory-model=sc %s | FileCheck --check-prefix=PETERSONSC %s
// RUN: %dpu --memory-model=tso %s > %t.p; test $? -eq 1
// RUN: FileCheck --check-prefixes=BROKEN,PETERSON %s < %t.p
// RUN: %dpu -DFENCE --memory-model=tso %s | FileCheck --check-prefix=PETERSONSC %s
// RUN: %dpu -DSEQ_CST --memory-model=tso %s | FileCheck --check-prefix=PETERSONSC %s
// RUN: %dpu --memory-model=rc11 %s > %t.prc0; test $? -eq 1
// RUN: FileCheck --check-prefixes=BROKEN,PRC110 %s < %t.prc0
// RUN: %dpu -DDEKKER --memory-model=rc11 %s > %t.drc; test $? -eq 1
// RUN: FileCheck --check-prefixes=BROKEN,DRC11 %s < %t.drc
// RUN: %dpu -DDEKKER --memory-model=ra %s > %t.dra; test $? -eq 1
// RUN: FileCheck --check-prefixes=BROKEN,DRC11 %s < %t.dra
// RUN: %dpu -DSEQ_CST --memory-model=rc11 %s | FileCheck --check-prefix=PETERSONSC %s
// RUN: %dpu -DSEQ_CST --memory-model=ra %s | FileCheck --check-prefix=PETERSONSC %s
// RUN: %dpu -DDEKKER -DSEQ_CST --memory-model=rc11 %s | FileCheck --check-prefix=DEKKERSC %s
// RUN: %dpu -DDEKKER -DSEQ_CST --memory-model=ra %s | FileCheck --check-prefix=DEKKERSC %s
// RUN: %dpu -DDEKKER -DFENCE --memory-model=rc11 %s | FileCheck --check-prefix=DFENCE %s
// RUN: %dpu -DDEKKER -DFENCE --memory-model=ra %s | FileCheck --check-prefix=DFENCE %s
// RUN: %dpu -DFENCE --memory-model=rc11 %s > %t.prc; test $? -eq 1
// RUN: FileCheck --check-prefixes=BROKEN,PRC11 %s < %t.prc
// DEKKERSC: dpu: summary: 0 defects, 7 max-configs, 0 SSBs, 7 runs
// PETERSONSC: dpu: summary: 0 defects, 20 max-configs, 0 SSBs, 20 runs
// BROKEN-DAG: dpu: defect {{[0-9]}}: data race: write of 4 bytes to 'in_cs' at {{.*}}tso_mutex.c:[[#@LINE+56]] in worker (T{{[12]}}) and write at {{.*}}tso_mutex.c:[[#@LINE+56]] in worker (T{{[12]}})
// BROKEN-DAG: dpu: defect {{[0-9]}}: assertion failure: in_cs == 1 (at {{.*}}tso_mutex.c:[[#@LINE+56]] in worker)
// DEKKER: dpu: summary: 6 defects, 53 max-configs, 0 SSBs
// DEKKERALL: dpu: summary: 6 defects, 53 max-configs, 0 SSBs
// PETERSON: dpu: summary: 6 defects, 666 max-configs, 0 SSBs
// PRC11: atomic_thread_fence    seq_cst {{ *}}{{.*}}tso_mutex.c:[[#@LINE+41]] enter
// PRC11: dpu: summary: 6 defects, 388 max-configs, 0 SSBs
// PRC110: dpu: summary: 6 defects, 1176 max-configs, 0 SSBs
// DRC11: dpu: summary: 6 defects, 161 max-configs, 0 SSBs
// DFENCE: dpu: summary: 0 defects, 24 max-configs, 0 SSBs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SEQ_CST
#define REL memory_order_seq_cst
#define ACQ memory_order_seq_cst
#else
#define REL memory_order_release
#define ACQ memory_order_acquire
#endif
#ifdef FENCE
#define MFENCE() atomic_thread_fence(memory_order_seq_cst)
#else
#define MFENCE()
#endif

static atomic_int want[2], turn;
static int in_cs;

#ifdef DEKKER
/* Dekker's entry without its back-off: a thread that sees the other's flag gives up. */
static int enter(int me) {
  atomic_store_explicit(&want[me], 1, REL);
  MFENCE();
  if (atomic_load_explicit(&want[1 - me], ACQ)) {
    atomic_store_explicit(&want[me], 0, REL);
    return 0;
  }
  return 1;
}
#else
/* Peterson's lock. */
static int enter(int me) {
  atomic_store_explicit(&want[me], 1, REL);
  atomic_store_explicit(&turn, 1 - me, REL);
  MFENCE();
  while (atomic_load_explicit(&want[1 - me], ACQ) && atomic_load_explicit(&turn, ACQ) == 1 - me)
    ;
  return 1;
}
#endif

static void *worker(void *arg) {
  int me = (int)(long)arg;
  if (enter(me)) {
    in_cs++;
    assert(in_cs == 1);
    in_cs--;
    atomic_store_explicit(&want[me], 0, REL);
  }
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, worker, (void *)0L);
  pthread_create(&b, NULL, worker, (void *)1L);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
