// Run with --races=report: races are reported and only the synchronisation is explored.
// C17 5.1.2.4p10: T2's release RMW on c heads a release sequence, which T2's own later
// relaxed store continues: T3's acquire load that reads 5 from that store synchronises with
// the RMW, so T2's `data = 1` happens before T3's read: no race in any trace.
// RUN: %dpu --memory-model=sc --races=report %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu --memory-model=sc --races=report --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: summary: 0 defects, 6 max-configs, 0 SSBs
// CHECK-NOT: data race
// CHECK: {{^}}dpu: summary: 0 defects, 3 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdatomic.h>
static atomic_int c;
static int data;
static void *t2(void *a) {
  (void)a;
  data = 1;
  atomic_fetch_add_explicit(&c, 10, memory_order_release);
  atomic_store_explicit(&c, 5, memory_order_relaxed);
  return NULL;
}
static void *t3(void *a) {
  (void)a;
  int sink = 0;
  if (atomic_load_explicit(&c, memory_order_acquire) == 5)
    sink += data;
  (void)sink;
  return NULL;
}
int main(void) {
  pthread_t h2, h3;
  pthread_create(&h2, NULL, t2, NULL);
  pthread_create(&h3, NULL, t3, NULL);
  pthread_join(h2, NULL);
  pthread_join(h3, NULL);
  return 0;
}
