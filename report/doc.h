/* The machine-readable reports, built as jansson values (DESIGN.md §8, issue #4): JSON as
 * docs/report.schema.json describes it (json.c) and SARIF 2.1.0 (sarif.c). The
 * text report and the writing of files are in report.c. */
#ifndef DPU_REPORT_DOC_H
#define DPU_REPORT_DOC_H

#include <jansson.h>
#include <stddef.h>

#include "report.h"

/* The JSON document of report r at the point `end` describes. New reference (the caller
 * json_decref's it), or NULL if out of memory. */
json_t *dpu_report_json(const struct dpu_report *r, const struct dpu_report_end *end);

/* The SARIF 2.1.0 log of report r at the point `end` describes: one run of the tool "dpu",
 * one result per distinct defect. New reference, or NULL if out of memory. */
json_t *dpu_report_sarif(const struct dpu_report *r, const struct dpu_report_end *end);

/* A SARIF location object for l (which must have a file): its artifact a URI relative to
 * %SRCROOT% (the working directory) when the file is below it, else an absolute file:// URI;
 * its region l's line (1 if unknown) and column; l's function as a logical location; message,
 * if not NULL, as its message. New reference; *ok becomes 0 if out of memory. */
json_t *dpu_sarif_location(struct dpu_loc l, const char *message, int *ok);

/* The run's originalUriBaseIds: %SRCROOT% as the working directory's file:// URI, which the
 * relative URIs of dpu_sarif_location are relative to. New reference, NULL if the working
 * directory is unknown. */
json_t *dpu_sarif_base_ids(int *ok);

/* A JSON string of the bytes s[0..n) (n == (size_t)-1: up to the NUL), which need not be
 * valid UTF-8: each byte that does not start a valid sequence becomes U+FFFD, so that program
 * output and file names always make a valid document. New reference, or NULL. */
json_t *dpu_json_text(const char *s, size_t n);

/* Sets key of object obj to the new reference v, which is stolen; a NULL v marks the
 * document as failed: *ok becomes 0. Helpers for building documents with one check at the
 * end. */
void dpu_json_put(json_t *obj, const char *key, json_t *v, int *ok);

/* Appends the new reference v (stolen) to array arr; NULL v sets *ok to 0. */
void dpu_json_push(json_t *arr, json_t *v, int *ok);

#endif
