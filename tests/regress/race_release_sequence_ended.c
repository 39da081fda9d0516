// Run with --races=report: races are reported and only the synchronisation is explored.
// C17 5.1.2.4p10: a release sequence is the release and the later side effects on the
// location that are RMWs or stores *of the releasing thread*. T2's release RMW on c heads one;
// T1's second store, relaxed and by another thread, ends it. T3 reads data only when its
// relaxed load of d saw T2's flag (so T2's RMW came before) and its acquire load of c read 2
// (T1's second store, which came after the RMW): then T3 synchronises with nobody, and T2's
// `data = 1` races with T3's read, in the traces s1 < T2's load < RMW < s2 < T3's loads.
// RUN: %dpu --memory-model=sc --races=report %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --memory-model=sc --races=report --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --races=report --memory-model=rc11 %s > %t.rc11; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --races=report --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 1
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: defect 1: data race:
// RC11: dpu: summary: 1 defects, 25 max-configs, 0 SSBs
// CHECK: {{^}}dpu: defect 1: data race: {{.*}}'data'
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 1 defects, 7 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdatomic.h>
static atomic_int c, d;
static int data;
static void *t1(void *a) {
  (void)a;
  atomic_store_explicit(&c, 1, memory_order_relaxed);
  atomic_store_explicit(&c, 2, memory_order_relaxed);
  return NULL;
}
static void *t2(void *a) {
  (void)a;
  if (atomic_load_explicit(&c, memory_order_relaxed) == 1) {
    data = 1;
    atomic_fetch_add_explicit(&c, 10, memory_order_release);
    atomic_store_explicit(&d, 1, memory_order_relaxed);
  }
  return NULL;
}
static void *t3(void *a) {
  (void)a;
  int sink = 0;
  if (atomic_load_explicit(&d, memory_order_relaxed) == 1 &&
      atomic_load_explicit(&c, memory_order_acquire) == 2)
    sink += data;
  (void)sink;
  return NULL;
}
int main(void) {
  pthread_t h1, h2, h3;
  pthread_create(&h1, NULL, t1, NULL);
  pthread_create(&h2, NULL, t2, NULL);
  pthread_create(&h3, NULL, t3, NULL);
  pthread_join(h1, NULL);
  pthread_join(h2, NULL);
  pthread_join(h3, NULL);
  return 0;
}
