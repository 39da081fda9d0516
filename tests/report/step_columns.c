// The interleaving's columns stay aligned when a step needs more room (an operation name
// longer than the usual column: pthread_barrier_wait:leave), values above 32 bits (most likely
// addresses) are shown in hex, and the stack of a race's access that is itself a step (a plain
// access the exploration made visible) says "(step #N)", not "(after step #N)".
// The program: two workers meet at a barrier, then increment `counter` and store a pointer to
// `last`, unlocked (two races); main asserts counter == 2. The first exploration reports the
// races; the second makes the accesses visible and finds the lost update (the assertion),
// whose replay line carries --visible-sites. That replay shows the races with visible steps.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 3: assertion failure: counter == 2
// CHECK: replay: dpu replay {{.*}} --visible-sites=
// RUN: bash -c '%dpu $(grep -m1 -o "replay [^ ]* --visible-sites=[^ ]*" %t) %s' > %t.replay; test $? -eq 1
// RUN: FileCheck --strict-whitespace --check-prefix=REPLAY %s < %t.replay
// REPLAY: {{^}}dpu: defect 1: data race: write of 4 bytes to 'counter'
// REPLAY: {{^}}  #7    T2   pthread_barrier_wait       'bar'                    {{.*}}step_columns.c:32 worker{{$}}
// REPLAY: {{^}}  #10   T2   pthread_barrier_wait:leave 'bar'                    {{.*}}step_columns.c:32 worker{{$}}
// REPLAY: {{^}}  #12   T2   write                      'counter' = 1            {{.*}}step_columns.c:33 worker{{$}}
// REPLAY: {{^}}  #13   T2   write                      'last' = 0x{{[0-9a-f]+}}  {{.*}}step_columns.c:34 worker{{$}}
// REPLAY: {{^}}  stack of the write by T2 (step #12):{{$}}
// REPLAY: {{^}}  stack of the write by T1 (step #15):{{$}}
#include <assert.h>
#include <pthread.h>

static pthread_barrier_t bar;
static int counter;
static int *last;
static int cells[2];

static void *worker(void *arg) {
  int *mine = arg;
  pthread_barrier_wait(&bar);
  counter++;
  last = mine;
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_barrier_init(&bar, 0, 2);
  pthread_create(&a, 0, worker, &cells[0]);
  pthread_create(&b, 0, worker, &cells[1]);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(counter == 2);
  return 0;
}
