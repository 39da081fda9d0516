// --max-memory bounds what the QPOR explorer's events hold: past it the exploration stops,
// incomplete (exit 3), with a warning, rather than growing until the system kills dpu (a
// user's lock-free queue test, one run of 100,000 steps over thousands of locations: 24 GiB,
// then SIGKILL). Here three threads each add to 1,000 atomic counters: every event records the
// latest event of each counter in its history, so the events of a few runs pass 32 MiB. The
// default is half the machine's memory, shared by -j's workers; 0 is no limit.
// RUN: %dpu -j 1 --max-memory=32M %s > %t 2>&1; test $? -eq 3
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 --max-memory=32M --format=json -o %t.json %s > /dev/null 2>&1; test $? -eq 3
// RUN: %python -c "import json; d = json.load(open('%t.json')); print(d['state'], d['exit_code'], d['reason'])" | FileCheck --check-prefix=JSON %s
// RUN: %dpu -j 2 --max-memory=32M %s > %t.j2 2>&1; test $? -eq 3
// RUN: FileCheck --check-prefix=J2 %s < %t.j2
// RUN: %dpu -j 1 --max-memory=0 --max-runs=5 %s > %t.none 2>&1; test $? -eq 3
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// RUN: %dpu --max-memory=5 %s > %t.bad 2>&1; test $? -eq 2
// RUN: FileCheck --check-prefix=BAD %s < %t.bad
// CHECK: {{^}}dpu: warning: the unfolding's events reached their limit of 32 MiB (--max-memory, shared by -j's workers): the exploration stops there
// CHECK: {{^}}dpu: exploration incomplete (the explorer's events reached --max-memory){{$}}
// CHECK: {{^}}dpu: summary: 0 defects,
// JSON: incomplete 3 the explorer's events reached --max-memory
// J2: their limit of 16 MiB (--max-memory, shared by -j's workers)
// J2: {{^}}dpu: exploration incomplete (the explorer's events reached --max-memory){{$}}
// NONE-NOT: max-memory
// NONE: {{^}}dpu: exploration incomplete (--max-runs reached){{$}}
// BAD: dpu: error: invalid value '5' for --max-memory (expected a size of at least 1M, e.g. 2G, or 0 for no limit)
#include <pthread.h>
#include <stdatomic.h>

#define N 1000
static atomic_int counter[N];

static void *worker(void *arg) {
  for (int i = 0; i < N; i++) atomic_fetch_add(&counter[i], 1);
  return arg;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  return 0;
}
