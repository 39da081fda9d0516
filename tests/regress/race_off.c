// --races=off turns data-race detection off: the racy counter of race_counter.c (T1 and T2 run
// `hits++` with nothing ordering them) is then a clean program.
// Derivation: 1 max-config (only thread events). With detection on (the default, or
// --races=on): the race of the two `hits++` (one site), 1 defect, exit 1. With --races=off or
// its alias --no-races: no defect, exit 0, the same single trace.
// RUN: %dpu --races=off %s > %t.off; test $? -eq 0
// RUN: FileCheck --check-prefix=OFF %s < %t.off
// RUN: %dpu --no-races %s > %t.no; test $? -eq 0
// RUN: FileCheck --check-prefix=OFF %s < %t.no
// RUN: %dpu --por=none --races=off %s > %t.off.none; test $? -eq 0
// RUN: FileCheck --check-prefix=OFF %s < %t.off.none
// RUN: %dpu %s > %t.on; test $? -eq 1
// RUN: FileCheck --check-prefix=ON %s < %t.on
// RUN: %dpu --races=on %s > %t.on2; test $? -eq 1
// RUN: FileCheck --check-prefix=ON %s < %t.on2
// OFF-NOT: data race
// OFF-NOT: dpu: defect
// OFF-NOT: traces with defects
// OFF: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// ON: {{^}}dpu: defect 1: data race: write of 4 bytes to 'hits' at {{.*}}race_off.c:[[#@LINE+11]] in worker (T1) and write at {{.*}}race_off.c:[[#@LINE+11]] in worker (T2){{$}}
// ON-NOT: dpu: defect
// ON: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// ON-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
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
