// When a limit stops the exploration of a racy program while it explores the orders of the
// racing accesses (the second exploration here: the first, of the synchronisation alone, has
// 1 trace and finds the race on x), the report says so and points at --races=report, which
// explores the synchronisation only (a user's ticket lock had its 4 races after 0.1 s and
// more than 12 million traces of their orders after 300 s). --max-runs=5: 1 run of the first
// exploration, 4 of the second.
// RUN: %dpu --max-runs=5 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --races=report %s > %t.report; test $? -eq 1
// RUN: FileCheck --check-prefix=REPORT %s < %t.report
// CHECK: {{^}}dpu: racing accesses explored: 2 access sites made scheduling points, 2 explorations{{$}}
// CHECK-NEXT: {{^}}dpu: exploration incomplete (--max-runs reached){{$}}
// CHECK-NEXT: {{^}}dpu: note: it stopped while exploring the orders of the racing accesses (exploration 2), after the races listed; --races=report explores the synchronisation only{{$}}
// REPORT-NOT: note: it stopped
// REPORT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>

static int x;

static void *bump(void *arg) {
  for (int i = 0; i < 3; i++) x++;
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, bump, NULL);
  pthread_create(&b, NULL, bump, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
