// A seqlock reader written with `continue` (`for (;;) { s1 = load(seq); if (s1 & 1) continue;
// ... }`) ends like one with an inner `while ((s1 = load(&seq)) & 1);` (issue 37 saw the first
// never end): the loop changes nothing but what it reads, so it is one spin region
// (passes/spinloops.c), and a read of seq that would repeat an unchanged one waits for the
// writer. Two writes by one writer, one reader; every snapshot the reader takes is consistent,
// and both shapes explore the same 235 traces.
// RUN: %dpu -j 1 %s > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: %dpu -j 1 -DINNER %s > %t.inner; test $? -eq 0
// RUN: FileCheck %s < %t.inner
// CHECK-NOT: hang
// CHECK: {{^}}dpu: summary: 0 defects, 235 max-configs, 0 SSBs, 235 runs,
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static atomic_uint seq;
static atomic_int a, b;

static void *writer(void *arg) {
  for (int i = 1; i <= 2; i++) {
    atomic_fetch_add(&seq, 1);
    atomic_store(&a, i);
    atomic_store(&b, i);
    atomic_fetch_add(&seq, 1);
  }
  return arg;
}

static void *reader(void *arg) {
  int x, y;
  for (;;) {
    unsigned s1;
#ifdef INNER
    while ((s1 = atomic_load(&seq)) & 1) {
    }
#else
    s1 = atomic_load(&seq);
    if (s1 & 1) continue;
#endif
    x = atomic_load(&a);
    y = atomic_load(&b);
    if (atomic_load(&seq) == s1) break;
  }
  assert(x == y);
  return arg;
}

int main(void) {
  pthread_t w, r;
  pthread_create(&w, NULL, writer, NULL);
  pthread_create(&r, NULL, reader, NULL);
  pthread_join(w, NULL);
  pthread_join(r, NULL);
  return 0;
}
