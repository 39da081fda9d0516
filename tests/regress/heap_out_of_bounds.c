// A heap out-of-bounds access is a memory error (issue #13): the loop writes a[10] of a
// 10-int block, just past its end (offset 40), which lands in the padding and header
// before the next block. Reads just past the end are caught the same way, through the
// runtime's models too (memcpy here reads 4 bytes past the block at line 27 when n is 11).
// One thread, 1 max-config per program argument.
// RUN: %dpu %s > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %dpu %s -- memcpy > %t.memcpy; test $? -eq 1
// RUN: FileCheck --check-prefix=MEMCPY %s < %t.memcpy
// CHECK: dpu: defect 1: memory error: heap out of bounds: write of 4 bytes at offset 40 of a heap block of 40 bytes (at {{.*}}heap_out_of_bounds.c:28 in main); allocated by T0 at {{.*}}heap_out_of_bounds.c:20 in main
// CHECK: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs,
// MEMCPY: dpu: defect 1: memory error: heap out of bounds: read of 44 bytes at offset 0 of a heap block of 40 bytes (at {{.*}}heap_out_of_bounds.c:25 in main, in memcpy); allocated by T0 at {{.*}}heap_out_of_bounds.c:20 in main
// MEMCPY: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs,
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  (void)argv;
  int copy[11];
  int *a = malloc(10 * sizeof *a);
  if (argc > 1) {
    size_t n = 11;
    for (int i = 0; i < 10; i++)
      a[i] = i;
    memcpy(copy, a, n * sizeof *a);
    return copy[0];
  }
  for (int i = 0; i <= 10; i++) a[i] = i;
  free(a);
  return 0;
}
