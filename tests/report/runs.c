// Every run is named: runs = max-configs + SSBs + redirected + repeated + cut short + runs of
// earlier explorations (report/report.h), in the text report (a `dpu: runs:` line when runs
// are not just traces and SSBs) and in the JSON report (check_json.py fails if the sum does
// not hold). Derivations: MPC(3,3) of bench/qpor has 3816 traces; with -k 1 QPOR blocks 864
// runs on sleep sets and redirects 692 free runs that took an event of D (k = 0: neither, so
// no runs line); racy_lost_update.c explores 1 trace, then 4 with its racing accesses visible
// (1 run of the earlier exploration); the exhaustive explorer runs its 4 traces in 10
// interleavings (6 repeated) after the 1 of the first exploration.
// RUN: %dpu -k 1 %S/../../bench/qpor/mpc.c -DP=3 -DC=3 > %t.k1; test $? -eq 0
// RUN: FileCheck --check-prefix=K1 %s < %t.k1
// RUN: %dpu -k 1 --format=json -o %t.k1.json %S/../../bench/qpor/mpc.c -DP=3 -DC=3 > /dev/null
// RUN: %python %inputs/check_json.py %schema %t.k1.json > /dev/null
// RUN: %dpu %S/../../bench/qpor/mpc.c -DP=3 -DC=3 > %t.k0; test $? -eq 0
// RUN: FileCheck --check-prefix=K0 %s < %t.k0
// RUN: %dpu %S/../regress/racy_lost_update.c > %t.racy; test $? -eq 1
// RUN: FileCheck --check-prefix=RACY %s < %t.racy
// RUN: %dpu --format=json -o %t.racy.json %S/../regress/racy_lost_update.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.racy.json > /dev/null
// RUN: %dpu --por=none %S/../regress/racy_lost_update.c > %t.none; test $? -eq 1
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// RUN: %dpu --por=none --format=json -o %t.none.json %S/../regress/racy_lost_update.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.none.json > /dev/null
// K1: {{^}}dpu: runs: 5372 = 3816 max-configs + 864 SSBs + 692 redirected (took an event of D, run again along another){{$}}
// K1-NEXT: {{^}}dpu: summary: 0 defects, 3816 max-configs, 864 SSBs, 5372 runs,
// K0-NOT: dpu: runs:
// K0: {{^}}dpu: summary: 0 defects, 3816 max-configs, 0 SSBs, 3816 runs,
// RACY: {{^}}dpu: runs: 5 = 4 max-configs + 0 SSBs + 1 of earlier explorations{{$}}
// RACY: {{^}}dpu: summary: 4 defects, 4 max-configs, 0 SSBs, 5 runs,
// NONE: {{^}}dpu: runs: 11 = 4 max-configs + 0 SSBs + 6 repeated (another interleaving or renaming of a trace already seen) + 1 of earlier explorations{{$}}
// NONE: {{^}}dpu: summary: 4 defects, 4 max-configs, 0 SSBs, 11 runs,
