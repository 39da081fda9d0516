// The program reads its standard input after two threads race on a lock (issue #13): dpu
// reads its own stdin once and gives every run the same bytes, so both traces read 7 (the
// first run used to consume the input and the second saw end-of-file: a false defect). With
// 8, the assertion fails in both traces, and the report says which input it was given.
// RUN: echo 7 | %dpu --no-symmetry %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: echo 8 | %dpu --no-symmetry --format=json -o %t.json %s > %t.8; test $? -eq 1
// RUN: FileCheck --check-prefix=EIGHT %s < %t.8
// RUN: %python -c "import json,sys; c=json.load(open(sys.argv[1]))['command']; print('stdin', c['stdin']['bytes'], c['stdin']['blake2b'])" %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu --no-symmetry %s < /dev/null > %t.null; test $? -eq 1
// RUN: FileCheck --check-prefix=NULL %s < %t.null
// Input that comes late (a pipe left open looked like a hang): after 2 s dpu says what it
// waits for; input that is there at once gets no note.
// RUN: sh -c "sleep 3; echo 7" | %dpu --no-symmetry %s > %t.late 2> %t.late.err; test $? -eq 0
// RUN: FileCheck --check-prefix=LATE %s < %t.late.err
// RUN: echo 7 | %dpu --no-symmetry %s 2>&1 > /dev/null | FileCheck --allow-empty --check-prefix=QUICK %s
// LATE: {{^}}dpu: note: waiting for the end of the standard input, which every run gets as the program's input; if the program reads none, give dpu </dev/null{{$}}
// QUICK-NOT: waiting for the end
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs,
// EIGHT: {{^}}dpu: defect 1: assertion failure: scanf("%d", &v) == 1 && v == 7 (at {{.*}}stdin_every_run.c:[[#@LINE+22]] in main){{$}}
// EIGHT: {{^}}  stdin: 2 bytes (blake2b {{[0-9a-f]+}}), the same in every run: give the replay the same input{{$}}
// EIGHT: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
// JSON: {{^}}stdin 2 {{[0-9a-f]+$}}
// NULL-NOT: stdin:
// NULL: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2){{$}}
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static int x;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *t(void *a) { pthread_mutex_lock(&m); x++; pthread_mutex_unlock(&m); return a; }

int main(void) {
  int v = 0;
  pthread_t a, b;
  pthread_create(&a, NULL, t, NULL);
  pthread_create(&b, NULL, t, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(scanf("%d", &v) == 1 && v == 7);
  return 0;
}
