// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A race inside inlined functions: T1 calls update, which calls store_it, which writes
// shared; both helpers are static inline __attribute__((always_inline)), so they are inlined
// even at dpu's -O0 and the store is an instruction of writer. T2 reads shared.
// Races: the write and the read are ordered by nothing: ONE race. The write's site is named
// after the function it is written in, store_it (from the debug info's record of the
// inlining), and its stack has a frame per inlined function: store_it, then update at its call
// of store_it, then writer at its call of update (as tests/regress/stack_inlined.c).
// Traces: only thread events: 1 max-config, the race in it (1 of 1). T1 writes right after its
// start, T2 reads right after its own (starts are run eagerly, T1's first): the write is named
// first.
// -DTWO_CALLERS: T3 calls store_it directly (another inlined copy of it), and T1 and T3 make
// their calls holding the mutex m (so their two writes are ordered); T2 still reads without
// it. Both copies' writes race with T2's read, and both copies are the one site store_it at
// its line: ONE defect. T2 reads right after its start, before either write (they come after
// a lock): the read is named first, then the first write, by T1 or T3 depending on the order
// of the locks in dpu's first run. Traces: T1's and T3's sections on m in either order: 2
// max-configs, the race in both (2 of 2).
// RUN: %dpu -j 1 --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu -j 1 --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu -j 1 --races=report --por=none -DTWO_CALLERS %s > %t.two.none; test $? -eq 1
// RUN: FileCheck --check-prefix=TWO %s < %t.two.none
// RUN: %dpu -j 1 --races=report -DTWO_CALLERS %s > %t.two.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=TWO %s < %t.two.qpor
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'shared' at {{.*}}race_inlined.c:[[#@LINE+23]] in store_it (T1) and read at {{.*}}race_inlined.c:[[#@LINE+44]] in reader (T2){{$}}
// CHECK: {{^}}  stack of the write by T1 (after step #{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}}    #0 store_it at {{.*}}race_inlined.c:[[#@LINE+21]]{{$}}
// CHECK-NEXT: {{^}}    #1 update at {{.*}}race_inlined.c:[[#@LINE+24]]{{$}}
// CHECK-NEXT: {{^}}    #2 writer at {{.*}}race_inlined.c:[[#@LINE+31]]{{$}}
// CHECK-NEXT: {{^}}  stack of the read by T2 (after step #{{[0-9]+}}):{{$}}
// CHECK-NEXT: {{^}}    #0 reader at {{.*}}race_inlined.c:[[#@LINE+38]]{{$}}
// CHECK-NEXT: {{^}}  memory: 'shared' (a global of 4 bytes) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// TWO: {{^}}dpu: defect 1: data race: read of 4 bytes from 'shared' at {{.*}}race_inlined.c:[[#@LINE+33]] in reader (T2) and write at {{.*}}race_inlined.c:[[#@LINE+12]] in store_it (T{{[13]}}){{$}}
// TWO-NOT: dpu: defect
// TWO: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// TWO-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static int shared;
static int seen; // written by T2 only, read by main after the joins
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static inline __attribute__((always_inline)) void store_it(int v) {
  shared = v;
}

static inline __attribute__((always_inline)) void update(int v) {
  store_it(v + 1);
}

static void *writer(void *arg) {
  (void)arg;
#ifdef TWO_CALLERS
  pthread_mutex_lock(&m);
#endif
  update(1);
#ifdef TWO_CALLERS
  pthread_mutex_unlock(&m);
#endif
  return NULL;
}

static void *reader(void *arg) {
  (void)arg;
  seen = shared;
  return NULL;
}

#ifdef TWO_CALLERS
static void *writer2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  store_it(7);
  pthread_mutex_unlock(&m);
  return NULL;
}
#endif

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, writer, NULL);
  pthread_create(&t2, NULL, reader, NULL);
#ifdef TWO_CALLERS
  pthread_t t3;
  pthread_create(&t3, NULL, writer2, NULL);
  pthread_join(t3, NULL);
#endif
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
