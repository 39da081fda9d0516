/* Reports: defects as found, and the summary line (DESIGN.md §8). Text format for now. */
#ifndef DPU_REPORT_H
#define DPU_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../passes/instrument.h"
#include "../runtime/protocol.h"

struct dpu_report {
  FILE *out;
  const struct dpu_site_table *sites;
  const char *command;       /* how to re-run dpu on the same inputs, e.g. "dpu prog.c" */
  const char *program_args;  /* " -- a b" or "" */
  bool show_output;          /* show the output of every run, not only defective ones */
  bool print_traces;         /* print "dpu: trace HEX" for every new trace */
  uint64_t defects;
};

/* The counts of the summary line. */
struct dpu_counts {
  uint64_t max_configs;  /* distinct Mazurkiewicz traces (maximal configurations) */
  uint64_t ssbs;         /* sleep-set-blocked runs (0 in exhaustive mode) */
  uint64_t runs;
};

/* Prints one defect block for the run in shm (whose result is a defect): the header line
 * "dpu: defect N: KIND: MESSAGE", the interleaving, the output and the replay arguments. */
void dpu_report_defect(struct dpu_report *r, struct dpu_shm *shm);

/* Prints the output of a run that is not reported as a defect (used with --show-output). */
void dpu_report_output(struct dpu_report *r, struct dpu_shm *shm);

/* Prints "dpu: trace HEX", the fingerprint of a new trace (--print-traces). */
void dpu_report_trace(struct dpu_report *r, const uint8_t *fp, size_t len);

/* Prints the stable summary line:
 *   dpu: summary: D defects, M max-configs, S SSBs, R runs, T s */
void dpu_report_summary(struct dpu_report *r, const struct dpu_counts *c, double seconds);

/* Writes the replay of ev[0..n) as "T:C,T:C,..." (thread, number of steps) into buf. Returns
 * the length it needed (as snprintf does). */
size_t dpu_replay_format(const struct dpu_event_rec *ev, uint32_t n, char *buf, size_t size);

/* Parses "T:C,T:C,..." into steps (at most cap). Returns the number of steps, or -1 if the text
 * is malformed or has more than cap steps. */
long dpu_replay_parse(const char *text, struct dpu_replay_step *steps, size_t cap);

/* The KIND word of a defect end, e.g. "assertion failure". */
const char *dpu_end_kind(int end);

#endif
