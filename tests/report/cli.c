// The command line of reports: exit codes (docs/design.md §8), `dpu replay`, --format and -o.
//
// A replay line repeats the compile flags and the program's arguments, quoted for the shell,
// and `dpu replay` runs it: the same defect.
// RUN: %dpu -j 1 "-DWORD=\"two words\"" %S/Inputs/args.c -- "two words" > %t.args; test $? -eq 1
// RUN: FileCheck -DFILE=%S/Inputs/args.c --check-prefix=ARGS %s < %t.args
// RUN: %python %inputs/replay_check.py %dpu %t.args | FileCheck -DFILE=%S/Inputs/args.c --check-prefix=ARGSREPLAY %s
// The whole report; the only live thread at the abort is T0, in main at the abort() of line 29.
// ARGS: {{^}}dpu: defect 1: abort: abort() called (at [[FILE]]:29 in main){{$}}
// ARGS-NEXT: {{^}}  interleaving (2 threads, 9 steps):{{$}}
// ARGS-NEXT: {{^}}  #1    T0   start{{$}}
// ARGS-NEXT: {{^}}  #2    T0   pthread_create         T1                       [[FILE]]:23 main{{$}}
// ARGS-NEXT: {{^}}  #3    T1   start                                           [[FILE]]:23 main{{$}}
// ARGS-NEXT: {{^}}  #4    T0   pthread_mutex_lock     'm'                      [[FILE]]:24 main{{$}}
// ARGS-NEXT: {{^}}  #5    T0   pthread_mutex_unlock   'm'                      [[FILE]]:26 main{{$}}
// ARGS-NEXT: {{^}}  #6    T1   pthread_mutex_lock     'm'                      [[FILE]]:14 worker{{$}}
// ARGS-NEXT: {{^}}  #7    T1   pthread_mutex_unlock   'm'                      [[FILE]]:17 worker{{$}}
// ARGS-NEXT: {{^}}  #8    T1   exit-thread{{$}}
// ARGS-NEXT: {{^}}  #9    T0   pthread_join           T1                       [[FILE]]:27 main{{$}}
// ARGS-NEXT: {{^}}  stack of T0:{{$}}
// ARGS-NEXT: {{^}}    #0 main at [[FILE]]:29{{$}}
// ARGS-NEXT: {{^}}  output:{{$}}
// ARGS-NEXT: {{^}}  | argument: two words{{$}}
// ARGS-NEXT: {{^}}  replay: dpu replay 0:2,1:1,0:2,1:3,0:1 '-DWORD="two words"' [[FILE]] -- 'two words'{{$}}
// ARGS-NEXT: {{^}}dpu: traces with defects: 1 of 2 (defect 1 in 1){{$}}
// ARGS-NEXT: {{^}}dpu: summary: 1 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}
// ARGS-NOT: {{.}}
// ARGSREPLAY: replay of defect 1: exit 1, same 16-line block: abort: abort() called (at [[FILE]]:29 in main)
// ARGSREPLAY-NOT: {{.}}
//
// A replay that shows no defect prints the run's output and exits 0.
// RUN: %dpu replay 0:2,1:3 "-DWORD=\"two words\"" %S/Inputs/args.c -- "two words" > %t.clean; test $? -eq 0
// RUN: FileCheck --check-prefix=REPLAYCLEAN %s < %t.clean
// REPLAYCLEAN: {{^}}  output:{{$}}
// REPLAYCLEAN-NEXT: {{^}}  | argument: two words{{$}}
// REPLAYCLEAN-NEXT: {{^}}dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs, {{[0-9.]+}} s{{$}}
//
// Usage errors exit 2.
// RUN: %dpu replay > /dev/null 2> %t.e1; test $? -eq 2
// RUN: FileCheck --check-prefix=E1 %s < %t.e1
// E1: dpu: error: dpu replay needs a schedule, e.g. dpu replay 0:3,1:2 prog.c
// Options may come before the subcommand, as a user types them.
// RUN: %dpu -j 1 replay 0:1 %S/Inputs/clean.c | FileCheck --check-prefix=BEFORE %s
// BEFORE: dpu: summary: 0 defects, 1 max-configs, 0 SSBs, 1 runs
// RUN: %dpu -q replay > /dev/null 2> %t.e0; test $? -eq 2
// RUN: FileCheck --check-prefix=E1 %s < %t.e0
// RUN: %dpu replay 0:x %S/Inputs/clean.c > /dev/null 2> %t.e2; test $? -eq 2
// RUN: FileCheck --check-prefix=E2 %s < %t.e2
// E2: dpu: error: invalid replay schedule '0:x' (expected THREAD:COUNT,...)
// RUN: %dpu -j 1 --format=xml %S/Inputs/clean.c > /dev/null 2> %t.e3; test $? -eq 2
// RUN: FileCheck --check-prefix=E3 %s < %t.e3
// E3: dpu: error: invalid value 'xml' for --format
// RUN: %dpu -j 1 --format=json --print-traces %S/Inputs/clean.c > /dev/null 2> %t.e4; test $? -eq 2
// RUN: FileCheck --check-prefix=E4 %s < %t.e4
// E4: dpu: error: --print-traces and --show-output write to the text report: with --format=json, also give -o FILE
// RUN: %dpu -j 1 --format=json -o %t.no-such-dir/report.json %S/Inputs/clean.c > /dev/null 2> %t.e5; test $? -eq 2
// RUN: FileCheck --check-prefix=E5 %s < %t.e5
// E5: dpu: error: cannot write {{.*}}no-such-dir/report.json: No such file or directory
//
// A program that does not compile: exit 2, and a JSON document that says so, with clang's
// first error (it had only "does not compile": the diagnostics were on stderr alone).
// RUN: echo 'int main(void) { return 0 }' > %t.bad.c
// RUN: %dpu -j 1 --format=json -o %t.bad.json %t.bad.c > %t.bad.out 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.bad.json | FileCheck --check-prefix=BADJSON %s
// RUN: FileCheck --allow-empty --check-prefix=BADOUT %s < %t.bad.out
// BADJSON: state error exit_code 2 reason "{{.*}}.bad.c does not compile: {{.*}}.bad.c:1:26: error: expected ';' after return statement"
// BADJSON-NEXT: summary defects 0 traces_with_defects 0 max_configs 0 ssbs 0
// BADOUT-NOT: {{.}}
//
// No defect: exit 0, a complete document without defects; no "traces with defects" line.
// RUN: %dpu -j 1 --format=json -o %t.clean.json %S/Inputs/clean.c > %t.clean.out; test $? -eq 0
// RUN: %python %inputs/check_json.py %schema %t.clean.json | FileCheck --check-prefix=CLEANJSON %s
// RUN: FileCheck --check-prefix=CLEANOUT %s < %t.clean.out
// CLEANJSON: state complete exit_code 0 reason null
// CLEANJSON-NEXT: summary defects 0 traces_with_defects 0 max_configs 2 ssbs 0
// CLEANJSON-NOT: {{.}}
// CLEANOUT: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}
// CLEANOUT-NOT: {{.}}
//
// --format=text -o FILE: the text report goes to the file, nothing to stdout.
// RUN: %dpu -j 1 -o %t.text.txt %S/Inputs/clean.c > %t.text.out; test $? -eq 0
// RUN: FileCheck --check-prefix=CLEANOUT %s < %t.text.txt
// RUN: FileCheck --allow-empty --check-prefix=BADOUT %s < %t.text.out
