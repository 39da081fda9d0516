/* See project.h. */
#include "project.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../report/warnings.h"
#include "compile.h"
#include "diag.h"

/* Whether path names C (.c) or preprocessed C (.i), the files dpu compiles. */
static bool is_c(const char *path) {
  const char *dot = strrchr(path, '.');
  return dot && (strcmp(dot, ".c") == 0 || strcmp(dot, ".i") == 0);
}

bool dpu_strong_definition(LLVMValueRef g) {
  return !LLVMIsDeclaration(g) && LLVMGetLinkage(g) == LLVMExternalLinkage;
}

/* The function or variable called name in m, or NULL. */
static LLVMValueRef named(LLVMModuleRef m, const char *name) {
  LLVMValueRef g = LLVMGetNamedFunction(m, name);
  return g ? g : LLVMGetNamedGlobal(m, name);
}

/* The program: mods[0, nmods) and the candidates taken. */
struct program {
  LLVMModuleRef *mods, *cand;
  int nmods, ncand;
  const bool *taken;
};

/* Module i of the program (the named inputs first, then the candidates), or NULL when i is
 * a candidate not taken. */
static LLVMModuleRef module_of(const struct program *p, int i) {
  if (i < p->nmods) return p->mods[i];
  return p->taken[i - p->nmods] ? p->cand[i - p->nmods] : NULL;
}

/* Whether the program uses name and none of its modules defines it. */
static bool needed(const struct program *p, const char *name) {
  bool used = false;
  for (int i = 0; i < p->nmods + p->ncand; i++) {
    LLVMModuleRef m = module_of(p, i);
    LLVMValueRef g = m ? named(m, name) : NULL;
    if (!g) continue;
    if (!LLVMIsDeclaration(g)) return false;
    used |= LLVMGetFirstUse(g) != NULL;
  }
  return used;
}

/* The first strong definition of cand that the program needs, or NULL. */
static LLVMValueRef first_needed(const struct program *p, LLVMModuleRef cand) {
  for (int pass = 0; pass < 2; pass++)
    for (LLVMValueRef g = pass ? LLVMGetFirstGlobal(cand) : LLVMGetFirstFunction(cand); g;
         g = pass ? LLVMGetNextGlobal(g) : LLVMGetNextFunction(g)) {
      size_t len;
      if (dpu_strong_definition(g) && needed(p, LLVMGetValueName2(g, &len))) return g;
    }
  return NULL;
}

/* Takes, from the candidates cand[0, ncand) (modules of the build's other files, named
 * names[0, ncand) in messages), those the program mods[0, nmods) links, as a linker takes the
 * members of a static library: a candidate is taken when it has a strong definition of a
 * function or variable that the program, with the candidates taken so far, uses and does not
 * define; until none is. Sets taken[0, ncand). Returns 0, or 2 when a symbol the program
 * needs is defined by two candidates that are not taken (dpu_error names both: the user names
 * the one to link on the command line). The modules are not changed. */
static int pull(LLVMModuleRef *mods, int nmods, LLVMModuleRef *cand, char *const *names,
                int ncand, bool *taken) {
  struct program p = {mods, cand, nmods, ncand, taken};
  memset(taken, 0, (size_t)ncand * sizeof *taken);
  for (bool more = true; more;) {
    more = false;
    for (int i = 0; i < ncand; i++) {
      LLVMValueRef g = taken[i] ? NULL : first_needed(&p, cand[i]);
      if (!g) continue;
      size_t len;
      const char *name = LLVMGetValueName2(g, &len);
      for (int k = 0; k < ncand; k++) {
        LLVMValueRef h = k == i || taken[k] ? NULL : named(cand[k], name);
        if (h && dpu_strong_definition(h)) {
          dpu_error("%s '%s' is defined by two files of the compilation database, %s and %s: "
                    "name the one the test program links on the command line",
                    LLVMIsAFunction(g) ? "function" : "variable", name, names[k < i ? k : i],
                    names[k < i ? i : k]);
          return 2;
        }
      }
      taken[i] = more = true;
    }
  }
  return 0;
}

/* path as a user reads it: relative to dpu's working directory when below it (a pointer into
 * path). */
static const char *shown(const char *path) {
  char cwd[4096];
  size_t n = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
  return n && strncmp(path, cwd, n) == 0 && path[n] == '/' ? path + n + 1 : path;
}

/* "linked with ..." of the note on the build's files that the program links, into a
 * malloc'd string: the taken of the ncand candidates names[0, ncand). */
static char *linked_files(char *const *names, const bool *taken, int ncand) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f) abort();
  int n = 0;
  for (int i = 0; i < ncand; i++) n += taken[i];
  if (ncand == 0) fprintf(f, "it has no other C files to link");
  else if (n == 0) fprintf(f, "linked with none of its %d other C files", ncand);
  else fprintf(f, "linked with %d of its %d other C files (those that define what the program "
                  "uses):", n, ncand);
  for (int i = 0; i < ncand; i++)
    if (taken[i]) fprintf(f, " %s", names[i]);
  if (fclose(f) != 0) abort();
  return buf;
}

int dpu_project_load(const struct dpu_options *o, LLVMContextRef ctx, struct dpu_compdb *db,
                     LLVMModuleRef **mods, char ***names, int *n) {
  *mods = calloc((size_t)o->ninputs + db->n + 1, sizeof **mods);
  *names = calloc((size_t)o->ninputs + db->n + 1, sizeof **names);
  bool *given = calloc(db->n + 1, sizeof *given), *taken = calloc(db->n + 1, sizeof *taken);
  if (!*mods || !*names || !given || !taken) abort();
  *n = o->ninputs;
  int rc = 0;
  for (int i = 0; i < o->ninputs && rc == 0; i++) {
    const char *path = (*names)[i] = o->inputs[i];
    const struct dpu_compdb_entry *e = dpu_compdb_find(db, path);
    if (e) given[e - db->v] = true;
    if (!e && is_c(path) && access(path, R_OK) == 0) {
      dpu_error("%s is not in %s: the build does not compile it (name the files of the test "
                "program that the build compiles)", path, shown(db->path));
      rc = 2;
    } else {
      rc = dpu_compile_file(o, ctx, path, e, &(*mods)[i]);
    }
  }
  /* The build's other C files, each once; a program made of the inputs links those of them
   * that define what it uses, as a link takes the members of a static library. */
  LLVMModuleRef *cand = *mods + o->ninputs;
  char **cnames = *names + o->ninputs;
  int ncand = 0;
  for (size_t i = 0; i < db->n && rc == 0; i++) {
    if (given[i] || !is_c(db->v[i].file)) continue;
    if (access(db->v[i].file, R_OK) != 0) { /* a file that the build generates */
      dpu_note("compile-commands-missing", "%s of %s cannot be read (%s): not linked (build "
               "the project first if the program needs it)", shown(db->v[i].file),
               shown(db->path), strerror(errno));
      continue;
    }
    cnames[ncand] = (char *)shown(db->v[i].file);
    rc = dpu_compile_file(o, ctx, cnames[ncand], &db->v[i], &cand[ncand]);
    ncand++;
  }
  *n += ncand;
  if (rc == 0) rc = pull(*mods, o->ninputs, cand, cnames, ncand, taken);
  if (rc == 0) {
    char *what = linked_files(cnames, taken, ncand);
    dpu_note("project-files", "%s: %s", shown(db->path), what);
    free(what);
    /* The candidates not taken leave the program; those taken follow the inputs. */
    int k = 0;
    for (int i = 0; i < ncand; i++) {
      if (!taken[i]) {
        LLVMDisposeModule(cand[i]);
        continue;
      }
      cand[k] = cand[i], cnames[k] = cnames[i];
      k++;
    }
    *n = o->ninputs + k;
  }
  free(given);
  free(taken);
  return rc;
}

