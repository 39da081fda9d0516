// The stacks of the threads of a deadlock: each blocked thread shows the line of the
// pthread_mutex_lock (or pthread_join) call it waits in, then its callers. No thread is at fault,
// so they come in creation order. Two workers move money between two accounts, locking them in
// opposite orders through the same helpers, so both stacks go through the same lines.
// Derivation (as lock_order_inversion.c): T1 first, T2 first, or each holds its first lock:
// 3 max-configs, 1 defect (the deadlock).
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: deadlock: 3 threads blocked
#include <pthread.h>
#include <stddef.h>

struct account {
  pthread_mutex_t lock;
  int balance;
};

static struct account a = {PTHREAD_MUTEX_INITIALIZER, 100}, b = {PTHREAD_MUTEX_INITIALIZER, 100};
static void *pay_a_to_b(void *arg);
static void *pay_b_to_a(void *arg);

// CHECK: {{^}}  stack of T0:{{$}}
int main(void) {
  pthread_t t1, t2;
  pthread_create(&t1, NULL, pay_a_to_b, NULL);
  pthread_create(&t2, NULL, pay_b_to_a, NULL);
  // CHECK-NEXT: {{^}}    #0 main at {{.*}}stack_deadlock.c:[[@LINE+1]]{{$}}
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}

// CHECK-NEXT: {{^}}  stack of T1:{{$}}
static void acquire(struct account *x) {
  // CHECK-NEXT: {{^}}    #0 acquire at {{.*}}stack_deadlock.c:[[#LOCK:@LINE+1]]{{$}}
  pthread_mutex_lock(&x->lock);
}

static void transfer(struct account *from, struct account *to, int amount) {
  acquire(from);
  // CHECK-NEXT: {{^}}    #1 transfer at {{.*}}stack_deadlock.c:[[#SECOND:@LINE+1]]{{$}}
  acquire(to);
  from->balance -= amount;
  to->balance += amount;
  pthread_mutex_unlock(&to->lock);
  pthread_mutex_unlock(&from->lock);
}

static void *pay_a_to_b(void *arg) {
  (void)arg;
  // CHECK-NEXT: {{^}}    #2 pay_a_to_b at {{.*}}stack_deadlock.c:[[@LINE+1]]{{$}}
  transfer(&a, &b, 10);
  return NULL;
}

// CHECK-NEXT: {{^}}  stack of T2:{{$}}
// CHECK-NEXT: {{^}}    #0 acquire at {{.*}}stack_deadlock.c:[[#LOCK]]{{$}}
// CHECK-NEXT: {{^}}    #1 transfer at {{.*}}stack_deadlock.c:[[#SECOND]]{{$}}
static void *pay_b_to_a(void *arg) {
  (void)arg;
  // CHECK-NEXT: {{^}}    #2 pay_b_to_a at {{.*}}stack_deadlock.c:[[@LINE+1]]{{$}}
  transfer(&b, &a, 20);
  return NULL;
}
// CHECK-NEXT: {{^}}  waits: T0 for T1 to end, T1 for 'b.lock' (held by T2), T2 for 'a.lock' (held by T1){{$}}
// CHECK-NEXT: {{^}}  output: (none)
// CHECK-NOT: dpu: defect
// CHECK: dpu: summary: 1 defects, 3 max-configs, 0 SSBs, {{[0-9]+}} runs
