/* A build's compilation database (compile_commands.json, as CMake writes it with
 * CMAKE_EXPORT_COMPILE_COMMANDS=ON and Bear or compiledb write it for make; format:
 * https://clang.llvm.org/docs/JSONCompilationDatabase.html): the command that compiles each
 * file of a project, read so that dpu compiles the files of a test program as its build does
 * (--compile-commands, docs/projects.md). */
#ifndef DPU_COMPDB_H
#define DPU_COMPDB_H

#include <stddef.h>

/* One file's compile command. */
struct dpu_compdb_entry {
  char *file;      /* the file, absolute (realpath(3)'s when it exists) */
  char *directory; /* the compile's working directory, absolute */
  char **args;     /* its command line (`arguments`, or `command` split as the shell does);
                    * args[0] is the compiler */
  int nargs;
};

/* The database: its entries in the file's order, each file once (the first of several
 * entries of one file). Everything is owned by it. */
struct dpu_compdb {
  char *path; /* the JSON file read, as the user named it (DIR/compile_commands.json for a
               * directory) */
  struct dpu_compdb_entry *v;
  size_t n;
};

/* Reads the database at path: a compile_commands.json, or a directory that holds one. Returns
 * 0, or 2 (bad input: dpu_error said why) when it cannot be read, is not JSON, or is not an
 * array of objects with `directory`, `file`, and `arguments` (strings) or `command`. */
int dpu_compdb_read(const char *path, struct dpu_compdb *db);

/* The entry of the file at path (any spelling of it: relative to the working directory,
 * absolute, through symbolic links), or NULL when the database has none. */
const struct dpu_compdb_entry *dpu_compdb_find(const struct dpu_compdb *db, const char *path);

/* The options of e's command that dpu gives its clang (frontend/compile.c), into *flags (a
 * malloc'd array of *nflags strings, each its own malloc'd copy: dpu_compdb_free_flags):
 * `-working-directory DIR` first, then those that change what the file means (-I, -D, -U,
 * -include, -std, -O, -f, -m, ...), in the command's order. Left out: the input and output
 * files, the actions and languages (-c, -S, -E, -x, --driver-mode), dependency files
 * (-M...), debug-info options (dpu's -g applies), warnings (-W... but -Wp, -pedantic: the
 * build's compiler checks those), link and instrumentation options (-l, -L, -Wl, -fsanitize,
 * -fprofile, -flto, -fPIC), -Xclang (options of another clang's front end), and what dpu's
 * clang does not know (with a note).
 * Returns 0, or 2 (dpu_error said why) when the command compiles for a 32-bit target (-m32,
 * -m16, -mx32), whose pthread types dpu cannot run. */
int dpu_compdb_flags(const struct dpu_compdb_entry *e, char ***flags, int *nflags);

/* Frees what dpu_compdb_flags made. */
void dpu_compdb_free_flags(char **flags, int nflags);

/* Frees what dpu_compdb_read allocated. */
void dpu_compdb_free(struct dpu_compdb *db);

#endif
