/* A hit counter with a data race: the request handlers count hits under hits_lock, but the
 * statistics thread reads the counter under stats_lock, another mutex. Nothing orders its read
 * after the handlers' writes, in any interleaving: a data race, which C11 makes undefined
 * behaviour (a compiler may, say, keep the counter in a register).
 *
 *   dpu examples/hits.c
 */
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t hits_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t stats_lock = PTHREAD_MUTEX_INITIALIZER;
static int hits;

static void count_hit(void) {
  pthread_mutex_lock(&hits_lock);
  hits++;
  pthread_mutex_unlock(&hits_lock);
}

static void *handle_request(void *arg) {
  (void)arg;
  count_hit();
  return NULL;
}

static void *print_stats(void *arg) {
  (void)arg;
  pthread_mutex_lock(&stats_lock);
  printf("hits so far: %d\n", hits);
  pthread_mutex_unlock(&stats_lock);
  return NULL;
}

int main(void) {
  pthread_t req1, req2, stats;
  pthread_create(&req1, NULL, handle_request, NULL);
  pthread_create(&req2, NULL, handle_request, NULL);
  pthread_create(&stats, NULL, print_stats, NULL);
  pthread_join(req1, NULL);
  pthread_join(req2, NULL);
  pthread_join(stats, NULL);
  printf("hits: %d\n", hits);
  return 0;
}
