// A crash by SIGSEGV three calls deep in a thread: the stack starts at the faulting function,
// at the line of the faulting access (not of a call), then its callers at their calls.
// Derivation: one thread, no choice: 1 max-config, 1 defect.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: crash: SIGSEGV in T1
// CHECK: {{^}}  stack of T1:{{$}}
#include <pthread.h>
#include <stddef.h>

struct node {
  struct node *next;
  int value;
};

static struct node *volatile head; // NULL: the list is empty

static int second_value(const struct node *n) {
  int v = 0;
  // CHECK-NEXT: {{^}}    #0 second_value at {{.*}}stack_segv.c:[[@LINE+1]]{{$}}
  v = n->next->value;
  return v;
}

static int sum(const struct node *n) {
  // CHECK-NEXT: {{^}}    #1 sum at {{.*}}stack_segv.c:[[@LINE+1]]{{$}}
  return second_value(n) + 1;
}

static void *worker(void *arg) {
  (void)arg;
  // CHECK-NEXT: {{^}}    #2 worker at {{.*}}stack_segv.c:[[@LINE+1]]{{$}}
  return (void *)(long)sum(head);
}

// CHECK-NEXT: {{^}}  stack of T0:{{$}}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  // CHECK-NEXT: {{^}}    #0 main at {{.*}}stack_segv.c:[[@LINE+1]]{{$}}
  pthread_join(t, NULL);
  return 0;
}
// CHECK-NEXT: {{^}}  output: (none)
// CHECK: dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs
