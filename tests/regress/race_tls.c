// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Thread-local variables: a _Thread_local counter and a __thread scratch variable, written
// and read by main, T1 and T2, each through its own copy.
// Races: each thread's accesses go to its own copy of tl_count and tl_scratch (C11 6.2.4p4:
// an object with thread storage duration is distinct per thread), so no two threads touch the
// same bytes; result[i] is written by thread i only, read by main after the joins: no race.
// Each copy starts at its initial value: both threads count 0 -> 3, main 100 -> 101.
// Traces: only thread events: 1 max-config, no defect.
// -DSHARE: T1 hands out the address of its own tl_count (under m) and later writes it, while
// it waits for T2 (sem done) so that its copy stays alive; T2 takes the address (under m) and,
// if it got one, reads T1's copy through it, then posts done. Thread-local memory reached
// through a pointer is ordinary shared memory: if T1's section comes first, T1's write (after
// its unlock) and T2's read (after its lock; T1's unlock -> T2's lock covers only what T1 did
// before the unlock) are unordered: a race. If T2's section comes first it gets no address.
// Traces: the two sections on m in either order (the post of done always precedes T1's wait):
// 2 max-configs, the race in 1. In the racy trace T1 writes right after its unlock, before T2
// locks: the write is named first. (How the memory is named, T1's copy of tl_count, is
// checked by race_tls_shared.c, which fails for now.)
// RUN: %dpu --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --races=report --por=none -DSHARE %s > %t.share.none; test $? -eq 1
// RUN: FileCheck --check-prefix=SHARE %s < %t.share.none
// RUN: %dpu --races=report -DSHARE %s > %t.share.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=SHARE %s < %t.share.qpor
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | result = 3 3, main = 101{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// SHARE: {{^}}dpu: defect 1: data race: write of 4 bytes to {{.*}} at {{.*}}race_tls.c:[[#@LINE+31]] in worker (T1) and read at {{.*}}race_tls.c:[[#@LINE+45]] in peeker (T2){{$}}
// SHARE: {{^}}  memory: {{.*}}
// SHARE-NOT: dpu: defect
// SHARE: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// SHARE-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static _Thread_local int tl_count = 0;
static __thread int tl_scratch;
static int result[2]; // result[i] written by thread i only

#ifdef SHARE
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t done;
static int *handed; // protected by m
static int seen = -1;
#endif

static void *worker(void *arg) {
  int i = *(int *)arg;
  for (int k = 0; k < 3; k++) {
    tl_scratch = tl_count + 1;
    tl_count = tl_scratch;
  }
  result[i] = tl_count;
#ifdef SHARE
  pthread_mutex_lock(&m);
  handed = &tl_count;
  pthread_mutex_unlock(&m);
  tl_count = 5;
  sem_wait(&done);
#endif
  return NULL;
}

#ifdef SHARE
static void *peeker(void *arg) {
  int *p;
  (void)arg;
  pthread_mutex_lock(&m);
  p = handed;
  pthread_mutex_unlock(&m);
  if (p)
    seen = *p;
  sem_post(&done);
  return NULL;
}
#endif

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2;
  tl_count = 100;
  tl_scratch = 100;
#ifdef SHARE
  sem_init(&done, 0, 0);
  pthread_create(&t1, NULL, worker, &ids[0]);
  pthread_create(&t2, NULL, peeker, NULL);
#else
  pthread_create(&t1, NULL, worker, &ids[0]);
  pthread_create(&t2, NULL, worker, &ids[1]);
#endif
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  tl_count++;
  printf("result = %d %d, main = %d\n", result[0], result[1], tl_count);
  return 0;
}
