/* See compdb.h. */
#include "compdb.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../report/warnings.h"
#include "clang.h"
#include "diag.h"

static char *dup_str(const char *s) {
  char *d = strdup(s);
  if (!d) abort();
  return d;
}

/* dir/name, or name when it is absolute; malloc'd. */
static char *join(const char *dir, const char *name) {
  if (name[0] == '/' || !dir) return dup_str(name);
  size_t len = strlen(dir) + strlen(name) + 2;
  char *p = malloc(len);
  if (!p) abort();
  snprintf(p, len, "%s/%s", dir, name);
  return p;
}

/* path made canonical by realpath(3) when it exists, else path itself (taken: freed or
 * returned). */
static char *canonical(char *path) {
  char *real = realpath(path, NULL);
  if (!real) return path;
  free(path);
  return real;
}

/* Appends a malloc'd copy of s[0, len) to the malloc'd array *v of *n strings. */
static void push(char ***v, int *n, const char *s, size_t len) {
  char *d = malloc(len + 1);
  if (!d) abort();
  memcpy(d, s, len);
  d[len] = 0;
  *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
  if (!*v) abort();
  (*v)[(*n)++] = d;
}

/* Splits cmd into words as a POSIX shell does without expanding anything: blanks separate
 * words; 'single quotes' keep everything; "double quotes" keep everything but \" \\ \$ \`;
 * a backslash outside quotes keeps the next character. Returns 0, or -1 for an unterminated
 * quote. */
static int split_command(const char *cmd, char ***args, int *nargs) {
  size_t cap = strlen(cmd) + 1, len = 0;
  char *word = malloc(cap);
  if (!word) abort();
  bool in_word = false;
  const char *p = cmd;
  for (;;) {
    char c = *p;
    if (c == 0 || c == ' ' || c == '\t' || c == '\n') {
      if (in_word) push(args, nargs, word, len);
      in_word = false, len = 0;
      if (!c) break;
      p++;
      continue;
    }
    in_word = true;
    if (c == '\'' || c == '"') {
      for (p++; *p && *p != c; p++) {
        if (c == '"' && *p == '\\' && p[1] && strchr("\"\\$`", p[1])) p++;
        word[len++] = *p;
      }
      if (!*p) {
        free(word);
        return -1;
      }
      p++;
    } else if (c == '\\' && p[1]) {
      word[len++] = p[1];
      p += 2;
    } else {
      word[len++] = c;
      p++;
    }
  }
  free(word);
  return 0;
}

/* The database file that path names: path itself, or path/compile_commands.json for a
 * directory; malloc'd. */
static char *database_file(const char *path) {
  struct stat st;
  if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return join(path, "compile_commands.json");
  return dup_str(path);
}

/* Whether e's file is one an earlier entry of db already has. */
static bool seen(const struct dpu_compdb *db, const char *file) {
  for (size_t i = 0; i < db->n; i++)
    if (strcmp(db->v[i].file, file) == 0) return true;
  return false;
}

/* Reads entry i of the database, json object o, into db (unless its file has an entry
 * already); base: the database's directory, against which a relative `directory` is read.
 * Returns 0, or 2 (message printed). */
static int read_entry(struct dpu_compdb *db, size_t i, json_t *o, const char *base) {
  static const char format[] = "a compilation database is an array of objects with "
                               "\"directory\", \"file\", and \"arguments\" or \"command\"";
  json_t *dir = json_object_get(o, "directory"), *file = json_object_get(o, "file");
  json_t *arguments = json_object_get(o, "arguments"), *command = json_object_get(o, "command");
  const char *missing = !json_is_object(o)                      ? "is not an object"
                        : !json_is_string(dir)                  ? "has no \"directory\""
                        : !json_is_string(file)                 ? "has no \"file\""
                        : !json_is_array(arguments) && !json_is_string(command)
                            ? "has no \"arguments\" or \"command\""
                            : NULL;
  if (missing) {
    dpu_error("%s: entry %zu %s (%s)", db->path, i + 1, missing, format);
    return 2;
  }
  struct dpu_compdb_entry e = {0};
  e.directory = canonical(join(base, json_string_value(dir)));
  e.file = canonical(join(e.directory, json_string_value(file)));
  int bad = 0;
  if (json_is_array(arguments)) {
    size_t k;
    json_t *a;
    json_array_foreach(arguments, k, a) {
      if (!json_is_string(a)) bad = 1;
      else push(&e.args, &e.nargs, json_string_value(a), strlen(json_string_value(a)));
    }
  } else {
    bad = split_command(json_string_value(command), &e.args, &e.nargs);
  }
  if (bad || e.nargs == 0) {
    dpu_error("%s: entry %zu (%s) has %s", db->path, i + 1, json_string_value(file),
              bad ? "an argument that is not a string or an unterminated quote"
                  : "an empty command");
  } else if (!seen(db, e.file)) {
    db->v[db->n++] = e;
    return 0;
  }
  dpu_compdb_free_flags(e.args, e.nargs);
  free(e.file);
  free(e.directory);
  return bad || e.nargs == 0 ? 2 : 0;
}

int dpu_compdb_read(const char *path, struct dpu_compdb *db) {
  memset(db, 0, sizeof *db);
  db->path = database_file(path);
  FILE *f = fopen(db->path, "r");
  if (!f) {
    dpu_error("cannot read the compilation database %s: %s (CMake writes it with "
              "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON; for make, Bear or compiledb)",
              db->path, strerror(errno));
    return 2;
  }
  json_error_t err;
  json_t *root = json_loadf(f, 0, &err);
  fclose(f);
  if (!root || !json_is_array(root)) {
    if (root) dpu_error("%s is not a compilation database: it is not a JSON array", db->path);
    else dpu_error("%s is not a compilation database: line %d: %s", db->path, err.line,
                   err.text);
    json_decref(root);
    return 2;
  }
  /* A relative "directory" is read against the database's own directory. */
  char *base = canonical(dup_str(db->path));
  char *slash = strrchr(base, '/');
  if (slash) *slash = 0;
  db->v = calloc(json_array_size(root) + 1, sizeof *db->v);
  if (!db->v) abort();
  int rc = 0;
  for (size_t i = 0; i < json_array_size(root) && rc == 0; i++)
    rc = read_entry(db, i, json_array_get(root, i), slash ? base : NULL);
  free(base);
  json_decref(root);
  return rc;
}

const struct dpu_compdb_entry *dpu_compdb_find(const struct dpu_compdb *db, const char *path) {
  char *real = realpath(path, NULL);
  const struct dpu_compdb_entry *found = NULL;
  for (size_t i = 0; real && i < db->n && !found; i++)
    if (strcmp(db->v[i].file, real) == 0) found = &db->v[i];
  free(real);
  return found;
}

/* Whether option (a canonical spelling, clang.h) starts with one of prefixes[0, n). */
static bool starts_with_any(const char *option, const char *const *prefixes, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strncmp(option, prefixes[i], strlen(prefixes[i])) == 0) return true;
  return false;
}

/* Whether dpu leaves the option out of the compile (compdb.h says which and why). */
static bool left_out(const char *option) {
  static const char *const exact[] = {
      "<input>", "-o", "-c", "-S", "-E", "-x", "-pipe", "-v", "-###", "-fsyntax-only",
      "-emit-llvm", "-shared", "-static", "-rdynamic", "-s", "-pie", "-no-pie", "-pedantic",
      "-pedantic-errors", "-Xlinker", "-Xassembler", "-Xclang", "-fPIC", "-fpic", "-fPIE",
      "-fpie", "-fno-pic", "-fno-pie", "-fcolor-diagnostics", "-fno-color-diagnostics",
      "--driver-mode="};
  static const char *const prefixes[] = {
      "-M", "-g", "-W", "-l", "-L", "-fsanitize", "-fno-sanitize", "-fprofile", "-fno-profile",
      "-fcoverage", "-ftest-coverage", "--coverage", "-flto", "-fno-lto", "-fdiagnostics-color",
      "-save-temps"};
  if (strcmp(option, "-Wp,") == 0) return false; /* preprocessor options: kept */
  for (size_t i = 0; i < sizeof exact / sizeof *exact; i++)
    if (strcmp(option, exact[i]) == 0) return true;
  return starts_with_any(option, prefixes, sizeof prefixes / sizeof *prefixes);
}

int dpu_compdb_flags(const struct dpu_compdb_entry *e, char ***flags, int *nflags) {
  *flags = NULL;
  *nflags = 0;
  push(flags, nflags, "-working-directory", strlen("-working-directory"));
  push(flags, nflags, e->directory, strlen(e->directory));
  int nargs = e->nargs - 1; /* after the compiler */
  struct dpu_clang_arg *a = calloc((size_t)nargs + 1, sizeof *a);
  if (!a) abort();
  int n = dpu_clang_split_args((const char *const *)e->args + 1, nargs, a);
  int rc = 0;
  for (int i = 0; i < n && rc == 0; i++) {
    char *const *arg = e->args + 1 + a[i].index;
    if (strcmp(a[i].option, "-m32") == 0 || strcmp(a[i].option, "-m16") == 0 ||
        strcmp(a[i].option, "-mx32") == 0) {
      dpu_error("%s is compiled for a 32-bit target (%s in its compile command), whose pthread "
                "types dpu cannot run: dpu runs programs on x86-64 (LP64)", e->file, arg[0]);
      rc = 2;
    } else if (strcmp(a[i].option, "<unknown>") == 0) {
      dpu_note("compile-flag-unknown",
               "left '%s' out of the build's compile commands: dpu's clang does not know it",
               arg[0]);
    } else if (!left_out(a[i].option)) {
      for (int k = 0; k < a[i].count; k++) push(flags, nflags, arg[k], strlen(arg[k]));
    }
  }
  free(a);
  if (rc) {
    dpu_compdb_free_flags(*flags, *nflags);
    *flags = NULL, *nflags = 0;
  }
  return rc;
}

void dpu_compdb_free_flags(char **flags, int nflags) {
  for (int i = 0; i < nflags; i++) free(flags[i]);
  free(flags);
}

void dpu_compdb_free(struct dpu_compdb *db) {
  for (size_t i = 0; i < db->n; i++) {
    dpu_compdb_free_flags(db->v[i].args, db->v[i].nargs);
    free(db->v[i].file);
    free(db->v[i].directory);
  }
  free(db->v);
  free(db->path);
  memset(db, 0, sizeof *db);
}
