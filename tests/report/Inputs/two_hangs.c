/* Two distinct hangs, one per trace, for tests/report/progress.c: each worker marks `taken`
 * under m; the one that takes it first spins forever, after its unlock: T1 at one line in one
 * trace, T2 at another in the other. */
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int taken; /* protected by m */
static volatile int spin = 1; static volatile unsigned long ticks; /* not a spin: see plainspin.c */

static void *first(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  int mine = !taken;
  taken = 1;
  pthread_mutex_unlock(&m);
  while (mine && spin) { ticks++;
  }
  return 0;
}

static void *second(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  int mine = !taken;
  taken = 1;
  pthread_mutex_unlock(&m);
  while (mine && spin) { ticks++;
  }
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, first, 0);
  pthread_create(&b, 0, second, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}
