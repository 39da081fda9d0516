// A program that does not compile: dpu exits 2 and stderr shows clang's diagnostic, with its
// count, then dpu's error line, which repeats clang's first error. (Clang runs inside dpu:
// its count, which it writes at the end, came first once.)
// RUN: %dpu %s 2> %t; test $? -eq 2
// RUN: FileCheck %s < %t
// RUN: FileCheck --check-prefix=DPU %s < %t
// DPU: {{^}}1 error generated.{{$}}
// DPU-NEXT: {{^}}dpu: error: {{.*}}syntax_error.c does not compile: {{.*}}syntax_error.c:27:12: error: expected ';' after expression{{$}}
//
// An option that clang's driver rejects: its error, prefixed as clang's own, in dpu's line.
// RUN: %dpu --std=c77 %s 2> %t.std; test $? -eq 2
// RUN: FileCheck --check-prefix=STD %s < %t.std
// STD: {{^}}clang: error: invalid value 'c77' in '-std=c77'{{$}}
// STD: {{^}}dpu: error: {{.*}}syntax_error.c does not compile: clang: error: invalid value 'c77' in '-std=c77'{{$}}
//
// A fatal error (a header that does not exist) is the reason too; it was left out once.
// RUN: printf '#include "no_such_header_dpu.h"\nint main(void) { return 0; }\n' > %t.inc.c
// RUN: %dpu %t.inc.c 2> %t.inc; test $? -eq 2
// RUN: FileCheck --check-prefix=INC %s < %t.inc
// INC: {{^}}dpu: error: {{.*}}.inc.c does not compile: {{.*}}.inc.c:1:10: fatal error: 'no_such_header_dpu.h' file not found{{$}}
#include <pthread.h>
#include <stdio.h>

int main(void) {
  int x = 1;
  // CHECK: syntax_error.c:[[@LINE+1]]:{{[0-9]+}}: error: expected ';'
  x = x + 1
  return x;
}
