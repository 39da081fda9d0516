// The thread limit (issue #12): 1,024 threads per exploration, main included. With N = 1023
// workers the program runs (one trace: the workers return at once and main joins them in
// order); with one more, the run ends at the 1,025th thread's creation as a limit of dpu, not
// a defect of the program: a warning that says so, no trace, and exit 3 (incomplete).
// RUN: %dpu -DN=1023 %s > %t; test $? -eq 0
// RUN: FileCheck --check-prefix=FITS %s < %t
// RUN: %dpu --por=none -DN=1023 %s > %t.none; test $? -eq 0
// RUN: FileCheck --check-prefix=FITS %s < %t.none
// RUN: %dpu -DN=1024 %s > %t.over 2>&1; test $? -eq 3
// RUN: FileCheck --check-prefix=OVER %s < %t.over
// FITS: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs,
// OVER: dpu: warning: the program creates more than 1024 threads
// OVER-NOT: dpu: defect
// OVER: {{^}}dpu: summary: 0 defects, 0 max-configs, 0 SSBs, 1 runs,
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void) {
  static pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (long i = 0; i < N; i++) pthread_join(t[i], NULL);
  return 0;
}
