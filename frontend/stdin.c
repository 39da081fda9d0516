/* See stdin.h. */
#include "stdin.h"

#include <blake2.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../report/warnings.h"
#include "diag.h"

#define STDIN_MAX (1ull << 30)

/* How long dpu waits for standard input before it says so. */
#define STDIN_NOTE_MS 2000

/* Makes fd the process's descriptor 0 (closing fd). Returns 0, -1 on error. */
static int become_stdin(int fd) {
  if (fd == 0) return 0;
  if (dup2(fd, 0) < 0) return -1;
  close(fd);
  return 0;
}

int dpu_stdin_capture(struct dpu_stdin *s) {
  memset(s, 0, sizeof *s);
  bool closed = fcntl(0, F_GETFD) < 0;
  if (closed || isatty(0)) {
    s->terminal = !closed;
    int fd = open("/dev/null", O_RDONLY);
    if (fd < 0 || become_stdin(fd) != 0) {
      dpu_error("cannot open /dev/null as the program's input: %s", strerror(errno));
      return -1;
    }
    return 0;
  }
  int mem = memfd_create("dpu-stdin", 0);
  if (mem < 0) {
    dpu_error("cannot keep the standard input: %s", strerror(errno));
    return -1;
  }
  /* A pipe or socket that stays open with nothing in it (a CI step's stdin, `ssh`, `docker
   * -i`) looked like a hang (a user test): say what dpu waits for. */
  struct pollfd p = {.fd = 0, .events = POLLIN};
  if (poll(&p, 1, STDIN_NOTE_MS) == 0)
    dpu_note("stdin-wait", "waiting for the end of the standard input, which every run gets "
             "as the program's input; if the program reads none, give dpu </dev/null");
  blake2b_state h;
  blake2b_init(&h, 16);
  char buf[1 << 16];
  for (;;) {
    ssize_t n = read(0, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      dpu_error("cannot read the standard input: %s", strerror(errno));
      close(mem);
      return -1;
    }
    if (n == 0) break;
    s->bytes += (uint64_t)n;
    if (s->bytes > STDIN_MAX) {
      dpu_error("the standard input is over %llu bytes: give the program a file instead",
                STDIN_MAX);
      close(mem);
      return -1;
    }
    blake2b_update(&h, (const uint8_t *)buf, (size_t)n);
    for (ssize_t w = 0; w < n;) {
      ssize_t k = write(mem, buf + w, (size_t)(n - w));
      if (k < 0 && errno == EINTR) continue;
      if (k < 0) {
        dpu_error("cannot keep the standard input: %s", strerror(errno));
        close(mem);
        return -1;
      }
      w += k;
    }
  }
  uint8_t d[16];
  blake2b_final(&h, d, sizeof d);
  for (int i = 0; i < 16; i++) snprintf(s->digest + 2 * i, 3, "%02x", d[i]);
  if (!s->bytes) s->digest[0] = 0;
  if (lseek(mem, 0, SEEK_SET) != 0 || become_stdin(mem) != 0) {
    dpu_error("cannot give the program its input: %s", strerror(errno));
    return -1;
  }
  return 0;
}
