// GCC's __sync_* and __atomic_* builtins and C11 fences: T1 and T2 each add 1 to x with
// __sync_fetch_and_add and to y with __atomic_fetch_add, with __sync_synchronize and
// atomic_thread_fence between (fences are not events: dpu explores sequentially consistent
// executions). Main then exercises the other builtins on its own and checks what each
// returns. The buggy variant (-DBUG) increments x with __atomic_load_n + __atomic_store_n.
// Derivation: the events on x (one per thread) come in 2 orders, independently the events on
// y in 2 orders: 4 max-configs (if fences were events on a common object there would be
// more). Main's operations come after its joins and add no orders. Buggy: the 4 events on x
// (load before store in each thread, the two loads commute) in 4 traces (l1 s1 l2 s2,
// l2 s2 l1 s1, both loads then either store), times 2 on y: 8 max-configs; x ends 1 when both
// loads precede both stores (2 of the 4 on x): 4 traces with the one defect.
// RUN: %dpu --memory-model=sc --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu --no-symmetry --memory-model=sc %s > %t.qpor; test $? -eq 0
// RUN: FileCheck %s < %t.qpor
// RUN: %dpu --memory-model=sc --por=none -DBUG %s > %t.bug.none; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.none
// RUN: %dpu --no-symmetry --memory-model=sc -DBUG %s > %t.bug.qpor; test $? -eq 1
// RUN: FileCheck --check-prefix=BUG %s < %t.bug.qpor
// Under rc11, the default for this program (docs/memory-models.md), a load may also read an
// older store: more traces, the same defects; both explorers agree.
// RUN: %dpu --no-symmetry --memory-model=rc11 %s > %t.rc11; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11
// RUN: %dpu --memory-model=rc11 --por=none %s > %t.rc11.none; test $? -eq 0
// RUN: FileCheck --check-prefix=RC11 %s < %t.rc11.none
// RC11: dpu: summary: 0 defects, 20 max-configs, 0 SSBs
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs, {{[0-9]+}} runs
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

static int x;
static long y;

static void *worker(void *arg) {
  (void)arg;
#ifdef BUG
  int v = __atomic_load_n(&x, __ATOMIC_ACQUIRE);
  __atomic_store_n(&x, v + 1, __ATOMIC_RELEASE);
#else
  __sync_fetch_and_add(&x, 1);
#endif
  __sync_synchronize();
  __atomic_fetch_add(&y, 1, __ATOMIC_SEQ_CST);
  atomic_thread_fence(memory_order_seq_cst);
  atomic_signal_fence(memory_order_seq_cst);
  return NULL;
}

int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_create(&t2, NULL, worker, NULL);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  int final_x = __atomic_load_n(&x, __ATOMIC_SEQ_CST);
  // BUG: dpu: defect 1: assertion failure: final_x == 2 (at {{.*}}atomic_builtins.c:[[@LINE+1]] in main)
  assert(final_x == 2);
  assert(__atomic_load_n(&y, __ATOMIC_RELAXED) == 2);

  // The other builtins, on main's own locations.
  int z = 0;
  __atomic_store_n(&z, 5, __ATOMIC_SEQ_CST);
  assert(__atomic_exchange_n(&z, 7, __ATOMIC_SEQ_CST) == 5);
  int expected = 7;
  assert(__atomic_compare_exchange_n(&z, &expected, 9, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  expected = 1;
  assert(!__atomic_compare_exchange_n(&z, &expected, 3, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  assert(expected == 9);
  assert(__atomic_add_fetch(&z, 1, __ATOMIC_SEQ_CST) == 10);
  assert(__atomic_sub_fetch(&z, 2, __ATOMIC_SEQ_CST) == 8);
  assert(__atomic_fetch_or(&z, 1, __ATOMIC_SEQ_CST) == 8);
  assert(__atomic_fetch_and(&z, 3, __ATOMIC_SEQ_CST) == 9);
  assert(__atomic_fetch_xor(&z, 3, __ATOMIC_SEQ_CST) == 1);
  assert(__atomic_load_n(&z, __ATOMIC_SEQ_CST) == 2);
  assert(__sync_val_compare_and_swap(&z, 2, 11) == 2);
  assert(!__sync_bool_compare_and_swap(&z, 2, 12));
  assert(__sync_bool_compare_and_swap(&z, 11, 12));
  assert(__sync_add_and_fetch(&z, 3) == 15);
  assert(__sync_fetch_and_sub(&z, 5) == 15);
  assert(__sync_fetch_and_or(&z, 16) == 10);
  assert(__sync_fetch_and_and(&z, 24) == 26);
  assert(__sync_fetch_and_xor(&z, 8) == 24);
  assert(z == 16);
  // other widths: 8 and 64 bits, and __atomic_test_and_set / __atomic_clear on a byte
  unsigned char byte = 250;
  assert(__atomic_fetch_add(&byte, 10, __ATOMIC_SEQ_CST) == 250 && byte == 4);
  uint64_t wide = UINT64_C(1) << 40;
  assert(__sync_fetch_and_add(&wide, 1) == UINT64_C(1) << 40);
  assert(__atomic_load_n(&wide, __ATOMIC_SEQ_CST) == (UINT64_C(1) << 40) + 1);
  int lk = 0;
  assert(__sync_lock_test_and_set(&lk, 1) == 0);
  assert(__sync_lock_test_and_set(&lk, 1) == 1);
  __sync_lock_release(&lk);
  assert(lk == 0);
  _Bool tas = 0;
  assert(!__atomic_test_and_set(&tas, __ATOMIC_SEQ_CST));
  assert(__atomic_test_and_set(&tas, __ATOMIC_SEQ_CST));
  __atomic_clear(&tas, __ATOMIC_SEQ_CST);
  assert(!tas);
  return 0;
}
// BUG-NOT: dpu: defect
// BUG: dpu: traces with defects: 4 of 8 (defect 1 in 4)
// BUG-NEXT: dpu: summary: 1 defects, 8 max-configs, 0 SSBs, {{[0-9]+}} runs
