// Reports that stay small with long interleavings and several defects (issue 37: 12 defects
// of about 100,000 steps made a 783 MB JSON file, rewritten at every new defect, and dpu ran
// 14 s past --timeout=120 writing it). main and two threads take a lock 600 times each (about
// 3,600 steps a run) and main's assertions fail when main or the first thread is last: 2
// defects, in the first runs (-j 1), of an exploration that --timeout stops. The JSON file
// (-o), rewritten while the exploration runs and once at the end, has for each defect the
// first and last 50 steps (--steps-shown's default) and the count of the others, its replay
// schedule every step; the file stays below 500 kB (every step would make it about 3 MB).
// The exit code is that of an exploration stopped by --timeout that found defects.
// RUN: rm -f %t.json
// RUN: %dpu -j 1 --timeout=2 --format=json -o %t.json %s > %t; rc=$?; test $rc -eq 1 -o $rc -eq 3
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck %s
// RUN: %python -c "import os,sys; n=os.path.getsize(sys.argv[1]); print('small' if n < 500000 else 'big %%d' %% n)" %t.json | FileCheck --check-prefix=SIZE %s
// The replay schedule has every step: replayed, the defect shows the whole interleaving.
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1]))['defects'][0]; print('schedule steps', sum(int(s.split(':')[1]) for s in d['replay']['schedule'].split(',')) == d['steps_total'])" %t.json | FileCheck --check-prefix=SCHEDULE %s
// SARIF likewise:
// RUN: %dpu -j 1 --timeout=2 --format=sarif -o %t.sarif %s > /dev/null; rc=$?; test $rc -eq 1 -o $rc -eq 3
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s

// CHECK: state incomplete exit_code {{[13]}} reason "--timeout reached"
// CHECK-NEXT: summary defects 2
// CHECK: defect 1 threads 3 steps 100 blocked 0 stacks 1 output_truncated false steps_total [[TOTAL:[0-9][0-9][0-9][0-9]+]] steps_omitted {{[0-9][0-9][0-9][0-9]+}}
// CHECK: defect 1 step 50 T{{[0-9]}}
// CHECK-NEXT: defect 1 step {{[0-9][0-9][0-9][0-9]+}} T{{[0-9]}}
// CHECK: defect 1 step [[TOTAL]] T0 pthread_join
// CHECK: defect 2 threads 3 steps 100 blocked 0 stacks 1 output_truncated false steps_total {{[0-9][0-9][0-9][0-9]+}} steps_omitted {{[0-9][0-9][0-9][0-9]+}}
// SIZE: {{^}}small{{$}}
// SCHEDULE: schedule steps True
// SARIF: result 1 flow T0:{{[0-9]+}} T1:{{[0-9]+}} T2:{{[0-9]+}} steps 100 omitted {{[0-9][0-9][0-9][0-9]+}}
// SARIF: result 2 flow T0:{{[0-9]+}} {{.*}} steps 100 omitted {{[0-9][0-9][0-9][0-9]+}}
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int last;

static void take_turns(int id) {
  for (int i = 0; i < 600; i++) {
    pthread_mutex_lock(&m);
    last = id;
    pthread_mutex_unlock(&m);
  }
}

static void *worker(void *arg) {
  take_turns((int)(long)arg);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, (void *)1L);
  pthread_create(&t2, NULL, worker, (void *)2L);
  take_turns(0);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  assert(last != 1);
  assert(last != 0);
  return 0;
}
