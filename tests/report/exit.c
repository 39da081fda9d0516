// Text report of a non-zero exit, every line, and its JSON twin. The server thread exits with
// status 2 when it runs before the loader has set config_loaded (what it printed on stderr is
// part of the run's output).
// Derivation: 2 orders of the two blocks on m. The loader's first: no exit, 1 max-config. The
// server's first: it exits; the loader and main run on after the exit (protocol/ops.def:
// PROCESS_EXIT) until main waits for ever in its join of the server, which is no deadlock
// after the exit: 1 max-config with the defect. 2 in all (when the exit killed the others,
// each one's progress at the exit was a trace: 5).
// RUN: %dpu -j 1 --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%s %s < %t
// RUN: %python %inputs/replay_check.py %dpu %t | FileCheck -DFILE=%s --check-prefix=REPLAY %s
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int config_loaded;

static void *loader(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  config_loaded = 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *server(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  int loaded = config_loaded;
  pthread_mutex_unlock(&m);
  if (!loaded) {
    fprintf(stderr, "server: no configuration\n");
    exit(2);
  }
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, loader, NULL);
  pthread_create(&t2, NULL, server, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}

// The whole report. The stacks, the exiting thread first: T2 at its exit(2) of line 35, T0
// about to join t1 at line 44, T1 (never scheduled after its start) at its lock of line 22.
// CHECK: {{^}}dpu: defect 1: non-zero exit: exit(2) (at [[FILE]]:35 in server){{$}}
// CHECK-NEXT: {{^}}  interleaving (3 threads, 8 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:42 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T2                       [[FILE]]:43 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   start                                           [[FILE]]:42 main{{$}}
// CHECK-NEXT: {{^}}  #5    T2   start                                           [[FILE]]:43 main{{$}}
// CHECK-NEXT: {{^}}  #6    T2   pthread_mutex_lock     'm'                      [[FILE]]:30 server{{$}}
// CHECK-NEXT: {{^}}  #7    T2   pthread_mutex_unlock   'm'                      [[FILE]]:32 server{{$}}
// CHECK-NEXT: {{^}}  #8    T2   exit                                            [[FILE]]:35 server{{$}}
// CHECK-NEXT: {{^}}  stack of T2:{{$}}
// CHECK-NEXT: {{^}}    #0 server at [[FILE]]:35{{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK-NEXT: {{^}}    #0 main at [[FILE]]:44{{$}}
// CHECK-NEXT: {{^}}  stack of T1:{{$}}
// CHECK-NEXT: {{^}}    #0 loader at [[FILE]]:22{{$}}
// CHECK-NEXT: {{^}}  output:{{$}}
// CHECK-NEXT: {{^}}  | server: no configuration{{$}}
// CHECK-NEXT: {{^}}  replay: dpu replay 0:3,1:1,2:4 [[FILE]]{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}

// Its replay line shows the same block.
// REPLAY: replay of defect 1: exit 1, same 19-line block: non-zero exit: exit(2) (at [[FILE]]:35 in server)

// The JSON document: the same defect, its steps, stacks and output.
// JSON: state complete exit_code 1 reason null
// JSON-NEXT: summary defects 1 traces_with_defects 1 max_configs 2 ssbs 0
// JSON-NEXT: defect 1 non-zero-exit traces 1 thread 2 location exit.c:35 server exact
// JSON-NEXT: defect 1 message exit(2) (at exit.c:35 in server)
// JSON-NEXT: defect 1 threads 3 steps 8 blocked 0 stacks 3 output_truncated false
// JSON-NEXT: defect 1 step 1 T0 start - - -
// JSON-NEXT: defect 1 step 2 T0 pthread_create T1 - exit.c:42 main
// JSON-NEXT: defect 1 step 3 T0 pthread_create T2 - exit.c:43 main
// JSON-NEXT: defect 1 step 4 T1 start - - exit.c:42 main
// JSON-NEXT: defect 1 step 5 T2 start - - exit.c:43 main
// JSON-NEXT: defect 1 step 6 T2 pthread_mutex_lock 0x#='m' - exit.c:30 server
// JSON-NEXT: defect 1 step 7 T2 pthread_mutex_unlock 0x#='m' - exit.c:32 server
// JSON-NEXT: defect 1 step 8 T2 exit - - exit.c:35 server
// JSON-NEXT: defect 1 stack T2 exit.c:35 server
// JSON-NEXT: defect 1 stack T0 exit.c:44 main
// JSON-NEXT: defect 1 stack T1 exit.c:22 loader
// JSON-NEXT: defect 1 output "server: no configuration\n"
// JSON-NEXT: defect 1 replay dpu replay 0:3,1:1,2:4 exit.c
// CHECK-NOT: {{.}}
// REPLAY-NOT: {{.}}
// JSON-NOT: {{.}}
