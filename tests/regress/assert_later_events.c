// What the other threads do after a failed assertion is explored: the failing thread stops
// there and the others go on (runtime/ending.c: stops_thread). T1 posts s and fails; T2 waits
// for s, then takes m and prints; T3 takes m and prints. Derivation: T1's failure is in every
// run; T2 and T3 race for m, so there are 2 traces, both with the failure (T3's lock commutes
// with T1's post). T2 can take m only after T1's post, right after which T1 fails: when a
// failure ended the whole run, QPOR never saw T2's lock and found 1 trace, and --por=none,
// counting how far T3 had got when T1 failed, 3.
// RUN: %dpu -q %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -q --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu -q -k 1 %s > %t.k1; test $? -eq 1
// RUN: FileCheck %s < %t.k1
// CHECK: {{^}}dpu: defect 1: assertion failure: 0 && "T1 fails" (at {{.*}}assert_later_events.c:[[#@LINE+14]] in t1){{$}}
// CHECK: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs,
#include <assert.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t s;

static void *t1(void *arg) {
  (void)arg;
  sem_post(&s);
  assert(0 && "T1 fails");
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  sem_wait(&s);
  pthread_mutex_lock(&m);
  printf("T2\n");
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *t3(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  printf("T3\n");
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  sem_init(&s, 0, 0);
  pthread_t a, b, c;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_create(&c, NULL, t3, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  pthread_join(c, NULL);
  return 0;
}
