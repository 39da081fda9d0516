// A deadlock's waits line says who holds an rwlock: its writer, "(write-locked by T1, which has
// ended)" when T1 exited without unlocking it (in JSON held_by 1, holder_ended true), or its readers,
// "(read-locked by T1, T2)"; and a mutex's holder that exited, "(held by T1, which has ended)".
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck --check-prefix=WRITER %s < %t
// RUN: %dpu -j 1 --format=json %s > %t.json; test $? -eq 1
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); print([(b['thread'], b['held_by'], b['holder_ended']) for b in d['defects'][0]['blocked']])" %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu -j 1 -DREADERS %s > %t.r; test $? -eq 1
// RUN: FileCheck --check-prefix=READERS %s < %t.r
// RUN: %dpu -j 1 -DMUTEX %s > %t.m; test $? -eq 1
// RUN: FileCheck --check-prefix=MUTEX %s < %t.m
// WRITER: {{^}}  waits: T0 for T2 to end, T2 for 'rw' (write-locked by T1, which has ended){{$}}
// JSON: [(0, None, None), (2, 1, True)]
// READERS: {{^}}  waits: T0 for T3 to end, T3 for 'rw' (read-locked by T{{[12]}}, T{{[12]}}){{$}}
// MUTEX: {{^}}  waits: T0 for T2 to end, T2 for 'm' (held by T1, which has ended){{$}}
#include <pthread.h>

static pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *keep(void *arg) { // takes the lock and never gives it back
  (void)arg;
#if defined(READERS)
  pthread_rwlock_rdlock(&rw);
#elif defined(MUTEX)
  pthread_mutex_lock(&m);
#else
  pthread_rwlock_wrlock(&rw);
#endif
  return NULL;
}

static void *want(void *arg) {
  (void)arg;
#if defined(READERS)
  pthread_rwlock_wrlock(&rw);
  pthread_rwlock_unlock(&rw);
#elif defined(MUTEX)
  pthread_mutex_lock(&m);
  pthread_mutex_unlock(&m);
#else
  pthread_rwlock_rdlock(&rw);
  pthread_rwlock_unlock(&rw);
#endif
  return NULL;
}

int main(void) {
  pthread_t t[3];
  pthread_create(&t[0], NULL, keep, NULL);
  pthread_join(t[0], NULL);
#ifdef READERS
  pthread_create(&t[1], NULL, keep, NULL);
  pthread_join(t[1], NULL);
  pthread_create(&t[2], NULL, want, NULL);
  pthread_join(t[2], NULL);
#else
  pthread_create(&t[1], NULL, want, NULL);
  pthread_join(t[1], NULL);
#endif
  return 0;
}
