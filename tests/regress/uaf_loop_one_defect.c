// A use after free in a loop, at one line, is one defect, whatever element of the freed block
// the loop reached: the offset in the block is left out of the defect's identity. It was a
// defect per offset (3 here; a user test).
// RUN: %dpu -j 1 %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: dpu: defect 1: memory error: use after free: read of 4 bytes at offset {{[048]}} of a
// CHECK-SAME: heap block of 12 bytes (at {{.*}}uaf_loop_one_defect.c:30 in worker);
// CHECK-SAME: allocated by T0 (calloc) at {{.*}}uaf_loop_one_defect.c:38 in main
// CHECK-NOT: dpu: defect 2
// CHECK: dpu: summary: 1 defects, 4 max-configs, 0 SSBs
// A read that strlen or memcpy makes says which (it read as a plain read of the caller's).
// RUN: %dpu -j 1 -DVIA_STRLEN %s > %t.s; test $? -eq 1
// RUN: FileCheck --check-prefix=STRLEN %s < %t.s
// STRLEN: dpu: defect 1: memory error: use after free: read of 1 byte at offset {{[048]}} of a
// STRLEN-SAME: heap block of 12 bytes (at {{.*}}uaf_loop_one_defect.c:28 in worker, in strlen)
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int *a;

static void *worker(void *arg) {
  int sum = 0;
  for (int i = 0; i < 3; i++) {
    pthread_mutex_lock(&m);
#ifdef VIA_STRLEN
    sum += (int)strlen((const char *)(a + i));
#else
    sum += a[i];
#endif
    pthread_mutex_unlock(&m);
  }
  return (void *)(long)(sum + (arg != NULL));
}

int main(void) {
  a = calloc(3, sizeof *a);
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_mutex_lock(&m);
  free(a);
  pthread_mutex_unlock(&m);
  pthread_join(t, NULL);
  return 0;
}
