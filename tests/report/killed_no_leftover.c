// No dpu process outlives dpu (issue #13): killed with SIGKILL mid-exploration, the top
// process takes its executor (the zygote and the runner, forked from it, die with their parent:
// PR_SET_PDEATHSIG) with it. A private copy of Inputs/many.c names this test's processes.
// RUN: cp %S/Inputs/many.c %t.many.c
// RUN: timeout -s KILL 2 %dpu %t.many.c > %t; test $? -eq 137
// RUN: sleep 1; pgrep -f -c "%t.many.c" > %t.ps || true
// RUN: FileCheck %s < %t.ps
// CHECK: {{^0$}}
