/* Virtual time (issue #13): the program's sleeps do not wait, and its clocks read a time that
 * depends only on the run's trace, so that every run of a trace computes the same thing and no
 * run is a hang for sleeping.
 *
 * Each thread has its own virtual time (dpu_rt_thread.vtime, ns since the run's start): a
 * thread starts at its creator's time at the create, a sleep advances its own time by the
 * duration (an absolute clock_nanosleep to the deadline), and a join brings the joiner up to
 * the joined thread's time. A clock read returns the clocks' start (the same in every run of
 * one exploration: the runner's set up) plus the reading thread's time, which each read then
 * moves on by 10 ms (clock_read), so that a loop waiting for time to pass ends. Reading a clock
 * is no shared access and no event; sleeps are no synchronisation, as they are not in a
 * real execution (a sleep only makes an order likely): the explorers explore every order of
 * the threads' visible operations whatever their sleeps, so a bug that a sleep usually hides
 * is found. A sleep is not a scheduling point of its own: an operation with no object is
 * independent of every other and would add no trace. Timed waits are explored with both
 * outcomes (cond.c, sem.c, mutex.c), not against this clock. */
#include <errno.h>
#include <stdint.h>
#include <sys/time.h>
#include <time.h>

#include "../interpose.h"
#include "../rt.h"
#include "../statefp.h"

#define NS 1000000000ull

static uint64_t ns_of(const struct timespec *ts) {
  return (uint64_t)ts->tv_sec * NS + (uint64_t)ts->tv_nsec;
}

static struct timespec ts_of(uint64_t ns) {
  return (struct timespec){.tv_sec = (time_t)(ns / NS), .tv_nsec = (long)(ns % NS)};
}

static uint64_t now_real(clockid_t c) {
  struct timespec ts;
  clock_gettime(c, &ts);
  return ns_of(&ts);
}

void dpu_rt_clock_init(void) {
  /* On a whole second, so that time()'s seconds tick at the same reads in every exploration. */
  dpu_rt.epoch_real = now_real(CLOCK_REALTIME) / NS * NS;
  dpu_rt.epoch_mono = now_real(CLOCK_MONOTONIC);
}

void dpu_rt_clock_join(struct dpu_rt_thread *t) {
  struct dpu_rt_thread *me = &dpu_rt.threads[dpu_rt.cur];
  if (t->vtime > me->vtime) me->vtime = t->vtime;
}

/* The running thread's time; 0 outside a program thread. */
static uint64_t *vtime(void) {
  static uint64_t none;
  return dpu_rt.cur >= 0 ? &dpu_rt.threads[dpu_rt.cur].vtime : &none;
}

/* What clock c reads now, in ns: the realtime clocks from the real epoch, the others (monotonic,
 * boot time, CPU time) from the monotonic one. */
static uint64_t clock_now(clockid_t c) {
  uint64_t base = c == CLOCK_REALTIME || c == CLOCK_REALTIME_COARSE || c == CLOCK_TAI
                      ? dpu_rt.epoch_real
                      : dpu_rt.epoch_mono;
  return base + *vtime();
}

static void sleep_ns(uint64_t ns) { *vtime() += ns; }

/* A sleep of the program: its time moves on, and it may be polling (dpu_rt_poll). */
static void program_sleeps(uint64_t ns) {
  sleep_ns(ns);
  dpu_rt_poll();
}

/* What the program reads of clock c: clock_now, after which the reading thread's time moves on
 * by DPU_CLOCK_READ_NS. Without it a loop that waits for time to pass (`while (time(NULL) -
 * start < 1) sem_post(&s);`, a thread pool's shutdown) read the same time for ever and every
 * run of it was a hang (issue 37); now it goes round 1 s / DPU_CLOCK_READ_NS times. */
#define DPU_CLOCK_READ_NS 10000000ull
static uint64_t clock_read(clockid_t c) {
  uint64_t t = clock_now(c);
  sleep_ns(DPU_CLOCK_READ_NS);
  return t;
}

int __dpu_clock_gettime(clockid_t c, struct timespec *ts) {
  if (!ts) {
    errno = EFAULT;
    return -1;
  }
  uint64_t t = clock_read(c);
  if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)ts, sizeof *ts);
  *ts = ts_of(t);
  return 0;
}

int __dpu_gettimeofday(struct timeval *restrict tv, void *restrict tz) {
  (void)tz;
  if (tv) {
    uint64_t ns = clock_read(CLOCK_REALTIME);
    if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)tv, sizeof *tv);
    *tv = (struct timeval){.tv_sec = (time_t)(ns / NS), .tv_usec = (suseconds_t)(ns % NS / 1000)};
  }
  return 0;
}

time_t __dpu_time(time_t *out) {
  time_t t = (time_t)(clock_read(CLOCK_REALTIME) / NS);
  if (out) {
    if (__builtin_expect(dpu_sfp_on, 0)) dpu_sfp_write((uintptr_t)out, sizeof *out);
    *out = t;
  }
  return t;
}

unsigned __dpu_sleep(unsigned seconds) {
  program_sleeps((uint64_t)seconds * NS);
  return 0;
}

int __dpu_usleep(useconds_t us) {
  program_sleeps((uint64_t)us * 1000);
  return 0;
}

int __dpu_nanosleep(const struct timespec *req, struct timespec *rem) {
  if (!req || req->tv_nsec < 0 || req->tv_nsec >= (long)NS || req->tv_sec < 0) {
    errno = EINVAL;
    return -1;
  }
  program_sleeps(ns_of(req));
  if (rem) *rem = (struct timespec){0};
  return 0;
}

int __dpu_clock_nanosleep(clockid_t c, int flags, const struct timespec *req,
                          struct timespec *rem) {
  if (!req || req->tv_nsec < 0 || req->tv_nsec >= (long)NS || req->tv_sec < 0) return EINVAL;
  if (flags & TIMER_ABSTIME) {
    uint64_t now = clock_now(c), until = ns_of(req);
    if (until > now) program_sleeps(until - now);
  } else {
    program_sleeps(ns_of(req));
    if (rem) *rem = (struct timespec){0};
  }
  return 0;
}

int __dpu_thrd_sleep(const struct timespec *duration, struct timespec *remaining) {
  if (!duration) return -2;
  program_sleeps(ns_of(duration));
  if (remaining) *remaining = (struct timespec){0};
  return 0;
}
