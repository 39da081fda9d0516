/* See compile.h. */
#include "compile.h"
#include "clang.h"
#include "compdb.h"
#include "diag.h"
#include "project.h"

#include <errno.h>
#include <regex.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <llvm-c/DebugInfo.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../report/warnings.h"

#ifndef DPU_CLANG
#define DPU_CLANG "clang"
#endif

static const char *extension(const char *path) {
  const char *dot = strrchr(path, '.');
  return dot ? dot + 1 : "";
}

/* clang's first error line ("prog.c:5:3: error: use of undeclared identifier 'x'", or a fatal
 * error: "prog.c:1:10: fatal error: 'nope.h' file not found"), for the report document's
 * reason: its diagnostics otherwise reach stderr only (user tests). */
static char clang_error[512];

/* The most clang diagnostics (errors, warnings, each with its notes and source lines) that
 * dpu shows: a binary file named .c gave 411 lines of them (issue 37). */
#define DPU_CLANG_DIAGNOSTICS_SHOWN 20

/* Whether line[0, len) starts a diagnostic of clang's ("FILE:L:C: error: ...", "clang: warning:
 * ..."), its colours' escape sequences aside. Its kind into *error: an error or a fatal one. */
static bool diagnostic_head(const char *line, size_t len, bool *error) {
  char plain[512];
  size_t n = 0;
  for (size_t i = 0; i < len && n + 1 < sizeof plain; i++) {
    if (line[i] == '\033') { /* ESC [ ... m */
      while (i < len && line[i] != 'm') i++;
      continue;
    }
    plain[n++] = line[i];
  }
  plain[n] = 0;
  if (n == 0 || plain[0] == ' ') return false;
  *error = strstr(plain, ": error: ") || strstr(plain, ": fatal error: ");
  return *error || strstr(plain, ": warning: ");
}

/* Writes clang's diagnostics, text, to stderr, the first DPU_CLANG_DIAGNOSTICS_SHOWN of them
 * and then how many more there were, and keeps the first error line in clang_error. */
static void forward_diagnostics(const char *text) {
  unsigned heads = 0;
  for (const char *line = text; *line;) {
    size_t len = strcspn(line, "\n");
    bool error = false;
    bool head = diagnostic_head(line, len, &error);
    heads += head;
    /* clang's closing count ("2 errors generated.") is no diagnostic: always shown. */
    bool closing = !head && len > 11 && memcmp(line + len - 11, " generated.", 11) == 0;
    if (heads <= DPU_CLANG_DIAGNOSTICS_SHOWN || closing)
      fwrite(line, 1, len + (line[len] == '\n'), stderr);
    if (error && !clang_error[0]) {
      size_t n = len < sizeof clang_error ? len : sizeof clang_error - 1;
      memcpy(clang_error, line, n);
      clang_error[n] = 0;
    }
    line += len + (line[len] == '\n');
  }
  if (heads > DPU_CLANG_DIAGNOSTICS_SHOWN)
    dpu_note("clang-diagnostics-not-shown",
             "%u more of clang's diagnostics not shown (the first %u are above)",
             heads - DPU_CLANG_DIAGNOSTICS_SHOWN, DPU_CLANG_DIAGNOSTICS_SHOWN);
}

/* dpu's flag f (-D, -I, ...) for a compile in a build's working directory: -I DIR with DIR made
 * absolute, as the user meant it from dpu's (a malloc'd copy, appended to the array *v of *n
 * strings that holds it until the compile ends); any other flag is f. */
static const char *own_include(const char *f, char ***v, int *n) {
  char cwd[4096];
  if (strncmp(f, "-I", 2) != 0 || f[2] == '/' || !getcwd(cwd, sizeof cwd)) return f;
  size_t len = strlen(cwd) + strlen(f) + 2;
  char *abs = malloc(len);
  *v = realloc(*v, (size_t)(*n + 1) * sizeof **v);
  if (!abs || !*v) abort();
  snprintf(abs, len, "-I%s/%s", cwd, f + 2);
  return (*v)[(*n)++] = abs;
}

/* Compiles path with clang's driver and front end, in this process (clang.h), into *mod of
 * ctx, with the flags of its build's compile command e (frontend/compdb.h; NULL: none), then
 * dpu's own (-D, -I, ...: o->cflags); gnu89_inline: with GNU89's meaning of a plain `inline`
 * function (-fgnu89-inline: it is an external definition, not C99's inline definition that
 * some other file must back), as SV-COMP's tasks, written for gcc, expect. Its diagnostics go
 * to stderr through forward_diagnostics (in colour when stderr is a terminal, as clang's own
 * would). Returns 0, 1 when clang found errors, or 2 when the compile command's flags are
 * refused (compdb.h; message printed). */
static int run_clang(const struct dpu_options *o, const char *path,
                     const struct dpu_compdb_entry *e, LLVMContextRef ctx, bool gnu89_inline,
                     LLVMModuleRef *mod) {
  const char *fixed[] = {DPU_CLANG, "-c", "-emit-llvm", "-g", "-O0", "-Xclang",
                         "-disable-O0-optnone", "-fno-omit-frame-pointer", "-pthread"};
  /* Legacy C that gcc and other checkers accept with a warning (SV-COMP's tasks rely on it):
   * clang 19 makes these errors; they stay errors with --strict. */
  const char *legacy[] = {"-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
                          "-Wno-error=return-mismatch", "-Wno-error=int-conversion",
                          "-Wno-error=incompatible-pointer-types"};
  char **build = NULL;
  int nbuild = 0;
  if (e && dpu_compdb_flags(e, &build, &nbuild) != 0) return 2;
  int nbuild_flags = nbuild; /* own_include may add to build */
  size_t nfixed = sizeof fixed / sizeof *fixed;
  size_t nlegacy = o->strict ? 0 : sizeof legacy / sizeof *legacy;
  size_t n = nfixed + nlegacy + (size_t)nbuild + (size_t)o->ncflags + 4;
  const char **argv = calloc(n, sizeof *argv);
  if (!argv) abort();
  int k = 0;
  bool color = isatty(2);
  for (size_t i = 0; i < nfixed; i++) argv[k++] = fixed[i];
  for (size_t i = 0; i < nlegacy; i++) argv[k++] = legacy[i];
  if (gnu89_inline && !o->strict) argv[k++] = "-fgnu89-inline";
  if (color) argv[k++] = "-fcolor-diagnostics";
  for (int i = 0; i < nbuild_flags; i++) argv[k++] = build[i];
  for (int i = 0; i < o->ncflags; i++)
    argv[k++] = e ? own_include(o->cflags[i], &build, &nbuild) : o->cflags[i];
  argv[k++] = e ? e->file : path; /* absolute: the build's directory is clang's */
  char *diags;
  int rc = dpu_clang_compile(argv, k, ctx, color, mod, &diags);
  forward_diagnostics(diags);
  free(diags);
  free(argv);
  dpu_compdb_free_flags(build, nbuild);
  return rc;
}

/* The last error LLVM reported through the context's diagnostic handler while the inputs are
 * read and linked (LLVM's own handler would print it and exit with status 1). */
static char llvm_diag[512];

static void on_diagnostic(LLVMDiagnosticInfoRef di, void *arg) {
  (void)arg;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError) return;
  char *d = LLVMGetDiagInfoDescription(di);
  snprintf(llvm_diag, sizeof llvm_diag, "%s", d);
  LLVMDisposeMessage(d);
}

static int parse_file(LLVMContextRef ctx, const char *path, int textual, LLVMModuleRef *mod) {
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    dpu_error("cannot read %s: %s", path, msg);
    LLVMDisposeMessage(msg);
    return 2;
  }
  if (textual) {
    if (LLVMParseIRInContext(ctx, buf, mod, &msg)) { /* takes buf */
      dpu_error("%s is not valid LLVM IR: %s", path, msg);
      LLVMDisposeMessage(msg);
      return 2;
    }
  } else {
    llvm_diag[0] = 0;
    int bad = LLVMParseBitcodeInContext2(ctx, buf, mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
      dpu_error("%s is not valid LLVM bitcode%s%s", path, llvm_diag[0] ? ": " : "", llvm_diag);
      return 2;
    }
  }
  return 0;
}

/* Whether a line of the file at path matches the extended regular expression pattern. */
static bool file_has_line(const char *path, const char *pattern) {
  FILE *f = fopen(path, "r");
  if (!f) return false;
  regex_t re;
  bool found = false;
  if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) == 0) {
    char *line = NULL;
    size_t cap = 0;
    while (!found && getline(&line, &cap, f) > 0) found = regexec(&re, line, 0, NULL, 0) == 0;
    free(line);
    regfree(&re);
  }
  fclose(f);
  return found;
}

/* Whether the preprocessed file at path was made for a 32-bit target (ILP32, gcc -m32): glibc's
 * headers then define size_t as unsigned int. Such a file declares the pthread types with
 * their 32-bit layouts (a 24-byte pthread_mutex_t, where x86-64's is 40), which the runtime,
 * working on x86-64's, would overrun. */
static bool preprocessed_for_ilp32(const char *path) {
  return file_has_line(path, "^[[:space:]]*typedef[[:space:]]+unsigned[[:space:]]+int"
                             "[[:space:]]+size_t[[:space:]]*;");
}

/* Whether the file at path is written to SV-COMP's conventions (passes/svcomp.c decides on
 * the module; this is the source's word for it, before compiling): it names reach_error or a
 * __VERIFIER_ function. */
static bool svcomp_source(const char *path) {
  return file_has_line(path, "reach_error|__VERIFIER_");
}

int dpu_compile_file(const struct dpu_options *o, LLVMContextRef ctx, const char *path,
                     const struct dpu_compdb_entry *e, LLVMModuleRef *mod) {
  const char *ext = extension(path);
  if (strcmp(ext, "bc") == 0) return parse_file(ctx, path, 0, mod);
  if (strcmp(ext, "ll") == 0) return parse_file(ctx, path, 1, mod);
  if (strcmp(ext, "c") != 0 && strcmp(ext, "i") != 0) {
    dpu_error("%s: unknown kind of input (expected .c, .i, .bc or .ll)", path);
    return 2;
  }
  if (access(path, R_OK) != 0) {
    dpu_error("cannot read %s: %s", path, strerror(errno));
    return 2;
  }
  if (strcmp(ext, "i") == 0 && preprocessed_for_ilp32(path)) {
    dpu_error("%s was preprocessed for a 32-bit target (ILP32, gcc -m32: it defines size_t as "
              "unsigned int), whose pthread types dpu cannot run: dpu runs programs on x86-64 "
              "(LP64). Give dpu the .c file, or preprocess it without -m32 (gcc -E)", path);
    return 2;
  }
  int rc = run_clang(o, path, e, ctx, o->svcomp || svcomp_source(path), mod);
  if (rc == 2) return 2;
  if (rc != 0 && clang_error[0]) dpu_error("%s does not compile: %s", path, clang_error);
  else if (rc != 0) dpu_error("%s does not compile", path);
  return rc ? 2 : 0;
}

/* ":LINE" of a function's definition from its debug info into buf, or "" without it. */
static void where_defined(LLVMValueRef g, char *buf, size_t size) {
  buf[0] = 0;
  LLVMMetadataRef sp = LLVMIsAFunction(g) ? LLVMGetSubprogram(g) : NULL;
  if (sp) snprintf(buf, size, ":%u", LLVMDISubprogramGetLine(sp));
}

/* The first global of m that already has a strong definition in one of mods[0..n), or NULL;
 * *in is then that module's index. */
static LLVMValueRef defined_twice(LLVMModuleRef m, LLVMModuleRef *mods, int n, int *in) {
  for (int pass = 0; pass < 2; pass++)
    for (LLVMValueRef g = pass ? LLVMGetFirstGlobal(m) : LLVMGetFirstFunction(m); g;
         g = pass ? LLVMGetNextGlobal(g) : LLVMGetNextFunction(g)) {
      if (!dpu_strong_definition(g)) continue;
      size_t len;
      const char *name = LLVMGetValueName2(g, &len);
      for (*in = 0; *in < n; (*in)++) {
        LLVMValueRef h = pass ? LLVMGetNamedGlobal(mods[*in], name)
                              : LLVMGetNamedFunction(mods[*in], name);
        if (h && dpu_strong_definition(h)) return g;
      }
    }
  return NULL;
}

/* Reports a symbol that inputs a and b both define: "'main' is defined twice: in a.c:3 and in
 * b.c:7". */
static void report_defined_twice(LLVMValueRef g, const char *a, LLVMModuleRef ma, const char *b) {
  size_t len;
  const char *name = LLVMGetValueName2(g, &len);
  LLVMValueRef first = LLVMIsAFunction(g) ? LLVMGetNamedFunction(ma, name)
                                          : LLVMGetNamedGlobal(ma, name);
  char la[32], lb[32];
  where_defined(first, la, sizeof la);
  where_defined(g, lb, sizeof lb);
  dpu_error("%s '%s' is defined twice: in %s%s and in %s%s", LLVMIsAFunction(g) ? "function"
            : "variable", name, a, la, b, lb);
}

/* Links mods[0..n) (all taken) into mods[0]. Returns 0, or 2 (message printed) when two
 * inputs define one symbol or LLVM cannot link them. */
static int link_all(LLVMModuleRef *mods, char *const *paths, int n) {
  for (int i = 1; i < n; i++) {
    int in;
    LLVMValueRef g = defined_twice(mods[i], mods, i, &in);
    if (g) {
      report_defined_twice(g, paths[in], mods[in], paths[i]);
      return 2;
    }
  }
  for (int i = 1; i < n; i++) {
    llvm_diag[0] = 0;
    LLVMModuleRef m = mods[i];
    mods[i] = NULL;
    if (LLVMLinkModules2(mods[0], m)) { /* takes m */
      dpu_error("cannot link %s with the other inputs%s%s", paths[i], llvm_diag[0] ? ": " : "",
                llvm_diag);
      return 2;
    }
  }
  return 0;
}

int dpu_compile_inputs(const struct dpu_options *o, LLVMContextRef ctx, LLVMModuleRef *out) {
  LLVMModuleRef *mods = NULL;
  char **names = o->inputs;
  int n = 0, rc = 0;
  struct dpu_compdb db = {0};
  /* Errors of LLVM come back here instead of ending dpu with status 1; after the inputs are
   * read, LLVM's own handler again (code generation in the executor). */
  LLVMContextSetDiagnosticHandler(ctx, on_diagnostic, NULL);
  if (o->compile_commands) {
    rc = dpu_compdb_read(o->compile_commands, &db);
    if (rc == 0) rc = dpu_project_load(o, ctx, &db, &mods, &names, &n);
  } else {
    n = o->ninputs;
    mods = calloc((size_t)n, sizeof *mods);
    if (!mods) abort();
    for (int i = 0; i < n && rc == 0; i++) rc = dpu_compile_file(o, ctx, names[i], NULL, &mods[i]);
  }
  if (rc == 0) rc = link_all(mods, names, n);
  LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
  if (rc == 0) *out = mods[0];
  for (int i = rc == 0 ? 1 : 0; i < n; i++)
    if (mods[i]) LLVMDisposeModule(mods[i]);
  free(mods);
  if (names != o->inputs) free(names);
  dpu_compdb_free(&db);
  return rc;
}
