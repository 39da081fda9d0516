// Inputs that cannot be turned into a runnable program (issue #13): each exits 2 with one
// "dpu: error:" line that names the file or the symbol and where it is used (never dpu's
// internal __dpu_* symbols), and with --format=json or sarif a document in state "error"
// whose reason is that line. Exit 4 is left for dpu's own bugs.
//
// A binary file named .c: clang's first 20 diagnostics, then how many more there were (issue
// 37: 411 lines of them), and the first error is the reason.
// RUN: head -c 3000 %dpu > %t.binary.c
// RUN: %dpu %t.binary.c > %t.binary.out 2> %t.binary.err; test $? -eq 2
// RUN: FileCheck --check-prefix=BINARY %s < %t.binary.err
// RUN: test $(grep -c -E ': (warning|error): ' %t.binary.err) -le 21
// BINARY: {{^[0-9]+}} warnings and {{[0-9]+}} errors generated.{{$}}
// BINARY-NEXT: {{^}}dpu: note: {{[0-9]+}} more of clang's diagnostics not shown (the first 20 are above){{$}}
// BINARY-NEXT: {{^}}dpu: error: {{.*}}binary.c does not compile: {{.*}}binary.c:1:1: error: {{.*}}
//
// A .bc file that is not bitcode (LLVM's own handler printed "error: ..." and exited 1).
// RUN: printf 'not bitcode at all' > %t.garbage.bc
// RUN: %dpu %t.garbage.bc > %t.bc.out 2> %t.bc.err; test $? -eq 2
// RUN: FileCheck --check-prefix=BC %s < %t.bc.err
// BC: {{^}}dpu: error: {{.*}}garbage.bc is not valid LLVM bitcode: Invalid bitcode signature{{$}}
// RUN: %dpu --format=json -o %t.bc.json %t.garbage.bc 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.bc.json | FileCheck --check-prefix=BCJSON %s
// BCJSON: state error exit_code 2 reason "{{.*}}garbage.bc is not valid LLVM bitcode: Invalid bitcode signature"
// BCJSON-NEXT: summary defects 0 traces_with_defects 0 max_configs 0 ssbs 0
// RUN: %dpu --format=sarif -o %t.bc.sarif %t.garbage.bc 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.bc.sarif | FileCheck --check-prefix=BCSARIF %s
// BCSARIF: sarif 2.1.0 runs 1 results 0
// BCSARIF-NEXT: invocation successful false exit_code 2 notes 1
// BCSARIF-NEXT: note error The program cannot be explored: {{.*}}garbage.bc is not valid LLVM bitcode: Invalid bitcode signature.
//
// A .ll file that is not IR, and a file that is none of .c, .i, .bc, .ll.
// RUN: printf 'int x;\n' > %t.notir.ll
// RUN: %dpu %t.notir.ll 2> %t.ll.err; test $? -eq 2
// RUN: FileCheck --check-prefix=LL %s < %t.ll.err
// LL: {{^}}dpu: error: {{.*}}notir.ll is not valid LLVM IR: {{.*}}notir.ll:1:1: error: expected top-level entity
// RUN: printf 'hello\n' > %t.txt
// RUN: %dpu %t.txt 2> %t.txt.err; test $? -eq 2
// RUN: FileCheck --check-prefix=TXT %s < %t.txt.err
// TXT: {{^}}dpu: error: {{.*}}.txt: unknown kind of input (expected .c, .i, .bc or .ll){{$}}
//
// Two inputs that both define main (LLVM's linker exited 1): both places are named.
// RUN: %dpu %s %S/Inputs/clean.c > %t.two.out 2> %t.two.err; test $? -eq 2
// RUN: FileCheck --check-prefix=TWO %s < %t.two.err
// (TWO is checked at main, FN at the call.)
// RUN: %dpu --format=json -o %t.two.json %s %S/Inputs/clean.c 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.two.json | FileCheck --check-prefix=TWOJSON %s
// TWOJSON: state error exit_code 2 reason "function 'main' is defined twice: in {{.*}}bad_input.c:{{[0-9]+}} and in {{.*}}Inputs/clean.c:17"
//
// A call to a function that no input defines (the JIT failed: exit 4, naming __dpu_* symbols),
// and a variable that none defines.
// RUN: %dpu -DUNDEFINED_FUNCTION %s > %t.fn.out 2> %t.fn.err; test $? -eq 2
// RUN: FileCheck --check-prefix=FN %s < %t.fn.err
// RUN: FileCheck --check-prefix=NOTINTERNAL %s < %t.fn.err
// NOTINTERNAL-NOT: __dpu
// RUN: %dpu -DUNDEFINED_FUNCTION --format=json %s > %t.fn.json 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.fn.json | FileCheck --check-prefix=FNJSON %s
// FNJSON: state error exit_code 2 reason "undefined function 'frobnicate' (first used at {{.*}}bad_input.c:{{[0-9]+}} in worker): no input defines it and the C library does not have it"
// RUN: %dpu -DUNDEFINED_VARIABLE %s 2> %t.var.err; test $? -eq 2
// RUN: FileCheck --check-prefix=VAR %s < %t.var.err
// VAR: {{^}}dpu: error: undefined variable 'frobnication_level' (first used at {{.*}}bad_input.c:{{[0-9]+}} in worker): no input defines it and the C library does not have it{{$}}
//
// A symbol that only the JIT sees (in inline assembly) cannot be materialised: the same
// error, with what the JIT said.
// RUN: %dpu -DUNDEFINED_IN_ASM %s 2> %t.asm.err; test $? -eq 2
// RUN: FileCheck --check-prefix=ASM %s < %t.asm.err
// RUN: FileCheck --check-prefix=NOTINTERNAL %s < %t.asm.err
// ASM: {{^}}dpu: error: cannot load the program: Symbols not found: [ frobnicate_in_asm ]{{$}}
// RUN: %dpu -DUNDEFINED_IN_ASM --format=json %s > %t.asm.json 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.asm.json | FileCheck --check-prefix=ASMJSON %s
// ASMJSON: state error exit_code 2 reason "cannot load the program: Symbols not found: [ frobnicate_in_asm ]"
//
// Inline assembly the JIT can assemble runs (it used to stop the JIT with a fatal error).
// RUN: %dpu -DPAUSE_IN_ASM %s > %t.pause.out; test $? -eq 0
// RUN: FileCheck --check-prefix=PAUSE %s < %t.pause.out
// PAUSE: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
#include <pthread.h>

#ifdef UNDEFINED_FUNCTION
int frobnicate(int);
#endif
#ifdef UNDEFINED_VARIABLE
extern int frobnication_level;
#endif

static void *worker(void *arg) {
#ifdef UNDEFINED_FUNCTION
  // FN: {{^}}dpu: error: undefined function 'frobnicate' (first used at {{.*}}bad_input.c:[[@LINE+1]] in worker): no input defines it and the C library does not have it{{$}}
  return (void *)(long)frobnicate(1);
#elif defined UNDEFINED_VARIABLE
  return (void *)(long)frobnication_level;
#elif defined UNDEFINED_IN_ASM
  __asm__ volatile("call frobnicate_in_asm" ::: "memory");
#elif defined PAUSE_IN_ASM
  __asm__ volatile("pause");
#endif
  return arg;
}

// TWO: {{^}}dpu: error: function 'main' is defined twice: in {{.*}}bad_input.c:[[@LINE+1]] and in {{.*}}Inputs/clean.c:17{{$}}
int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
