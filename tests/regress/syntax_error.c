// A program that does not compile: dpu exits 2 and stderr shows clang's diagnostic.
// RUN: %dpu %s 2> %t; test $? -eq 2
// RUN: FileCheck %s < %t
#include <pthread.h>
#include <stdio.h>

int main(void) {
  int x = 1;
  // CHECK: syntax_error.c:[[@LINE+1]]:{{[0-9]+}}: error: expected ';'
  x = x + 1
  return x;
}
