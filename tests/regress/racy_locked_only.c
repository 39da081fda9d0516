// Racy programs (issue #10): a program whose shared accesses are all under a lock has no race,
// so no access becomes a scheduling point: it explores exactly the traces it explored before
// (and with --races=report or --races=off). Derivation: 3 workers, each one critical section
// on m (read counter, write counter + 1): 3! = 6 orders of the sections, no defect.
// RUN: %dpu --no-symmetry %s > %t.on; test $? -eq 0
// RUN: FileCheck %s < %t.on
// RUN: %dpu --no-symmetry --races=report %s > %t.report; test $? -eq 0
// RUN: FileCheck %s < %t.report
// RUN: %dpu --no-symmetry --races=off %s > %t.off; test $? -eq 0
// RUN: FileCheck %s < %t.off
// CHECK-NOT: racing accesses explored
// CHECK: {{^}}dpu: summary: 0 defects, 6 max-configs, 0 SSBs, 6 runs
#include <assert.h>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int counter;

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  counter = counter + 1;
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t[3];
  for (int i = 0; i < 3; i++) pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 3; i++) pthread_join(t[i], NULL);
  assert(counter == 3);
  return 0;
}
