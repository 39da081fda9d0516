// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Accesses ordered by an rwlock: T1 and T2 increment x under the write lock, T3 reads it under
// the read lock.
// Happens-before: a write-unlock -> the next lock (read or write), a read-unlock -> the next
// write lock. Of two critical sections at least one of which is a writer's, the first one's
// unlock comes before the second one's lock, and here every pair has a writer (there is only
// one reader): all accesses to x are ordered: no race.
// Traces: the three sections (wrlock..unlock, wrlock..unlock, rdlock..unlock) exclude each
// other (a writer excludes everybody) and have no other event of rw inside: 3! = 6 orders,
// 6 max-configs, no defect.
// RUN: %dpu --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | x = 2{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int x;    // protected by rw
static int seen; // written by the reader only, read by main after the joins

static void *writer(void *arg) {
  (void)arg;
  pthread_rwlock_wrlock(&rw);
  x++;
  pthread_rwlock_unlock(&rw);
  return NULL;
}

static void *reader(void *arg) {
  (void)arg;
  pthread_rwlock_rdlock(&rw);
  seen = x;
  pthread_rwlock_unlock(&rw);
  return NULL;
}

int main(void) {
  pthread_t t1, t2, t3;
  pthread_create(&t1, NULL, writer, NULL);
  pthread_create(&t2, NULL, writer, NULL);
  pthread_create(&t3, NULL, reader, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_join(t3, NULL);
  printf("x = %d\n", x);
  return 0;
}
