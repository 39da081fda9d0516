// The ABA problem of a Treiber stack shows because freed blocks are reused (issue #13): malloc
// hands out the block the thread freed last (per size, like glibc's tcache). Main pushes 3,
// 2, 1 (nodes A, B, C from the top). T1 pops one node and frees it; T2 pops two, frees them
// in the order B, A, and pushes 7, which gets A's address back with next = C. If T1 read
// top = A and A->next = B before T2 ran, and does its compare-and-swap after, the swap
// succeeds on the stale next and makes the freed B the top: main's walk of the stack reads
// B->next, a use after free (line 69), in exactly that one trace. Without reuse no run can
// show it (T2's push would get a new address and T1's swap would fail). The other defects
// are the stack's data races: pop reads t->next while another thread frees t or, once
// reused, writes it. Both explorers find the same 5 defects in 38 traces.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
// CHECK: memory error: use after free: read of 8 bytes at offset 8 of a heap block of 16 bytes (at {{.*}}treiber_stack_aba.c:69 in main); allocated by T0 at {{.*}}treiber_stack_aba.c:30 in push, freed by T2 at {{.*}}treiber_stack_aba.c:53 in t2
// CHECK: {{^}}dpu: traces with defects: 31 of 38 (defect 1 in {{[0-9]+}}, defect 2 in {{[0-9]+}}, defect 3 in {{[0-9]+}}, defect 4 in {{[0-9]+}}, defect 5 in 1)
// CHECK: {{^}}dpu: summary: 5 defects, 38 max-configs, 0 SSBs,
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct node {
  int v;
  struct node *next;
};
static _Atomic(struct node *) top;

static void push(int v) {
  struct node *n = malloc(sizeof *n);
  n->v = v;
  n->next = atomic_load(&top);
  while (!atomic_compare_exchange_weak(&top, &n->next, n)) {
  }
}

static struct node *pop(void) {
  struct node *t = atomic_load(&top);
  while (t && !atomic_compare_exchange_weak(&top, &t, t->next)) {
  }
  return t;
}

static void *t1(void *x) {
  (void)x;
  free(pop());
  return NULL;
}

static void *t2(void *x) {
  (void)x;
  struct node *a = pop(), *b = pop();
  free(b);
  free(a);
  push(7);
  return NULL;
}

int main(void) {
  push(3);
  push(2);
  push(1);
  pthread_t a, b;
  pthread_create(&a, NULL, t1, NULL);
  pthread_create(&b, NULL, t2, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  int n = 0;
  for (struct node *p = atomic_load(&top); p; p = p->next) n++;
  assert(n == 1); /* 3 pushed, 3 popped, 1 pushed */
  return 0;
}
