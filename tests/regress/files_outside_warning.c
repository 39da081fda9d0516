// A file written outside the directories dpu keeps apart between runs (the working
// directory, /tmp and /dev/shm: runtime/isolate.h) is named in a warning, once per
// exploration, on stderr: here /var/tmp, through fopen in one thread and open(2) in the
// other. The program removes its file again, so each run starts without it; 2 max-configs.
// RUN: rm -rf %t.d && mkdir %t.d && cd %t.d && %dpu %s > %t 2> %t.err; test $? -eq 0
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=WARN %s < %t.err
// RUN: grep -c 'dpu: warning' %t.err | FileCheck --check-prefix=ONCE %s
// CHECK: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs,
// WARN: dpu: warning: the program writes /var/tmp/dpu-outside-warning-test{{[12]}}, outside the directories kept apart between runs ({{.*}}/tmp, /dev/shm{{.*}}): a run may see what an earlier run wrote there
// ONCE: {{^}}1{{$}}
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *with_fopen(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  FILE *f = fopen("/var/tmp/dpu-outside-warning-test1", "w");
  if (f) fclose(f);
  unlink("/var/tmp/dpu-outside-warning-test1");
  pthread_mutex_unlock(&m);
  return NULL;
}

static void *with_open(void *arg) {
  (void)arg;
  pthread_mutex_lock(&m);
  int fd = open("/var/tmp/dpu-outside-warning-test2", O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (fd >= 0) close(fd);
  unlink("/var/tmp/dpu-outside-warning-test2");
  pthread_mutex_unlock(&m);
  return NULL;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, NULL, with_fopen, NULL);
  pthread_create(&b, NULL, with_open, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  return 0;
}
