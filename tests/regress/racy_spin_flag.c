// Racy programs (issue #10): a reader spinning on a plain flag that another thread sets. The
// first exploration schedules at synchronisation only: the reader, run first, would loop for
// ever; the plain-spin watch (runtime/plainspin.c) sees it repeat one load of 'flag' with the
// same value and ends the run, making that load site visible (1 run). The second exploration
// finds the races of the flag and of the data (4 sites); the third interleaves them.
// Derivation of the last: T1 reads flag (F) until it is 1, then data (D); T2 writes D, then F
// (flag and data are in separate 8-byte granules, so F and D operations are independent). T1's
// first read of F comes either after T2's write of F (it reads 1) or before it (it reads 0, and
// the spin-loop rule makes T1 wait for a write to F before it reads again): 2 traces, in both
// of which the assertion holds. No hang is reported.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=CHECK %s < %t.none
// RUN: %dpu -k 2 %s > %t.k2; test $? -eq 1
// RUN: FileCheck --check-prefix=CHECK %s < %t.k2
// CHECK-NOT: hang
// CHECK-NOT: assertion
// CHECK: {{^}}dpu: defect 1: data race: write of 4 bytes to 'flag' at {{.*}}racy_spin_flag.c:[[#@LINE+16]] in writer (T2) and read at {{.*}}racy_spin_flag.c:[[#@LINE+22]] in reader (T1){{$}}
// CHECK: {{^}}dpu: defect 2: data race: write of 4 bytes to 'data' at {{.*}}racy_spin_flag.c:[[#@LINE+14]] in writer (T2) and read at {{.*}}racy_spin_flag.c:[[#@LINE+23]] in reader (T1){{$}}
// CHECK-NOT: hang
// CHECK-NOT: assertion
// CHECK: {{^}}dpu: traces with defects: 2 of 2 (defect 1 in 2, defect 2 in 2){{$}}
// CHECK-NEXT: {{^}}dpu: racing accesses explored: 4 access sites made scheduling points, 3 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: summary: 2 defects, 2 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>

static _Alignas(8) int flag;
static _Alignas(8) int data;

static void *writer(void *arg) {
  (void)arg;
  data = 42;
  flag = 1;
  return 0;
}

static void *reader(void *arg) {
  (void)arg;
  while (!flag) {
  }
  assert(data == 42);
  return 0;
}

int main(void) {
  pthread_t r, w;
  pthread_create(&r, 0, reader, 0);
  pthread_create(&w, 0, writer, 0);
  pthread_join(r, 0);
  pthread_join(w, 0);
  return 0;
}
