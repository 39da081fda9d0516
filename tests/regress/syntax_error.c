// A program that does not compile: dpu exits 2 and stderr shows clang's diagnostic, then
// dpu's error line, which repeats clang's first error.
// RUN: %dpu %s 2> %t; test $? -eq 2
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=DPU %s < %t
// DPU: {{^}}dpu: error: {{.*}}syntax_error.c does not compile: {{.*}}syntax_error.c:13:12: error: expected ';' after expression{{$}}
#include <pthread.h>
#include <stdio.h>

int main(void) {
  int x = 1;
  // CHECK: syntax_error.c:[[@LINE+1]]:{{[0-9]+}}: error: expected ';'
  x = x + 1
  return x;
}
