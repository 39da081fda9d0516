/* SV-COMP violation witnesses (issue #12): the trace of a defect that violates the property
 * of a verification task, as the YAML document the competition's validators read. */
#ifndef DPU_WITNESS_H
#define DPU_WITNESS_H

#include "../passes/sites.h"
#include "defects.h"
#include "report.h"

/* Writes to path (replaced) the violation witness of defect d for property p (unreach-call:
 * d is a call of reach_error; no-data-race: d is a data race), with inv's input files as the
 * task. The document is one entry of SV-COMP's witness format 2.0, `violation_sequence`:
 * metadata (format version, a random UUID, the UTC creation time, producer dpu and its
 * version, the task: input files with their SHA-256, the property's LTL specification, data
 * model LP64, language C) and content, a list of segments of one waypoint each, in the order
 * of d's interleaving (for a race, up to its later access):
 *  - each step with a source location of its own (not a thread's start or exit): type
 *    `assumption`, constraint "1" (the thread passes that call), at the call's file, line,
 *    column and function;
 *  - a __VERIFIER_nondet_* value: type `function_return`, constraint "\result == V"
 *    (acsl_expression);
 *  - last, the violation: type `target` at the reach_error call, or one segment of two
 *    `target` waypoints at the two racing accesses.
 * Every waypoint carries `thread_id`, the number of the thread that performs it (main = 0),
 * as format 2.2's concurrency extension names it; format_version says "2.2" accordingly.
 * Returns 0, or -1 with a message on stderr (the file cannot be written). Uses libyaml's
 * emitter and OpenSSL's SHA-256. */
int dpu_witness_write(const char *path, const struct dpu_defect *d,
                      const struct dpu_site_table *sites, const struct dpu_invocation *inv,
                      enum dpu_property p);

/* The first defect of r that violates r->property (as dpu_report_verdict decides "false"),
 * NULL if none. */
const struct dpu_defect *dpu_witness_defect(const struct dpu_report *r);

#endif
