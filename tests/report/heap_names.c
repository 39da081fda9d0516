// An object on the heap is named after the malloc that made its block: two accounts made by
// one malloc call in a loop hold their mutex 8 bytes in (after an int and its padding):
// 'heap@heap_names.c:L + 8' and, for the second block of that call, 'heap@heap_names.c:L#2 + 8',
// in the steps and in the waits line. Derivation: T1 locks account 0 then 1, T2 account 1
// then 0: 3 traces, one a deadlock; the first found runs T2 up to its first lock, then T1.
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: {{^}}  #2 {{ *}}T0   pthread_mutex_init {{ *}}heap@heap_names.c:[[ALLOC:[0-9]+]] + 8 {{ *}}{{.*}}heap_names.c:[[#@LINE+29]] main{{$}}
// CHECK-NEXT: {{^}}  #3 {{ *}}T0   pthread_mutex_init {{ *}}heap@heap_names.c:[[ALLOC]]#2 + 8 {{.*}}heap_names.c:[[#@LINE+28]] main{{$}}
// CHECK: {{^}}  #8 {{ *}}T2   pthread_mutex_lock {{ *}}heap@heap_names.c:[[ALLOC]]#2 + 8 {{.*}}heap_names.c:[[#@LINE+15]] transfer{{$}}
// CHECK-NEXT: {{^}}  #9 {{ *}}T1   pthread_mutex_lock {{ *}}heap@heap_names.c:[[ALLOC]] + 8 {{ *}}{{.*}}heap_names.c:[[#@LINE+14]] transfer{{$}}
// CHECK: {{^}}  waits: T0 for T1 to end, T1 for heap@heap_names.c:[[ALLOC]]#2 + 8 (held by T2), T2 for heap@heap_names.c:[[ALLOC]] + 8 (held by T1){{$}}
#include <pthread.h>
#include <stdlib.h>

struct account {
  int balance;
  pthread_mutex_t lock;
};

static struct account *acct[2];

static void *transfer(void *arg) {
  int from = arg != NULL, to = !from;
  pthread_mutex_lock(&acct[from]->lock);
  pthread_mutex_lock(&acct[to]->lock);
  acct[from]->balance--, acct[to]->balance++;
  pthread_mutex_unlock(&acct[to]->lock);
  pthread_mutex_unlock(&acct[from]->lock);
  return NULL;
}

int main(void) {
  for (int i = 0; i < 2; i++) {
    acct[i] = malloc(sizeof *acct[i]);
    acct[i]->balance = 10;
    pthread_mutex_init(&acct[i]->lock, NULL);
  }
  pthread_t t1, t2;
  pthread_create(&t1, NULL, transfer, NULL);
  pthread_create(&t2, NULL, transfer, &t2);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  return 0;
}
