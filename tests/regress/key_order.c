// pthread_key_create takes the lowest free key, so which key each of two threads gets depends
// on the order of their creates: both orders are explored (the creates are events on the key
// table). Derivation: the two creates are the only dependent pair (both on the key table):
// 2 max-configs; the assertion that T1 gets the smaller key fails in the one where T2
// creates first.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu --por=none %s > %t.none; test $? -eq 1
// RUN: FileCheck %s < %t.none
//
// A key is usable by a thread when its create happens-before the use, whatever the run's
// order (getspecific and setspecific are no events): the worker waits for `ready`, which main
// sets after creating the key (2 traces: its first load reads 0 and waits for the store, or
// reads the store). With a relaxed store and load (-DRELAXED) nothing orders the
// create before the use: a misuse, and a data race on the key variable, in every trace.
// RUN: %dpu -DPUBLISH %s > %t.pub; test $? -eq 0
// RUN: FileCheck --check-prefix=PUB %s < %t.pub
// RUN: %dpu -DPUBLISH -DRELAXED %s > %t.rel; test $? -eq 1
// RUN: FileCheck --check-prefix=REL %s < %t.rel
#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

static pthread_key_t k1, k2;
static atomic_int ready;
static int value;

#ifdef RELAXED
#define ORDER memory_order_relaxed
#else
#define ORDER memory_order_seq_cst
#endif

static void *first(void *arg);
#ifndef PUBLISH
static void *second(void *arg);
#endif

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, first, NULL);
#ifndef PUBLISH
  pthread_create(&b, NULL, second, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  // CHECK: {{^}}dpu: defect 1: assertion failure: k1 < k2 (at {{.*}}key_order.c:[[@LINE+1]] in main){{$}}
  assert(k1 < k2);
#else
  (void)b;
  pthread_key_create(&k1, NULL);
  atomic_store_explicit(&ready, 1, ORDER);
  void *got;
  pthread_join(a, &got);
  assert(got == &value);
#endif
  return 0;
}
#ifndef PUBLISH
static void *first(void *arg) {
  (void)arg;
  // CHECK: {{^}}  #{{[0-9]+}} {{ *}}T2   pthread_key_create {{ *}}key 0 {{ *}}{{.*}}key_order.c:[[@LINE+7]] second{{$}}
  // CHECK: {{^}}  #{{[0-9]+}} {{ *}}T1   pthread_key_create {{ *}}key 1 {{ *}}{{.*}}key_order.c:[[@LINE+1]] first{{$}}
  pthread_key_create(&k1, NULL);
  return NULL;
}
static void *second(void *arg) {
  (void)arg;
  pthread_key_create(&k2, NULL);
  return NULL;
}
#else
static void *first(void *arg) {
  (void)arg;
  while (!atomic_load_explicit(&ready, ORDER)) {
  }
  // REL: {{^}}dpu: defect {{[0-9]}}: pthread misuse: pthread_setspecific of a key that does not exist (at {{.*}}key_order.c:[[@LINE+1]] in first){{$}}
  pthread_setspecific(k1, &value);
  return pthread_getspecific(k1);
}
#endif

// CHECK: {{^}}dpu: summary: 1 defects, 2 max-configs,
// PUB: {{^}}dpu: summary: 0 defects, 2 max-configs,
// REL: {{^}}dpu: summary: 2 defects,
