// -j N (explorer/workers.c): the same exploration with N workers. Three threads take two
// mutexes in opposite orders (T1: a then b; T2: b then a: a deadlock in some traces) and T3
// checks a counter under a (an assertion that fails when it runs after both increments).
// Whatever the number of workers, and whether they hand subtrees over at every chance
// (DPU_HANDOFF=always) or only when runs cost more than the explorer's work, the counts and
// the defects are those of -j 1 (whose counts the difftest checks against --por=none): 8
// max-configs, each once (--print-traces lists 8 distinct fingerprints; the difftest compares
// the sets), and 3 defects, which the report may list in another order: the deadlock of T1
// and T2 with T3 done or blocked too (two sets of blocked sites), and T3's assertion.
// RUN: %dpu -j 1 %s > %t.j1; test $? -eq 1
// RUN: FileCheck %s < %t.j1
// RUN: %dpu -j 2 %s > %t.j2; test $? -eq 1
// RUN: FileCheck %s < %t.j2
// -j N explores the parts of a split (explorer/shard.c) at once; DPU_JOBS_SHARED=1 makes its
// workers share one unfolding instead (explorer/workers.c, for programs with few parts):
// RUN: env DPU_HANDOFF=always DPU_JOBS_SHARED=1 %dpu -j 3 --stats --print-traces %s > %t.j3; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,STATS < %t.j3
// RUN: grep '^dpu: trace ' %t.j3 | sort -u | wc -l | grep -x 8
// RUN: %dpu -j 2 --stats --print-traces %s > %t.parts; test $? -eq 1
// RUN: FileCheck %s --check-prefixes=CHECK,PARTS < %t.parts
// RUN: grep '^dpu: trace ' %t.parts | sort -u | wc -l | grep -x 8
// The JSON documents list the defects in the same order (by digest), with the same counts:
// RUN: %dpu -j 1 --format=json -o %t.j1.json %s > /dev/null; test $? -eq 1
// RUN: env DPU_HANDOFF=always %dpu -j 3 --format=json -o %t.j3.json %s > /dev/null; test $? -eq 1
// RUN: %python -c "import json,sys; f=lambda p:[(d['digest'],d['kind'],d['traces']) for d in json.load(open(p))['defects']]; a,b=f(sys.argv[1]),f(sys.argv[2]); sys.exit(not (a==b and len(a)==3))" %t.j1.json %t.j3.json
// RUN: %dpu -j 0 %s 2> %t.bad; test $? -eq 2
// RUN: FileCheck %s --check-prefix=BAD < %t.bad
// CHECK-DAG: dpu: defect {{[0-9]}}: deadlock: 3 threads blocked: T0 in pthread_join at {{.*}}jobs.c:72, T1 in pthread_mutex_lock at {{.*}}jobs.c:44, T2 in pthread_mutex_lock at {{.*}}jobs.c:53{{$}}
// CHECK-DAG: dpu: defect {{[0-9]}}: deadlock: 4 threads blocked: {{.*}}, T3 in pthread_mutex_lock at {{.*}}jobs.c:61{{$}}
// CHECK-DAG: dpu: defect {{[0-9]}}: assertion failure: counter < 2 (at {{.*}}jobs.c:62 in t3)
// STATS: dpu: stats: workers: {{[1-9][0-9]*}} subtrees handed over
// PARTS: dpu: stats: workers: {{[1-9][0-9]*}} parts of the split explored at once
// PARTS-NEXT: dpu: stats: the split: {{[1-9][0-9]*}} runs (not in the runs above), {{[0-9.]+}} s, {{[1-9][0-9]*}} parts
// CHECK: dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs
// BAD: invalid value '0' for -j (expected an integer from 1 to 64)
#include <assert.h>
#include <pthread.h>

pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
int counter;

static void *t1(void *arg) {
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  counter++;
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return arg;
}

static void *t2(void *arg) {
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  counter++;
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return arg;
}

static void *t3(void *arg) {
  pthread_mutex_lock(&a);
  assert(counter < 2);
  pthread_mutex_unlock(&a);
  return arg;
}

int main(void) {
  pthread_t x, y, z;
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_create(&z, 0, t3, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  pthread_join(z, 0);
  return 0;
}
