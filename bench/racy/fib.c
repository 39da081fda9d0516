/* Racy benchmark in the style of SV-COMP's fib_bench: two threads add each other's variable to
 * their own, N times each, on plain ints (every access races). Under sequential consistency
 * the largest value either can reach is the Fibonacci number F(2N + 2); main asserts the
 * bound one below it, so the assertion fails only in the interleaving that alternates the two
 * threads strictly. -DN= sets the iterations (default 2). */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 2
#endif

static _Alignas(8) int i = 1;
static _Alignas(8) int j = 1;

static void *t1(void *arg) {
  (void)arg;
  for (int k = 0; k < N; k++) i = i + j;
  return 0;
}

static void *t2(void *arg) {
  (void)arg;
  for (int k = 0; k < N; k++) j = j + i;
  return 0;
}

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, t1, 0);
  pthread_create(&b, 0, t2, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  int bound = fib(2 * N + 2);
  assert(i < bound && j < bound);
  return 0;
}
