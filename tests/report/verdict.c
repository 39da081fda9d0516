// SV-COMP's verdict line (--svcomp, --property): the text report's last line says true, false
// or unknown for the property, as SV-COMP's tools do; dpu's exit status stays its own.
// - unreach-call, false: reach_error is called in 4 of the 6 traces of the lost update
//   (svcomp_reach_error.c with the program's own empty reach_error);
// - unreach-call, true: svcomp_await.c's 4 traces never call it (its failed awaits are
//   infeasible runs, not defects);
// - unknown: the same, stopped after 2 runs; and hang_always.c, whose runs are cut short by the
//   time bound (a hang is not a violation of unreach-call, but the runs did not finish);
// - no-data-race, false: racy_lost_update.c's unprotected counter; true: the lost update of
//   svcomp_reach_error.c, every access under the mutex, although reach_error is called there
//   (not this property's violation);
// - no-data-race with --races=off: a usage error.
// RUN: %dpu --svcomp -DERR=4 %S/../regress/svcomp_reach_error.c > %t.1; test $? -eq 1
// RUN: tail -n 1 %t.1 | FileCheck --check-prefix=FALSE %s
// RUN: %dpu --svcomp %S/../regress/svcomp_await.c > %t.2; test $? -eq 0
// RUN: tail -n 1 %t.2 | FileCheck --check-prefix=TRUE %s
// RUN: %dpu --svcomp --max-runs=2 %S/../regress/svcomp_await.c > %t.3; test $? -eq 3
// RUN: tail -n 1 %t.3 | FileCheck --check-prefix=UNKNOWN %s
// RUN: %dpu --svcomp --run-timeout=0.5 %S/../regress/hang_always.c > %t.4; test $? -eq 1
// RUN: tail -n 1 %t.4 | FileCheck --check-prefix=UNKNOWN %s
// RUN: %dpu --property=no-data-race %S/../regress/racy_lost_update.c > %t.5; test $? -eq 1
// RUN: tail -n 1 %t.5 | FileCheck --check-prefix=FALSE %s
// RUN: %dpu --property=no-data-race -DERR=1 %S/../regress/svcomp_reach_error.c > %t.6; test $? -eq 1
// RUN: tail -n 1 %t.6 | FileCheck --check-prefix=TRUE %s
// The JSON report has the verdict too, and how many nondet calls were explored over part of
// their values (the nondet int of svcomp_nondet.c -DSAFE, explored over 0..3 only; its text
// report's verdict is unknown):
// RUN: %dpu --svcomp --format=json -o %t.1.json -DERR=4 %S/../regress/svcomp_reach_error.c > /dev/null; test $? -eq 1
// RUN: %python %inputs/check_json.py %schema %t.1.json | FileCheck --check-prefix=JFALSE %s
// RUN: %dpu --svcomp --format=json -o %t.2.json %S/../regress/svcomp_await.c > /dev/null; test $? -eq 0
// RUN: %python %inputs/check_json.py %schema %t.2.json | FileCheck --check-prefix=JTRUE %s
// RUN: %dpu --svcomp --nondet=range:0..3 -DSAFE --format=json -o %t.8.json %S/../regress/svcomp_nondet.c > %t.8; test $? -eq 0
// RUN: tail -n 1 %t.8 | FileCheck --check-prefix=UNKNOWN %s
// RUN: %python %inputs/check_json.py %schema %t.8.json | FileCheck --check-prefix=JPARTIAL %s
// RUN: %dpu --property=no-data-race --races=off %S/../regress/svcomp_await.c 2> %t.7; test $? -eq 2
// RUN: FileCheck --check-prefix=USAGE %s < %t.7
// FALSE: {{^}}verdict: false{{$}}
// TRUE: {{^}}verdict: true{{$}}
// UNKNOWN: {{^}}verdict: unknown{{$}}
// JFALSE: {{^}}verdict unreach-call false nondet_partial 0{{$}}
// JTRUE: {{^}}verdict unreach-call true nondet_partial 0{{$}}
// JPARTIAL: {{^}}state complete exit_code 0 reason null{{$}}
// JPARTIAL: {{^}}verdict unreach-call unknown nondet_partial 1{{$}}
// USAGE: dpu: error: --property=no-data-race needs the race detector: not with --races=off
