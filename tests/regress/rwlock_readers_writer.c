// A writer excludes readers: T1 and T2 read a and b under a read lock; T3 writes a = 1 and
// b = 1 under the write lock, with a visible operation in between (a critical section on a
// mutex of its own), where a reader could observe a != b if the rwlock let it in.
// Model: rdlock is enabled when no writer holds the rwlock, wrlock when nobody holds it; all
// operations on one rwlock are dependent, so two readers' events are ordered too.
// Derivation: the writer's wrlock..unlock has no other rwlock event inside, so it is one
// token in the sequence of rwlock events; the readers' rdlock/unlock pairs interleave in
// 4!/(2!2!) = 6 ways, and the writer's token goes where no reader holds the lock: 3 places
// when the readers' sections are disjoint (2 sequences), 2 (before both, after both) when
// they overlap (4 sequences): 2 x 3 + 4 x 2 = 14 max-configs (the mutex is the writer's
// alone). The readers never see a != b: no defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 14 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static int a, b;    // protected by rw
static int entries; // protected by log_lock
static int torn[2]; // slot i written by reader i only, read by main after the joins

static void *reader(void *arg) {
  int i = *(int *)arg;
  pthread_rwlock_rdlock(&rw);
  torn[i] = a != b;
  pthread_rwlock_unlock(&rw);
  return NULL;
}

static void *writer(void *arg) {
  (void)arg;
  pthread_rwlock_wrlock(&rw);
  a = 1;
  pthread_mutex_lock(&log_lock);
  entries++;
  pthread_mutex_unlock(&log_lock);
  b = 1;
  pthread_rwlock_unlock(&rw);
  return NULL;
}

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2, t3;
  pthread_create(&t1, NULL, reader, &ids[0]);
  pthread_create(&t2, NULL, reader, &ids[1]);
  pthread_create(&t3, NULL, writer, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  pthread_join(t3, NULL);
  assert(!torn[0] && !torn[1]);
  assert(a == 1 && b == 1 && entries == 1);
  return 0;
}
