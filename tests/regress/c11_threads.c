// C11 <threads.h> on the pthread models: thrd_create/join with int results, mtx_*, call_once,
// tss_*. Derivation: two objects see events of both workers: the mutex m (two critical
// sections: 2 orders) and the once flag (the first worker's call_once enters and runs init,
// the second's enters after it is done: 2 orders); they are independent: 2 x 2 = 4
// max-configs, in all of which each worker returns 10 times its argument, reads back its own
// tss value, and init ran once: no defect.
// RUN: %dpu --por=none %s > %t.none; test $? -eq 0
// RUN: FileCheck %s < %t.none
// RUN: %dpu %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 0 defects, 4 max-configs, 0 SSBs
#include <assert.h>
#include <threads.h>

static mtx_t m;
static once_flag once = ONCE_FLAG_INIT;
static tss_t key;
static int sum, inits;

static void init(void) { inits++; }

static int worker(void *arg) {
  call_once(&once, init);
  tss_set(key, arg);
  mtx_lock(&m);
  sum += (int)(long)arg;
  mtx_unlock(&m);
  assert(tss_get(key) == arg);
  return (int)(long)arg * 10;
}

int main(void) {
  assert(mtx_init(&m, mtx_plain) == thrd_success);
  assert(tss_create(&key, NULL) == thrd_success);
  thrd_t t[2];
  for (long i = 0; i < 2; i++) assert(thrd_create(&t[i], worker, (void *)(i + 1)) == thrd_success);
  int r0, r1;
  thrd_join(t[0], &r0);
  thrd_join(t[1], &r1);
  assert(r0 == 10 && r1 == 20 && sum == 3 && inits == 1);
  mtx_destroy(&m);
  return 0;
}
