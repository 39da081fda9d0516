/* Memory-heavy benchmark of the race detector (issue #9): N worker threads (-DN=..., default 2)
 * each sum a 64 KiB int array under one mutex, then add the sum to a shared total in a second
 * critical section on the same mutex. The array is a global that main fills before creating
 * the threads (so the workers' reads are ordered after main's writes by pthread_create; the
 * mutex is not needed for them but is held anyway, as in the description). Main joins
 * the workers and asserts the total.
 *
 * Race-free: dpu must report no defect. Per run: 16,384 stores by main, 16,384 loads per worker,
 * all of them checked by the race detector when races are on. Traces: two critical sections per
 * worker on one mutex, (2N)! / 2^N interleavings of them: 6 for N = 2, 90 for N = 3. */
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 2
#endif

#define LEN (64 * 1024 / (int)sizeof(int))

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int a[LEN];
static long total;

static void *worker(void *arg) {
  (void)arg;
  long s = 0;
  pthread_mutex_lock(&m);
  for (int i = 0; i < LEN; i++) s += a[i];
  pthread_mutex_unlock(&m);
  pthread_mutex_lock(&m);
  total += s;
  pthread_mutex_unlock(&m);
  return 0;
}

int main(void) {
  long expect = 0;
  for (int i = 0; i < LEN; i++) {
    a[i] = i % 97;
    expect += i % 97;
  }
  pthread_t t[N];
  for (int i = 0; i < N; i++) pthread_create(&t[i], 0, worker, 0);
  for (int i = 0; i < N; i++) pthread_join(t[i], 0);
  assert(total == N * expect);
  return 0;
}
