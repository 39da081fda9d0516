// A run with more events than --max-events is cut short: a limit of dpu, not a defect of the
// program. main locks and unlocks m 100 times (201 events with its start); with a capacity of
// 16 the only run ends at the 17th, is counted as cut short, and the exploration is
// incomplete (exit 3), with a warning naming the option to raise.
// RUN: %dpu --max-events=16 %s > %t 2> %t.err; test $? -eq 3
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: runs: 1 = 0 max-configs + 0 SSBs + 1 cut short
// CHECK: {{^}}dpu: exploration incomplete (a run was cut short, see warnings)
// WARN: {{^}}dpu: warning: trace capacity of 16 events exceeded (raise --max-events)
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  for (int i = 0; i < 100; i++) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
  }
  return 0;
}
