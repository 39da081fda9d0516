// dpu explores sequentially consistent executions only: when the program has atomic operations
// with an order weaker than seq_cst, a note says so, naming the first. Store buffering: each
// thread stores its flag and loads the other's; with release stores and acquire loads both
// may load 0 on a real machine, which no sequentially consistent execution shows, so the
// assertion holds in all 6 traces dpu explores. With seq_cst (-DSC) there is no note.
// RUN: %dpu %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: %dpu -DSC %s > %t.sc 2> %t.sc.err; test $? -eq 0
// RUN: FileCheck --allow-empty --check-prefix=SC %s < %t.sc.err
// ERR: {{^}}dpu: note: 4 atomic operations with an order weaker than seq_cst (the first at {{.*}}weak_order_note.c:[[#@LINE+18]] in left): dpu explores sequentially consistent executions only, not those that only weaker orders allow (docs/model.md, "Modelled functions"){{$}}
// SC-NOT: note
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#ifdef SC
#define ST memory_order_seq_cst
#define LD memory_order_seq_cst
#else
#define ST memory_order_release
#define LD memory_order_acquire
#endif

static atomic_int x, y;
static int r1, r2;

static void *left(void *arg) {
  atomic_store_explicit(&x, 1, ST);
  r1 = atomic_load_explicit(&y, LD);
  return arg;
}

static void *right(void *arg) {
  atomic_store_explicit(&y, 1, ST);
  r2 = atomic_load_explicit(&x, LD);
  return arg;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, left, NULL);
  pthread_create(&b, NULL, right, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  assert(r1 || r2);
  return 0;
}
