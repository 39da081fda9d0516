// Run with --races=report: races are reported and only the synchronisation is explored (the
// data-race issue); exploring the racing accesses themselves is tested by racy_*.c.
// Accesses ordered by a semaphore: T1 writes data[0] and T2 writes data[1], each then posts s
// (initially 0); main waits twice on s and then reads both slots.
// Happens-before: a sem_post -> the sem_wait it lets through, and (the count is like an
// atomic counter whose posts are release RMWs) every earlier post too. main's second wait
// comes after both posts (each wait consumes one), so each slot's write -> its post -> main's
// second wait -> main's reads: no race.
// Traces: the events on s are P1 (T1's post), P2 (T2's post), W1 and W2 (main's waits, in
// this order); a wait needs a count > 0: W1 after at least one post, W2 after both:
// P1 P2 W1 W2, P2 P1 W1 W2, P1 W1 P2 W2, P2 W1 P1 W2: 4 max-configs, no defect.
// With -DBUG main reads both slots between its two waits. After W1, the posts before W1 are
// ordered before the reads, the others not: P1 P2 W1 W2 and P2 P1 W1 W2: no race;
// P1 W1 P2 W2: T2's write of data[1] races with main's read of data[1]; P2 W1 P1 W2: T1's
// write of data[0] races with main's read of data[0]. Two pairs of sites (producer's write
// with each of main's two reads): 2 defects, each in 1 trace: 2 of 4 traces. A producer's
// write runs right after its thread's start, which dpu runs eagerly, before main's W1: the
// write is named first. The memory: 'data' (8 bytes) at offset 0 and 4.
// RUN: %dpu --races=report --por=none --show-output %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --races=report --show-output %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --races=report --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --races=report -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// CHECK-NOT: dpu: defect
// CHECK: {{^}}  | data = 1 2{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
// BUG-DAG: {{^}}dpu: defect {{[12]}}: data race: write of 4 bytes to 'data[0]' at {{.*}}race_semaphore.c:[[#@LINE+16]] in producer (T1) and read at {{.*}}race_semaphore.c:[[#@LINE+30]] in main (T0){{$}}
// BUG-DAG: {{^}}  memory: 'data[0]' (in a global of 8 bytes) at {{0x[0-9a-f]+}}{{$}}
// BUG-DAG: {{^}}dpu: defect {{[12]}}: data race: write of 4 bytes to 'data[1]' at {{.*}}race_semaphore.c:[[#@LINE+14]] in producer (T2) and read at {{.*}}race_semaphore.c:[[#@LINE+29]] in main (T0){{$}}
// BUG-DAG: {{^}}  memory: 'data[1]' (in a global of 8 bytes) at {{0x[0-9a-f]+}}{{$}}
// BUG-NOT: dpu: defect
// BUG: {{^}}dpu: traces with defects: 2 of 4 (defect 1 in 1, defect 2 in 1){{$}}
// BUG-NEXT: {{^}}dpu: summary: 2 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static sem_t s;
static int data[2];

static void *producer(void *arg) {
  int i = *(int *)arg;
  data[i] = i + 1;
  sem_post(&s);
  return NULL;
}

int main(void) {
  static int ids[2] = {0, 1};
  pthread_t t1, t2;
  int a, b;
  sem_init(&s, 0, 0);
  pthread_create(&t1, NULL, producer, &ids[0]);
  pthread_create(&t2, NULL, producer, &ids[1]);
  sem_wait(&s);
#ifdef BUG
  a = data[0];
  b = data[1];
  sem_wait(&s);
#else
  sem_wait(&s);
  a = data[0];
  b = data[1];
#endif
  printf("data = %d %d\n", a, b);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  sem_destroy(&s);
  return 0;
}
