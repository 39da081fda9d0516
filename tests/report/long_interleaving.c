// A long interleaving in the text report: at most the first and last --steps-shown steps
// (default 50) and a line with how many were left out, and in those three or more equal steps
// in a row as one and a line that counts the others. JSON and SARIF have the same steps, with
// their numbers in the whole interleaving and the count of those left out (issue 37: a JSON
// report of 12 defects of 100,000 steps each was 783 MB); the replay schedule has them all.
// The program is regress/livelock_max_steps.c: main holds m and joins T1, which retries
// trylock(m) forever: one trace, cut at --max-steps (a hang with no thread at fault). Its 400
// steps: main's start, lock (line 25) and create (26), T1's start, then T1's failed trylocks
// (17).
// RUN: %dpu -j 1 --max-steps=400 --format=json -o %t.json %S/../regress/livelock_max_steps.c > %t; test $? -eq 1
// RUN: FileCheck -DFILE=%S/../regress/livelock_max_steps.c %s < %t
// The report is short: the defect line, the interleaving's header, of the first 50 steps 5
// and a line for the 45 equal trylocks after the fifth, the line of the 300 left out, of the
// last 50 steps one and a line for the 49 equal ones after it, 2 stacks of 2 lines, the line
// of the threads that could run (T1 alone: main waits in join), the output and replay lines,
// the count of traces and the summary.
// RUN: wc -l < %t | FileCheck --check-prefix=LINES %s
// RUN: FileCheck -DFILE=%S/../regress/livelock_max_steps.c --check-prefix=COULD %s < %t
// LINES: {{^}}20{{$}}
// COULD: {{^}}  could run: T1 pthread_mutex_trylock 'm' at [[FILE]]:17{{$}}
// COULD-NOT: threads could run
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// RUN: %dpu -j 1 --max-steps=400 --format=sarif -o %t.sarif %S/../regress/livelock_max_steps.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_sarif.py %sarif_multitool %t.sarif | FileCheck --check-prefix=SARIF %s
// With --steps-shown=0, every step in JSON too:
// RUN: %dpu -j 1 --max-steps=400 --steps-shown=0 --format=json -o %t.all.json %S/../regress/livelock_max_steps.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.all.json | FileCheck --check-prefix=JSONALL %s
// --steps-shown=N chooses N; 0 shows every step, and so does an interleaving of at most 2N.
// RUN: %dpu -j 1 --max-steps=400 --steps-shown=2 %S/../regress/livelock_max_steps.c > %t.2; test $? -eq 1
// RUN: FileCheck -DFILE=%S/../regress/livelock_max_steps.c --check-prefix=TWO %s < %t.2
// RUN: %dpu -j 1 --max-steps=400 --steps-shown=0 %S/../regress/livelock_max_steps.c > %t.all; test $? -eq 1
// RUN: grep -c '^  #[0-9]' %t.all | FileCheck --check-prefix=ALL %s
// RUN: %dpu -j 1 --max-steps=400 --steps-shown=200 %S/../regress/livelock_max_steps.c > %t.200; test $? -eq 1
// RUN: grep -c '^  #[0-9]' %t.200 | FileCheck --check-prefix=ALL %s
// RUN: not grep 'left out' %t.all %t.200
// ALL: {{^}}400{{$}}
// RUN: %dpu -j 1 --steps-shown=x %S/../regress/livelock_max_steps.c 2> %t.err; test $? -eq 2
// RUN: FileCheck --check-prefix=BAD %s < %t.err
// BAD: dpu: error: invalid value 'x' for --steps-shown
int main(void) { return 0; }

// CHECK: {{^}}dpu: defect 1: hang: run exceeded 400 steps; the last step: T1 pthread_mutex_trylock at [[FILE]]:17 in worker{{$}}
// CHECK-NEXT: {{^}}  interleaving (2 threads, 400 steps):{{$}}
// CHECK-NEXT: {{^}}  #1    T0   start{{$}}
// CHECK-NEXT: {{^}}  #2    T0   pthread_mutex_lock     'm'                      [[FILE]]:25 main{{$}}
// CHECK-NEXT: {{^}}  #3    T0   pthread_create         T1                       [[FILE]]:26 main{{$}}
// CHECK-NEXT: {{^}}  #4    T1   start                                           [[FILE]]:26 main{{$}}
// CHECK-NEXT: {{^}}  #5    T1   pthread_mutex_trylock  'm' (busy)               [[FILE]]:17 worker{{$}}
// CHECK-NEXT: {{^}}  ... the same step 45 more times (#6 to #50){{$}}
// CHECK-NEXT: {{^}}  ... 300 steps left out (#51 to #350; --steps-shown=0 shows them all){{$}}
// CHECK-NEXT: {{^}}  #351  T1   pthread_mutex_trylock  'm' (busy)               [[FILE]]:17 worker{{$}}
// CHECK-NEXT: {{^}}  ... the same step 49 more times (#352 to #400){{$}}
// CHECK-NEXT: {{^}}  stack of T0:{{$}}
// CHECK: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs, {{[0-9.]+}} s{{$}}

// TWO: {{^}}  interleaving (2 threads, 400 steps):{{$}}
// TWO-NEXT: {{^}}  #1    T0   start{{$}}
// TWO-NEXT: {{^}}  #2    T0   pthread_mutex_lock     'm'                      [[FILE]]:25 main{{$}}
// TWO-NEXT: {{^}}  ... 396 steps left out (#3 to #398; --steps-shown=0 shows them all){{$}}
// TWO-NEXT: {{^}}  #399  T1   pthread_mutex_trylock  'm' (busy)               [[FILE]]:17 worker{{$}}
// TWO-NEXT: {{^}}  #400  T1   pthread_mutex_trylock  'm' (busy)               [[FILE]]:17 worker{{$}}
// TWO-NEXT: {{^}}  stack of T0:{{$}}

// JSON: state complete exit_code 1 reason null
// JSON: defect 1 threads 2 steps 100 blocked 0 stacks 2 output_truncated false steps_total 400 steps_omitted 300
// JSON: defect 1 step 50 T1 pthread_mutex_trylock 0x#='m' busy livelock_max_steps.c:17 worker
// JSON-NEXT: defect 1 step 351 T1 pthread_mutex_trylock 0x#='m' busy livelock_max_steps.c:17 worker
// JSON: defect 1 step 400 T1 pthread_mutex_trylock 0x#='m' busy livelock_max_steps.c:17 worker
// JSON-NOT: defect 1 step
// JSON: defect 1 stack
// JSON: defect 1 replay dpu replay 0:3,1:397 --max-steps=400 livelock_max_steps.c
// SARIF: result 1 flow T0:3 T1:97 steps 100 omitted 300
// JSONALL: defect 1 threads 2 steps 400 blocked 0 stacks 2 output_truncated false{{$}}
// JSONALL: defect 1 step 200 T1 pthread_mutex_trylock 0x#='m' busy livelock_max_steps.c:17 worker
