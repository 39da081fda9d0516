// The memory line of a race on a one-byte global says "1 byte", not "1 bytes" (seen on a
// thread pool's unguarded `bool shutting_down`). Derivation: main and T1 both write flag, no
// synchronisation between them: one write/write race, found in the first run; after the race
// the exploration makes the two writes visible and orders them both ways: 2 max-configs.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// CHECK: {{^}}dpu: defect 1: data race: write of 1 byte to 'flag' at {{.*}}race_one_byte.c:[[#@LINE+19]] in main (T0) and write at {{.*}}race_one_byte.c:[[#@LINE+12]] in setter (T1){{$}}
// CHECK: {{^}}  memory: 'flag' (a global of 1 byte) at {{0x[0-9a-f]+}}{{$}}
// CHECK-NOT: dpu: defect
// CHECK: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs,
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

static bool flag;

static void *setter(void *arg) {
  (void)arg;
  flag = true;
  return NULL;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, setter, NULL);
  flag = false;
  pthread_join(t, NULL);
  return 0;
}
