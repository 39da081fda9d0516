/* The machine-readable reports, built as jansson values (docs/design.md §8, issue #4): JSON as
 * docs/report.schema.json describes it (json.c) and SARIF 2.1.0 (sarif.c). The
 * text report and the writing of files are in report.c. */
#ifndef DPU_REPORT_DOC_H
#define DPU_REPORT_DOC_H

#include <jansson.h>
#include <stddef.h>

#include "report.h"

/* The significant digits of the real numbers of every document dpu writes: the content digest
 * below is of the numbers as written, so that a document read back has the same digest. */
#define DPU_JSON_REAL_DIGITS 6

/* Hex digits of a content digest (BLAKE2b-256), and the member of a document that holds it. */
#define DPU_CONTENT_DIGEST_HEX 64
#define DPU_CONTENT_DIGEST_KEY "content_digest"

/* The content digest of JSON document doc (an object), which `dpu merge` checks a shard's
 * report by: BLAKE2b-256 of the document without its member DPU_CONTENT_DIGEST_KEY, serialised
 * compact, keys sorted, reals with DPU_JSON_REAL_DIGITS digits, as DPU_CONTENT_DIGEST_HEX
 * lower-case hex digits and a NUL into hex. doc is not changed. Returns 0, or -1 if out of
 * memory (hex is then ""). */
int dpu_json_content_digest(const json_t *doc, char hex[DPU_CONTENT_DIGEST_HEX + 1]);

/* The JSON document of report r at the point `end` describes. New reference (the caller
 * json_decref's it), or NULL if out of memory. */
json_t *dpu_report_json(const struct dpu_report *r, const struct dpu_report_end *end);
/* (With --shard, the document has its content digest, DPU_CONTENT_DIGEST_KEY: written with
 * reals of DPU_JSON_REAL_DIGITS digits, it is the digest of the file's document.) */

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
