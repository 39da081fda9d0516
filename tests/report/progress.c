// The progress line: on stderr when it is a terminal, for explorations that run longer than a
// second, redrawn at most 4 times a second, erased before anything else is printed on the
// terminal and at the end; absent with -q and for short explorations. When stderr is not a
// terminal, printed whole once a minute (a CI log). Inputs/pty_run.py runs dpu with stderr on a pseudo-terminal and shows what was
// drawn (<CR> carriage return, <EL> erase to the end of the line, <NL> newline).
//
// A clean exploration cut by --timeout: runs, max-configs, SSBs, defects, runs/s, seconds. The
// budget leaves room for two draws on a loaded machine, whose start-up alone took 4 s (issue 37).
// When the exploration has an estimate (explorer/estimate.c), the line ends with it and the
// time left ("~3.6e+06 traces in all, ~2 min left"), cut to the terminal's width.
// RUN: %python %inputs/pty_run.py %t.out %dpu -j 1 --timeout=6 -DCLEAN %S/Inputs/many.c > %t
// RUN: FileCheck --check-prefix=TTY %s < %t
// RUN: FileCheck --check-prefix=OUT %s < %t.out
// TTY: exit 3
// TTY-NEXT: {{^}}<CR>dpu: [[R:[0-9]+]] runs, [[R]] max-configs, 0 SSBs, 0 defects, {{[0-9]+}} runs/s, {{[0-9]\.[0-9]}} s{{(, ~[0-9.e+]+ traces in all.*)?}}<EL>{{$}}
// TTY-NEXT: {{^}}<CR>dpu: {{[0-9]+}} runs, {{[0-9]+}} max-configs, 0 SSBs, 0 defects, {{[0-9]+}} runs/s, {{[0-9]\.[0-9]}} s{{(, ~[0-9.e+]+ traces in all.*)?}}<EL>{{$}}
// TTY: {{^}}<CR><EL>{{$}}
// TTY-NEXT: {{^}}terminal end{{$}}
// TTY-NEXT: draws {{[0-9]+}}, first after {{[0-9.]+}} s, at most 4 per second: yes
// With --shard, the line says which of the shard's parts is being explored (explorer/split.h):
// RUN: %python %inputs/pty_run.py %t.shard.out %dpu -j 1 --timeout=5 --shard=0/1 -DCLEAN %S/Inputs/many.c > %t.shard
// RUN: FileCheck --check-prefix=SHARD %s < %t.shard
// (A machine so loaded that the split takes a second shows a line without a part first.)
// SHARD: exit 3
// SHARD: {{^}}<CR>dpu: {{[0-9]+}} runs, {{[0-9]+}} max-configs, 0 SSBs, 0 defects, {{[0-9]+}} runs/s, {{[0-9.]+}} s, part 1 of {{[0-9]+}}<EL>{{$}}
// The report on stdout (a file) has no trace of it.
// OUT: {{^}}dpu: exploration incomplete (--timeout reached){{$}}
// OUT-NEXT: {{^}}dpu: explored {{[0-9]+}} of an estimated ~{{[0-9.e+]+}} traces ({{[0-9.e+-]+}} %){{$}}
// OUT-NEXT: {{^}}dpu: summary: 0 defects, {{[0-9]+}} max-configs, 0 SSBs, {{[0-9]+}} runs, {{[0-9.]+}} s{{$}}
// OUT-NOT: {{.}}
//
// With stdout on the terminal too: two hangs of 1.2 s each, so the line appears between the
// two defects; it is erased before the second defect's block and before the end.
// RUN: %python %inputs/pty_run.py - %dpu -j 1 --run-timeout=1.2 %S/Inputs/two_hangs.c > %t.both
// RUN: FileCheck --check-prefix=BOTH %s < %t.both
// BOTH: exit 1
// BOTH-NEXT: {{^}}dpu: defect 1: hang: T2 ran for more than 1.2 s without a visible operation<NL>{{$}}
// BOTH: {{^}}  replay: dpu replay 0:3,1:1,2:3 --run-timeout=1.2 {{.*}}two_hangs.c<NL>{{$}}
// BOTH-NEXT: {{^}}<CR>dpu: 1 runs, 1 max-configs, 0 SSBs, 1 defects, {{[0-9]+}} runs/s, {{[0-9.]+}} s<EL>{{$}}
// BOTH-NEXT: {{^}}<CR><EL>dpu: defect 2: hang: T1 ran for more than 1.2 s without a visible operation<NL>{{$}}
// BOTH: {{^}}  replay: dpu replay 0:3,1:1,2:1,1:2 --run-timeout=1.2 {{.*}}two_hangs.c<NL>{{$}}
// BOTH-NEXT: {{^}}<CR>dpu: 2 runs, 2 max-configs, 0 SSBs, 2 defects, {{[0-9]+}} runs/s, {{[0-9.]+}} s<EL>{{$}}
// BOTH-NEXT: {{^}}<CR><EL>dpu: traces with defects: 2 of 2 (defect 1 in 1, defect 2 in 1)<NL>{{$}}
// BOTH-NEXT: {{^}}dpu: summary: 2 defects, 2 max-configs, 0 SSBs, 2 runs, {{[0-9.]+}} s<NL>{{$}}
// BOTH-NEXT: {{^}}terminal end{{$}}
//
// -q: no progress line.
// RUN: %python %inputs/pty_run.py %t.q.out %dpu -j 1 -q --timeout=2 -DCLEAN %S/Inputs/many.c > %t.q
// RUN: FileCheck --check-prefix=QUIET %s < %t.q
// QUIET: exit 3
// QUIET-NEXT: {{^}}terminal end{{$}}
// QUIET-NEXT: draws 0
//
// A short exploration on a terminal: none either.
// RUN: %python %inputs/pty_run.py %t.short.out %dpu -j 1 %S/Inputs/clean.c > %t.short
// RUN: FileCheck --check-prefix=SHORT %s < %t.short
// SHORT: exit 0
// SHORT-NEXT: {{^}}terminal end{{$}}
// SHORT-NEXT: draws 0
//
// stderr not a terminal: nothing on it before the first minute;
// RUN: %dpu -j 1 --timeout=2 -DCLEAN %S/Inputs/many.c > %t.file.out 2> %t.file.err; test $? -eq 3
// RUN: FileCheck --allow-empty --check-prefix=NOTTY %s < %t.file.err
// NOTTY-NOT: {{.}}
// then whole lines, which stay (the period shortened to 0.5 s here), not with -q. The budget
// leaves room for two lines after a start-up of 4 s (the sanitized build on a loaded machine).
// RUN: env DPU_PROGRESS_LOG_SECONDS=0.5 %dpu -j 1 --timeout=6 -DCLEAN %S/Inputs/many.c > %t.log.out 2> %t.log.err; test $? -eq 3
// RUN: FileCheck --check-prefix=LOG %s < %t.log.err
// LOG: {{^}}dpu: {{[0-9]+}} runs, {{[0-9]+}} max-configs, 0 SSBs, 0 defects, {{[0-9]+}} runs/s, {{[0-9]\.[0-9]}} s{{(, ~[0-9.e+]+ traces in all, ~[0-9]+ [a-z]+ left)?}}{{$}}
// LOG-NEXT: {{^}}dpu: {{[0-9]+}} runs, {{[0-9]+}} max-configs, 0 SSBs, 0 defects, {{[0-9]+}} runs/s, {{[0-9]\.[0-9]}} s{{(, ~[0-9.e+]+ traces in all, ~[0-9]+ [a-z]+ left)?}}{{$}}
// RUN: env DPU_PROGRESS_LOG_SECONDS=0.5 %dpu -q -j 1 --timeout=2 -DCLEAN %S/Inputs/many.c > %t.logq.out 2> %t.logq.err; test $? -eq 3
// RUN: FileCheck --allow-empty --check-prefix=NOTTY %s < %t.logq.err
