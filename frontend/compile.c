/* See compile.h. */
#include "compile.h"

#include <errno.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Linker.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef DPU_CLANG
#define DPU_CLANG "clang"
#endif

extern char **environ;

static const char *extension(const char *path) {
  const char *dot = strrchr(path, '.');
  return dot ? dot + 1 : "";
}

/* Runs clang on path, writing bitcode to out_path. Returns clang's exit status (or -1). */
static int run_clang(const struct dpu_options *o, const char *path, const char *out_path) {
  const char *fixed[] = {DPU_CLANG, "-c", "-emit-llvm", "-g", "-O0", "-Xclang",
                         "-disable-O0-optnone", "-fno-omit-frame-pointer", "-pthread"};
  size_t nfixed = sizeof fixed / sizeof *fixed;
  size_t n = nfixed + (size_t)o->ncflags + 4;
  char **argv = calloc(n, sizeof *argv);
  if (!argv) return -1;
  size_t k = 0;
  for (size_t i = 0; i < nfixed; i++) argv[k++] = (char *)fixed[i];
  for (int i = 0; i < o->ncflags; i++) argv[k++] = o->cflags[i];
  argv[k++] = (char *)path;
  argv[k++] = "-o";
  argv[k++] = (char *)out_path;
  argv[k] = NULL;
  pid_t pid;
  int rc = posix_spawn(&pid, DPU_CLANG, NULL, NULL, argv, environ);
  free(argv);
  if (rc != 0) {
    fprintf(stderr, "dpu: error: cannot run %s: %s\n", DPU_CLANG, strerror(rc));
    return -1;
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int parse_file(LLVMContextRef ctx, const char *path, int textual, LLVMModuleRef *mod) {
  LLVMMemoryBufferRef buf;
  char *msg = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &msg)) {
    fprintf(stderr, "dpu: error: cannot read %s: %s\n", path, msg);
    LLVMDisposeMessage(msg);
    return 2;
  }
  if (textual) {
    if (LLVMParseIRInContext(ctx, buf, mod, &msg)) { /* takes buf */
      fprintf(stderr, "dpu: error: %s: %s\n", path, msg);
      LLVMDisposeMessage(msg);
      return 2;
    }
  } else {
    int bad = LLVMParseBitcodeInContext2(ctx, buf, mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
      fprintf(stderr, "dpu: error: %s is not valid LLVM bitcode\n", path);
      return 2;
    }
  }
  return 0;
}

static int load_one(const struct dpu_options *o, LLVMContextRef ctx, const char *path,
                    LLVMModuleRef *mod) {
  const char *ext = extension(path);
  if (strcmp(ext, "bc") == 0) return parse_file(ctx, path, 0, mod);
  if (strcmp(ext, "ll") == 0) return parse_file(ctx, path, 1, mod);
  if (strcmp(ext, "c") != 0 && strcmp(ext, "i") != 0) {
    fprintf(stderr, "dpu: error: %s: unknown kind of input (expected .c, .i, .bc or .ll)\n", path);
    return 2;
  }
  if (access(path, R_OK) != 0) {
    fprintf(stderr, "dpu: error: cannot read %s: %s\n", path, strerror(errno));
    return 2;
  }
  const char *tmpdir = getenv("TMPDIR");
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s/dpu-XXXXXX.bc", tmpdir && *tmpdir ? tmpdir : "/tmp");
  int fd = mkstemps(tmp, 3);
  if (fd < 0) {
    fprintf(stderr, "dpu: error: cannot create a temporary file: %s\n", strerror(errno));
    return 2;
  }
  close(fd);
  int rc = run_clang(o, path, tmp);
  int res = 2;
  if (rc == 0) res = parse_file(ctx, tmp, 0, mod);
  else if (rc > 0) fprintf(stderr, "dpu: error: %s does not compile\n", path);
  unlink(tmp);
  return res;
}

int dpu_compile_inputs(const struct dpu_options *o, LLVMContextRef ctx, LLVMModuleRef *out) {
  LLVMModuleRef dest = NULL;
  for (int i = 0; i < o->ninputs; i++) {
    LLVMModuleRef m;
    int rc = load_one(o, ctx, o->inputs[i], &m);
    if (rc != 0) {
      if (dest) LLVMDisposeModule(dest);
      return rc;
    }
    if (!dest) {
      dest = m;
    } else if (LLVMLinkModules2(dest, m)) { /* takes m */
      fprintf(stderr, "dpu: error: cannot link %s with the other inputs\n", o->inputs[i]);
      LLVMDisposeModule(dest);
      return 2;
    }
  }
  *out = dest;
  return 0;
}
