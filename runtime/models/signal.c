/* Signals the program sends to itself (issue #13): per-thread masks, pending signals, and
 * sigwait.
 *
 * Model. Each thread has a signal mask (pthread_sigmask, sigprocmask), inherited from its
 * creator; main starts with none blocked. A signal sent with raise, pthread_kill or
 * kill(getpid(), ...) that is blocked in its target (for kill: in every live thread) becomes
 * pending: a visible operation, SIG_SEND, on the process's one signals object
 * (DPU_SIGNALS_OBJ). sigwait takes a pending signal of its set, and blocks until there is one
 * (SIG_WAIT); sigtimedwait never blocks (SIG_TRYWAIT: taken, or EAGAIN: a timeout is an
 * outcome, not a time). A mask change that unblocks signals takes the pending ones among
 * them, one SIG_TRYWAIT each, and delivers them. Every signal operation is on the one object,
 * so each pair is ordered, and all their orders are explored. A pending signal is a set
 * member, not a count (as for POSIX's standard signals), and it is the process's: a signal
 * pthread_kill left pending for one thread can be taken by another thread's sigwait.
 *
 * Delivery (a signal not blocked where it is sent) is the C library's own raise(), in the
 * sending thread: a handler the program installed runs there and then, SIG_IGN and the
 * signals ignored by default do nothing, and a signal whose default action ends the process
 * ends the run, reported as a crash ("killed by SIGUSR1"). A delivery to another thread runs
 * in the sender, and a mask change is not an event: its order against another thread's send
 * is not explored (docs/model.md, "Modelled functions"). Stop signals (SIGSTOP, SIGTSTP, SIGTTIN,
 * SIGTTOU) are not delivered: they would stop the executor. The actions the program sets
 * (signal, sigaction) are the C library's, undone before the next run. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "../../protocol/rules.h"
#include "../interpose.h"
#include "../race.h"
#include "../rt.h"
#include "../symmetry.h"

/* The pending signals of this run, as the signals object's state (explorer/model.c). */
static uint64_t pending;

/* Signals whose action the program set in this run (signal, sigaction), and their actions
 * before: the next run starts with the runner's. */
static uint64_t touched;
static struct sigaction saved[65];

/* Whether a signal was delivered in this run, and the runner's own mask (of its one OS
 * thread, which every program thread runs on), taken before the first run. A handler runs
 * with its signal blocked in that OS thread until it returns (unless SA_NODEFER); a run that
 * ends inside it (a hang, a spin cut short, the end of the process) never returns, and the
 * signal stayed blocked for every later run: raise() left it pending in the kernel and the
 * handler never ran again (a user's thread pool: wrong output, exit 0). */
static bool delivered;
static sigset_t runner_mask;
static bool have_mask;

void dpu_rt_signals_reset(void) {
  pending = 0;
  if (!have_mask) have_mask = sigprocmask(SIG_SETMASK, NULL, &runner_mask) == 0;
  if (delivered && have_mask) {
    /* What the last run left pending in the kernel is discarded (an action of SIG_IGN
     * discards a pending signal, POSIX sigaction) before its mask is the runner's again. */
    sigset_t left;
    if (sigpending(&left) == 0)
      for (int sig = 1; sig < NSIG && sig <= 64; sig++) {
        if (sig == SIGKILL || sig == SIGSTOP || sigismember(&left, sig) != 1) continue;
        struct sigaction was, ign = {.sa_handler = SIG_IGN};
        sigemptyset(&ign.sa_mask);
        if (sigaction(sig, &ign, &was) == 0) sigaction(sig, &was, NULL);
      }
    sigprocmask(SIG_SETMASK, &runner_mask, NULL);
  }
  delivered = false;
  for (; touched; touched &= touched - 1) {
    int sig = __builtin_ctzll(touched) + 1;
    sigaction(sig, &saved[sig], NULL);
  }
}

bool dpu_rt_sig_enabled(uint64_t set) { return dpu_sig_take(pending, set) != 0; }

static uint64_t bits_of(const sigset_t *set) {
  uint64_t b = 0;
  for (int s = 1; s <= 64 && s < NSIG; s++)
    if (sigismember(set, s) == 1) b |= dpu_sig_bit(s);
  return b & ~(dpu_sig_bit(SIGKILL) | dpu_sig_bit(SIGSTOP)); /* which cannot be blocked */
}

static void set_of(uint64_t b, sigset_t *set) {
  sigemptyset(set);
  for (int s = 1; s <= 64 && s < NSIG; s++)
    if (b & dpu_sig_bit(s)) sigaddset(set, s);
}

static int valid(int sig) { return sig >= 1 && sig <= 64 && sig < NSIG; }

/* Delivers sig in the running thread (see the file's comment). */
static void deliver(int sig, const char *how) {
  if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN || sig == SIGTTOU) return;
  delivered = true;
  struct sigaction sa;
  if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL && sig != SIGCHLD &&
      sig != SIGCONT && sig != SIGURG && sig != SIGWINCH)
    /* The default action ends the process: say so here, where the thread and the call that
     * sent it are known, rather than from the executor's dead runner. */
    dpu_rt_end(DPU_END_SIGNAL, sig, "sent by the program itself with %s", how);
  raise(sig);
}

/* Takes one pending signal of set (SIG_TRYWAIT, or SIG_WAIT which waits for one): returns it,
 * or 0. */
static int take(uint8_t op, uint64_t set) {
  struct dpu_event_rec *e = dpu_rt_visible_aux(op, DPU_SIGNALS_OBJ, set);
  int sig = dpu_sig_take(pending, set);
  if (!sig) return 0;
  pending &= ~dpu_sig_bit(sig);
  e->result = (uint8_t)sig;
  dpu_race_acquire(DPU_SIGNALS_OBJ, DPU_SYNC_SEM); /* send -> the wait that takes it */
  return sig;
}

/* Makes sig pending: the visible send. */
static void make_pending(int sig) {
  dpu_rt_visible_aux(DPU_OP_SIG_SEND, DPU_SIGNALS_OBJ, (uint64_t)sig);
  pending |= dpu_sig_bit(sig);
  dpu_race_release(DPU_SIGNALS_OBJ, DPU_SYNC_SEM);
}

/* Remembers sig's action before the program first sets it in this run. */
static void touch(int sig) {
  if (!valid(sig) || (touched & dpu_sig_bit(sig))) return;
  if (sigaction(sig, NULL, &saved[sig]) == 0) touched |= dpu_sig_bit(sig);
}

sighandler_t __dpu_signal(int sig, sighandler_t handler) {
  touch(sig);
  return signal(sig, handler);
}

int __dpu_sigaction(int sig, const struct sigaction *restrict act,
                    struct sigaction *restrict old) {
  if (act) touch(sig);
  return sigaction(sig, act, old);
}

int __dpu_pthread_sigmask(int how, const sigset_t *set, sigset_t *old) {
  uint64_t *mask = &dpu_rt.threads[dpu_rt.cur].sigmask;
  uint64_t before = *mask, after = before;
  if (set) {
    uint64_t b = bits_of(set);
    switch (how) {
    case SIG_BLOCK: after |= b; break;
    case SIG_UNBLOCK: after &= ~b; break;
    case SIG_SETMASK: after = b; break;
    default: return EINVAL;
    }
  }
  if (old) set_of(before, old);
  *mask = after;
  /* Pending signals it unblocks are delivered before it returns (POSIX). */
  uint64_t unblocked = before & ~after;
  if (unblocked)
    for (int sig; (sig = take(DPU_OP_SIG_TRYWAIT, unblocked));) deliver(sig, "a mask change that unblocks it");
  return 0;
}

int __dpu_sigprocmask(int how, const sigset_t *set, sigset_t *old) {
  int err = __dpu_pthread_sigmask(how, set, old);
  if (err) {
    errno = err;
    return -1;
  }
  return 0;
}

int __dpu_pthread_kill(pthread_t t, int sig) {
  int tid = dpu_rt_pthread_to_tid((unsigned long)t);
  dpu_sym_target(tid, "pthread_kill");
  if (tid < 0 || dpu_rt.threads[tid].state != DPU_TS_ALIVE) return ESRCH;
  if (sig == 0) return 0;
  if (!valid(sig)) return EINVAL;
  if (dpu_rt.threads[tid].sigmask & dpu_sig_bit(sig)) make_pending(sig);
  else deliver(sig, tid == dpu_rt.cur ? "raise or pthread_kill" : "pthread_kill");
  return 0;
}

int __dpu_raise(int sig) {
  int err = __dpu_pthread_kill((pthread_t)dpu_rt_tid_to_pthread(dpu_rt.cur), sig);
  if (err) {
    errno = err;
    return -1;
  }
  return 0;
}

int __dpu_kill(pid_t pid, int sig) {
  if (pid != 0 && pid != getpid()) return kill(pid, sig); /* another process: not ours */
  if (sig == 0) return 0;
  if (!valid(sig)) {
    errno = EINVAL;
    return -1;
  }
  bool blocked = true;
  for (unsigned k = 0; k < dpu_rt.nthreads && blocked; k++) {
    const struct dpu_rt_thread *u = &dpu_rt.threads[dpu_rt.order[k]];
    if (u->state == DPU_TS_ALIVE && !(u->sigmask & dpu_sig_bit(sig))) blocked = false;
  }
  if (blocked) make_pending(sig);
  else deliver(sig, "kill");
  return 0;
}

int __dpu_sigwait(const sigset_t *restrict set, int *restrict sig) {
  uint64_t b = bits_of(set);
  if (!b) return EINVAL;
  int got = take(DPU_OP_SIG_WAIT, b);
  dpu_race_write(sig, sizeof *sig);
  *sig = got;
  return 0;
}

static int info_result(int sig, siginfo_t *info) {
  if (info) {
    memset(info, 0, sizeof *info);
    info->si_signo = sig;
    info->si_code = SI_USER;
    info->si_pid = getpid();
  }
  return sig;
}

int __dpu_sigwaitinfo(const sigset_t *restrict set, siginfo_t *restrict info) {
  uint64_t b = bits_of(set);
  if (!b) {
    errno = EINVAL;
    return -1;
  }
  return info_result(take(DPU_OP_SIG_WAIT, b), info);
}

int __dpu_sigtimedwait(const sigset_t *restrict set, siginfo_t *restrict info,
                       const struct timespec *restrict timeout) {
  (void)timeout;
  uint64_t b = bits_of(set);
  if (!b) {
    errno = EINVAL;
    return -1;
  }
  int sig = take(DPU_OP_SIG_TRYWAIT, b);
  if (!sig) {
    errno = EAGAIN;
    return -1;
  }
  return info_result(sig, info);
}
