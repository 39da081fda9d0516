// A dpu killed outright (SIGKILL, as a CI job's timeout may do) still leaves a valid JSON
// document with every defect found so far: the -o file is rewritten atomically after new
// defects (at most once a second, with the counts of then), marked "running" (exit_code null). Inputs/many.c shows its defect in the first run
// and would take minutes to explore; dpu is killed after 3 s.
// RUN: rm -f %t.json
// RUN: timeout -s KILL 3 %dpu -j 1 --format=json -o %t.json %S/Inputs/many.c > %t; test $? -eq 137
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck %s
// RUN: FileCheck --check-prefix=TEXT %s < %t
// No temporary file is left beside it.
// RUN: ls %t.json* | FileCheck --check-prefix=LS %s

// CHECK: state running exit_code null reason null
// CHECK-NEXT: summary defects 1 traces_with_defects [[N:[0-9]+]] max_configs {{[0-9]+}} ssbs 0
// CHECK-NEXT: defect 1 assertion-failure traces [[N]] thread 0 location many.c:25 main exact
// CHECK-NEXT: defect 1 message order[0] == 1 (at many.c:25 in main)
// CHECK: defect 1 replay dpu replay {{[0-9:,]+}} many.c
// CHECK-NOT: {{.}}

// The text report, streamed, has the defect too (and no summary: dpu had no time for it).
// TEXT: {{^}}dpu: defect 1: assertion failure: order[0] == 1 (at {{.*}}many.c:25 in main){{$}}
// TEXT: {{^}}  replay: dpu replay {{[0-9:,]+}} {{.*}}many.c{{$}}
// TEXT-NOT: {{.}}

// LS: killed.c.tmp.json{{$}}
// LS-NOT: {{.}}
