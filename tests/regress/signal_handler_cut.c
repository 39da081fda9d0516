// A run that ends inside a signal handler leaves nothing behind for the next run. The runner
// delivers a signal with the C library's raise() on its one OS thread, which blocks the signal
// while the handler runs (no SA_NODEFER); a handler that never returns ends its run as a hang,
// and the signal used to stay blocked for every later run: there raise() left it pending, the
// handler never ran, pthread_kill "returned", and dpu said 0 defects (a user's thread pool).
// Two traces (the worker's and main's critical sections, either first), each with the hang in
// the handler and no output.
// RUN: %dpu --show-output %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: hang: T0 spins forever: it keeps reading the variable 'held', which no other thread will change (at {{.*}}signal_handler_cut.c:[[#@LINE+16]] in on_usr1)
// CHECK-NOT: returned
// CHECK: dpu: traces with defects: 2 of 2 (defect 1 in 2)
// CHECK-NOT: returned
// CHECK: dpu: summary: 1 defects, 2 max-configs, 0 SSBs
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>

static volatile int held;
static sem_t ready, done;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void on_usr1(int sig) {
  held = sig;
  while (held) { /* nothing clears it */
  }
}

static void *worker(void *arg) {
  struct sigaction sa = {.sa_handler = on_usr1};
  sigemptyset(&sa.sa_mask);
  sigaction(SIGUSR1, &sa, NULL);
  sem_post(&ready);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  sem_wait(&done);
  return arg;
}

int main(void) {
  pthread_t t;
  sem_init(&ready, 0, 0);
  sem_init(&done, 0, 0);
  pthread_create(&t, 0, worker, 0);
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
  sem_wait(&ready);
  pthread_kill(t, SIGUSR1);
  printf("the handler returned\n");
  sem_post(&done);
  pthread_join(t, 0);
  return 0;
}
