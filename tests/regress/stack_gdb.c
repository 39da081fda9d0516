// `dpu --gdb` replays a defect under gdb and stops where it happens: at the assertion failure
// (in __dpu_defect_stop, below the program's frames) and at the faulting instruction of a
// crash, with the program's functions, arguments and lines in the backtrace (gdb sees the
// JIT-compiled code through the GDB JIT interface).
// REQUIRES: gdb
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: sed -n 's/^  replay: dpu replay \([0-9:,/]*\) .*/--replay=\1/p' %t > %t.sched
// RUN: %dpu -j 1 %s --gdb $(cat %t.sched) < /dev/null > %t.gdb 2>&1
// RUN: FileCheck --check-prefix=ASSERT %s < %t.gdb
// RUN: %dpu -j 1 -DCRASH %s > %t.crash; test $? -eq 1
// RUN: sed -n 's/^  replay: dpu replay \([0-9:,/]*\) .*/--replay=\1/p' %t.crash > %t.crash.sched
// RUN: %dpu -j 1 -DCRASH %s --gdb $(cat %t.crash.sched) < /dev/null > %t.crash.gdb 2>&1
// RUN: FileCheck --check-prefix=CRASH %s < %t.crash.gdb
// RUN: not %dpu -j 1 %s --gdb 2> %t.noreplay
// RUN: FileCheck --check-prefix=NOREPLAY %s < %t.noreplay
// ASSERT: hit Breakpoint {{[0-9]+}}, __dpu_defect_stop (end={{(end@entry=)?}}2, tid=1)
// ASSERT: {{^}}#0 {{.*}}__dpu_defect_stop (end={{(end@entry=)?}}2, tid=1)
// CRASH: received signal SIGSEGV
// NOREPLAY: dpu: error: --gdb needs --replay=... (the replay line of a defect)
#include <assert.h>
#include <pthread.h>
#include <stddef.h>

static int *volatile nowhere;

static void check_depth(int depth) {
  // CRASH: {{^}}#0 {{.*}} in check_depth ({{.*}}) at {{.*}}stack_gdb.c:[[@LINE+2]]
#ifdef CRASH
  *nowhere = depth;
#endif
  // ASSERT: {{^}}#{{[0-9]+}} {{.*}} in check_depth ({{.*}}) at {{.*}}stack_gdb.c:[[@LINE+1]]
  assert(depth == 0);
}

static void descend(int depth) {
  // ASSERT-NEXT: {{^}}#{{[0-9]+}} {{.*}} in descend ({{.*}}) at {{.*}}stack_gdb.c:[[@LINE+2]]
  // CRASH-NEXT: {{^}}#1 {{.*}} in descend ({{.*}}) at {{.*}}stack_gdb.c:[[@LINE+1]]
  check_depth(depth + 1);
}

static void *worker(void *arg) {
  (void)arg;
  // ASSERT-NEXT: {{^}}#{{[0-9]+}} {{.*}} in worker ({{.*}}) at {{.*}}stack_gdb.c:[[@LINE+2]]
  // CRASH-NEXT: {{^}}#2 {{.*}} in worker ({{.*}}) at {{.*}}stack_gdb.c:[[@LINE+1]]
  descend(0);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}

// gdb quits at the end of its input and kills the runner, stopped at the crash: a SIGKILL from
// outside, said as such (it read "SIGKILL in T-1 (the program was killed by Killed)").
// CRASH: dpu: defect 1: crash: SIGKILL (the runner was killed by SIGKILL from outside: {{.*}})
