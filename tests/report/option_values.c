// Option values (issue #13): --max-runs=0 and --timeout=0 mean "no limit" (the defaults), and
// every invalid value is exit 2 with a line that says what the option accepts.
// RUN: %dpu --max-runs=0 --timeout=0 %S/Inputs/clean.c > %t.zero; test $? -eq 0
// RUN: FileCheck --check-prefix=ZERO %s < %t.zero
// ZERO-NOT: incomplete
// ZERO: {{^}}dpu: summary: 0 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s{{$}}
// RUN: %dpu --help | FileCheck --check-prefix=HELP %s
// HELP: --timeout=SECONDS {{.*}}; 0 = no limit
// HELP: --max-runs=N {{.*}}; 0 = no limit (the default)
//
// RUN: %dpu --por=fast %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=POR %s < %t.e
// POR: {{^}}dpu: error: invalid value 'fast' for --por (expected qpor or none){{$}}
// RUN: %dpu --timeout=-1 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=TIMEOUT %s < %t.e
// TIMEOUT: {{^}}dpu: error: invalid value '-1' for --timeout (expected a number of seconds >= 0; 0 = no limit){{$}}
// RUN: %dpu --timeout=nan %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=NAN %s < %t.e
// NAN: {{^}}dpu: error: invalid value 'nan' for --timeout (expected a number of seconds >= 0; 0 = no limit){{$}}
// RUN: %dpu --run-timeout=0 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=RUNTIMEOUT %s < %t.e
// RUNTIMEOUT: {{^}}dpu: error: invalid value '0' for --run-timeout (expected a number of seconds > 0){{$}}
// RUN: %dpu --max-runs=-3 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=MAXRUNS %s < %t.e
// MAXRUNS: {{^}}dpu: error: invalid value '-3' for --max-runs (expected an integer >= 0; 0 = no limit){{$}}
// RUN: %dpu --max-steps=0 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=MAXSTEPS %s < %t.e
// MAXSTEPS: {{^}}dpu: error: invalid value '0' for --max-steps (expected an integer from 1 to 4294967295){{$}}
// RUN: %dpu --max-events=8 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=MAXEVENTS %s < %t.e
// MAXEVENTS: {{^}}dpu: error: invalid value '8' for --max-events (expected an integer from 16 to 67108864){{$}}
// RUN: %dpu -k 65 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=K %s < %t.e
// K: {{^}}dpu: error: invalid value '65' for -k (expected an integer from 0 to 64){{$}}
// RUN: %dpu --skip-step=1 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=SKIP %s < %t.e
// SKIP: {{^}}dpu: error: invalid value '1' for --skip-step (expected an integer from 2 to 1024){{$}}
// RUN: %dpu --steps-shown=many %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=SHOWN %s < %t.e
// SHOWN: {{^}}dpu: error: invalid value 'many' for --steps-shown (expected an integer from 0 to 2147483647; 0 = all){{$}}
// RUN: %dpu --stack-size=1K %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=STACK %s < %t.e
// STACK: {{^}}dpu: error: invalid value '1K' for --stack-size (expected a size of at least 16384 bytes, e.g. 64K, 8M){{$}}
// RUN: %dpu --heap-size=1x %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=HEAP %s < %t.e
// HEAP: {{^}}dpu: error: invalid value '1x' for --heap-size (expected a size of at least 4096 bytes, e.g. 64K, 1G){{$}}
// RUN: %dpu --max-threads=1025 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=THREADS %s < %t.e
// THREADS: {{^}}dpu: error: invalid value '1025' for --max-threads (expected an integer from 1 to 1024){{$}}
// RUN: %dpu --format=xml %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=FORMAT %s < %t.e
// FORMAT: {{^}}dpu: error: invalid value 'xml' for --format (expected text, json or sarif){{$}}
// RUN: %dpu -o '' %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=OUTPUT %s < %t.e
// OUTPUT: {{^}}dpu: error: invalid value '' for -o (expected a file name){{$}}
// The options whose errors already said what they take.
// RUN: %dpu --races=maybe %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=RACES %s < %t.e
// RACES: {{^}}dpu: error: --races takes on, report or off, not 'maybe'{{$}}
// RUN: %dpu --nondet=x %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=NONDET %s < %t.e
// NONDET: {{^}}dpu: error: invalid value 'x' for --nondet (expected an integer, or range:LO..HI){{$}}
// RUN: %dpu --nondet=range:0..256 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=RANGE %s < %t.e
// RUN: %dpu --nondet=range:3..2 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=RANGE %s < %t.e
// RANGE: {{^}}dpu: error: invalid value 'range:{{.*}}' for --nondet (expected range:LO..HI with LO <= HI and at most 256 values){{$}}
// RUN: %dpu --visible-sites=a %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=VISIBLE %s < %t.e
// VISIBLE: {{^}}dpu: error: --visible-sites takes site ids, e.g. 12,15, not 'a'{{$}}
// RUN: %dpu --replay=0-1 %s 2> %t.e; test $? -eq 2; FileCheck --check-prefix=REPLAY %s < %t.e
// REPLAY: {{^}}dpu: error: invalid replay schedule '0-1' (expected THREAD:COUNT,...){{$}}
int main(void) { return 0; }
