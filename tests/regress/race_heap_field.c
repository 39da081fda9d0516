// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A race on one field of a heap struct next to a race-free field: main allocates a struct
// stats { int safe; int racy; } and hands it to T1 and T2; each thread writes st->racy without
// a lock and increments st->safe under the mutex m.
// Races: create -> start orders main's initialisation before both threads, exit -> join orders
// both before main's reads. st->safe: each increment is inside m, unlock -> next lock orders
// them: no race. st->racy: the two writes are ordered by nothing (they come before the
// threads' locks): a write/write race (one site: ONE defect). Different fields are different
// memory: the race is on bytes 4..7 of the block only. The memory: offset 4 of the 8-byte
// block that main allocated (malloc at its line, T0).
// Traces: the two critical sections on m in either order: 2 max-configs, the race in both
// (2 of 2). Each thread writes racy right after its start (starts are run eagerly, T1's first):
// T1's write is named first.
// RUN: %dpu -j 1 --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry -j 1 --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to offset 4 of an 8-byte heap block (allocated at {{.*}}race_heap_field.c:[[#@LINE+32]] in main by T0) at {{.*}}race_heap_field.c:[[#@LINE+23]] in worker (T1) and write at {{.*}}race_heap_field.c:[[#@LINE+23]] in worker (T2){{$}}
// CHECK: {{^}}  stack of the write by T1 (after step #{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}}    #0 worker at {{.*}}race_heap_field.c:[[#@LINE+21]]{{$}}
// CHECK-NEXT: {{^}}  stack of the write by T2 (after step #{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}}    #0 worker at {{.*}}race_heap_field.c:[[#@LINE+19]]{{$}}
// CHECK-NEXT: {{^}}  memory: offset 4 of an 8-byte heap block (allocated at {{.*}}race_heap_field.c:[[#@LINE+27]] in main by T0) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NOT: dpu: defect
// CHECK-NOT: offset 0 of
// CHECK: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct stats {
  int safe; // protected by m
  int racy; // written by both threads without a lock
};

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker(void *arg) {
  struct stats *st = arg;
  st->racy = 1;
  pthread_mutex_lock(&m);
  st->safe++;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  struct stats *st = malloc(sizeof *st);
  if (!st)
    return 1;
  st->safe = 0;
  st->racy = 0;
  pthread_create(&t1, NULL, worker, st);
  pthread_create(&t2, NULL, worker, st);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("safe = %d, racy = %d\n", st->safe, st->racy);
  free(st);
  return 0;
}
