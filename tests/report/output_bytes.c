// Program output that is not valid UTF-8 (a Latin-1 byte, a NUL byte) still makes valid JSON
// and SARIF documents: each invalid byte becomes U+FFFD, NUL is kept (\u0000); the text
// report keeps the bytes as written. One thread, one trace, one assertion failure.
// RUN: %dpu --format=json -o %t.json %s > %t; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu --format=sarif -o %t.sarif %s > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s
// RUN: %python -c "import sys; d=open(sys.argv[1],'rb').read(); print(b'  | caf\xe9 \x00 tab\there\n' in d)" %t | FileCheck --check-prefix=TEXT %s
#include <assert.h>
#include <stdio.h>

int main(void) {
  printf("caf\xe9 ");
  putchar(0);
  printf(" tab\there\n");
  assert(0 && "bytes");
  return 0;
}

// JSON: defect 1 output "caf\ufffd \u0000 tab\there\n"
// SARIF: result 1 dpu/assertion-failure level error occurrences 1 at output_bytes.c:16 main
// TEXT: True
