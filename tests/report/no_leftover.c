// No process of dpu outlives dpu (issue 37): right after dpu exits, whatever it did, no other
// process of its session is left, alive or a zombie. With -j 2, the zygote's second server
// outlived the zygote by a moment and became a zombie of PID 1 at every run (in a container
// whose PID 1 does not reap, they piled up); the zygote now reaps every child before it exits.
// RUN: %python %inputs/session_left.py %dpu -j 2 --format=json -o %t.json %S/../../examples/bank.c > %t
// RUN: %python %inputs/session_left.py %dpu -j 1 %S/../../examples/bank.c >> %t
// RUN: %python %inputs/session_left.py %dpu --por=none %S/../../examples/bank.c >> %t
// RUN: %python %inputs/session_left.py %dpu -j 2 --max-runs=3 %S/../../examples/bank.c >> %t
// RUN: %python %inputs/session_left.py %dpu -j 2 --run-timeout=0.2 %S/../regress/hang_always.c >> %t
// RUN: %python %inputs/session_left.py %dpu -j 2 %S/../regress/crash_always.c >> %t
// RUN: %python %inputs/session_left.py %dpu replay 0:1 %S/../../examples/bank.c >> %t
// RUN: FileCheck %s < %t
// CHECK: {{^}}left 0 exit 1{{$}}
// CHECK-NEXT: {{^}}left 0 exit 1{{$}}
// CHECK-NEXT: {{^}}left 0 exit 1{{$}}
// CHECK-NEXT: {{^}}left 0 exit {{[13]}}{{$}}
// CHECK-NEXT: {{^}}left 0 exit 1{{$}}
// CHECK-NEXT: {{^}}left 0 exit 1{{$}}
// CHECK-NEXT: {{^}}left 0 exit {{[0-9]}}{{$}}
