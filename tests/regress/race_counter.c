// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A racy counter: T1 and T2 both run `hits++` (in bump, called from worker) with nothing
// ordering them; main prints hits after joining both.
// Happens-before: main's create of Ti -> Ti's start, Ti's exit -> main's join of Ti, and
// program order. Nothing orders T1's body with T2's: the load and store of T1's `hits++` and
// those of T2's conflict (same bytes, different threads, at least one write) and neither
// happens before the other: data races (C11 5.1.2.4p25). The read/write, write/read and
// write/write pairs all join one source site with itself (bump's `hits++`: its load and store
// are one site): ONE defect. main's read after the joins comes after both (exit -> join).
// Traces: the only events are thread start/create/exit/join (plain accesses are not
// scheduling points), none in conflict with another: 1 max-config, 1 run, and the race is in
// it: traces with defects 1 of 1. dpu runs T1's body right after T1's start, then T2's right
// after T2's start. Of the racing pairs of the run, which all have the one digest, the report
// shows the first with the most writes (report/report.c: x++ against x++ is shown as a
// write/write race): T1's store, first in the trace, and T2's store. The memory: the global
// 'hits' (4 bytes). Its output: hits = 2 (the run is sequentially consistent).
// With -q: the defect's first line and its replay line only, then the last two lines.
// RUN: %dpu -j 1 --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry -j 1 --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --no-symmetry -j 1 --races=report -q %s > %t.quiet; test $? -eq 1
// RUN: FileCheck --check-prefix=QUIET %s < %t.quiet
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'hits' at {{.*}}race_counter.c:[[#@LINE+27]] in bump (T1) and write at {{.*}}race_counter.c:[[#@LINE+27]] in bump (T2){{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 10 steps):{{$}}
// CHECK: {{^}}  #[[T1START:[0-9]+]] {{ *}}T1   start {{ *}}{{.*}}race_counter.c:[[#@LINE+36]] main{{$}}
// CHECK: {{^}}  #[[T2START:[0-9]+]] {{ *}}T2   start {{ *}}{{.*}}race_counter.c:[[#@LINE+36]] main{{$}}
// CHECK: {{^}}  stack of the write by T1 (after step #[[T1START]]):{{$}}
// CHECK-NEXT: {{^}}    #0 bump at {{.*}}race_counter.c:[[#@LINE+22]]{{$}}
// CHECK-NEXT: {{^}}    #1 worker at {{.*}}race_counter.c:[[#@LINE+26]]{{$}}
// CHECK-NEXT: {{^}}  stack of the write by T2 (after step #[[T2START]]):{{$}}
// CHECK-NEXT: {{^}}    #0 bump at {{.*}}race_counter.c:[[#@LINE+19]]{{$}}
// CHECK-NEXT: {{^}}    #1 worker at {{.*}}race_counter.c:[[#@LINE+23]]{{$}}
// CHECK-NEXT: {{^}}  memory: 'hits' (a global of 4 bytes) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}}  output:{{$}}
// CHECK-NEXT: {{^}}  | hits = 2{{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay {{[0-9:,]+}} {{.*}}race_counter.c{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
// QUIET: {{^}}dpu: defect 1: data race: write of 4 bytes to 'hits' at {{.*}}race_counter.c:[[#@LINE+10]] in bump (T1) and write at {{.*}}race_counter.c:[[#@LINE+10]] in bump (T2){{$}}
// QUIET-NEXT: {{^}}  replay: dpu replay {{[0-9:,]+}} {{.*}}race_counter.c{{$}}
// QUIET-NEXT: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// QUIET-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>
#include <stdio.h>

int hits;

static void bump(void) {
  hits++;
}

static void *worker(void *arg) {
  (void)arg;
  bump();
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("hits = %d\n", hits);
  return 0;
}
