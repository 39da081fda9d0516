/* Racy benchmark in the style of SV-COMP's reorder: S setter threads write a = 1 then
 * b = -1; C checker threads read a then b and assert that they see both writes or neither.
 * Under sequential consistency a checker fails when it reads between a setter's two writes
 * (a == 1, b == 0) or when a setter runs entirely between its two reads (a == 0, b == -1).
 * -DS= and -DC= set the thread counts (default 1 and 1). */
#include <assert.h>
#include <pthread.h>

#ifndef S
#define S 1
#endif
#ifndef C
#define C 1
#endif

static _Alignas(8) int a;
static _Alignas(8) int b;

static void *setter(void *arg) {
  (void)arg;
  a = 1;
  b = -1;
  return 0;
}

static void *checker(void *arg) {
  (void)arg;
  int x = a;
  int y = b;
  assert((x == 0 && y == 0) || (x == 1 && y == -1));
  return 0;
}

int main(void) {
  pthread_t t[S + C];
  for (int k = 0; k < S; k++) pthread_create(&t[k], 0, setter, 0);
  for (int k = 0; k < C; k++) pthread_create(&t[S + k], 0, checker, 0);
  for (int k = 0; k < S + C; k++) pthread_join(t[k], 0);
  return 0;
}
