// A run stopped by --timeout: its report, text and JSON (-o), holds every defect found before
// the deadline, and it exits 1, as any exploration that found defects does, with the state
// "incomplete" (issue 37: exit 3 let a CI job pass with 9 defects listed). Inputs/many.c has
// 10! traces and its assertion fails in the first ones; 1.5 s explores a few thousand.
// RUN: %dpu -j 1 --timeout=1.5 --format=json -o %t.json %S/Inputs/many.c > %t; test $? -eq 1
// RUN: FileCheck %s < %t
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// Without the assertion no defect is found: exit 3, incomplete.
// RUN: %dpu -j 1 --timeout=1 -DCLEAN %S/Inputs/many.c > %t.clean; test $? -eq 3
// RUN: FileCheck --check-prefix=CLEAN %s < %t.clean
// The same with --stop-on-defect: exit 1 at the first defect, state "stopped".
// RUN: %dpu -j 1 --stop-on-defect --format=json -o %t.stop.json %S/Inputs/many.c > %t.stop; test $? -eq 1
// RUN: FileCheck --check-prefix=STOP %s < %t.stop
// RUN: %python %inputs/check_json.py %schema %t.stop.json | FileCheck --check-prefix=STOPJSON %s

// CHECK: {{^}}dpu: defect 1: assertion failure: order[0] == 1 (at {{.*}}many.c:25 in main){{$}}
// CHECK-NEXT: {{^}}  interleaving (11 threads, {{[0-9]+}} steps):{{$}}
// CHECK: {{^}}  replay: dpu replay {{[0-9:,]+}} {{.*}}many.c{{$}}
// CHECK-NEXT: {{^}}dpu: traces with defects: [[D:[0-9]+]] of [[N:[0-9]+]] (defect 1 in [[D]]){{$}}
// CHECK-NEXT: {{^}}dpu: exploration incomplete (--timeout reached){{$}}
// The share explored, of the estimate (explorer/estimate.c; tests/report/estimate.c):
// CHECK-NEXT: {{^}}dpu: explored [[N]] of an estimated ~{{[0-9.e+]+}} traces ({{[0-9.e+-]+}} %){{$}}
// CHECK-NEXT: {{^}}dpu: summary: 1 defects, [[N]] max-configs, 0 SSBs, [[N]] runs, {{1\.[5-9][0-9]|[2-9]\.[0-9]+}} s{{$}}
// CHECK-NOT: {{.}}

// CLEAN: {{^}}dpu: exploration incomplete (--timeout reached){{$}}
// CLEAN-NEXT: {{^}}dpu: explored {{[0-9]+}} of an estimated ~{{[0-9.e+]+}} traces ({{[0-9.e+-]+}} %){{$}}
// CLEAN-NEXT: {{^}}dpu: summary: 0 defects, {{[0-9]+}} max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}

// JSON: state incomplete exit_code 1 reason "--timeout reached"
// JSON-NEXT: summary defects 1 traces_with_defects [[D:[0-9]+]] max_configs {{[0-9]+}} ssbs 0
// JSON-NEXT: defect 1 assertion-failure traces [[D]] thread 0 location many.c:25 main exact
// JSON-NEXT: defect 1 message order[0] == 1 (at many.c:25 in main)

// STOP: {{^}}dpu: defect 1: assertion failure: order[0] == 1 (at {{.*}}many.c:25 in main){{$}}
// STOP: {{^}}dpu: traces with defects: 1 of 1 (defect 1 in 1){{$}}
// STOP-NEXT: {{^}}dpu: exploration stopped at the first defect (--stop-on-defect): the traces not explored may hold other defects{{$}}
// STOP-NEXT: {{^}}dpu: summary: 1 defects, 1 max-configs, 0 SSBs, 1 runs, {{[0-9.]+}} s{{$}}

// STOPJSON: state stopped exit_code 1 reason "--stop-on-defect"
// STOPJSON-NEXT: summary defects 1 traces_with_defects 1 max_configs 1 ssbs 0
