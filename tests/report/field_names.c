// Members and elements of globals are named as the program writes them (from the debug info:
// passes/fields.cpp, report/fields.c): a mutex in an array of structs in a struct, an element
// of a two-dimensional array in it, a member of a union (of its members that hold the byte,
// the first that names it exactly: an offset does not say which one the program used, here
// u.f named as u.i; hi in an anonymous struct in an anonymous union); a bit-field is not named
// (its byte holds its neighbours too); a type of a system header (pthread_mutex_t) is not
// looked into. T1 takes cfg.slots[1].lock and writes cfg.grid[1][2], cfg.u.f, cfg.hi and
// cfg.b under it, T2 writes them without it: four races.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK-DAG: pthread_mutex_lock 'cfg.slots[1].lock'
// CHECK-DAG: dpu: defect {{[0-9]}}: data race: write of 4 bytes to 'cfg.grid[1][2]' at
// CHECK-DAG: memory: 'cfg.grid[1][2]' (in a global of
// CHECK-DAG: dpu: defect {{[0-9]}}: data race: write of 4 bytes to 'cfg.u.i' at
// CHECK-DAG: dpu: defect {{[0-9]}}: data race: write of 2 bytes to 'cfg.hi' at
// CHECK-DAG: dpu: defect {{[0-9]}}: data race: write of 1 byte to 'cfg' + 136 at
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
  union {
    int whole;
    struct {
      short lo, hi;
    };
  };
  unsigned a : 3, b : 5;
};

static struct config cfg = {.slots = {{0, PTHREAD_MUTEX_INITIALIZER}, {0, PTHREAD_MUTEX_INITIALIZER}}};

static void *t1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&cfg.slots[1].lock);
  cfg.grid[1][2] = 1;
  cfg.u.f = 1.0f;
  cfg.hi = 1;
  cfg.b = 1;
  pthread_mutex_unlock(&cfg.slots[1].lock);
  return 0;
}

static void *t2(void *arg) {
  (void)arg;
  cfg.grid[1][2] = 2;
  cfg.u.f = 2.0f;
  cfg.hi = 2;
  cfg.b = 2;
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
