// Members and elements of globals are named as the program writes them (from the debug info:
// passes/fields.cpp, report/fields.c): a mutex in an array of structs in a struct, an element
// of a two-dimensional array in it, a member of a union (its first member that holds the byte:
// an offset does not say which one the program used, here u.f named as u.i); a type of a
// system header (pthread_mutex_t) is not looked into. T1 takes cfg.slots[1].lock and writes
// cfg.grid[1][2] and cfg.u.f under it, T2 writes them without it: two races.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK-DAG: pthread_mutex_lock 'cfg.slots[1].lock'
// CHECK-DAG: dpu: defect {{[0-9]}}: data race: write of 4 bytes to 'cfg.grid[1][2]' at
// CHECK-DAG: memory: 'cfg.grid[1][2]' (a global of
// CHECK-DAG: dpu: defect {{[0-9]}}: data race: write of 4 bytes to 'cfg.u.i' at
#include <pthread.h>

struct slot {
  int count;
  pthread_mutex_t lock;
};

struct config {
  long id;
  struct slot slots[2];
  int grid[2][3];
  union {
    int i;
    float f;
  } u;
};

static struct config cfg = {.slots = {{0, PTHREAD_MUTEX_INITIALIZER}, {0, PTHREAD_MUTEX_INITIALIZER}}};

static void *t1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&cfg.slots[1].lock);
  cfg.grid[1][2] = 1;
  cfg.u.f = 1.0f;
  pthread_mutex_unlock(&cfg.slots[1].lock);
  return 0;
}

static void *t2(void *arg) {
  (void)arg;
  cfg.grid[1][2] = 2;
  cfg.u.f = 2.0f;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
