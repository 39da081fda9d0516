// Racy programs (issue #10): a reader spinning on a plain flag that no thread sets is a hang
// with the line of the loop, found quickly (not at the time limit): the plain-spin watch
// (runtime/plainspin.c) makes the load of 'flag' visible after the first run, and the
// spin-loop rule then finds the reader waiting for a write that no thread can make (T2 writes
// another variable). 1 trace in the second exploration (T2's write races with nothing).
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: {{^}}dpu: defect 1: hang: T1 spins forever: it keeps reading the variable 'flag', which no other thread will change (at {{.*}}racy_spin_forever.c:[[#@LINE+18]] in reader){{$}}
// CHECK: {{^}}  #{{[0-9]+}} T1 read 'flag' = 0 {{.*}}racy_spin_forever.c:[[#@LINE+17]] reader{{$}}
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: racing accesses explored: 1 access site made scheduling points, 2 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs,
#include <pthread.h>

static _Alignas(8) int flag;
static _Alignas(8) int other;

static void *setter(void *arg) {
  (void)arg;
  other = 1;
  return 0;
}

static void *reader(void *arg) {
  (void)arg;
  while (!flag) {
  }
  return 0;
}

int main(void) {
  pthread_t r, w;
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w, 0, setter, 0);
  pthread_join(r, 0);
  pthread_join(w, 0);
  return 0;
}
