/* See report.h. */
#include "report.h"

#include "stacks.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

const char *dpu_end_kind(int end) {
  switch (end) {
  case DPU_END_ASSERT: return "assertion failure";
  case DPU_END_ABORT: return "abort";
  case DPU_END_EXIT: return "non-zero exit";
  case DPU_END_DEADLOCK: return "deadlock";
  case DPU_END_SIGNAL: return "crash";
  case DPU_END_MISUSE: return "pthread misuse";
  case DPU_END_HEAP: return "heap misuse";
  case DPU_END_HANG_STEPS:
  case DPU_END_HANG_TIME: return "hang";
  default: return "?";
  }
}

static const struct dpu_site *site(const struct dpu_report *r, uint32_t id) {
  return id && id < r->sites->n ? &r->sites->v[id] : NULL;
}

static const char *signame(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGBUS: return "SIGBUS";
  case SIGFPE: return "SIGFPE";
  case SIGILL: return "SIGILL";
  case SIGABRT: return "SIGABRT";
  case SIGKILL: return "SIGKILL";
  case SIGTRAP: return "SIGTRAP";
  case SIGSYS: return "SIGSYS";
  default: return "signal";
  }
}

/* Whether record e ends a replay step: a signal that woke a thread names it ("T:C/W"). */
static unsigned woken_by(const struct dpu_event_rec *e) {
  return e->op == DPU_OP_COND_SIGNAL ? e->result : 0;
}

size_t dpu_replay_format(const struct dpu_event_rec *ev, uint32_t n, char *buf, size_t size) {
  size_t len = 0;
  for (uint32_t i = 0; i < n;) {
    uint32_t j = i;
    while (j < n && ev[j].tid == ev[i].tid && (j == i || !woken_by(&ev[j - 1]))) j++;
    unsigned w = woken_by(&ev[j - 1]);
    int k = snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0, "%s%u:%u",
                     i ? "," : "", ev[i].tid, j - i);
    len += (size_t)k;
    if (w) len += (size_t)snprintf(len < size ? buf + len : NULL, len < size ? size - len : 0,
                                   "/%u", w - 1);
    i = j;
  }
  if (n == 0 && size) buf[0] = 0;
  return len;
}

long dpu_replay_parse(const char *text, struct dpu_replay_step *steps, size_t cap) {
  size_t n = 0;
  const char *p = text;
  while (*p) {
    char *end;
    unsigned long t = strtoul(p, &end, 10);
    if (end == p || *end != ':' || t >= DPU_MAX_THREADS) return -1;
    p = end + 1;
    unsigned long c = strtoul(p, &end, 10);
    if (end == p || c == 0 || c > UINT32_MAX) return -1;
    if (n == cap) return -1;
    steps[n] = (struct dpu_replay_step){.tid = (uint16_t)t, .count = (uint32_t)c};
    p = end;
    if (*p == '/') {
      unsigned long w = strtoul(p + 1, &end, 10);
      if (end == p + 1 || w >= DPU_MAX_THREADS) return -1;
      steps[n].choice = (uint16_t)(w + 1);
      p = end;
    }
    n++;
    if (*p == ',') p++;
    else if (*p) return -1;
  }
  return (long)n;
}

static void print_output(struct dpu_report *r, struct dpu_shm *shm) {
  uint32_t len = shm->output_len;
  const char *o = dpu_shm_output(shm);
  if (len == 0) {
    fprintf(r->out, "  output: (none)\n");
    return;
  }
  fprintf(r->out, "  output:\n");
  for (uint32_t i = 0; i < len;) {
    uint32_t j = i;
    while (j < len && o[j] != '\n') j++;
    fprintf(r->out, "  | %.*s\n", (int)(j - i), o + i);
    i = j + 1;
  }
  if (shm->output_truncated) fprintf(r->out, "  | [output truncated]\n");
}

void dpu_report_output(struct dpu_report *r, struct dpu_shm *shm) { print_output(r, shm); }

static void print_event(struct dpu_report *r, uint32_t step, const struct dpu_event_rec *e) {
  char obj[48] = "";
  const char *outcome = "";
  if (e->op == DPU_OP_THREAD_CREATE || e->op == DPU_OP_THREAD_JOIN ||
      e->op == DPU_OP_THREAD_DETACH) {
    if (e->obj == UINT64_MAX) snprintf(obj, sizeof obj, "(unknown thread)");
    else snprintf(obj, sizeof obj, "T%llu", (unsigned long long)e->obj);
  } else if (!dpu_op_is_thread_op(e->op) && e->op != DPU_OP_PROCESS_EXIT) {
    if (dpu_op_is_try(e->op)) {
      outcome = e->op == DPU_OP_COND_TIMEDRESUME ? (e->result ? " (woken)" : " (timed out)")
                : e->result                      ? " (acquired)"
                                                 : " (busy)";
    } else if (e->op == DPU_OP_COND_SIGNAL) {
      static char woke[24];
      if (e->result) snprintf(woke, sizeof woke, " (wakes T%u)", e->result - 1);
      else snprintf(woke, sizeof woke, " (lost)");
      outcome = woke;
    } else if (e->op == DPU_OP_ATOMIC_CAS) {
      outcome = e->result ? " (exchanged)" : " (failed)";
    } else if (e->op == DPU_OP_BARRIER_ARRIVE && e->result) {
      outcome = " (last)";
    }
    snprintf(obj, sizeof obj, "%#llx%s", (unsigned long long)e->obj, outcome);
  }
  const struct dpu_site *s = site(r, e->site);
  fprintf(r->out, "  #%-4u T%-3u %-22s %-24s", step, e->tid, dpu_op_name(e->op), obj);
  if (s) fprintf(r->out, " %s:%u %s", s->file, s->line, s->function);
  fprintf(r->out, "\n");
}

static void print_message(struct dpu_report *r, struct dpu_shm *shm) {
  const struct dpu_run_result *res = &shm->result;
  const struct dpu_site *s = site(r, res->site);
  switch (res->end) {
  case DPU_END_DEADLOCK:
    fprintf(r->out, "%u thread%s blocked:", res->nblocked, res->nblocked == 1 ? "" : "s");
    for (uint32_t i = 0; i < res->nblocked; i++) {
      const struct dpu_blocked *b = &res->blocked[i];
      const struct dpu_site *bs = site(r, b->site);
      fprintf(r->out, "%s T%u in %s", i ? "," : "", b->tid, dpu_op_name(b->op));
      if (bs) fprintf(r->out, " at %s:%u", bs->file, bs->line);
    }
    return;
  case DPU_END_SIGNAL: {
    fprintf(r->out, "%s in T%d", signame(res->code), res->tid);
    /* Where the thread was: just after its last visible operation. */
    const struct dpu_event_rec *ev = dpu_shm_trace(shm);
    for (uint32_t i = shm->nevents; i-- > 0;) {
      if (ev[i].tid != res->tid) continue;
      const struct dpu_site *ls = site(r, ev[i].site);
      fprintf(r->out, " after %s", dpu_op_name(ev[i].op));
      if (ls) fprintf(r->out, " at %s:%u in %s", ls->file, ls->line, ls->function);
      break;
    }
    if (res->msg[0]) fprintf(r->out, " (%s)", res->msg);
    return;
  }
  case DPU_END_HANG_STEPS:
  case DPU_END_HANG_TIME:
    fprintf(r->out, "%s", res->msg);
    if (s) fprintf(r->out, " (at %s:%u in %s)", s->file, s->line, s->function);
    return;
  default:
    fprintf(r->out, "%s", res->msg);
    if (s) fprintf(r->out, " (at %s:%u in %s)", s->file, s->line, s->function);
    else if (res->end != DPU_END_ASSERT && res->tid >= 0) fprintf(r->out, " (in T%d)", res->tid);
  }
}

void dpu_report_defect(struct dpu_report *r, struct dpu_shm *shm) {
  const struct dpu_event_rec *ev = dpu_shm_trace(shm);
  uint32_t n = shm->nevents;
  r->defects++;
  fprintf(r->out, "dpu: defect %llu: %s: ", (unsigned long long)r->defects,
          dpu_end_kind(shm->result.end));
  print_message(r, shm);
  fprintf(r->out, "\n");
  unsigned nthreads = 0;
  for (uint32_t i = 0; i < n; i++)
    if (ev[i].tid + 1u > nthreads) nthreads = ev[i].tid + 1u;
  fprintf(r->out, "  interleaving (%u thread%s, %u steps):\n", nthreads, nthreads == 1 ? "" : "s",
          n);
  for (uint32_t i = 0; i < n; i++) print_event(r, i + 1, &ev[i]);
  static struct dpu_thread_stack stacks[DPU_MAX_THREADS];
  dpu_stacks_print(r->out, stacks, dpu_run_stacks(shm, stacks));
  print_output(r, shm);
  size_t need = dpu_replay_format(ev, n, NULL, 0) + 1;
  char *buf = malloc(need);
  if (buf) {
    dpu_replay_format(ev, n, buf, need);
    fprintf(r->out, "  replay: %s --replay=%s%s\n", r->command, buf, r->program_args);
    free(buf);
  }
  fflush(r->out);
}

void dpu_report_trace(struct dpu_report *r, const uint8_t *fp, size_t len) {
  fprintf(r->out, "dpu: trace ");
  for (size_t i = 0; i < len; i++) fprintf(r->out, "%02x", fp[i]);
  fprintf(r->out, "\n");
}

void dpu_report_summary(struct dpu_report *r, const struct dpu_counts *c, double seconds) {
  fprintf(r->out, "dpu: summary: %llu defects, %llu max-configs, %llu SSBs, %llu runs, %.2f s\n",
          (unsigned long long)r->defects, (unsigned long long)c->max_configs,
          (unsigned long long)c->ssbs, (unsigned long long)c->runs, seconds);
  fflush(r->out);
}
