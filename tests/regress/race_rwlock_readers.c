// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Two "readers" that write under the read lock: T1 and T2 each take rw for reading and run
// `x++` in it.
// Races: read locks are shared, and a read-unlock orders only the next WRITE lock (POSIX: a
// reader excludes writers only), so neither reader's section happens before the other's, even
// when they do not overlap in time: the two `x++` race (one site: ONE defect), in every
// trace.
// Traces: the events on rw (rdlock and unlock of T1, rdlock and unlock of T2; all operations on
// one rwlock are dependent for the explorer, and readers may overlap): 4!/(2!2!) = 6
// max-configs, the race in all 6. Of the racing pairs of a run (one digest), the report shows
// the first with the most writes: the store of the reader whose section comes first in dpu's first
// run (right after its rdlock), and the other reader's store (after its own rdlock). Which
// reader dpu runs first is its scheduler's choice: the test names them A and B.
// RUN: %dpu --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'x' at {{.*}}race_rwlock_readers.c:[[#@LINE+20]] in reader (T[[A:[12]]]) and write at {{.*}}race_rwlock_readers.c:[[#@LINE+20]] in reader (T[[B:[12]]]){{$}}
// CHECK: {{^}}  #[[RD1:[0-9]+]] {{ *}}T[[A]]   pthread_rwlock_rdlock {{ *}}'rw' {{ *}}{{.*}}race_rwlock_readers.c:[[#@LINE+18]] reader{{$}}
// CHECK: {{^}}  #[[RD2:[0-9]+]] {{ *}}T[[B]]   pthread_rwlock_rdlock {{ *}}'rw' {{ *}}{{.*}}race_rwlock_readers.c:[[#@LINE+17]] reader{{$}}
// CHECK: {{^}}  stack of the write by T[[A]] (after step #[[RD1]]):{{$}}
// CHECK-NEXT: {{^}}    #0 reader at {{.*}}race_rwlock_readers.c:[[#@LINE+16]]{{$}}
// CHECK-NEXT: {{^}}  stack of the write by T[[B]] (after step #[[RD2]]):{{$}}
// CHECK-NEXT: {{^}}    #0 reader at {{.*}}race_rwlock_readers.c:[[#@LINE+14]]{{$}}
// CHECK-NEXT: {{^}}  memory: 'x' (a global of 4 bytes) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 6 of 6 (defect 1 in 6){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 6 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static int x;

static void *reader(void *arg) {
  (void)arg;
  pthread_rwlock_rdlock(&rw);
  x++;
  pthread_rwlock_unlock(&rw);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, reader, NULL);
  pthread_create(&t2, NULL, reader, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("x = %d\n", x);
  return 0;
}
