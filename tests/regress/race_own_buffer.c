// The race detector's cost stays flat when one thread writes the same bytes again in each new
// epoch (issue 37's user test): a worker fills a 256-byte stack buffer byte by byte, then makes
// a release (an atomic read-modify-write) and does it again, 3,000 times, while main waits in
// its join. Each byte's older cell was kept (main never synchronised with the worker), the
// cells of a granule grew without bound, and the correct program ran for more than 5 s: a false
// `hang`. Now a newer access of the same bytes at the same site takes the older one's place.
// RUN: %dpu -j 1 %s > %t 2>&1; test $? -eq 0
// RUN: FileCheck %s < %t
// CHECK-NOT: hang
// CHECK-NOT: incomplete
// CHECK: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs,
#include <pthread.h>
#include <stdatomic.h>

static atomic_long rounds;

static unsigned fill(unsigned char *buf, unsigned n, unsigned seed) {
  unsigned char sum = 0;
  for (unsigned i = 1; i < n; i++) {
    buf[i] = (unsigned char)(seed * i);
    sum ^= buf[i];
  }
  buf[0] = sum;
  return buf[0];
}

static void *worker(void *arg) {
  unsigned total = 0;
  for (unsigned k = 0; k < 3000; k++) {
    unsigned char buf[256];
    total += fill(buf, sizeof buf, k);
    atomic_fetch_add(&rounds, 1);
  }
  return (void *)(long)total;
}

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
