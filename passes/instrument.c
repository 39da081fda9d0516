/* See instrument.h. */
#include "instrument.h"

#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const modelled[] = {
#define DPU_FN(name) #name,
#include "../runtime/interpose.def"
#undef DPU_FN
};

int dpu_is_modelled(const char *name) {
  for (size_t i = 0; i < sizeof modelled / sizeof *modelled; i++)
    if (strcmp(modelled[i], name) == 0) return 1;
  return 0;
}

/* Functions of the thread APIs: any of these that is not modelled must be rejected. */
static int is_thread_api(const char *name) {
  static const char *const prefixes[] = {"pthread_", "__pthread_", "sem_", "thrd_", "mtx_",
                                         "cnd_", "tss_", "call_once"};
  for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++)
    if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) return 1;
  return 0;
}

static char *dup_str(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (!p) abort();
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* The source file of inst's debug location, as a user reads it: absolute (debug info keeps
 * it relative to the compile directory), then relative to dpu's working directory when it is
 * below it. */
static char *source_file(LLVMValueRef inst) {
  unsigned len = 0, dlen = 0;
  const char *f = LLVMGetDebugLocFilename(inst, &len);
  if (!f || !len) return dup_str("?", 1);
  const char *d = LLVMGetDebugLocDirectory(inst, &dlen);
  char *path;
  if (f[0] == '/' || !d || !dlen) {
    path = dup_str(f, len);
  } else {
    path = malloc((size_t)dlen + len + 2);
    if (!path) abort();
    memcpy(path, d, dlen);
    path[dlen] = '/';
    memcpy(path + dlen + 1, f, len);
    path[dlen + 1 + len] = 0;
  }
  char cwd[4096];
  if (getcwd(cwd, sizeof cwd)) {
    size_t n = strlen(cwd);
    if (strncmp(path, cwd, n) == 0 && path[n] == '/') memmove(path, path + n + 1, strlen(path + n + 1) + 1);
  }
  return path;
}

static void describe(LLVMValueRef inst, char **file, unsigned *line, unsigned *col, char **fn) {
  *file = source_file(inst);
  *line = LLVMGetDebugLocLine(inst);
  *col = LLVMGetDebugLocColumn(inst);
  size_t n = 0;
  const char *name = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)), &n);
  *fn = dup_str(name, n);
}

static int optimise(LLVMModuleRef mod) {
  unsigned optnone = LLVMGetEnumAttributeKindForName("optnone", 7);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, optnone);
  LLVMPassBuilderOptionsRef o = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(mod, "function(sroa,mem2reg)", NULL, o);
  LLVMDisposePassBuilderOptions(o);
  if (e) {
    char *m = LLVMGetErrorMessage(e);
    fprintf(stderr, "dpu: internal error: optimisation failed: %s\n", m);
    LLVMDisposeErrorMessage(m);
    return -1;
  }
  return 0;
}

/* Step 2: every unmodelled thread-API declaration that is used is an error. */
static int reject_unsupported(LLVMModuleRef mod) {
  int bad = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f)) continue;
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (!is_thread_api(name) || dpu_is_modelled(name)) continue;
    if (!LLVMGetFirstUse(f)) continue;
    /* The first call in module order, for a stable message. */
    LLVMValueRef first = NULL;
    for (LLVMValueRef g = LLVMGetFirstFunction(mod); g && !first; g = LLVMGetNextFunction(g))
      for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(g); b && !first; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && !first; i = LLVMGetNextInstruction(i))
          if (LLVMIsACallInst(i) && LLVMGetCalledValue(i) == f) first = i;
    if (first) {
      char *file, *fn;
      unsigned line, col;
      describe(first, &file, &line, &col, &fn);
      fprintf(stderr, "dpu: error: unsupported function '%s' (first called at %s:%u in %s)\n",
              name, file, line, fn);
      free(file);
      free(fn);
    } else {
      fprintf(stderr, "dpu: error: unsupported function '%s' (its address is taken)\n", name);
    }
    bad = 1;
  }
  return bad ? -1 : 0;
}

/* Step 3. */
static void redirect(LLVMModuleRef mod) {
  char buf[256];
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f)) continue;
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (!dpu_is_modelled(name) || n + 7 > sizeof buf) continue;
    snprintf(buf, sizeof buf, "__dpu_%s", name);
    LLVMSetValueName2(f, buf, strlen(buf));
  }
}

static void add_site(struct dpu_site_table *t, size_t *cap, struct dpu_site s) {
  if (t->n == *cap) {
    *cap = *cap ? *cap * 2 : 64;
    t->v = realloc(t->v, *cap * sizeof *t->v);
    if (!t->v) abort();
  }
  t->v[t->n++] = s;
}

/* Step 4. */
static void number_sites(LLVMModuleRef mod, struct dpu_site_table *t) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef site_var = LLVMGetNamedGlobal(mod, "__dpu_site");
  if (!site_var) site_var = LLVMAddGlobal(mod, i32, "__dpu_site");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  size_t cap = 0;
  add_site(t, &cap, (struct dpu_site){dup_str("?", 1), dup_str("?", 1), 0, 0, dup_str("?", 1)});
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        const char *cname;
        size_t cn = 0;
        if (LLVMIsAFunction(callee)) {
          cname = LLVMGetValueName2(callee, &cn);
          if (strncmp(cname, "__dpu_", 6) != 0 || strcmp(cname, "__dpu_site") == 0) continue;
          cname += 6;
          cn -= 6;
        } else if (LLVMIsAInlineAsm(callee)) {
          continue;
        } else {
          cname = "(indirect)";
          cn = strlen(cname);
        }
        struct dpu_site s;
        describe(i, &s.file, &s.line, &s.col, &s.function);
        s.callee = dup_str(cname, cn);
        unsigned id = (unsigned)t->n;
        add_site(t, &cap, s);
        LLVMPositionBuilderBefore(b, i);
        LLVMBuildStore(b, LLVMConstInt(i32, id, 0), site_var);
      }
    }
  }
  LLVMDisposeBuilder(b);
}

/* Step 5. */
static void emit_globals_table(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  size_t cap = 16, n = 0;
  LLVMValueRef *addrs = malloc(cap * sizeof *addrs), *sizes = malloc(cap * sizeof *sizes);
  if (!addrs || !sizes) abort();
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMIsDeclaration(g) || LLVMIsGlobalConstant(g) || LLVMIsThreadLocal(g)) continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (strncmp(name, "llvm.", 5) == 0 || strncmp(name, "__dpu_", 6) == 0) continue;
    unsigned long long size = LLVMABISizeOfType(td, LLVMGlobalGetValueType(g));
    if (size == 0) continue;
    if (n == cap) {
      cap *= 2;
      addrs = realloc(addrs, cap * sizeof *addrs);
      sizes = realloc(sizes, cap * sizeof *sizes);
      if (!addrs || !sizes) abort();
    }
    addrs[n] = g;
    sizes[n] = LLVMConstInt(i64, size, 0);
    n++;
  }
  LLVMValueRef ga = LLVMAddGlobal(mod, LLVMArrayType2(ptr, n), "__dpu_global_addrs");
  LLVMSetInitializer(ga, LLVMConstArray2(ptr, addrs, n));
  LLVMSetGlobalConstant(ga, 1);
  LLVMValueRef gs = LLVMAddGlobal(mod, LLVMArrayType2(i64, n), "__dpu_global_sizes");
  LLVMSetInitializer(gs, LLVMConstArray2(i64, sizes, n));
  LLVMSetGlobalConstant(gs, 1);
  LLVMValueRef gn = LLVMAddGlobal(mod, i64, "__dpu_nglobals");
  LLVMSetInitializer(gn, LLVMConstInt(i64, n, 0));
  LLVMSetGlobalConstant(gn, 1);
  free(addrs);
  free(sizes);
}

/* Step 6: every function keeps a frame-pointer chain ("frame-pointer"="all", as clang's
 * -fno-omit-frame-pointer gives, but also for .ll/.bc inputs compiled without it). The call
 * stacks captured at a defect (runtime/backtrace.c) and a debugger walk JIT-compiled frames by
 * their unwind tables when those are registered, and fall back on this chain otherwise. */
static void keep_frame_pointers(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMAttributeRef fp = LLVMCreateStringAttribute(ctx, "frame-pointer", 13, "all", 3);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, fp);
}

int dpu_instrument(LLVMModuleRef mod, struct dpu_site_table *sites) {
  memset(sites, 0, sizeof *sites);
  if (!LLVMGetNamedFunction(mod, "main")) {
    fprintf(stderr, "dpu: error: the program has no main function\n");
    return -1;
  }
  if (optimise(mod) != 0) return -1;
  if (reject_unsupported(mod) != 0) return -1;
  redirect(mod);
  number_sites(mod, sites);
  emit_globals_table(mod);
  keep_frame_pointers(mod);
  return 0;
}

void dpu_site_table_free(struct dpu_site_table *t) {
  for (size_t i = 0; i < t->n; i++) {
    free(t->v[i].function);
    free(t->v[i].file);
    free(t->v[i].callee);
  }
  free(t->v);
  t->v = NULL;
  t->n = 0;
}
