// A defect's replay line runs that interleaving alone and shows the same defect and output,
// both as `dpu replay SCHEDULE FILE` (what the line prints) and as `dpu --replay=SCHEDULE FILE`.
// Two threads race to set `winner`; main asserts that T1 won: it fails when T2 wins.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: assertion failure: winner == 1 (at {{.*}}replay.c:[[@LINE+34]] in main)
// CHECK: {{^}}  replay: dpu replay {{[0-9:,]+}} {{.*}}replay.c{{$}}
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// RUN: sed -n 's/^  replay: dpu replay \([0-9:,]*\) .*/\1/p' %t > %t.sched
// RUN: test -s %t.sched
// RUN: %dpu replay $(cat %t.sched) %s > %t.replay; test $? -eq 1
// RUN: FileCheck --check-prefix=REPLAY -DSCHED=$(cat %t.sched) %s < %t.replay
// RUN: %dpu -j 1 --replay=$(cat %t.sched) %s > %t.replay2; test $? -eq 1
// RUN: FileCheck --check-prefix=REPLAY -DSCHED=$(cat %t.sched) %s < %t.replay2
// REPLAY: dpu: defect 1: assertion failure: winner == 1 (at {{.*}}replay.c:[[@LINE+25]] in main)
// REPLAY: | winner 2
// REPLAY: replay: dpu replay [[SCHED]] {{.*}}replay.c{{$}}
// REPLAY: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int winner;

static void *run(void *arg) {
  pthread_mutex_lock(&m);
  if (!winner) winner = (int)(long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, run, (void *)1L);
  pthread_create(&b, 0, run, (void *)2L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  printf("winner %d\n", winner);
  assert(winner == 1);
  return 0;
}
