// pthread keys: main creates a key with a destructor; T1 and T2 each store a pointer to their
// own slot with pthread_setspecific, read it back with pthread_getspecific, and exit; the
// destructor runs at each thread's exit with that thread's value and records it. Main never
// sets a value (its getspecific returns NULL), and deletes the key at the end. In the buggy
// variant (-DBUG) T2 sets its value back to NULL before exiting, so its destructor does not
// run (POSIX: only non-NULL values are destroyed) and main's check fails.
// Model: the key functions are not visible operations (no events).
// Derivation: T1 and T2 share no object (only their own slots): 1 max-config; no defect, or
// with -DBUG 1 defect at main's check of T2's slot.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_key_t key;
static int slot[2] = {10, 20};
static int destroyed[2]; // destroyed[i]: the value the destructor got for thread i's slot
static int got_back[2];

static void destructor(void *value) {
  int *p = value;
  destroyed[p - slot] = *p;
}

static void *worker(void *arg) {
  int i = *(int *)arg;
  assert(pthread_getspecific(key) == NULL);
  pthread_setspecific(key, &slot[i]);
  got_back[i] = *(int *)pthread_getspecific(key);
#ifdef BUG
  if (i == 1)
    pthread_setspecific(key, NULL);
#endif
  return NULL;
}

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2;
  assert(pthread_key_create(&key, destructor) == 0);
  pthread_create(&t1, NULL, worker, &ids[0]);
  pthread_create(&t2, NULL, worker, &ids[1]);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(got_back[0] == 10 && got_back[1] == 20);
  assert(pthread_getspecific(key) == NULL);
  assert(destroyed[0] == 10);
  // BUG: dpu: defect 1: assertion failure: destroyed[1] == 20 (at {{.*}}key_destructor.c:[[@LINE+1]] in main)
  assert(destroyed[1] == 20);
  assert(pthread_key_delete(key) == 0);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 1 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
