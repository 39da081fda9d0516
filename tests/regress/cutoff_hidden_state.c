// Cutoffs (issue 41, explorer/cutoff.h) and a C library function with state of its own: rand's
// seed changes at every call without a write that the fingerprints' hooks see, so two calls'
// states could look equal and the second be taken for a cutoff. dpu names the function, and no
// event is a cutoff (runtime/statefp.h, dpu_sfp_hidden): the exploration is the one without
// cutoffs, here of one trace.
// RUN: %dpu -j 1 --cutoffs=on %s > %t 2>&1
// RUN: FileCheck %s < %t
// CHECK: dpu: warning: cutoffs: the program calls rand, whose own state between calls the fingerprints do not see: the events first run then are no cutoffs, nor those after them (docs/cutoffs.md)
// CHECK: dpu: cutoffs: 0 events reached a state reached before in fewer events, and were not explored past; 0 max-configs end at one
// CHECK: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs,
// DIFFTEST: skip
#include <pthread.h>
#include <stdlib.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

int main(void) {
  int x = 0;
  for (int i = 0; i < 4; i++) {
    pthread_mutex_lock(&m);
    x = (x + rand()) % 2;
    pthread_mutex_unlock(&m);
  }
  return x < 0;
}
