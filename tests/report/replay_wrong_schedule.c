// `dpu replay` with a schedule that does not fit the program (here: T1 asked for at the first
// step, before main created it) says so, rather than blame the program alone, and the run is
// cut short: exit 3.
// RUN: %dpu replay 1:1,0:3 %s > %t 2> %t.err; test $? -eq 3
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// CHECK: {{^}}dpu: exploration incomplete (a run was cut short, see warnings){{$}}
// ERR: {{^}}dpu: warning: the schedule's step 1 asks for T1, which cannot move there: the schedule does not fit this program with these options (-D, --visible-sites, its input), or the program does not run the same way every time{{$}}
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
