// --spurious-cas (issue 40): compare_exchange_weak may fail although the location holds what
// it expects (C17 7.17.7.4p4; ARM's and POWER's load-linked/store-conditional do), and code
// that takes one failed weak CAS to mean "another thread holds the lock" is wrong. Each worker
// tries the lock once with a weak CAS; when it fails it asserts that the lock was held (e == 1).
// Derivation, without symmetry: without the option a CAS fails only when the other worker
// holds the lock, reading 1: the first CAS and the other's before or after the first's unlock,
// for either worker first: 4 max-configs, none failing. With it, each worker first chooses
// whether its CAS fails spuriously (`cas-spurious`, a choice of its thread before the CAS):
// both fail spuriously: the two CASes (dependent) in either order, each reading 0: 2 traces,
// both failing; one fails spuriously and the other exchanges: the failing one's CAS before the
// other's CAS, between its CAS and unlock (reading 1), or after its unlock: 3 traces, 2 failing
// (reading 0), twice over; neither: the 4 traces above. 12 max-configs, 6 failing; both
// explorers agree, and the replay keeps the option.
// With -DRETRY, the usual retry loop `while (!compare_exchange_weak(&x, &e, e + 1));` in two
// threads is right with spurious failures: 0 defects, 4 max-configs without the option, 38
// with it (each thread's weak CAS may fail spuriously once per place and run, so the loop
// ends), equal to the exhaustive explorer's under sc, rc11 and tso.
// RUN: %dpu --no-symmetry %s > %t; test $? -eq 0
// RUN: FileCheck --check-prefix=PLAIN %s < %t
// RUN: %dpu --no-symmetry --spurious-cas %s > %t.sp; test $? -eq 1
// RUN: FileCheck %s < %t.sp
// RUN: %dpu --no-symmetry --spurious-cas --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry --spurious-cas --memory-model=rc11 %s > %t.rc11; test $? -eq 1
// RUN: FileCheck %s < %t.rc11
// RUN: %dpu --no-symmetry -DRETRY %s | FileCheck --check-prefix=RETRYPLAIN %s
// RUN: %dpu --no-symmetry -DRETRY --spurious-cas %s | FileCheck --check-prefix=RETRY %s
// RUN: %dpu --no-symmetry -DRETRY --spurious-cas --por=none %s | FileCheck --check-prefix=RETRY %s
// RUN: %dpu --no-symmetry -DRETRY --spurious-cas --memory-model=rc11 --por=none %s > %t.r11
// RUN: FileCheck --check-prefix=RETRY %s < %t.r11
// RUN: %dpu --no-symmetry -DRETRY --spurious-cas --memory-model=tso %s > %t.tso
// RUN: FileCheck --check-prefix=RETRY %s < %t.tso
// PLAIN: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs,
// CHECK: dpu: defect 1: assertion failure: e == 1 (at {{.*}}cas_spurious.c:[[#@LINE+27]] in worker)
// CHECK: cas-spurious = fails spuriously
// CHECK-NEXT: atomic-cas 'lock' read 0 (failed)
// CHECK: replay: dpu replay {{.*}} --spurious-cas {{.*}}cas_spurious.c
// CHECK: {{^}}dpu: traces with defects: 6 of 12 (defect 1 in 6)
// CHECK: {{^}}dpu: summary: 1 defects, 12 max-configs, 0 SSBs,
// RETRYPLAIN: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs,
// RETRY: {{^}}dpu: summary: 0 defects, 38 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_int lock, x;
static int counter;

static void *worker(void *arg) {
#ifdef RETRY
  int e = atomic_load(&x);
  while (!atomic_compare_exchange_weak(&x, &e, e + 1))
    ;
#else
  int e = 0;
  if (atomic_compare_exchange_weak(&lock, &e, 1)) {
    counter++;
    atomic_store(&lock, 0);
    return arg;
  }
  assert(e == 1);
#endif
  return arg;
}

int main(void) {
  pthread_t t[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], 0);
#ifdef RETRY
  assert(x == 2);
#endif
  return 0;
}
