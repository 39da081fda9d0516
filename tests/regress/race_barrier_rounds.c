// Happens-before through a barrier is per round: T1 writes x after round 1 and T2 reads it
// after round 1, both before round 2, so the two accesses race in every trace, whichever
// interleaving of the trace a run takes. A barrier's leaves commute with the next round's
// arrivals (docs/model.md, Modelled functions), so one trace has runs where T1 arrives at round 2
// before T2 leaves round 1: a leaver that took every arrival so far (T1's round-2 arrival,
// after its write) would miss the race in that run, and so in that trace.
// Derivation: two rounds of two threads: 2 orders of the arrivals each, 4 max-configs with
// --races=report, each with the race (4 of 4). By default the racing accesses are explored
// too (the read before or after the write): 8 max-configs, all with the race.
// RUN: %dpu -j 1 --races=report %s > %t.rep; test $? -eq 1
// RUN: FileCheck --check-prefix=REP %s < %t.rep
// RUN: %dpu -j 1 %s > %t.on; test $? -eq 1
// RUN: FileCheck --check-prefix=ON %s < %t.on
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=ON %s < %t.none
// REP: dpu: defect 1: data race: write of 4 bytes to 'x' at {{.*}}race_barrier_rounds.c:31 in t1 (T1) and read at {{.*}}race_barrier_rounds.c:39 in t2 (T2)
// REP: dpu: traces with defects: 4 of 4 (defect 1 in 4)
// REP-NEXT: dpu: summary: 1 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
// ON: dpu: defect 1: data race: write of 4 bytes to 'x' at {{.*}}race_barrier_rounds.c:31 in t1 (T1) and read at {{.*}}race_barrier_rounds.c:39 in t2 (T2)
// ON: dpu: traces with defects: 8 of 8 (defect 1 in 8)
// ON: dpu: summary: 1 defects, 8 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <stdio.h>

static pthread_barrier_t b;
static int x;

static void *t1(void *arg) {
  (void)arg;
  pthread_barrier_wait(&b);
  x = 1;
  pthread_barrier_wait(&b);
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  pthread_barrier_wait(&b);
  int r = x;
  pthread_barrier_wait(&b);
  printf("%d\n", r);
  return NULL;
}

int main(void) {
  pthread_t a, c;
  pthread_barrier_init(&b, NULL, 2);
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&c, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(c, NULL);
  pthread_barrier_destroy(&b);
  return 0;
}
