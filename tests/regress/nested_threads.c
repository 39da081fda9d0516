// Threads creating threads: main creates T1; T1 creates G1 (T2), runs a block on m, then
// creates G2 (T3) and joins both; G1 and G2 each run one block on m.
// Derivation: 3 blocks on m (T1, G1, G2); G2 is created after T1's block, so T1 < G2,
// and G1 is unconstrained: G1 T1 G2, T1 G1 G2, T1 G2 G1 = 3 max-configs.
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int n; // protected by m

static void *grandchild(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *child(void *arg) {
  pthread_t g1, g2;
  (void)arg;
  pthread_create(&g1, NULL, grandchild, NULL);
  pthread_mutex_lock(&m);
  n++;
  pthread_mutex_unlock(&m);
  pthread_create(&g2, NULL, grandchild, NULL);
  pthread_join(g1, NULL);
  pthread_join(g2, NULL);
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, child, NULL);
  pthread_join(t, NULL);
  assert(n == 3);
  return 0;
}
