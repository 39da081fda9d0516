// File isolation over many runs, both ways a runner undoes a run's writes
// (runtime/isolate.h). Six workers, under one mutex, each append a line to ./seed.log, a file
// that exists before dpu starts (one line), and to ./out.log, which does not; main checks
// that seed.log has 7 lines and out.log 6. The 6! = 720 orders of the critical sections are
// 720 max-configs, and each run must find the files as dpu found them. out.log alone could
// be unlinked through the overlay after each run; the append to seed.log copies it up, so
// every run is followed by a fresh overlay stacked on the old ones, and a runner retires
// when 256 are stacked (the first three, over the working directory, /tmp and /dev/shm,
// included): the exploration goes through three runners (--stats). No defect, no warning,
// seed.log unchanged and no out.log left behind.
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && echo seed > seed.log && %dpu -j 1 %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: FileCheck --allow-empty --check-prefix=ERR %s < %t.err
// RUN: test ! -e %t.d/out.log && test "$(cat %t.d/seed.log)" = seed
// RUN: cd %t.d && %dpu -j 1 --stats %s | FileCheck --check-prefix=STATS %s
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 720 max-configs, 0 SSBs, 720 runs,
// ERR-NOT: {{.}}
// STATS: dpu: stats: runs 720, max-configs 720, SSBs 0, runners 3
#include <pthread.h>
#include <stdio.h>

#define N 6
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void append(const char *path, long i) {
  FILE *f = fopen(path, "a");
  fprintf(f, "worker %ld\n", i);
  fclose(f);
}

static int lines(const char *path) {
  FILE *f = fopen(path, "r");
  int n = 0, c;
  while (f && (c = fgetc(f)) != EOF) n += c == '\n';
  if (f) fclose(f);
  return n;
}

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  append("seed.log", (long)arg);
  append("out.log", (long)arg);
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  return lines("seed.log") == N + 1 && lines("out.log") == N ? 0 : 3;
}
