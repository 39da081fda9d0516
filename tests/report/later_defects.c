// A crash after another thread's failed assertion in the same run is reported too, as a
// defect of that trace without a stack (the crashed runner cannot take one once the first
// defect's are taken), in the text report and in JSON. T2 takes m2 and fails an assertion; T1 takes
// m and then writes through NULL. Their events are on different objects: QPOR explores 1
// trace, where T2 fails first (the scheduler's order) and T1 then crashes: 2 defects in it.
// (The exhaustive explorer also sees the orders where T1 crashes before T2 gets as far, which
// end the run sooner: 3 traces. A crash is no event of the unfolding, so the truncated runs
// are not told apart by QPOR; both explorers report both defects.)
// RUN: %dpu --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// CHECK: {{^}}dpu: defect 1: assertion failure: 0 (at [[FILE]]:42 in t2){{$}}
// CHECK: {{^}}dpu: defect 2: crash: SIGSEGV in T1 after pthread_mutex_unlock at [[FILE]]:33 in t1 (fault address 0x0000000000000000){{$}}
// CHECK: {{^}}  #9    T1   pthread_mutex_unlock   'm'                      [[FILE]]:33 t1{{$}}
// CHECK-NEXT: {{^}}  stacks: not taken (a crash after another defect in its run){{$}}
// CHECK: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1, defect 2 in 1){{$}}
// CHECK: {{^}}dpu: summary: 2 defects, 1 max-configs, 0 SSBs, 1 runs,
// JSON: {{^}}state complete exit_code 1 reason null{{$}}
// JSON: {{^}}summary defects 2 traces_with_defects 1 max_configs 1 ssbs 0{{$}}
// JSON: {{^}}defect 1 assertion-failure traces 1 thread 2 location later_defects.c:42 t2 exact{{$}}
// JSON: {{^}}defect 1 threads 3 steps 7 blocked 0 stacks 3 output_truncated false{{$}}
// JSON: {{^}}defect 2 crash traces 1 thread 1 location later_defects.c:33 t1 approximate{{$}}
// JSON: {{^}}defect 2 threads 3 steps 9 blocked 0 stacks 0 output_truncated false{{$}}
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, m2 = PTHREAD_MUTEX_INITIALIZER;
static int *volatile p;

static void *t1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  *p = 1;
  return NULL;
}

static void *t2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m2);
  pthread_mutex_unlock(&m2);
  assert(0);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
