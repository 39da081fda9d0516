// Two races that differ only in the column of one access (a user test: a pipeline stage read
// buf[0][s-1] twice on one line, and the text showed two identical defects). r reads b[1]
// twice in one expression while w writes it: two sites of one kind on one line, so the text
// names their columns (report/races.c, line_shared); w's write, alone on its line, keeps
// file:line. 2 defects in each of the 3 traces.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'b[1]' at {{.*}}race_same_line.c:[[#@LINE+9]] in w (T1) and read at {{.*}}race_same_line.c:[[#@LINE+10]]:34 in r (T2){{$}}
// CHECK: {{^}}dpu: defect 2: data race: write of 4 bytes to 'b[1]' at {{.*}}race_same_line.c:[[#@LINE+8]] in w (T1) and read at {{.*}}race_same_line.c:[[#@LINE+9]]:41 in r (T2){{$}}
// CHECK: {{^}}dpu: traces with defects: 3 of 3 (defect 1 in 3, defect 2 in 3){{$}}
// CHECK: {{^}}dpu: summary: 2 defects, 3 max-configs, 0 SSBs,
#include <pthread.h>

static int b[4];
static volatile int sink;

static void *w(void *a) { b[1] = 5; return a; }
static void *r(void *a) { sink = b[1] + b[1]; return a; }

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, 0, w, 0);
  pthread_create(&t2, 0, r, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}
