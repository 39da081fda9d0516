// sem_getvalue, sem_trywait and sem_timedwait never block: T1 posts the semaphore s (initial
// value 0); T2 reads its value, then takes it with sem_trywait (-DOP=1) or sem_timedwait
// (-DOP=2), which fails with EAGAIN or ETIMEDOUT (-1 and errno) when the value is 0. The
// buggy variant (-DBUG) assumes the take always succeeds.
// Derivation: events on s: T1's post P, T2's getvalue G and take A (G before A). P before G:
// G reads 1, A succeeds; P between G and A: G reads 0, A succeeds; P after A: G reads 0 and A
// fails: 3 max-configs, one per printed outcome; with -DBUG the last one fails the assertion:
// 3 max-configs, 1 defect.
// RUN: %dpu --por=none --show-output -DOP=1 %s > %t.1; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.1 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,TRY %s
// RUN: %dpu --show-output -DOP=1 %s > %t.2; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.2 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,TRY %s
// RUN: %dpu --por=none --show-output -DOP=2 %s > %t.3; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.3 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,TIMED %s
// RUN: %dpu --show-output -DOP=2 %s > %t.4; test $? -eq 0
// RUN: grep -e '^  | ' -e '^dpu: summary' -e '^dpu: defect' %t.4 | LC_ALL=C sort | uniq -c | FileCheck --check-prefixes=ALL,TIMED %s
// RUN: %dpu --por=none -DOP=1 -DBUG %s > %t.5; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.5
// RUN: %dpu -DOP=2 -DBUG %s > %t.6; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.6
// TRY: {{^ *}}1 | value 0, EAGAIN{{$}}
// TIMED: {{^ *}}1 | value 0, ETIMEDOUT{{$}}
// ALL-NEXT: {{^ *}}1 | value 0, acquired{{$}}
// ALL-NEXT: {{^ *}}1 | value 1, acquired{{$}}
// ALL-NEXT: {{^ *}}1 dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
// ALL-NOT: {{.}}
#define _POSIX_C_SOURCE 200809L // clock_gettime
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>
#include <time.h>

static sem_t s;
static int value = -1, rc = -2, err; // written by T2, read by main after the joins

static void *poster(void *arg) {
  (void)arg;
  sem_post(&s);
  return NULL;
}

static void *taker(void *arg) {
  (void)arg;
  sem_getvalue(&s, &value);
#if OP == 1
  rc = sem_trywait(&s);
#else
  struct timespec deadline;
  clock_gettime(CLOCK_REALTIME, &deadline);
  deadline.tv_sec += 1;
  rc = sem_timedwait(&s, &deadline);
#endif
  err = rc == 0 ? 0 : errno;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  sem_init(&s, 0, 0);
  pthread_create(&t1, NULL, poster, NULL);
  pthread_create(&t2, NULL, taker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(rc == 0 || (rc == -1 && (err == EAGAIN || err == ETIMEDOUT)));
  printf("value %d, %s\n", value, rc == 0 ? "acquired" : err == EAGAIN ? "EAGAIN" : "ETIMEDOUT");
  // BUG: dpu: defect 1: assertion failure: rc == 0 (at {{.*}}sem_try.c:[[@LINE+2]] in main)
#ifdef BUG
  assert(rc == 0);
#endif
  sem_destroy(&s);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 1 of 3 (defect 1 in 1)
// BUG-NEXT: dpu: summary: 1 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
