// Every run must start from a fresh program state: a global counter, a static local and a
// global pointer to malloc'ed memory are checked to be in their initial state (any of these
// asserts fails in the second run if dpu does not reset globals/heap between runs).
// Derivation: two workers each run one block on m; 2 orders: 2 max-configs, no defect.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;
static int *cell; // malloc'ed by main, never freed; *cell protected by m
static int table[4] = {1, 2, 3, 4};

static int bump(void) {
  static int calls;
  return ++calls;
}

static void *worker(void *arg) {
  int i = *(int *)arg;
  pthread_mutex_lock(&m);
  *cell += 1;
  table[i] *= 10;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  int i0 = 0, i1 = 1;
  counter++;
  assert(counter == 1);
  assert(bump() == 1);
  assert(cell == NULL);
  assert(table[0] == 1 && table[1] == 2);
  cell = malloc(sizeof *cell);
  assert(cell != NULL);
  *cell = 0;
  pthread_create(&t1, NULL, worker, &i0);
  pthread_create(&t2, NULL, worker, &i1);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(*cell == 2);
  assert(table[0] == 10 && table[1] == 20);
  return 0;
}
