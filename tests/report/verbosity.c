// -q and -v. -q prints, per distinct defect, only its first line and its replay line, then
// the traces line and the summary (no interleaving, stacks or output, no progress line); -v
// adds each defect's digest (the identity that deduplicates it: the same in every run of dpu on
// the same sources) and the time spent in the executor and in the explorer.
// Program: a lost update on x by two workers (each reads x under m, then writes x + 1 under m);
// main asserts x == 2. Derivation: 6 orders of the four blocks, 4 lose an update: 1 defect in
// 4 traces.
// RUN: %dpu --no-symmetry -j 1 -q %s > %t.q; test $? -eq 1
// RUN: FileCheck -DFILE=%s --check-prefix=QUIET %s < %t.q
// RUN: %dpu --no-symmetry -j 1 -v %s > %t.v; test $? -eq 1
// RUN: FileCheck -DFILE=%s --check-prefix=VERBOSE %s < %t.v
// The digest is the JSON report's, and the same from one invocation to the next.
// RUN: %dpu --no-symmetry -j 1 --format=json -o %t.json %s > /dev/null; test $? -eq 1
// RUN: grep -o 'digest: [0-9a-f]*' %t.v | cut -d' ' -f2 > %t.digest1
// RUN: %python -c "import json,sys; print(json.load(open(sys.argv[1]))['defects'][0]['digest'])" %t.json > %t.digest2
// RUN: cmp %t.digest1 %t.digest2
// RUN: test $(wc -c < %t.digest1) -eq 65
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int x;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  int tmp = x;
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  x = tmp + 1;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, 0);
  pthread_create(&b, 0, worker, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  assert(x == 2);
  return 0;
}

// QUIET: {{^}}dpu: defect 1: assertion failure: x == 2 (at [[FILE]]:41 in main){{$}}
// QUIET-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:3,1:5,0:1,2:3,0:1 [[FILE]]{{$}}
// QUIET-NEXT: {{^}}dpu: traces with defects: 4 of 6 (defect 1 in 4){{$}}
// QUIET-NEXT: {{^}}dpu: summary: 1 defects, 6 max-configs, 0 SSBs, 6 runs, {{[0-9.]+}} s{{$}}
// QUIET-NOT: {{.}}

// VERBOSE: {{^}}dpu: defect 1: assertion failure: x == 2 (at [[FILE]]:41 in main){{$}}
// VERBOSE-NEXT: {{^}}  interleaving (3 threads, 17 steps):{{$}}
// VERBOSE: {{^}}  output: (none){{$}}
// VERBOSE-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:3,1:5,0:1,2:3,0:1 [[FILE]]{{$}}
// VERBOSE-NEXT: {{^}}  digest: {{([0-9a-f]{64})}}{{$}}
// VERBOSE-NEXT: {{^}}dpu: executor {{[0-9.]+}} s in 6 runs ({{[0-9.]+}} us/run), explorer {{[0-9.]+}} s, start-up {{[0-9.]+}} s{{$}}
// VERBOSE-NEXT: {{^}}dpu: traces with defects: 4 of 6 (defect 1 in 4){{$}}
// VERBOSE-NEXT: {{^}}dpu: summary: 1 defects, 6 max-configs, 0 SSBs, 6 runs, {{[0-9.]+}} s{{$}}
// VERBOSE-NOT: {{.}}
