// A loop that polls a plain variable with a sleep (`while (!done) usleep(1000);`) under
// --races=report or --races=off, which schedule synchronisation only: no scheduled operation
// can ever let the writer in, so the run is cut short after 131,072 polls with a warning that
// says why (runtime/models/sched_attr.c: dpu_rt_poll), and the exploration is incomplete, exit
// 3. It was a false `hang` after 5 s a run (issue 37's user test). With the default --races=on
// the polled read is scheduled, and the race on `done` is found.
// RUN: %dpu -j 1 --races=report %s > %t 2> %t.err; test $? -eq 3
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: %dpu -j 1 --races=off %s > %t.off 2> %t.off.err; test $? -eq 3
// RUN: FileCheck %s < %t.off
// RUN: %dpu -j 1 %s > %t.on; test $? -eq 1
// RUN: FileCheck --check-prefix=ON %s < %t.on
// CHECK-NOT: hang
// CHECK: {{^}}dpu: exploration incomplete (a run was cut short, see warnings){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 2 runs,
// ERR: {{^}}dpu: warning: T0 slept or yielded 131072 times with no visible operation in between: it polls something no scheduled operation changes, e.g. a plain variable (--races=report and --races=off schedule synchronisation only; the default, --races=on, schedules such accesses); the run was cut short{{$}}
// ON: {{^}}dpu: defect 1: data race: {{.*}}'done'{{.*}}
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int done;

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  done = 1;
  pthread_mutex_unlock(&m);
  return arg;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  while (!done) usleep(1000);
  pthread_join(t, NULL);
  puts("ok");
  return 0;
}
