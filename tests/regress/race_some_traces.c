// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A race that only some traces have: T1 sets flag under the mutex m, then writes x without
// the lock; T2 reads flag under m and reads x (without the lock) only if flag was not set.
// Races: flag is only accessed under m: never racy. x: if T1's section comes first, T2 sees
// flag == 1 and does not touch x: no race. If T2's section comes first, T2 sees 0 and reads x
// after its unlock; T1 writes x after its own unlock. T2's unlock -> T1's lock orders what T2
// did BEFORE its unlock, not its read of x, and nothing orders T1's write before T2's read:
// a race.
// Traces: the two critical sections on m in either order: 2 max-configs; the race only in
// the one where T2 goes first: traces with defects 1 of 2 (defect 1 in 1). In that trace T2
// reads x right after its unlock, before T1 locks: the read is named first.
// -DTWO: T1 also writes y after x, and T2 reads y after x: a second pair of sites (y's write
// and read) in the same trace: 2 defects, both in the one racy trace, which counts once:
// traces with defects 1 of 2 (defect 1 in 1, defect 2 in 1). y's read shares its line with
// seen's read, so the text names its column (report/races.c, line_shared).
// RUN: %dpu --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report %s > %t.qpor; test $? -eq 1
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --races=report --por=none -DTWO %s > %t.two.none; test $? -eq 1
// RUN: FileCheck --check-prefix=TWO %s < %t.two.none
// RUN: %dpu --races=report -DTWO %s > %t.two.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=TWO %s < %t.two.qpor
// CHECK: {{^}}dpu: defect 1: data race: read of 4 bytes from 'x' at {{.*}}race_some_traces.c:[[#@LINE+43]] in checker (T2) and write at {{.*}}race_some_traces.c:[[#@LINE+29]] in setter (T1){{$}}
// CHECK: {{^}}  #[[UNLOCK2:[0-9]+]] {{ *}}T2   pthread_mutex_unlock {{.*}}race_some_traces.c:[[#@LINE+40]] checker{{$}}
// CHECK: {{^}}  #[[UNLOCK1:[0-9]+]] {{ *}}T1   pthread_mutex_unlock {{.*}}race_some_traces.c:[[#@LINE+26]] setter{{$}}
// CHECK: {{^}}  stack of the read by T2 (after step #[[UNLOCK2]]):{{$}}
// CHECK-NEXT: {{^}}    #0 checker at {{.*}}race_some_traces.c:[[#@LINE+39]]{{$}}
// CHECK-NEXT: {{^}}  stack of the write by T1 (after step #[[UNLOCK1]]):{{$}}
// CHECK-NEXT: {{^}}    #0 setter at {{.*}}race_some_traces.c:[[#@LINE+23]]{{$}}
// CHECK-NEXT: {{^}}  memory: 'x' (a global of 4 bytes) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// TWO: {{^}}dpu: defect 1: data race: read of 4 bytes from 'x' at {{.*}}race_some_traces.c:[[#@LINE+32]] in checker (T2) and write at {{.*}}race_some_traces.c:[[#@LINE+18]] in setter (T1){{$}}
// TWO: {{^}}dpu: defect 2: data race: read of 4 bytes from 'y' at {{.*}}race_some_traces.c:[[#@LINE+33]]:{{[0-9]+}} in checker (T2) and write at {{.*}}race_some_traces.c:[[#@LINE+19]] in setter (T1){{$}}
// TWO-NOT: dpu: defect
// TWO: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1, defect 2 in 1){{$}}
// TWO-NEXT: {{^}}dpu: summary: 2 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int flag; // protected by m
static int x, y;
static int seen = -1; // written by T2 only, read by main after the joins

static void *setter(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  flag = 1;
  pthread_mutex_unlock(&m);
  x = 1;
#ifdef TWO
  y = 1;
#endif
  return NULL;
}

static void *checker(void *arg) {
  (void)arg;
  int f;
  pthread_mutex_lock(&m);
  f = flag;
  pthread_mutex_unlock(&m);
  if (!f) {
    seen = x;
#ifdef TWO
    seen += y;
#endif
  }
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, setter, NULL);
  pthread_create(&t2, NULL, checker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
