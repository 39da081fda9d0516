// Text report of a crash (SIGSEGV), every line, and its JSON twin. close_account sets the
// shared pointer to NULL under m; deposit reads it under m and then writes through it.
// Derivation: 2 orders of the two blocks on m; when close_account goes first, deposit
// dereferences NULL: 2 max-configs, 1 crash, located exactly at the faulting line 31 (the
// innermost frame of T2's stack, which the message names too).
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/replay_check.py %dpu %t | FileCheck -DFILE=%s --check-prefix=REPLAY %s
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
#include <pthread.h>
#include <stdio.h>

struct account { int balance; };
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static struct account acct = {100};
static struct account *current = &acct; /* protected by m */

static void *close_account(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  current = NULL;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *deposit(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  struct account *volatile c = current;
  pthread_mutex_unlock(&m);
  c->balance += 10;
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, close_account, NULL);
  pthread_create(&t2, NULL, deposit, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  printf("balance %d\n", acct.balance);
  return 0;
}

// The whole report. The stacks of the live threads, the crashing one first: T2 at the
// faulting line 31, T0 blocked in pthread_join(t2) at line 40 (T1 has exited).
// CHECK: {{^}}dpu: defect 1: crash: SIGSEGV in T2 at [[FILE]]:31 in deposit (fault address 0x0000000000000000){{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 11 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:37 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:38 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   start                                           [[FILE]]:37 main{{$}}
// CHECK-NEXT: {{^}}  #5    T2   start                                           [[FILE]]:38 main{{$}}
// CHECK-NEXT: {{^}}  #6    T1   pthread_mutex_lock     'm'                      [[FILE]]:20 close_account{{$}}
// CHECK-NEXT: {{^}}  #7    T1   pthread_mutex_unlock   'm'                      [[FILE]]:22 close_account{{$}}
// CHECK-NEXT: {{^}}  #8    T1   exit-thread{{$}}
// CHECK-NEXT: {{^}}  #9    T0   pthread_join           T1                       [[FILE]]:39 main{{$}}
// CHECK-NEXT: {{^}}  #10   T2   pthread_mutex_lock     'm'                      [[FILE]]:28 deposit{{$}}
// CHECK-NEXT: {{^}}  #11   T2   pthread_mutex_unlock   'm'                      [[FILE]]:30 deposit{{$}}
// CHECK-NEXT: {{^}}  stack of T2:{{$}}
// CHECK-NEXT: {{^}}    #0 deposit at [[FILE]]:31{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:40{{$}}
// CHECK-NEXT: {{^}}  output: (none){{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:1,1:3,0:1,2:2 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}

// Its replay line shows the same block.
// REPLAY: replay of defect 1: exit 1, same 19-line block: crash: SIGSEGV in T2 at [[FILE]]:31 in deposit (fault address 0x#)

// The JSON document: the same defect, its steps, stacks and output.
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 1 max_configs 2 ssbs 0
// JSON-NEXT: defect 1 crash traces 1 thread 2 location crash.c:31 deposit exact
// JSON-NEXT: defect 1 message SIGSEGV in T2 at crash.c:31 in deposit (fault address 0x#)
// JSON-NEXT: defect 1 threads 3 steps 11 blocked 0 stacks 2 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - crash.c:37 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - crash.c:38 main
// JSON-NEXT: defect 1 step 4 T1 start - - crash.c:37 main
// JSON-NEXT: defect 1 step 5 T2 start - - crash.c:38 main
// JSON-NEXT: defect 1 step 6 T1 pthread_mutex_lock 0x#='m' - crash.c:20 close_account
// JSON-NEXT: defect 1 step 7 T1 pthread_mutex_unlock 0x#='m' - crash.c:22 close_account
// JSON-NEXT: defect 1 step 8 T1 exit-thread - - -
// JSON-NEXT: defect 1 step 9 T0 pthread_join T1 - crash.c:39 main
// JSON-NEXT: defect 1 step 10 T2 pthread_mutex_lock 0x#='m' - crash.c:28 deposit
// JSON-NEXT: defect 1 step 11 T2 pthread_mutex_unlock 0x#='m' - crash.c:30 deposit
// JSON-NEXT: defect 1 stack T2 crash.c:31 deposit
// JSON-NEXT: defect 1 stack T0 crash.c:40 main
// JSON-NEXT: defect 1 output ""
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:1,1:3,0:1,2:2 crash.c
// CHECK-NOT: {{.}}
// REPLAY-NOT: {{.}}
// JSON-NOT: {{.}}
