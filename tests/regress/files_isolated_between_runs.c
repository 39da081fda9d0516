// Every run sees the files of the first (issue #13): two workers append a line each to
// ./out.log under a mutex and main checks, after joining them, that the file has 2 lines.
// Before file isolation every run appended to the same file, so the second run found 4
// lines and failed ("main returned 3"), and so did every later dpu invocation. Now each run
// writes into a private overlay of the working directory (runtime/isolate.h): 2 max-configs
// (the two orders of the workers' critical sections), no defect, and no out.log is left
// behind. The workers also leave a descriptor open(2) gave them (closed between runs). With
// the argument "tmp", main first creates /tmp/dpu-isolated-excl with O_EXCL and returns 4 if
// it exists: /tmp is isolated too, and nothing is left there. --shared-files turns isolation
// off: the second run sees 4 lines, and the file stays.
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %dpu %s -- tmp > %t; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: test ! -e %t.d/out.log && test ! -e %t.d/scratch.bin && test ! -e /tmp/dpu-isolated-excl
// RUN: cd %t.d && %dpu --shared-files %s > %t.shared; test $? -eq 1
// RUN: FileCheck --check-prefix=SHARED %s < %t.shared
// RUN: test -s %t.d/out.log
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs,
// SHARED: dpu: defect 1: non-zero exit: main returned 3
// SHARED: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static int lines(void) {
  FILE *f = fopen("out.log", "r");
  if (!f) return 0;
  int n = 0, c;
  while ((c = fgetc(f)) != EOF) n += c == '\n';
  fclose(f);
  return n;
}

static void *worker(void *arg) {
  pthread_mutex_lock(&m);
  FILE *f = fopen("out.log", "a");
  fprintf(f, "worker %ld\n", (long)arg);
  fclose(f);
  int fd = open("scratch.bin", O_WRONLY | O_CREAT | O_APPEND, 0644);
  if (fd >= 0 && write(fd, "x", 1) != 1) fd = -1; /* left open on purpose */
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1 && argv[1][0] == 't' &&
      open("/tmp/dpu-isolated-excl", O_WRONLY | O_CREAT | O_EXCL, 0600) < 0)
    return 4;
  pthread_t t[2];
  for (long i = 0; i < 2; i++) pthread_create(&t[i], NULL, worker, (void *)i);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  if (lines() != 2) return 3;
  return 0;
}
