// --stats and --dot on the smallest racy program: two threads lock one mutex once.
// 2 traces. The unfolding has 23 events: main's start and 2 creates (3); the 2 thread starts;
// 4 locks (each thread's at the mutex's initial state, and after the other's unlock); their 4
// unlocks and 4 thread exits; main's join of each thread after either history of it (4); and
// main's exit, once per trace (2). Trees: 3 threads, the mutex, the 2 thread objects
// (joins) and the process (its exits) = 7.
// Immediate conflicts (dotted): the two locks at the initial state; each thread's two locks
// (siblings in its thread tree); each thread's two join events (siblings in main's tree and in
// the thread object's tree, drawn once); the two exits (siblings in the process's tree, a
// process ends once) = 6.
// RUN: %dpu --no-symmetry --stats --dot=%t.dot %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: grep -c 'label=' %t.dot | FileCheck --check-prefix=EVENTS %s
// RUN: grep -c 'style=dotted' %t.dot | FileCheck --check-prefix=CONFLICTS %s
// RUN: FileCheck --check-prefix=DOT %s < %t.dot
// CHECK: dpu: stats: runs 2, max-configs 2, SSBs 0
// CHECK: dpu: stats: events 23 (0 conflicting extensions)
// CHECK: dpu: stats: trees 7,
// CHECK: dpu: stats: queries causality {{[0-9]+}}, conflict {{[0-9]+}}
// CHECK: dpu: stats: depth differences:
// CHECK: dpu: stats: Alt calls {{[0-9]+}}, found 1;
// CHECK: dpu: stats: time executor {{[0-9.]+}} s, explorer {{[0-9.]+}} s
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs
// EVENTS: {{^23$}}
// CONFLICTS: {{^6$}}
// DOT: digraph unfolding {
// DOT: T1 pthread_mutex_lock
// DOT: }
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
