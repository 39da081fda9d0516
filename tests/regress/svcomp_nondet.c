// __VERIFIER_nondet_* values are choices of the explorer (issue #12): a bounded nondet int
// chooses the thread count, a nondet bool in each worker a branch. Each worker adds 1 or 2
// (its bool) to count under m; reach_error() is called when count == 4.
// Derivation with --nondet=range:0..3: n = 0 and n = 3 fail the assume: 2 infeasible runs,
// each a max-config (as in svcomp_assume.c). n = 1: T1's bool, 2 max-configs. n = 2: two
// bools (4) times the 2 orders of the two lock/unlock blocks on m: 8. In all 2 + 2 + 8 = 12;
// count == 4 only with n = 2 and both bools true: 2 traces with the defect. The witness
// follows the first of them: main's nondet returns 2, each worker's bool 1.
// RUN: %dpu --no-symmetry --nondet=range:0..3 --svcomp --witness=%t.yml %s > %t.1; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,RANGE %s < %t.1
// RUN: %python %inputs/check_witness.py %t.yml %s unreach-call 2,1,1 < %t.1
// RUN: %dpu --por=none --nondet=range:0..3 --svcomp %s > %t.2; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL,RANGE %s < %t.2
// The replay of the defect repeats the values: its schedule names their indexes.
// RUN: grep -o 'dpu replay .*' %t.1 | head -1 | sed 's/^dpu replay //' > %t.args
// RUN: %dpu --no-symmetry --replay=$(cut -d' ' -f1 %t.args) --nondet=range:0..3 --svcomp %s > %t.3; test $? -eq 1
// RUN: FileCheck --check-prefix=REPLAY %s < %t.3
// Without a range the int takes 0 and the constants the program compares with and their
// neighbours (a note says which): the same defect is found; the verdict is false.
// RUN: %dpu --no-symmetry --svcomp %s > %t.4 2> %t.4.err; test $? -eq 1
// RUN: FileCheck --check-prefixes=ALL %s < %t.4
// RUN: FileCheck --check-prefix=NOTE %s < %t.4.err
// -DSAFE: count == 5 cannot happen. With a bounded int the verdict is unknown (other values
// are not explored); with n fixed (-DN=2) only the bools are nondet, over their whole type:
// 8 max-configs, verdict true.
// RUN: %dpu --no-symmetry --svcomp --nondet=range:0..3 -DSAFE %s > %t.5; test $? -eq 0
// RUN: FileCheck --check-prefix=BOUNDED %s < %t.5
// RUN: %dpu --no-symmetry --svcomp -DSAFE -DN=2 %s > %t.6; test $? -eq 0
// RUN: FileCheck --check-prefix=WHOLE %s < %t.6
// The JSON report names the values as results (no object), and follows its schema.
// RUN: %dpu --no-symmetry --nondet=range:0..3 --svcomp --format=json -o %t.json %s > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// JSON: defect 1 step 2 T0 __VERIFIER_nondet - = 2 svcomp_nondet.c:{{[0-9]+}} main
// --nondet=VALUE still fixes every value: n = 2, the bools 0 (2 truncated to a bool's bit):
// each worker adds 1; the 2 orders of the workers' blocks on m.
// RUN: %dpu --no-symmetry --svcomp --nondet=2 %s > %t.7; test $? -eq 0
// RUN: FileCheck --check-prefix=FIXED %s < %t.7
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void __VERIFIER_assume(int);
void reach_error(void) {}

#ifdef SAFE
#define BAD 5
#else
#define BAD 4
#endif

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int count;

static void *worker(void *arg) {
  (void)arg;
  int inc = __VERIFIER_nondet_bool() ? 2 : 1;
  pthread_mutex_lock(&m);
  count += inc;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
#ifdef N
  int n = N;
#else
  // NOTE: dpu: note: __VERIFIER_nondet_int at {{.*}}svcomp_nondet.c:[[@LINE+1]] in main takes the values {{.*}}2{{.*}} (0, the constants the program compares with and their neighbours; --nondet=range:A..B sets a range)
  int n = __VERIFIER_nondet_int();
#endif
  __VERIFIER_assume(n >= 1 && n <= 2);
  pthread_t t[2];
  for (int i = 0; i < n; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < n; i++) pthread_join(t[i], 0);
  // ALL: dpu: defect 1: assertion failure: reach_error() called (at {{.*}}svcomp_nondet.c:[[@LINE+2]] in main)
  // REPLAY: dpu: defect 1: assertion failure: reach_error() called (at {{.*}}svcomp_nondet.c:[[@LINE+1]] in main)
  if (count == BAD) reach_error();
  // ALL: __VERIFIER_nondet = 2 {{.*}}svcomp_nondet.c:[[#@LINE-9]] main
  // ALL: __VERIFIER_nondet = 1 {{.*}}svcomp_nondet.c:{{[0-9]+}} worker
  // ALL: __VERIFIER_nondet = 1 {{.*}}svcomp_nondet.c:{{[0-9]+}} worker
  return 0;
}
// ALL-NOT: dpu: defect 2
// RANGE: dpu: traces with defects: 2 of 12 (defect 1 in 2)
// ALL: dpu: data: 1 __VERIFIER_nondet_* calls took some values of their type only: runs with other values are not explored
// RANGE: dpu: summary: 1 defects, 12 max-configs, 0 SSBs, {{[0-9]+}} runs
// ALL: verdict: false
// BOUNDED-NOT: dpu: defect
// BOUNDED: dpu: summary: 0 defects, 12 max-configs, 0 SSBs, {{[0-9]+}} runs
// BOUNDED-NEXT: verdict: unknown
// WHOLE-NOT: dpu: data:
// WHOLE: dpu: summary: 0 defects, 8 max-configs, 0 SSBs, {{[0-9]+}} runs
// WHOLE-NEXT: verdict: true
// FIXED-NOT: dpu: defect
// FIXED: dpu: summary: 0 defects, 2 max-configs, 0 SSBs, {{[0-9]+}} runs
// FIXED-NEXT: verdict: unknown
