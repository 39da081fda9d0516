/* See witness.h. The document is built with libyaml's emitter (events: stream, document,
 * sequences, mappings, scalars), which quotes what needs quoting. */
#include "witness.h"

#include <errno.h>
#include <inttypes.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <yaml.h>

#include "races.h"

const struct dpu_defect *dpu_witness_defect(const struct dpu_report *r) {
  for (uint32_t i = 0; i < r->defects.n; i++)
    if (dpu_defect_violates(r->defects.v[i], r->property)) return r->defects.v[i];
  return NULL;
}

/* ---- emitting --------------------------------------------------------------------------- */

struct out {
  yaml_emitter_t em;
  bool ok;
};

static void emit(struct out *o, yaml_event_t *ev, int made) {
  if (!o->ok) return;
  if (!made || !yaml_emitter_emit(&o->em, ev)) o->ok = false;
}

/* A scalar in the given style (double quotes for strings that would read as numbers). */
static void scalar_style(struct out *o, const char *s, yaml_scalar_style_t style) {
  yaml_event_t ev;
  emit(o, &ev,
       yaml_scalar_event_initialize(&ev, NULL, NULL, (yaml_char_t *)(uintptr_t)s, (int)strlen(s),
                                    1, 1, style));
}

static void scalar(struct out *o, const char *s) { scalar_style(o, s, YAML_ANY_SCALAR_STYLE); }

static void number(struct out *o, uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof buf, "%" PRIu64, v);
  scalar(o, buf);
}

static void map_start(struct out *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

static void map_end(struct out *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_mapping_end_event_initialize(&ev));
}

static void seq_start(struct out *o) {
  yaml_event_t ev;
  emit(o, &ev,
       yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1, YAML_BLOCK_SEQUENCE_STYLE));
}

static void seq_end(struct out *o) {
  yaml_event_t ev;
  emit(o, &ev, yaml_sequence_end_event_initialize(&ev));
}

static void pair(struct out *o, const char *key, const char *value) {
  scalar(o, key);
  scalar(o, value);
}

/* ---- the task --------------------------------------------------------------------------- */

/* The SHA-256 of file path in hex (65 bytes), or "" if it cannot be read. */
static void sha256_file(const char *path, char hex[65]) {
  hex[0] = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return;
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  unsigned char md[EVP_MAX_MD_SIZE], buf[1 << 14];
  unsigned len = 0;
  bool ok = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL);
  size_t n;
  while (ok && (n = fread(buf, 1, sizeof buf, f)) > 0) ok = EVP_DigestUpdate(ctx, buf, n);
  ok = ok && !ferror(f) && EVP_DigestFinal_ex(ctx, md, &len) && len == 32;
  EVP_MD_CTX_free(ctx);
  fclose(f);
  if (!ok) return;
  for (unsigned i = 0; i < 32; i++) snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

/* A random (version 4) UUID, 37 bytes. */
static void uuid4(char out[37]) {
  uint8_t b[16] = {0};
  if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) {
    struct timespec ts; /* no entropy: time and pid still make it unique enough */
    clock_gettime(CLOCK_REALTIME, &ts);
    memcpy(b, &ts, sizeof ts < sizeof b ? sizeof ts : sizeof b);
  }
  b[6] = (uint8_t)((b[6] & 0x0f) | 0x40);
  b[8] = (uint8_t)((b[8] & 0x3f) | 0x80);
  snprintf(out, 37, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
           b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
           b[15]);
}

/* The specification as SV-COMP's property files state it. */
static const char *specification(enum dpu_property p) {
  return p == DPU_PROPERTY_NO_DATA_RACE ? "CHECK( init(main()), LTL(G ! data-race) )"
                                        : "CHECK( init(main()), LTL(G ! call(reach_error())) )";
}

static void metadata(struct out *o, const struct dpu_invocation *inv, enum dpu_property p) {
  char id[37], when[32], hex[65];
  uuid4(id);
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
  scalar(o, "metadata");
  map_start(o);
  scalar(o, "format_version");
  scalar_style(o, "2.2", YAML_DOUBLE_QUOTED_SCALAR_STYLE);
  pair(o, "uuid", id);
  scalar(o, "creation_time");
  scalar_style(o, when, YAML_DOUBLE_QUOTED_SCALAR_STYLE); /* a string, not a YAML timestamp */
  scalar(o, "producer");
  map_start(o);
  pair(o, "name", "dpu");
  scalar(o, "version");
  scalar_style(o, inv->version ? inv->version : "?", YAML_DOUBLE_QUOTED_SCALAR_STYLE);
  map_end(o);
  scalar(o, "task");
  map_start(o);
  scalar(o, "input_files");
  seq_start(o);
  for (int i = 0; i < inv->ninputs; i++) scalar(o, inv->inputs[i]);
  seq_end(o);
  scalar(o, "input_file_hashes");
  map_start(o);
  for (int i = 0; i < inv->ninputs; i++) {
    sha256_file(inv->inputs[i], hex);
    pair(o, inv->inputs[i], hex);
  }
  map_end(o);
  pair(o, "specification", specification(p));
  pair(o, "data_model", "LP64");
  pair(o, "language", "C");
  map_end(o);
  map_end(o);
}

/* ---- the content ------------------------------------------------------------------------ */

/* One waypoint (a mapping, inside a segment's sequence) of thread tid at loc; constraint and
 * its format may be NULL. */
static void waypoint(struct out *o, const char *type, struct dpu_loc loc, unsigned tid,
                     const char *constraint, const char *format) {
  map_start(o);
  scalar(o, "waypoint");
  map_start(o);
  pair(o, "type", type);
  pair(o, "action", "follow");
  scalar(o, "thread_id");
  number(o, tid);
  scalar(o, "location");
  map_start(o);
  pair(o, "file_name", loc.file ? loc.file : "?"); /* a site without debug information */
  scalar(o, "line");
  number(o, loc.line);
  if (loc.column) {
    scalar(o, "column");
    number(o, loc.column);
  }
  if (loc.function) pair(o, "function", loc.function);
  map_end(o);
  if (constraint) {
    scalar(o, "constraint");
    map_start(o);
    scalar(o, "value");
    scalar_style(o, constraint, YAML_DOUBLE_QUOTED_SCALAR_STYLE); /* a string, even "1" */
    pair(o, "format", format);
    map_end(o);
  }
  map_end(o);
  map_end(o);
}

static void segment_start(struct out *o) {
  map_start(o);
  scalar(o, "segment");
  seq_start(o);
}

static void segment_end(struct out *o) {
  seq_end(o);
  map_end(o);
}

static void content(struct out *o, const struct dpu_defect *d, const struct dpu_site_table *sites) {
  scalar(o, "content");
  seq_start(o);
  /* A race: the steps before its later access (the trace may go on past it). */
  uint32_t n = d->nsteps;
  if (d->race && d->race->access[1].step && d->race->access[1].step < n)
    n = d->race->access[1].step;
  for (uint32_t i = 0; i < n; i++) {
    const struct dpu_event_rec *e = &d->steps[i];
    struct dpu_loc loc = dpu_site_loc(sites, e->site);
    /* A thread's start and exit are not at a location of its own (a start names its
     * create's). */
    if (e->op == DPU_OP_THREAD_START || e->op == DPU_OP_THREAD_EXIT) continue;
    if (!e->site || !loc.file || !loc.line) continue;
    segment_start(o);
    if (e->op == DPU_OP_NONDET) {
      char c[48];
      snprintf(c, sizeof c, "\\result == %lld", (long long)e->value);
      waypoint(o, "function_return", loc, e->tid, c, "acsl_expression");
    } else {
      waypoint(o, "assumption", loc, e->tid, "1", "c_expression");
    }
    segment_end(o);
  }
  segment_start(o);
  if (d->race) {
    for (int k = 0; k < 2; k++)
      waypoint(o, "target", d->race->access[k].loc, d->race->access[k].rec.tid, NULL, NULL);
  } else {
    waypoint(o, "target", d->loc, d->tid >= 0 ? (unsigned)d->tid : 0, NULL, NULL);
  }
  segment_end(o);
  seq_end(o);
}

int dpu_witness_write(const char *path, const struct dpu_defect *d,
                      const struct dpu_site_table *sites, const struct dpu_invocation *inv,
                      enum dpu_property p) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "dpu: error: cannot write the witness to %s: %s\n", path, strerror(errno));
    return -1;
  }
  struct out o = {.ok = true};
  if (!yaml_emitter_initialize(&o.em)) {
    fclose(f);
    fprintf(stderr, "dpu: error: out of memory\n");
    return -1;
  }
  yaml_emitter_set_output_file(&o.em, f);
  yaml_emitter_set_width(&o.em, -1);
  yaml_emitter_set_unicode(&o.em, 1);
  yaml_event_t ev;
  emit(&o, &ev, yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING));
  emit(&o, &ev, yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 1));
  seq_start(&o);
  map_start(&o);
  pair(&o, "entry_type", "violation_sequence");
  metadata(&o, inv, p);
  content(&o, d, sites);
  map_end(&o);
  seq_end(&o);
  emit(&o, &ev, yaml_document_end_event_initialize(&ev, 1));
  emit(&o, &ev, yaml_stream_end_event_initialize(&ev));
  yaml_emitter_delete(&o.em);
  if (fclose(f) != 0) o.ok = false;
  if (!o.ok) {
    fprintf(stderr, "dpu: error: cannot write the witness to %s\n", path);
    return -1;
  }
  return 0;
}
