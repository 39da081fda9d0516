// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Accesses ordered by a condition variable. The usual handoff: T2 writes data, then under m
// sets ready and signals c; T1 waits under m until ready is set, then reads data (after
// unlocking m).
// Happens-before: T2's `data = 42` -> T2's unlock of m -> T1's next lock of m (its first lock
// if T2 went first, the relock at the end of its wait otherwise) -> T1's read: no race; ready
// is only touched under m: no race.
// Traces (as tests/regress/cond_handoff.c): T2's section first (T1 then does not wait), or
// T1's first (it waits, T2 signals it awake, T1 relocks): 2 max-configs, no defect.
// -DSIGNAL_ONLY orders the data by the signal alone: T1 locks m, posts s (telling T2 it is
// about to wait) and waits on c; T2 waits on s, locks and unlocks m (so T1 is in c's wait set:
// it held m until its wait released it), THEN writes data and signals c; T1 wakes, relocks m,
// unlocks, reads data. T2's unlock -> T1's relock does not cover the write (it comes after the
// unlock); the signal -> the wait it wakes does (POSIX XBD 4.12: pthread_cond_signal and
// pthread_cond_wait synchronize memory): no race. Traces: the post comes before T2's sem_wait,
// T1's wait releases m before T2 can lock it, the signal wakes T1 (the only waiter), T1's relock
// follows T2's unlock: every order is forced: 1 max-config, no defect.
// With -DSIGNAL_ONLY -DBUG T2 writes data after its signal: nothing orders it with T1's read
// (the relock acquires T2's unlock, before both): ONE race, in the 1 trace. T2 runs its code
// up to its next visible operation right after its signal, before T1 wakes: the write is named
// first.
// RUN: %dpu --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --races=report --por=none --show-output -DSIGNAL_ONLY %s > %t.sig.none; test $? -eq 0
// RUN: FileCheck --check-prefix=SIG %s < %t.sig.none
// RUN: %dpu --races=report --show-output -DSIGNAL_ONLY %s > %t.sig.qpor; test $? -eq 0
// RUN: FileCheck --check-prefix=SIG %s < %t.sig.qpor
// RUN: %dpu --races=report -DSIGNAL_ONLY -DBUG %s > %t.bug; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | data = 42{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// SIG-NOT: dpu: defect
// SIG: {{^}}  | data = 42{{$}}
// SIG-NOT: dpu: defect
// SIG: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// BUG: {{^}}dpu: defect 1: data race: write of 4 bytes to 'data' at {{.*}}race_condvar.c:[[#@LINE+41]] in signaller (T2) and read at {{.*}}race_condvar.c:[[#@LINE+25]] in waiter (T1){{$}}
// BUG-NOT: dpu: defect
// BUG: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// BUG-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static sem_t s;
static int ready; // protected by m
static int data;

static void *waiter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
#ifdef SIGNAL_ONLY
  sem_post(&s);
  pthread_cond_wait(&c, &m);
#else
  while (!ready)
    pthread_cond_wait(&c, &m);
#endif
  pthread_mutex_unlock(&m);
  int r = data;
  printf("data = %d\n", r);
  return NULL;
}

static void *signaller(void *arg) {
  (void)arg;
#ifdef SIGNAL_ONLY
  sem_wait(&s);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
#ifndef BUG
  data = 42;
#endif
  pthread_cond_signal(&c);
#ifdef BUG
  data = 42;
#endif
#else
  data = 42;
  pthread_mutex_lock(&m);
  ready = 1;
  pthread_cond_signal(&c);
  pthread_mutex_unlock(&m);
#endif
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  sem_init(&s, 0, 0);
  pthread_create(&t1, NULL, waiter, NULL);
  pthread_create(&t2, NULL, signaller, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}
