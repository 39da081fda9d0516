// Functions that start another process or program are rejected before the first run, like the
// pthread functions dpu does not model: exit 2, one error per function naming its first call,
// and nothing explored (a forked child would escape dpu: its exit(7) was taken for main's, and
// a stuck dpu process was left behind; issue #13).
// RUN: %dpu %s > %t.out 2> %t.err; test $? -eq 2
// RUN: FileCheck %s < %t.err
// RUN: FileCheck --allow-empty --check-prefix=NOTHING %s < %t.out
// RUN: grep -c '^dpu: error: unsupported function' %t.err | FileCheck --check-prefix=COUNT %s
// COUNT: {{^}}12{{$}}
// NOTHING-NOT: {{.}}
// RUN: %dpu -DONLY_FORK --format=json %s > %t.json 2> %t.fork.err; test $? -eq 2
// RUN: FileCheck --check-prefix=FORK %s < %t.fork.err
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// JSON: state error exit_code 2 reason "unsupported function 'fork' (first called at {{.*}}unsupported_processes.c:{{[0-9]+}} in main): processes are not modelled (dpu explores the threads of one process)"
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#ifndef ONLY_FORK
static void run_tools(void) {
  // CHECK-DAG: dpu: error: unsupported function 'system' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in run_tools): processes are not modelled (dpu explores the threads of one process)
  system("true");
  // CHECK-DAG: dpu: error: unsupported function 'popen' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in run_tools): processes are not modelled
  FILE *p = popen("true", "r");
  pclose(p);
  pid_t pid;
  char *argv[] = {"true", NULL};
  // CHECK-DAG: dpu: error: unsupported function 'posix_spawn' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in run_tools): processes are not modelled
  posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ);
  // CHECK-DAG: dpu: error: unsupported function 'posix_spawnp' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in run_tools): processes are not modelled
  posix_spawnp(&pid, "true", NULL, NULL, argv, environ);
}

static void become(const char *prog) {
  char *argv[] = {(char *)prog, NULL};
  // CHECK-DAG: dpu: error: unsupported function 'execv' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in become): processes are not modelled
  execv(prog, argv);
  // CHECK-DAG: dpu: error: unsupported function 'execve' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in become): processes are not modelled
  execve(prog, argv, environ);
  // CHECK-DAG: dpu: error: unsupported function 'execvp' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in become): processes are not modelled
  execvp(prog, argv);
  // CHECK-DAG: dpu: error: unsupported function 'execl' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in become): processes are not modelled
  execl(prog, prog, (char *)NULL);
  // CHECK-DAG: dpu: error: unsupported function 'execlp' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in become): processes are not modelled
  execlp(prog, prog, (char *)NULL);
  // CHECK-DAG: dpu: error: unsupported function 'execle' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in become): processes are not modelled
  execle(prog, prog, (char *)NULL, environ);
}
#endif

int main(void) {
  // CHECK-DAG: dpu: error: unsupported function 'fork' (first called at {{.*}}unsupported_processes.c:[[@LINE+2]] in main): processes are not modelled
  // FORK: {{^}}dpu: error: unsupported function 'fork' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in main): processes are not modelled (dpu explores the threads of one process){{$}}
  pid_t child = fork();
  if (child == 0) exit(7);
  int status;
  waitpid(child, &status, 0);
#ifndef ONLY_FORK
  // CHECK-DAG: dpu: error: unsupported function 'vfork' (first called at {{.*}}unsupported_processes.c:[[@LINE+1]] in main): processes are not modelled
  if (vfork() == 0) _exit(0);
  run_tools();
  become("/bin/true");
#endif
  return WEXITSTATUS(status);
}
// CHECK-NOT: dpu: error
// FORK-NOT: dpu: error
