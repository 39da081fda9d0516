// The steps of an interleaving show the value each atomic access read or wrote: a load's and
// a store's `= V`, a read-modify-write's and a CAS's `read V` (with the CAS's outcome), in
// decimal, or in hex above 32 bits (an address); none for the bits of a floating-point
// number. JSON gives the same as "value" (null where none). One thread, one trace: the
// assertion in main always fails.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --format=json %s > %t.json; test $? -eq 1
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); [print(s['step'], s['operation'], s['value']) for s in d['defects'][0]['steps']]" %t.json > %t.values
// RUN: FileCheck --check-prefix=JSON %s < %t.values
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

static atomic_int count;
static _Atomic(double) ratio;
static atomic_bool flag;
static int cell;
static _Atomic(int *) top;

static void *worker(void *arg) {
  (void)arg;
  // CHECK: {{^}}  #4 {{ *}}T1   atomic-store {{ *}}'count' = 7 {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] worker{{$}}
  atomic_store(&count, 7);
  // CHECK-NEXT: {{^}}  #5 {{ *}}T1   atomic-rmw {{ *}}'count' read 7 {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] worker{{$}}
  atomic_fetch_add(&count, 3);
  // CHECK-NEXT: {{^}}  #6 {{ *}}T1   atomic-store {{ *}}'ratio' {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] worker{{$}}
  atomic_store(&ratio, 0.5);
  int expected = 1;
  // CHECK-NEXT: {{^}}  #7 {{ *}}T1   atomic-cas {{ *}}'count' read 10 (failed) {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] worker{{$}}
  atomic_compare_exchange_strong(&count, &expected, 0);
  // CHECK-NEXT: {{^}}  #8 {{ *}}T1   atomic-rmw {{ *}}'flag' read 0 {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] worker{{$}}
  atomic_exchange(&flag, true);
  // CHECK-NEXT: {{^}}  #9 {{ *}}T1   atomic-load {{ *}}'top' = 0 {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] worker{{$}}
  int *old = atomic_load(&top);
  // CHECK-NEXT: {{^}}  #10 {{ *}}T1   atomic-cas {{ *}}'top' read 0 (exchanged) {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] worker{{$}}
  atomic_compare_exchange_strong(&top, &old, &cell);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  // CHECK: {{^}}  #13 {{ *}}T0   atomic-load {{ *}}'top' = 0x{{[0-9a-f]+}} {{ *}}{{.*}}atomic_values.c:[[@LINE+1]] main{{$}}
  assert(atomic_load(&top) != &cell);
  return 0;
}
// JSON: {{^}}3 start None{{$}}
// JSON-NEXT: {{^}}4 atomic-store 7{{$}}
// JSON-NEXT: {{^}}5 atomic-rmw 7{{$}}
// JSON-NEXT: {{^}}6 atomic-store None{{$}}
// JSON-NEXT: {{^}}7 atomic-cas 10{{$}}
// JSON-NEXT: {{^}}8 atomic-rmw 0{{$}}
// JSON-NEXT: {{^}}9 atomic-load 0{{$}}
// JSON-NEXT: {{^}}10 atomic-cas 0{{$}}
// JSON-NEXT: {{^}}11 exit-thread None{{$}}
// JSON: {{^}}13 atomic-load {{[1-9][0-9]+}}{{$}}
