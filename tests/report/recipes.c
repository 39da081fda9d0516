// docs/distributed.md's --shard recipes ("Splitting one exploration across machines"), each run
// locally as its engine would run it (Inputs/recipe_run.py: every index at once, with the engine's
// variables set), then their `dpu merge`: the merged summary is that of one process exploring
// everything (tests/regress/jobs.c: 3 defects, 8 max-configs, 8 runs), exit 1 for the defects, one
// report per shard.
// RUN: %python %inputs/recipe_run.py %S/../../docs/distributed.md local 4 %dpu %S/../regress/jobs.c | FileCheck %s
// RUN: %python %inputs/recipe_run.py %S/../../docs/distributed.md github 8 %dpu %S/../regress/jobs.c | FileCheck %s --check-prefix=EIGHT
// RUN: %python %inputs/recipe_run.py %S/../../docs/distributed.md slurm 16 %dpu %S/../regress/jobs.c | FileCheck %s --check-prefix=SIXTEEN
// RUN: %python %inputs/recipe_run.py %S/../../docs/distributed.md kubernetes 3 %dpu %S/../regress/jobs.c | FileCheck %s --check-prefix=THREE
// CHECK: reports 4
// CHECK-NEXT: merge exit 1: dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs, {{[0-9.]+}} s
// EIGHT: reports 8
// EIGHT-NEXT: merge exit 1: dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs, {{[0-9.]+}} s
// SIXTEEN: reports 16
// SIXTEEN-NEXT: merge exit 1: dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs, {{[0-9.]+}} s
// THREE: reports 3
// THREE-NEXT: merge exit 1: dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs, {{[0-9.]+}} s
// The Slurm recipe's merge job waits for final reports (issue #37): started while the last
// shard is held (its report still "running", as after afterany on a shared file system), it
// merges that shard's final report, not the one it wrote at its start.
// RUN: %python %inputs/recipe_run.py %S/../../docs/distributed.md slurm 4 %dpu %S/../regress/jobs.c --late | FileCheck %s --check-prefix=LATE
// LATE: reports 4
// LATE-NEXT: merge exit 1: dpu: summary: 3 defects, 8 max-configs, 0 SSBs, 8 runs, {{[0-9.]+}} s
