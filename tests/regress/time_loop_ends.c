// A loop that waits for time to pass ends (issue 37: a thread pool's shutdown posts while
// `time(NULL) - start < 1`, and every run of it was a hang): each clock read moves the reading
// thread's virtual time on by 10 ms (runtime/models/clock.c). main reads the start, then 99
// reads (0.01 s to 0.99 s) let it go round, and the 100th (1.00 s) ends the loop: 99
// increments. T1's one load of n is dependent with each of them: it reads n before them all or
// after the 1st, ..., the 99th: 100 traces, none a hang.
// RUN: %dpu -j 1 --show-output %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: hang
// CHECK: posts 99
// CHECK-NOT: hang
// CHECK: {{^}}dpu: summary: 0 defects, 100 max-configs, 0 SSBs, 100 runs,
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>

static atomic_int n;

static void *reader(void *arg) {
  (void)arg;
  return (void *)(long)atomic_load(&n);
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, reader, NULL);
  time_t start = time(NULL);
  while (time(NULL) - start < 1) atomic_fetch_add(&n, 1);
  pthread_join(t, NULL);
  printf("posts %d\n", atomic_load(&n));
  return 0;
}
