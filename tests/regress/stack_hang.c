// The stacks of a hang show where the threads loop: by the step budget (a loop of visible
// operations; no thread at fault, creation order), and by the time limit (a busy loop without
// one; the running thread first, unwound from where the limit interrupted it).
// Derivation: main only creates and joins; the worker waits for a flag nobody sets: one trace,
// cut by the limit: 1 max-config, 1 defect. 41 steps are main's start and create, the worker's
// start and 19 lock/unlock pairs: the worker waits to lock again.
// RUN: %dpu -j 1 --max-steps=41 %s > %t; test $? -eq 1
// RUN: FileCheck --check-prefix=STEPS -D#JOIN=$(grep -n '^  pthread_join' %s | cut -d: -f1) %s < %t
// RUN: %dpu -j 1 -DBUSY --run-timeout=0.5 %s > %t.busy; test $? -eq 1
// RUN: FileCheck --check-prefix=BUSY %s < %t.busy
// STEPS: dpu: defect 1: hang: run exceeded 41 steps
// STEPS: {{^}}  stack of T0:{{$}}
// STEPS-NEXT: {{^}}    #0 main at {{.*}}stack_hang.c:[[#JOIN]]{{$}}
// BUSY: dpu: defect 1: hang: T1 ran for more than 0.5 s without a visible operation
// BUSY: {{^}}  stack of T1:{{$}}
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static volatile int flag; static volatile unsigned long ticks; /* not a spin: see plainspin.c */

static int read_flag(void) {
#ifdef BUSY
  // BUSY-NEXT: {{^}}    #0 read_flag at {{.*}}stack_hang.c:[[@LINE+1]]{{$}}
  while (!flag) ticks++; // all of the busy loop, so the time limit interrupts it on this line
  return flag;
#else
  // STEPS-NEXT: {{^}}  stack of T1:{{$}}
  // STEPS-NEXT: {{^}}    #0 read_flag at {{.*}}stack_hang.c:[[@LINE+1]]{{$}}
  pthread_mutex_lock(&m);
  int f = flag;
  pthread_mutex_unlock(&m);
  return f;
#endif
}

static void wait_for_flag(void) {
  // STEPS-NEXT: {{^}}    #1 wait_for_flag at {{.*}}stack_hang.c:[[@LINE+2]]{{$}}
  // BUSY-NEXT: {{^}}    #1 wait_for_flag at {{.*}}stack_hang.c:[[@LINE+1]]{{$}}
  while (!read_flag()) { ticks++;
  }
}

static void *worker(void *arg) {
  (void)arg;
  // STEPS-NEXT: {{^}}    #2 worker at {{.*}}stack_hang.c:[[@LINE+2]]{{$}}
  // BUSY-NEXT: {{^}}    #2 worker at {{.*}}stack_hang.c:[[@LINE+1]]{{$}}
  wait_for_flag();
  return NULL;
}

// BUSY-NEXT: {{^}}  stack of T0:{{$}}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  // BUSY-NEXT: {{^}}    #0 main at {{.*}}stack_hang.c:[[@LINE+1]]{{$}}
  pthread_join(t, NULL);
  return 0;
}
// STEPS: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// BUSY: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
