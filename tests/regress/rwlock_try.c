// The try and timed rwlock operations never block: T1 holds rw (a read lock with -DHOLD_RD,
// else a write lock, setting g = 1), T2 tries to take it (-DOP=1..4: tryrdlock, trywrlock,
// timedrdlock, timedwrlock) and unlocks it if it got it.
// Derivation: events on rw: T1's lock L and unlock U, T2's attempt A (and its unlock when it
// got rw). A before L: acquired (T1's lock waits for T2's unlock if either is a write lock,
// otherwise the two read sections may overlap); A between L and U: acquired only if both are
// read locks, else EBUSY (try) or ETIMEDOUT (timed); A after U: acquired.
// - a write lock held, any attempt: 3 max-configs: acquired before (g = 0), failed during,
//   acquired after (g = 1).
// - a read lock held, a write attempt: 3 max-configs: acquired, failed, acquired.
// - a read lock held, a read attempt: never fails; the four rw events (L before U, A before
//   T2's unlock) in any order: 4!/(2!2!) = 6 max-configs, all acquired.
// No defect in any; one printed outcome per trace.
// RUN: %dpu --por=none --show-output -DOP=1 %s > %t.1; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.1 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TRY %s
// RUN: %dpu --show-output -DOP=1 %s > %t.2; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.2 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TRY %s
// RUN: %dpu --por=none --show-output -DOP=2 %s > %t.3; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.3 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TRY %s
// RUN: %dpu --show-output -DOP=2 %s > %t.4; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.4 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TRY %s
// RUN: %dpu --por=none --show-output -DOP=3 %s > %t.5; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.5 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TIMED %s
// RUN: %dpu --show-output -DOP=3 %s > %t.6; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.6 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TIMED %s
// RUN: %dpu --por=none --show-output -DOP=4 %s > %t.7; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.7 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TIMED %s
// RUN: %dpu --show-output -DOP=4 %s > %t.8; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.8 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,WR-TIMED %s
// RUN: %dpu --por=none --show-output -DHOLD_RD -DOP=2 %s > %t.9; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.9 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,RD-TRY %s
// RUN: %dpu --show-output -DHOLD_RD -DOP=2 %s > %t.10; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.10 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,RD-TRY %s
// RUN: %dpu --por=none --show-output -DHOLD_RD -DOP=4 %s > %t.11; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.11 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,RD-TIMED %s
// RUN: %dpu --show-output -DHOLD_RD -DOP=4 %s > %t.12; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.12 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,RD-TIMED %s
// RUN: %dpu --por=none --show-output -DHOLD_RD -DOP=1 %s > %t.13; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.13 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,RD-RD %s
// RUN: %dpu --show-output -DHOLD_RD -DOP=3 %s > %t.14; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.14 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,RD-RD %s
// The sorted lines: the printed outcomes (with their counts), then the summary.
// WR-TRY: {{^ *}}1 | EBUSY{{$}}
// WR-TRY-NEXT: {{^ *}}1 | acquired, g = 0{{$}}
// WR-TRY-NEXT: {{^ *}}1 | acquired, g = 1{{$}}
// WR-TIMED: {{^ *}}1 | ETIMEDOUT{{$}}
// WR-TIMED-NEXT: {{^ *}}1 | acquired, g = 0{{$}}
// WR-TIMED-NEXT: {{^ *}}1 | acquired, g = 1{{$}}
// RD-TRY: {{^ *}}1 | EBUSY{{$}}
// RD-TRY-NEXT: {{^ *}}2 | acquired, g = 0{{$}}
// RD-TIMED: {{^ *}}1 | ETIMEDOUT{{$}}
// RD-TIMED-NEXT: {{^ *}}2 | acquired, g = 0{{$}}
// RD-RD: {{^ *}}6 | acquired, g = 0{{$}}
// WR-TRY-NEXT: {{^ *}}1 dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
// WR-TIMED-NEXT: {{^ *}}1 dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
// RD-TRY-NEXT: {{^ *}}1 dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
// RD-TIMED-NEXT: {{^ *}}1 dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
// RD-RD-NEXT: {{^ *}}1 dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
// ALL-NOT: {{.}}
#define _POSIX_C_SOURCE 200809L // clock_gettime, rwlocks
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int g;      // written under the write lock only
static int rc = -1, seen; // written by T2, read by main after the joins
static struct timespec deadline;

static int attempt(void) {
#if OP == 1
  return pthread_rwlock_tryrdlock(&rw);
#elif OP == 2
  return pthread_rwlock_trywrlock(&rw);
#elif OP == 3
  return pthread_rwlock_timedrdlock(&rw, &deadline);
#else
  return pthread_rwlock_timedwrlock(&rw, &deadline);
#endif
}

static void *holder(void *arg) {
  (void)arg;
#ifdef HOLD_RD
  pthread_rwlock_rdlock(&rw);
#else
  pthread_rwlock_wrlock(&rw);
  g = 1;
#endif
  pthread_rwlock_unlock(&rw);
  return NULL;
}

static void *trier(void *arg) {
  (void)arg;
  rc = attempt();
  if (rc == 0) {
    seen = g;
    pthread_rwlock_unlock(&rw);
  }
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 1;
  pthread_create(&t1, NULL, holder, NULL);
  pthread_create(&t2, NULL, trier, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  if (rc == 0)
    printf("acquired, g = %d\n", seen);
  else
    printf("%s\n", rc == EBUSY ? "EBUSY" : rc == ETIMEDOUT ? "ETIMEDOUT" : "another error");
  return 0;
}
