// One bug, two assertion sites, two defects (issue #13): a bounded buffer of one slot with two
// producers and two consumers (two items each), a mutex and two condition variables, whose
// put and get wait with `if` instead of `while`. A waiter woken by a signal relocks after
// another producer (consumer) has barged in and filled (emptied) the slot again, and fails its
// assertion. A defect is its kind, its site and the stack of the thread at fault, so each
// assertion is one defect, whichever thread fails it and wherever the other threads are (their
// stacks used to be part of the digest: 64 "distinct" defects).
// The trace counts are dpu's (too many to derive by hand); what this test pins is that the
// 36576 traces with a defect show exactly 2 defects, and that the counts do not depend on -k:
// a thread that fails its assertion stops there and the others go on (runtime/ending.c), so
// the configurations after a defect are all explored. When a failure ended the run, QPOR
// found 114,504 traces with -k 0 and 118,330 with -k 1.
// DIFFTEST: skip (--por=none runs over 1.5 million interleavings in two minutes and is far
// from done; QPOR's 139276 traces take 6 s)
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=DEF %s < %t
// RUN: grep -c '^dpu: defect' %t | FileCheck --check-prefix=COUNT %s
// COUNT: {{^}}2{{$}}
// CHECK: dpu: traces with defects: 36576 of 139276 (defect 1 in 27456, defect 2 in 9120)
// CHECK-NEXT: dpu: summary: 2 defects, 139276 max-configs, 0 SSBs, 139276 runs
// RUN: %dpu -q -k 2 %s > %t.k2; test $? -eq 1
// RUN: FileCheck --check-prefix=K2 %s < %t.k2
// K2: dpu: traces with defects: 36576 of 139276 (defect 1 in 27456, defect 2 in 9120)
// K2-NEXT: dpu: summary: 2 defects, 139276 max-configs,
#include <assert.h>
#include <pthread.h>

#define CAP 1
#define ITEMS 2

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER;
static pthread_cond_t not_empty = PTHREAD_COND_INITIALIZER;
static int buf[CAP], count, head, tail; // protected by m

static void put(int v) {
  pthread_mutex_lock(&m);
  if (count == CAP) pthread_cond_wait(&not_full, &m); // the bug: if, not while
  // DEF-DAG: dpu: defect {{[12]}}: assertion failure: count < CAP (at {{.*}}bounded_buffer_two_sites.c:[[@LINE+1]] in put)
  assert(count < CAP);
  buf[tail] = v;
  tail = (tail + 1) % CAP;
  count++;
  pthread_cond_signal(&not_empty);
  pthread_mutex_unlock(&m);
}

static int get(void) {
  pthread_mutex_lock(&m);
  if (count == 0) pthread_cond_wait(&not_empty, &m); // the bug: if, not while
  // DEF-DAG: dpu: defect {{[12]}}: assertion failure: count > 0 (at {{.*}}bounded_buffer_two_sites.c:[[@LINE+1]] in get)
  assert(count > 0);
  int v = buf[head];
  head = (head + 1) % CAP;
  count--;
  pthread_cond_signal(&not_full);
  pthread_mutex_unlock(&m);
  return v;
}

static void *producer(void *arg) {
  for (int i = 0; i < ITEMS; i++) put((int)(long)arg);
  return NULL;
}

static void *consumer(void *arg) {
  (void)arg;
  for (int i = 0; i < ITEMS; i++) get();
  return NULL;
}

int main(void) {
  pthread_t p[2], c[2];
  for (long i = 0; i < 2; i++) {
    pthread_create(&p[i], NULL, producer, (void *)(i + 1));
    pthread_create(&c[i], NULL, consumer, NULL);
  }
  for (int i = 0; i < 2; i++) {
    pthread_join(p[i], NULL);
    pthread_join(c[i], NULL);
  }
  return 0;
}
