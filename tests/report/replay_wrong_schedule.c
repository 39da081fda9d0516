// `dpu replay` with a schedule that does not fit the program (here: T1 asked for at the first
// step, before main created it) says so, rather than blame the program alone: an error of the
// input, exit 2 (issue 37: it was a run cut short, exit 3), and the JSON document's state is
// "error" with the reason.
// RUN: %dpu replay 1:1,0:3 %s > %t 2> %t.err; test $? -eq 2
// RUN: FileCheck --allow-empty --check-prefix=OUT %s < %t
// RUN: FileCheck --check-prefix=ERR %s < %t.err
// RUN: %dpu replay 1:1,0:3 --format=json -o %t.json %s 2> /dev/null; test $? -eq 2
// RUN: %python %inputs/check_json.py %schema %t.json | FileCheck --check-prefix=JSON %s
// OUT-NOT: {{.}}
// ERR: {{^}}dpu: error: the schedule's step 1 asks for T1, which cannot move there: the schedule does not fit this program with these options (-D, --visible-sites, its input), or the program does not run the same way every time{{$}}
// JSON: state error exit_code 2 reason "the replay's schedule does not fit the program (see the error above)"
#include <pthread.h>

static void *worker(void *arg) { return arg; }

int main(void) {
  pthread_t t;
  pthread_create(&t, NULL, worker, NULL);
  pthread_join(t, NULL);
  return 0;
}
