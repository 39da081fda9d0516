// --order=random (explorer/workers.c): QPOR takes the right subtrees of Alg. 1's tree at random
// and still explores every trace once; the failed Alt calls wait until nothing before them in
// the depth-first order is left (POR-SE's sweep bit, App. G), so the counts are dfs's.
// Derivation: five workers with distinct arguments (no symmetry) each append their number to
// order[] under m: every trace is an order of the five critical sections, 5! = 120. The
// assertion fails when the last two created go first, in that order: 3! = 6 traces.
// Depth-first, the defect's first trace is the 7th; seed 1 takes a subtree that holds it at
// its second run (nrand48's sequence for that seed: fixed by POSIX's generator, so the number
// is exact). The same counts with -j 2, -k 1 and --preemptions=1 (mutexes only block: every
// trace has no preemption that lb sees, 120 within bound 1).
// RUN: %dpu -j 1 %s > %t.dfs; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,DFS %s < %t.dfs
// RUN: %dpu -j 1 --order=random:1 %s > %t.r1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,R1 %s < %t.r1
// RUN: %dpu -j 2 --order=random:9 %s > %t.j2; test $? -eq 1
// RUN: FileCheck --check-prefix=ALL %s < %t.j2
// RUN: %dpu -j 1 -k 1 --order=random:4 %s > %t.k1; test $? -eq 1
// RUN: FileCheck --check-prefix=ALL %s < %t.k1
// RUN: %dpu -j 1 --preemptions=1 --order=random:5 %s > %t.b1; test $? -eq 1
// RUN: FileCheck --check-prefix=ALL %s < %t.b1
// RUN: %dpu -j 1 --stop-on-defect %s > %t.sd; test $? -eq 1
// RUN: FileCheck --check-prefix=SEVENTH %s < %t.sd
// RUN: %dpu -j 1 --stop-on-defect --order=random:1 %s > %t.sr; test $? -eq 1
// RUN: FileCheck --check-prefix=SECOND %s < %t.sr
// A seed chosen by dpu is reported, and the JSON report carries it.
// RUN: %dpu -j 1 --order=random %s > %t.any; test $? -eq 1
// RUN: FileCheck --check-prefix=ANY %s < %t.any
// RUN: %dpu -j 1 --order=random:42 --format=json %s > %t.json; test $? -eq 1
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); print('json', d['command']['order'], d['command']['seed'], d['summary']['max_configs'])" %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu -j 1 --format=json %s > %t.dfs.json; test $? -eq 1
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); print('json', d['command']['order'], d['command']['seed'])" %t.dfs.json | FileCheck --check-prefix=JSONDFS %s
// Bad values and explorers without subtrees to order.
// RUN: %dpu --order=bfs %s > %t.bad 2>&1; test $? -eq 2
// RUN: FileCheck --check-prefix=BAD %s < %t.bad
// RUN: %dpu --order=random:x %s > %t.badseed 2>&1; test $? -eq 2
// RUN: FileCheck --check-prefix=BADSEED %s < %t.badseed
// RUN: %dpu --por=none --order=random %s > %t.none 2>&1; test $? -eq 2
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// ALL: dpu: traces with defects: 6 of 120 (defect 1 in 6)
// DFS-NOT: dpu: order:
// R1: dpu: order: random, seed 1 (--order=random:1 takes it again with -j 1)
// ALL: dpu: summary: 1 defects, 120 max-configs, 0 SSBs, 120 runs
// SEVENTH: dpu: summary: 1 defects, 7 max-configs, 0 SSBs, 7 runs
// SECOND: dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs
// ANY: dpu: order: random, seed [[S:[0-9]+]] (--order=random:[[S]] takes it again with -j 1)
// JSON: json random 42 120
// JSONDFS: json dfs None
// BAD: dpu: error: invalid value 'bfs' for --order (expected dfs, random or random:SEED)
// BADSEED: dpu: error: invalid value 'random:x' for --order (expected dfs, random or random:SEED, SEED an integer)
// NONE: dpu: error: --order=random orders QPOR's subtrees: not with --por=none
#include <assert.h>
#include <pthread.h>

#define N 5

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
int order[N], next;

void *worker(void *arg) {
  pthread_mutex_lock(&m);
  order[next++] = (int)(long)arg;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < N; i++) pthread_join(t[i], 0);
  assert(!(order[0] == N - 1 && order[1] == N - 2));
  return 0;
}
