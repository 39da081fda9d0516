// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// A race on a thread's copy of a thread-local variable, reached through a pointer, names the
// variable and the thread whose copy it is (dpu keeps the copies in the thread's heap arena:
// not a heap block of the program's).
//
// The program: T1 hands out the address of its own _Thread_local tl (under m), then writes tl
// and waits for T2 (sem done) so that its copy stays alive; T2 takes the address (under m)
// and, if it got one, reads T1's copy through it, then posts done.
// Races: if T1's section comes first, T1's write (after its unlock) and T2's read (after its
// lock; T1's unlock -> T2's lock covers only what T1 did before its unlock) are unordered: a
// race on T1's tl. If T2's section comes first it gets no address and reads nothing.
// Traces: the two sections on m in either order (T2's post always precedes T1's wait): 2
// max-configs, the race in 1. In the racy trace T1 writes right after its unlock, before T2
// locks: the write is named first.
// RUN: %dpu --races=report %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to {{.*}}'tl'{{.*}} at {{.*}}race_tls_shared.c:[[#@LINE+21]] in worker (T1) and read at {{.*}}race_tls_shared.c:[[#@LINE+33]] in peeker (T2){{$}}
// CHECK: {{^}}  memory: {{.*}}'tl'{{.*}}
// CHECK-NOT: heap block
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static _Thread_local int tl;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static sem_t done;
static int *handed; // protected by m
static int seen = -1;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  handed = &tl;
  pthread_mutex_unlock(&m);
  tl = 5;
  sem_wait(&done);
  return NULL;
}

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

int main(void) {
  pthread_t t1, t2;
  sem_init(&done, 0, 0);
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, peeker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("seen = %d\n", seen);
  return 0;
}
