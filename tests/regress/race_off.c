// --races=off turns data-race detection off: the racy counter of race_counter.c (T1 and T2 run
// `hits++` with nothing ordering them) is then a clean program.
// Derivation: with --races=off or its alias --no-races: no defect, exit 0, 1 max-config (only
// thread events). With --races=report: the race of the two `hits++` (one site), 1 defect, exit
// 1, the same single trace. With --races=on (the default) also the racing load and store of
// `hits++` become visible (2 sites) and a second exploration interleaves them: the two
// threads' load-store pairs on one location, where the loads commute: 4 traces (one thread's
// store before the other's load, either way, or both loads first and then the stores in
// either order; see racy_lost_update.c), all with the race; runs: 1 of the first
// exploration + 4.
// RUN: %dpu --no-symmetry --races=off %s > %t.off; test $? -eq 0
// RUN: FileCheck --check-prefix=OFF %s < %t.off
// RUN: %dpu --no-symmetry --no-races %s > %t.no; test $? -eq 0
// RUN: FileCheck --check-prefix=OFF %s < %t.no
// RUN: %dpu --por=none --races=off %s > %t.off.none; test $? -eq 0
// RUN: FileCheck --check-prefix=OFF %s < %t.off.none
// RUN: %dpu --no-symmetry %s > %t.on; test $? -eq 1
// RUN: FileCheck --check-prefix=ON %s < %t.on
// RUN: %dpu --no-symmetry --races=on %s > %t.on2; test $? -eq 1
// RUN: FileCheck --check-prefix=ON %s < %t.on2
// RUN: %dpu --no-symmetry --races=report %s > %t.report; test $? -eq 1
// RUN: FileCheck --check-prefix=REPORT %s < %t.report
// OFF-NOT: data race
// OFF-NOT: dpu: defect
// OFF-NOT: traces with defects
// OFF: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// ON: {{^}}dpu: defect 1: data race: write of 4 bytes to 'hits' at {{.*}}race_off.c:[[#@LINE+17]] in worker (T1) and write at {{.*}}race_off.c:[[#@LINE+17]] in worker (T2){{$}}
// ON-NOT: dpu: defect
// ON: {{^}}dpu: traces with defects: 4 of 4 (defect 1 in 4){{$}}
// ON-NEXT: {{^}}dpu: racing accesses explored: 2 access sites made scheduling points, 2 explorations{{$}}
// ON-NEXT: {{^}}dpu: summary: 1 defects, 4 max-configs, 0 SSBs, 5 runs
// REPORT: {{^}}dpu: defect 1: data race: write of 4 bytes to 'hits'
// REPORT-NOT: dpu: defect
// REPORT-NOT: racing accesses explored
// REPORT: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// REPORT-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>
#include <stdio.h>

static int hits;

static void *worker(void *arg) {
  (void)arg;
  hits++;
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
