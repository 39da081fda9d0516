// -j's default (frontend/options.c, default_jobs): the CPUs dpu may use (executor/cpus.h, its
// CPU affinity lowered to a cgroup's quota). Held to one CPU, dpu explores with one worker (no
// parts, no workers line); given two, with two workers over the split's parts; a replay and
// --dot keep one worker whatever the CPUs, and an explicit -j wins. The counts and defects
// are the same every time: 2 max-configs, the assertion in one of them.
// REQUIRES: cpus2
// RUN: taskset -c 0 %dpu --stats %s > %t.one; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,ONE < %t.one
// RUN: taskset -c 0,1 %dpu --stats %s > %t.two; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,TWO < %t.two
// RUN: taskset -c 0,1 %dpu --stats --dot=%t.dot %s > %t.dot.out; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,ONE < %t.dot.out
// RUN: taskset -c 0,1 %dpu -j 1 --stats %s > %t.j1; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,ONE < %t.j1
// CHECK: dpu: defect 1: assertion failure: x == 2 (at {{.*}}jobs_default.c:[[#@LINE+22]] in main)
// ONE-NOT: dpu: stats: workers:
// TWO: dpu: stats: workers: {{[1-9][0-9]*}} parts of the split explored at once
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs
#include <assert.h>
#include <pthread.h>

int x;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *add(void *arg) {
  pthread_mutex_lock(&m);
  x = x * 2 + (int)(long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, 0, add, (void *)1);
  add((void *)0);
  pthread_join(t, 0);
  assert(x == 2);
  return 0;
}
