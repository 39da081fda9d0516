/* The steps of an interleaving in the text report (steps.c). */
#ifndef DPU_REPORT_STEPS_H
#define DPU_REPORT_STEPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "report.h"

/* "'name'", "'acct[1].lock'" (report/fields.h) or "'name' + OFFSET" for an address a inside a
 * global of the program, into buf (of size bytes); false when it is in none (or r's executor
 * is not known). */
bool dpu_report_global_name(const struct dpu_report *r, uint64_t a, char *buf, size_t size);

/* The member or element of a global that address a is, as the program writes it
 * ("acct[1].lock", report/fields.h), into buf (of size bytes); false when a is in no global,
 * is the whole variable, or is a byte into a member rather than one (or the type is unknown). */
bool dpu_report_global_member(const struct dpu_report *r, uint64_t a, char *buf, size_t size);

/* The name of step e's operation in reports: dpu_op_name's, except for a condition wait made
 * by pthread_cond_timedwait, whose first event (COND_WAIT, the same operation as a wait's) is
 * named after the call, as its wake-up is ("pthread_cond_timedwait:wake"). */
const char *dpu_report_op_name(const struct dpu_report *r, const struct dpu_event_rec *e);

/* Step e's object with its outcome, as the text report and SARIF's thread flows show it, into
 * obj (of cap bytes): "'m'", "'m' (busy)", "'busy' = 0" (a plain read or write: the value),
 * "'x' = 1" (an atomic load or store), "'top' read 0x7f0a1000 (failed)" (a CAS or a
 * read-modify-write: the value it read, its outcome), "T1", "__VERIFIER_nondet = 2"; empty
 * when the operation has no object. */
void dpu_report_step_text(const struct dpu_report *r, const struct dpu_event_rec *e, char *obj,
                          size_t cap);

/* The heap blocks that name the objects of the steps written next (d's; NULL: none), until
 * the next call: an object inside one is "heap@p.c:12" (where it was allocated), "heap@p.c:12
 * + 8" (an offset into it), "heap@p.c:12#2" (the second block of that malloc), not its
 * address. Set by the text, JSON and SARIF writers around a defect's steps. */
void dpu_report_steps_heap(const struct dpu_defect *d);

/* The heap block of the current table (dpu_report_steps_heap) that holds address a, with a's
 * offset in it in *offset; NULL if none does. The block belongs to the table's defect. */
const struct dpu_heap_object *dpu_report_heap_block(uint64_t a, uint64_t *offset);

/* How many steps of an interleaving of n steps the reports leave out (issue 37: a JSON report
 * of 12 defects of 100,000 steps each was 783 MB): with shown = N > 0 (--steps-shown,
 * r->steps_shown) and n > 2N, the n - 2N between the first N and the last N; else 0. The
 * text, JSON and SARIF reports show the same steps; the replay schedule always has them all. */
uint32_t dpu_report_steps_omitted(uint32_t shown, uint32_t n);

/* Prints steps[0, n) on r->text, one line each ("  #STEP Tn OPERATION OBJECT FILE:LINE
 * FUNCTION"), in columns as wide as the steps shown need; with r->steps_shown N > 0 and more
 * than 2N steps, only the first and last N with a line that says how many were left out
 * between them (a run cut at --max-steps=100000 would otherwise print 100,000 lines), and in
 * those, three or more equal steps in a row as the first and a line that counts the others. */
void dpu_report_print_steps(struct dpu_report *r, const struct dpu_event_rec *steps,
                            uint32_t n);

#endif
