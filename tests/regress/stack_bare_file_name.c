// Call stacks when the program is named by a bare file name in the working directory (the
// other tests name it by an absolute path): every frame is there, with the file as given. Run
// on a copy in a directory of its own, as `dpu stack_bare_file_name.c` and as
// `dpu ./stack_bare_file_name.c`. With -DSPIN, the same for a hang: a thread spinning on an
// atomic load that nobody will change shows the spinning function, then its caller.
// Derivation: main locks m, then creates T1, which blocks locking m, and joins it: one trace,
// 1 max-config, 1 defect (the deadlock; no thread at fault: stacks in creation order). With
// -DSPIN, main does not lock m; T1 waits for a flag nobody sets, its second load of it blocks (a
// spin): 1 max-config, 1 defect (the hang; T1's stack first).
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cp %s %t.dir/stack_bare_file_name.c
// RUN: cd %t.dir && %dpu -j 1 stack_bare_file_name.c > %t; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,BARE %s < %t
// RUN: cd %t.dir && %dpu -j 1 ./stack_bare_file_name.c > %t.dot; test $? -eq 1
// RUN: FileCheck --check-prefixes=CHECK,DOT %s < %t.dot
// RUN: cd %t.dir && %dpu -j 1 -DSPIN stack_bare_file_name.c > %t.spin; test $? -eq 1
// RUN: FileCheck --check-prefix=SPIN -D#LOAD=$(grep -n '^  while (!atomic_load' %s | cut -d: -f1) \
// RUN:   -D#WAIT=$(grep -n '^  wait_for_flag();' %s | cut -d: -f1) %s < %t.spin
// CHECK: dpu: defect 1: deadlock: 2 threads blocked
// SPIN: dpu: defect 1: hang: T1 spins forever
// SPIN: {{^}}  stack of T1:{{$}}
// SPIN-NEXT: {{^}}    #0 wait_for_flag at stack_bare_file_name.c:[[#LOAD]]{{$}}
// SPIN-NEXT: {{^}}    #1 worker at stack_bare_file_name.c:[[#WAIT]]{{$}}
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static atomic_int flag;
static void *worker(void *arg);

// CHECK: {{^}}  stack of T0:{{$}}
// SPIN-NEXT: {{^}}  stack of T0:{{$}}
int main(void) {
  pthread_t t;
#ifndef SPIN
  pthread_mutex_lock(&m);
#endif
  pthread_create(&t, NULL, worker, NULL);
  // BARE-NEXT: {{^}}    #0 main at stack_bare_file_name.c:[[@LINE+3]]{{$}}
  // DOT-NEXT: {{^}}    #0 main at ./stack_bare_file_name.c:[[@LINE+2]]{{$}}
  // SPIN-NEXT: {{^}}    #0 main at stack_bare_file_name.c:[[@LINE+1]]{{$}}
  pthread_join(t, NULL);
  return 0;
}

// CHECK-NEXT: {{^}}  stack of T1:{{$}}
static void acquire(void) {
  // BARE-NEXT: {{^}}    #0 acquire at stack_bare_file_name.c:[[@LINE+2]]{{$}}
  // DOT-NEXT: {{^}}    #0 acquire at ./stack_bare_file_name.c:[[@LINE+1]]{{$}}
  pthread_mutex_lock(&m);
}

static void wait_for_flag(void) {
  while (!atomic_load(&flag)) {
  }
}

static void *worker(void *arg) {
  (void)arg;
#ifdef SPIN
  wait_for_flag();
#else
  // BARE-NEXT: {{^}}    #1 worker at stack_bare_file_name.c:[[@LINE+2]]{{$}}
  // DOT-NEXT: {{^}}    #1 worker at ./stack_bare_file_name.c:[[@LINE+1]]{{$}}
  acquire();
#endif
  return NULL;
}
// CHECK-NEXT: {{^}}  waits: T0 for T1 to end, T1 for 'm' (held by T0){{$}}
// CHECK-NEXT: {{^}}  output: (none)
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
// SPIN-NEXT: {{^}}  output: (none)
// SPIN: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, {{[0-9]+}} runs
