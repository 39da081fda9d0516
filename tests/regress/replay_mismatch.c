// A program that does not run the same way every time (here: a counter in a file, kept from
// run to run with --shared-files, picks the mutex the worker takes first) may give, on a
// replay, other events than the earlier runs predicted. dpu warns, and since the traces that
// only the predicted run would have led to may be left out (Theorem 6 holds for deterministic
// programs), the exploration is incomplete: exit 3, not a clean 0. Starting at 1, the first
// run takes 'a' and its alternative (the worker's lock of 'a' before main's) is replayed when
// the counter is 2, where the worker takes 'b': the events differ, and the thread can move.
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && echo 1 > counter.txt && %dpu -j 1 --shared-files %s > %t 2> %t.err; test $? -eq 3
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// CHECK: {{^}}dpu: exploration incomplete (a replay did not give the events that earlier runs predicted: the program does not run the same way every time){{$}}
// WARN: {{^}}dpu: warning: a replay did not produce the events the unfolding predicted (is the program deterministic?){{$}}
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;

static int bump(void) { // a counter kept in a file: every run sees the next number
  int n = 0;
  FILE *f = fopen("counter.txt", "r");
  if (f) {
    if (fscanf(f, "%d", &n) != 1) n = 0;
    fclose(f);
  }
  f = fopen("counter.txt", "w");
  if (f) {
    fprintf(f, "%d\n", n + 1);
    fclose(f);
  }
  return n;
}

static void *worker(void *arg) {
  (void)arg;
  pthread_mutex_t *m = bump() % 2 ? &a : &b;
  pthread_mutex_lock(m);
  pthread_mutex_unlock(m);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  return NULL;
}

int main(void) {
  pthread_t t1;
  pthread_create(&t1, NULL, worker, NULL);
  pthread_mutex_lock(&a);
  pthread_mutex_unlock(&a);
  pthread_mutex_lock(&b);
  pthread_mutex_unlock(&b);
  pthread_join(t1, NULL);
  return 0;
}
