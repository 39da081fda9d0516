// Exit handlers (C17 7.22.4): exit, and a return from main, run those of atexit and on_exit in
// the reverse order of their registration, in the exiting thread, before the process ends;
// quick_exit runs those of at_quick_exit instead; _exit and _Exit run none. Here the last
// handler to run asserts the order it saw, 3 then 2 then itself, and fails when main's
// return status is 4 (on_exit's handler hands the status on): one trace, one defect. Before
// this model, atexit made dpu refuse the program (it is in glibc's static part, which the
// JIT does not see) and on_exit's handlers never ran.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu -DSTATUS=0 --show-output %s > %t.ok; test $? -eq 0
// RUN: FileCheck --check-prefix=OK %s < %t.ok
// RUN: %dpu -DUNDERSCORE %s > %t.u; test $? -eq 1
// RUN: FileCheck --check-prefix=UNDERSCORE %s < %t.u
// RUN: %dpu -DQUICK %s > %t.q; test $? -eq 1
// RUN: FileCheck --check-prefix=QUICK %s < %t.q
// CHECK: {{^}}dpu: defect 1: assertion failure: status_seen != 4 (at {{.*}}exit_handlers.c:[[#@LINE+21]] in first){{$}}
// CHECK: {{^}}  | handlers 3 2 1{{$}}
// OK: {{^}}  | handlers 3 2 1{{$}}
// OK: {{^}}dpu: summary: 0 defects, 1 max-configs,
// UNDERSCORE: {{^}}dpu: defect 1: non-zero exit: _exit(4) (at {{.*}}exit_handlers.c:[[#@LINE+33]] in main){{$}}
// UNDERSCORE: {{^}}  output: (none){{$}}
// QUICK: {{^}}dpu: defect 1: non-zero exit: quick_exit(4) (at {{.*}}exit_handlers.c:[[#@LINE+33]] in main){{$}}
// QUICK: {{^}}  | quick{{$}}
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#ifndef STATUS
#define STATUS 4
#endif

static int status_seen = -1;

static void first(void) {
  printf(" 1\n");
  assert(status_seen != 4);
}
static void second(void) { printf(" 2"); }
static void third(int status, void *arg) {
  status_seen = status;
  printf("%s 3", (const char *)arg);
}
static void quick(void) { printf("quick\n"); }

int main(void) {
  atexit(first);
  atexit(second);
  on_exit(third, "handlers");
  at_quick_exit(quick);
  fflush(stdout);
#if defined(UNDERSCORE)
  _exit(STATUS);
#elif defined(QUICK)
  quick_exit(STATUS);
#endif
  return STATUS;
}
