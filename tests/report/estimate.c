// The estimate of an exploration's size (explorer/estimate.c): Knuth's estimator over Alg. 1's
// tree, with each node's children counted from the unfolding's conflicts. Five threads take one
// lock: 5! = 120 traces, a tree whose every node has as many children as threads still to
// take the lock, which the estimator sees from the first runs on, so it is exact here.
//
// An incomplete exploration says what share of the estimate it explored (-j 1: the same
// runs every time):
// RUN: %dpu --no-symmetry -j 1 --max-runs=32 %s > %t; test $? -eq 3
// RUN: FileCheck --check-prefix=PART %s < %t
// PART: {{^}}dpu: exploration incomplete (--max-runs reached){{$}}
// PART-NEXT: {{^}}dpu: explored 32 of an estimated ~1.2e+02 traces (27 %){{$}}
// PART-NEXT: {{^}}dpu: summary: 0 defects, 32 max-configs, 0 SSBs, 32 runs, {{[0-9.]+}} s{{$}}
//
// The JSON report carries it (null for the exhaustive explorer, which has none):
// RUN: %dpu --no-symmetry -j 1 --max-runs=32 --format=json %s > %t.json; test $? -eq 3
// RUN: %python -c "import json,sys; print('estimated', json.load(open(sys.argv[1]))['summary']['estimated_traces'])" %t.json | FileCheck --check-prefix=JSON %s
// JSON: estimated 120.0
// RUN: %dpu -j 1 --por=none --max-runs=32 --format=json %s > %t.none.json; test $? -eq 3
// RUN: %python -c "import json,sys; print('estimated', json.load(open(sys.argv[1]))['summary']['estimated_traces'])" %t.none.json | FileCheck --check-prefix=NONE %s
// NONE: estimated None
// SARIF has it among the run's properties:
// RUN: %dpu --no-symmetry -j 1 --max-runs=32 --format=sarif %s > %t.sarif; test $? -eq 3
// RUN: %python -c "import json,sys; print('estimated', json.load(open(sys.argv[1]))['runs'][0]['properties']['estimatedTraces'])" %t.sarif | FileCheck --check-prefix=JSON %s
//
// --stats gives the last estimate beside the count:
// RUN: %dpu --no-symmetry -j 1 --stats %s | FileCheck --check-prefix=STATS %s
// STATS: {{^}}dpu: stats: estimate: ~120 traces in all, at the last estimate (120 explored){{$}}
//
// --estimate explores for a while and prints the estimate alone (here the whole exploration
// fits in the time, so the count is exact), exit 0; with -j 2 over the split's parts too:
// RUN: %dpu --no-symmetry -j 1 --estimate=60 %s > %t.est; test $? -eq 0
// RUN: FileCheck --check-prefix=EST --match-full-lines %s < %t.est
// EST: dpu: estimate: 120 traces, every one explored in {{[0-9.]+}} s
// EST-NOT: {{.}}
// RUN: %dpu --no-symmetry -j 1 --estimate=60 --max-runs=40 %s > %t.est40; test $? -eq 0
// RUN: FileCheck --check-prefix=EST40 --match-full-lines %s < %t.est40
// EST40: dpu: estimate: ~1.2e+02 traces in all; 40 (33 %) explored in {{[0-9.]+}} s, so about {{[0-9]+}} s for all of them at this rate
// RUN: %dpu --no-symmetry --estimate=0 %s 2> %t.bad; test $? -eq 2
// RUN: FileCheck --check-prefix=BAD %s < %t.bad
// BAD: dpu: error: invalid value '0' for --estimate (expected a number of seconds > 0)
// DIFFTEST: skip (the estimate and --estimate are not explorations to compare)
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int taken;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  taken++;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[5];
  for (int i = 0; i < 5; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < 5; i++) pthread_join(t[i], 0);
  return taken == 5 ? 0 : 1;
}
