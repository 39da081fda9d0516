// SARIF 2.1.0 report, validated by the official validator (npm @microsoft/sarif-multitool,
// installed by scripts/install-deps.sh; missing, the test fails). A lock-order inversion with a
// check on who went first: T1 takes a then b, T2 takes b then a, each records itself in
// `first` if it is still 0; main asserts that T1 was first.
// Derivation: T1 takes both first (clean), T2 takes both first (assertion failure), or each
// holds one (deadlock): 3 max-configs, 2 defects, one SARIF result each. Run from this
// directory with a relative file name, so the locations are relative to %SRCROOT%.
// RUN: cd %S && %dpu -j 1 --format=sarif -o %t.sarif sarif.c > %t.txt; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck %s
// RUN: FileCheck --check-prefix=TEXT %s < %t.txt
// The check rejects a broken log, so this test can fail: a region starting at line 0 (the
// validator's schema check), and a result whose level is not one of SARIF's (which the
// validator silently skips: check_sarif.py notices that it said nothing).
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['runs'][0]['results'][0]['locations'][0]['physicalLocation']['region']['startLine']=0; json.dump(d,open(sys.argv[2],'w'))" %t.sarif %t.bad.sarif
// RUN: not %python %inputs/check_sarif.py %sarif_multitool %t.bad.sarif 2> %t.err
// RUN: FileCheck --check-prefix=BROKEN %s < %t.err
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); d['runs'][0]['results'][0]['level']='fatal'; json.dump(d,open(sys.argv[2],'w'))" %t.sarif %t.bad2.sarif
// RUN: not %python %inputs/check_sarif.py %sarif_multitool %t.bad2.sarif 2> %t.err2
// RUN: FileCheck --check-prefix=BROKEN2 %s < %t.err2
// And a missing validator is a failure, not a skip.
// RUN: not %python %inputs/check_sarif.py %t.no-such-validator %t.sarif 2> %t.err3
// RUN: FileCheck --check-prefix=MISSING %s < %t.err3
// Without -o the log goes to stdout, alone; file names outside the working directory become
// absolute file:// URIs. A clean program gives a valid log without results.
// RUN: %dpu -j 1 --format=sarif %S/Inputs/clean.c > %t.clean.sarif; test $? -eq 0
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.clean.sarif | FileCheck --check-prefix=CLEAN %s
// RUN: cd %S/Inputs && %dpu -j 1 --format=sarif %s > %t.abs.sarif; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.abs.sarif | FileCheck --check-prefix=ABS %s
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t b = PTHREAD_MUTEX_INITIALIZER;
static int first; // protected by a

static void *t1(void *arg) {
  (void)arg;
  pthread_mutex_lock(&a);
  pthread_mutex_lock(&b);
  if (!first) first = 1;
  pthread_mutex_unlock(&b);
  pthread_mutex_unlock(&a);
  return 0;
}

static void *t2(void *arg) {
  (void)arg;
  pthread_mutex_lock(&b);
  pthread_mutex_lock(&a);
  if (!first) first = 2;
  pthread_mutex_unlock(&a);
  pthread_mutex_unlock(&b);
  return 0;
}

int main(void) {
  pthread_t x, y;
  pthread_create(&x, 0, t1, 0);
  pthread_create(&y, 0, t2, 0);
  pthread_join(x, 0);
  pthread_join(y, 0);
  assert(first == 1);
  return 0;
}

// The log: two results with their rules, locations, interleavings (one threadFlow per
// thread), the deadlock's blocked threads, the stacks of the live threads (the assertion: only
// main, at the assert of line 62; the deadlock: each thread at the call it is blocked in, in
// thread order), digests; the run is complete.
// CHECK: sarif 2.1.0 runs 1 results 2 rules 11
// CHECK-NEXT: invocation successful true exit_code 1 notes 0
// CHECK-NEXT: result 1 dpu/assertion-failure level error occurrences 1 at sarif.c:62 main
// CHECK-NEXT: result 1 message assertion failure: first == 1 (at sarif.c:62 in main). Found in 1 trace; `dpu replay 0:3,1:1,2:6,1:5,0:2 sarif.c` replays it.
// CHECK-NEXT: result 1 flow T0:5 T1:6 T2:6 steps 17
// CHECK-NEXT: result 1 stack T0 sarif.c:62 main
// CHECK-NEXT: result 1 fingerprint 64 hex digits
// CHECK-NEXT: result 1 uri relative sarif.c
// CHECK-NEXT: result 2 dpu/deadlock level error occurrences 1 at sarif.c:39 t1
// CHECK-NEXT: result 2 message deadlock: 3 threads blocked: T0 in pthread_join at sarif.c:60, T1 in pthread_mutex_lock at sarif.c:39, T2 in pthread_mutex_lock at sarif.c:49. Found in 1 trace; `dpu replay 0:3,1:1,2:2,1:1 sarif.c` replays it.
// CHECK-NEXT: result 2 flow T0:3 T1:2 T2:2 steps 7
// CHECK-NEXT: result 2 related T0 blocked in pthread_join sarif.c:60 main
// CHECK-NEXT: result 2 related T1 blocked in pthread_mutex_lock sarif.c:39 t1
// CHECK-NEXT: result 2 related T2 blocked in pthread_mutex_lock sarif.c:49 t2
// CHECK-NEXT: result 2 stack T0 sarif.c:60 main
// CHECK-NEXT: result 2 stack T1 sarif.c:39 t1
// CHECK-NEXT: result 2 stack T2 sarif.c:49 t2
// CHECK-NEXT: result 2 fingerprint 64 hex digits
// CHECK-NEXT: result 2 uri relative sarif.c
// CHECK-NOT: {{.}}

// With -o, the text report still goes to stdout, every line of it.
// TEXT: {{^}}dpu: defect 1: assertion failure: first == 1 (at sarif.c:62 in main){{$}}
// TEXT-NEXT: {{^}}  interleaving (3 threads, 17 steps):{{$}}
// TEXT-NEXT: {{^}}  #1    T0   start{{$}}
// TEXT-NEXT: {{^}}  #2    T0   pthread_create         T1                       sarif.c:58 main{{$}}
// TEXT-NEXT: {{^}}  #3    T0   pthread_create         T2                       sarif.c:59 main{{$}}
// TEXT-NEXT: {{^}}  #4    T1   start                                           sarif.c:58 main{{$}}
// TEXT-NEXT: {{^}}  #5    T2   start                                           sarif.c:59 main{{$}}
// TEXT-NEXT: {{^}}  #6    T2   pthread_mutex_lock     'b'                      sarif.c:48 t2{{$}}
// TEXT-NEXT: {{^}}  #7    T2   pthread_mutex_lock     'a'                      sarif.c:49 t2{{$}}
// TEXT-NEXT: {{^}}  #8    T2   pthread_mutex_unlock   'a'                      sarif.c:51 t2{{$}}
// TEXT-NEXT: {{^}}  #9    T2   pthread_mutex_unlock   'b'                      sarif.c:52 t2{{$}}
// TEXT-NEXT: {{^}}  #10   T2   exit-thread{{$}}
// TEXT-NEXT: {{^}}  #11   T1   pthread_mutex_lock     'a'                      sarif.c:38 t1{{$}}
// TEXT-NEXT: {{^}}  #12   T1   pthread_mutex_lock     'b'                      sarif.c:39 t1{{$}}
// TEXT-NEXT: {{^}}  #13   T1   pthread_mutex_unlock   'b'                      sarif.c:41 t1{{$}}
// TEXT-NEXT: {{^}}  #14   T1   pthread_mutex_unlock   'a'                      sarif.c:42 t1{{$}}
// TEXT-NEXT: {{^}}  #15   T1   exit-thread{{$}}
// TEXT-NEXT: {{^}}  #16   T0   pthread_join           T1                       sarif.c:60 main{{$}}
// TEXT-NEXT: {{^}}  #17   T0   pthread_join           T2                       sarif.c:61 main{{$}}
// TEXT-NEXT: {{^}}  stack of T0:{{$}}
// TEXT-NEXT: {{^}}    #0 main at sarif.c:62{{$}}
// TEXT-NEXT: {{^}}  output: (none){{$}}
// TEXT-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:6,1:5,0:2 sarif.c{{$}}
// TEXT-NEXT: {{^}}dpu: defect 2: deadlock: 3 threads blocked: T0 in pthread_join at sarif.c:60, T1 in pthread_mutex_lock at sarif.c:39, T2 in pthread_mutex_lock at sarif.c:49{{$}}
// TEXT-NEXT: {{^}}  interleaving (3 threads, 7 steps):{{$}}
// TEXT-NEXT: {{^}}  #1    T0   start{{$}}
// TEXT-NEXT: {{^}}  #2    T0   pthread_create         T1                       sarif.c:58 main{{$}}
// TEXT-NEXT: {{^}}  #3    T0   pthread_create         T2                       sarif.c:59 main{{$}}
// TEXT-NEXT: {{^}}  #4    T1   start                                           sarif.c:58 main{{$}}
// TEXT-NEXT: {{^}}  #5    T2   start                                           sarif.c:59 main{{$}}
// TEXT-NEXT: {{^}}  #6    T2   pthread_mutex_lock     'b'                      sarif.c:48 t2{{$}}
// TEXT-NEXT: {{^}}  #7    T1   pthread_mutex_lock     'a'                      sarif.c:38 t1{{$}}
// TEXT-NEXT: {{^}}  stack of T0:{{$}}
// TEXT-NEXT: {{^}}    #0 main at sarif.c:60{{$}}
// TEXT-NEXT: {{^}}  stack of T1:{{$}}
// TEXT-NEXT: {{^}}    #0 t1 at sarif.c:39{{$}}
// TEXT-NEXT: {{^}}  stack of T2:{{$}}
// TEXT-NEXT: {{^}}    #0 t2 at sarif.c:49{{$}}
// TEXT-NEXT: {{^}}  waits: T0 for T1 to end, T1 for 'b' (held by T2), T2 for 'a' (held by T1){{$}}
// TEXT-NEXT: {{^}}  output: (none){{$}}
// TEXT-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:2,1:1 sarif.c{{$}}
// TEXT-NEXT: {{^}}dpu: traces with defects: 2 of 3 (defect 1 in 1, defect 2 in 1){{$}}
// TEXT-NEXT: {{^}}dpu: summary: 2 defects, 3 max-configs, 0 SSBs, 3 runs, {{[0-9.]+}} s{{$}}
// TEXT-NOT: {{.}}

// BROKEN: check_sarif: {{.*}}.bad.sarif does not validate:
// BROKEN: error JSON1008: runs[0].results[0].locations[0].physicalLocation.region.startLine

// BROKEN2: check_sarif: {{.*}}.bad2.sarif does not validate:
// BROKEN2-NEXT: the validator did not analyse the log

// MISSING: check_sarif: the SARIF validator is not installed at {{.*}}no-such-validator: run scripts/install-deps.sh

// CLEAN: sarif 2.1.0 runs 1 results 0 rules 11
// CLEAN-NEXT: invocation successful true exit_code 0 notes 0
// CLEAN-NOT: {{.}}

// ABS: sarif 2.1.0 runs 1 results 2 rules 11
// ABS: result 1 uri absolute sarif.c
// ABS: result 2 uri absolute sarif.c
