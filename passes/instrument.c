/* See instrument.h. */
#include "instrument.h"
#include "fields.h"

#include "steps.h"

#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdarg.h>
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

void dpu_pass_note(const struct dpu_instrument_options *o, const char *id, const char *file,
                   const char *function, unsigned line, unsigned column, const char *fmt, ...) {
  if (!o->note) return;
  char text[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  struct dpu_pass_note n = {.id = id, .file = file, .function = function, .line = line,
                            .column = column, .text = text};
  o->note(o->note_arg, &n);
}

void dpu_pass_describe(LLVMValueRef inst, char **file, unsigned *line, unsigned *col, char **fn) {
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

/* Why a family of thread-API functions is not modelled, for the error message. */
static const char *why_unsupported(const char *name) {
  static const struct {
    const char *prefix, *why;
  } reasons[] = {
      {"pthread_mutex_consistent", "robust mutexes are not modelled"},
      {"pthread_mutexattr_setrobust", "robust mutexes are not modelled"},
      {"pthread_mutexattr_getrobust", "robust mutexes are not modelled"},
      {"pthread_mutex_setprioceiling", "priority ceilings are not modelled"},
      {"pthread_cancel", "thread cancellation is not modelled"},
      {"pthread_setcancel", "thread cancellation is not modelled"},
      {"pthread_testcancel", "thread cancellation is not modelled"},
      {"__pthread_register_cancel", "thread cancellation is not modelled"},
      {"__pthread_unregister_cancel", "thread cancellation is not modelled"},
      {"__pthread_unwind", "thread cancellation is not modelled"},
      {"pthread_tryjoin_np", "non-blocking joins are not modelled (pthread_join is)"},
      {"pthread_timedjoin_np", "non-blocking joins are not modelled (pthread_join is)"},
      {"pthread_clockjoin_np", "non-blocking joins are not modelled (pthread_join is)"},
      {"pthread_sigqueue", "queued signals are not modelled (pthread_kill is)"},
      {"pthread_cond_clockwait", "use pthread_cond_timedwait"},
      {"pthread_mutex_clocklock", "use pthread_mutex_timedlock"},
      {"sem_open", "named semaphores are not modelled (unnamed ones are: sem_init)"},
      {"sem_close", "named semaphores are not modelled (unnamed ones are: sem_init)"},
      {"sem_unlink", "named semaphores are not modelled (unnamed ones are: sem_init)"},
  };
  for (size_t i = 0; i < sizeof reasons / sizeof *reasons; i++)
    if (strncmp(name, reasons[i].prefix, strlen(reasons[i].prefix)) == 0) return reasons[i].why;
  return "dpu does not model it";
}

/* Prints one rejection, and keeps the first in opt->error. */
__attribute__((format(printf, 3, 4))) static void reject(const struct dpu_instrument_options *opt,
                                                       bool first, const char *fmt, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fprintf(stderr, "dpu: error: %s\n", msg);
  if (first && opt->error && opt->error_size) snprintf(opt->error, opt->error_size, "%s", msg);
}

/* Step 2: every unmodelled thread-API declaration that is used is an error. */
static int reject_unsupported(LLVMModuleRef mod, const struct dpu_instrument_options *opt) {
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
      dpu_pass_describe(first, &file, &line, &col, &fn);
      reject(opt, !bad, "unsupported function '%s' (first called at %s:%u in %s): %s", name,
             file, line, fn, why_unsupported(name));
      free(file);
      free(fn);
    } else {
      reject(opt, !bad, "unsupported function '%s' (its address is taken): %s", name,
             why_unsupported(name));
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

static void add_site(struct dpu_site_table *t, struct dpu_site s) {
  if (t->n == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 64;
    t->v = realloc(t->v, t->cap * sizeof *t->v);
    if (!t->v) abort();
  }
  t->v[t->n++] = s;
}

/* If inst is a read of a spin region, marks the last site of t as such and appends its
 * continuation twin (steps.h: dpu_pass_add_site). */
static void add_twin_if_spin(struct dpu_site_table *t, LLVMValueRef inst) {
  if (!dpu_pass_is_spin(inst)) return;
  struct dpu_site *s = &t->v[t->n - 1];
  s->spin = DPU_SITE_SPIN;
  struct dpu_site twin = {dup_str(s->function, strlen(s->function)),
                          dup_str(s->file, strlen(s->file)), s->line, s->col,
                          dup_str(s->callee, strlen(s->callee)), DPU_SITE_SPIN_AGAIN};
  add_site(t, twin);
}

/* The name of the function whose source inst is, from its debug location's scope: for code of
 * an inlined function, that function's own name, not its caller's. NULL without debug info.
 * (The LLVM-C API has no getter for a DISubprogram's name: it is the node's operand 2, and a
 * lexical block's parent scope its operand 1, as in llvm/IR/DebugInfoMetadata.h.) */
static char *scope_function(LLVMValueRef inst) {
  LLVMMetadataRef sc = LLVMInstructionGetDebugLoc(inst);
  if (!sc) return NULL;
  sc = LLVMDILocationGetScope(sc);
  LLVMContextRef ctx = LLVMGetModuleContext(
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst))));
  for (int depth = 0; sc && depth < 256; depth++) {
    LLVMMetadataKind k = LLVMGetMetadataKind(sc);
    bool sub = k == LLVMDISubprogramMetadataKind;
    if (!sub && k != LLVMDILexicalBlockMetadataKind && k != LLVMDILexicalBlockFileMetadataKind)
      return NULL;
    LLVMValueRef v = LLVMMetadataAsValue(ctx, sc);
    unsigned n = LLVMGetMDNodeNumOperands(v);
    if (n < 3) return NULL;
    LLVMValueRef ops[3 + 16];
    if (n > sizeof ops / sizeof *ops) return NULL;
    LLVMGetMDNodeOperands(v, ops);
    if (sub) {
      unsigned len = 0;
      const char *name = ops[2] ? LLVMGetMDString(ops[2], &len) : NULL;
      return name && len ? dup_str(name, len) : NULL;
    }
    sc = ops[1] ? LLVMValueAsMetadata(ops[1]) : NULL;
  }
  return NULL;
}

unsigned dpu_pass_add_site(struct dpu_site_table *t, LLVMValueRef inst, const char *what) {
  struct dpu_site s;
  dpu_pass_describe(inst, &s.file, &s.line, &s.col, &s.function);
  char *own = scope_function(inst);
  if (own) {
    free(s.function);
    s.function = own;
  }
  s.callee = dup_str(what, strlen(what));
  s.spin = DPU_SITE_PLAIN;
  add_site(t, s);
  unsigned id = (unsigned)(t->n - 1);
  add_twin_if_spin(t, inst);
  return id;
}

/* Step 4. */
static void number_sites(LLVMModuleRef mod, struct dpu_site_table *t) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef site_var = LLVMGetNamedGlobal(mod, "__dpu_site");
  if (!site_var) site_var = LLVMAddGlobal(mod, i32, "__dpu_site");
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        const char *cname;
        size_t cn = 0;
        if (LLVMIsAFunction(callee)) {
          cname = LLVMGetValueName2(callee, &cn);
          if (strncmp(cname, "__dpu_", 6) != 0 || strcmp(cname, "__dpu_site") == 0 ||
              strcmp(cname, "__dpu_atomic_cas_result") == 0 ||
              strcmp(cname, "__dpu_tls_address") == 0 || strcmp(cname, "__dpu_load") == 0 ||
              strcmp(cname, "__dpu_store") == 0 || strcmp(cname, "__dpu_fence") == 0 ||
              strcmp(cname, "__dpu_tso_load") == 0 || strcmp(cname, "__dpu_ra_load") == 0 ||
              strcmp(cname, "__dpu_spin_enter") == 0 || strcmp(cname, "__dpu_spin_exit") == 0)
            continue;
          cname += 6;
          cn -= 6;
        } else if (LLVMIsAInlineAsm(callee)) {
          continue;
        } else {
          cname = "(indirect)";
          cn = strlen(cname);
        }
        struct dpu_site s;
        dpu_pass_describe(i, &s.file, &s.line, &s.col, &s.function);
        s.callee = dup_str(cname, cn);
        s.spin = DPU_SITE_PLAIN;
        unsigned id = (unsigned)t->n;
        add_site(t, s);
        add_twin_if_spin(t, i);
        LLVMPositionBuilderBefore(b, i);
        LLVMBuildStore(b, LLVMConstInt(i32, id, 0), site_var);
      }
    }
  }
  LLVMDisposeBuilder(b);
}

void dpu_pass_emit_table(LLVMModuleRef mod, const char *prefix, LLVMValueRef *vars, size_t n) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  LLVMValueRef *sizes = malloc((n ? n : 1) * sizeof *sizes);
  if (!sizes) abort();
  for (size_t i = 0; i < n; i++)
    sizes[i] = LLVMConstInt(i64, LLVMABISizeOfType(td, LLVMGlobalGetValueType(vars[i])), 0);
  char name[64];
  snprintf(name, sizeof name, "%s_addrs", prefix);
  LLVMValueRef ga = LLVMAddGlobal(mod, LLVMArrayType2(ptr, n), name);
  LLVMSetInitializer(ga, LLVMConstArray2(ptr, vars, n));
  LLVMSetGlobalConstant(ga, 1);
  snprintf(name, sizeof name, "%s_sizes", prefix);
  LLVMValueRef gs = LLVMAddGlobal(mod, LLVMArrayType2(i64, n), name);
  LLVMSetInitializer(gs, LLVMConstArray2(i64, sizes, n));
  LLVMSetGlobalConstant(gs, 1);
  snprintf(name, sizeof name, "%s_n", prefix);
  LLVMValueRef gn = LLVMAddGlobal(mod, i64, name);
  LLVMSetInitializer(gn, LLVMConstInt(i64, n, 0));
  LLVMSetGlobalConstant(gn, 1);
  free(sizes);
}

/* Step 5. */
static void emit_globals_table(LLVMModuleRef mod, struct dpu_site_table *t) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  size_t cap = 16, n = 0;
  LLVMValueRef *addrs = malloc(cap * sizeof *addrs);
  if (!addrs) abort();
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g)) {
    if (LLVMIsDeclaration(g) || LLVMIsGlobalConstant(g) || LLVMIsThreadLocal(g)) continue;
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (strncmp(name, "llvm.", 5) == 0 || strncmp(name, "__dpu_", 6) == 0) continue;
    if (LLVMABISizeOfType(td, LLVMGlobalGetValueType(g)) == 0) continue;
    if (n == cap) {
      cap *= 2;
      addrs = realloc(addrs, cap * sizeof *addrs);
      if (!addrs) abort();
    }
    addrs[n++] = g;
  }
  dpu_pass_emit_table(mod, "__dpu_global", addrs, n);
  t->globals = calloc(n ? n : 1, sizeof *t->globals);
  if (!t->globals) abort();
  for (size_t i = 0; i < n; i++) {
    size_t len;
    const char *name = LLVMGetValueName2(addrs[i], &len);
    t->globals[i] = dup_str(name, len);
  }
  t->nglobals = n;
  dpu_fields_of_globals(t, addrs, n); /* to name their members in reports */
  free(addrs);
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

/* Step 5: @__dpu_spin_kinds, the spin of every site (enum dpu_site_spin), for the runtime. */
static void emit_spin_kinds(LLVMModuleRef mod, const struct dpu_site_table *t) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef *k = malloc((t->n ? t->n : 1) * sizeof *k);
  if (!k) abort();
  for (size_t i = 0; i < t->n; i++) k[i] = LLVMConstInt(i8, t->v[i].spin, 0);
  LLVMValueRef arr = LLVMConstArray2(i8, k, t->n);
  free(k);
  LLVMValueRef g = LLVMAddGlobal(mod, LLVMTypeOf(arr), "__dpu_spin_kinds");
  LLVMSetInitializer(g, arr);
  LLVMSetGlobalConstant(g, 1);
  LLVMValueRef n = LLVMAddGlobal(mod, i64, "__dpu_spin_n");
  LLVMSetInitializer(n, LLVMConstInt(i64, t->n, 0));
  LLVMSetGlobalConstant(n, 1);
}

int dpu_instrument(LLVMModuleRef mod, const struct dpu_instrument_options *opt,
                   struct dpu_site_table *sites) {
  memset(sites, 0, sizeof *sites);
  if (!LLVMGetNamedFunction(mod, "main")) {
    fprintf(stderr, "dpu: error: the program has no main function\n");
    return -1;
  }
  if (optimise(mod) != 0) return -1;
  if (dpu_pass_nondet(mod, opt, sites) != 0) return -1;
  dpu_pass_svcomp(mod, opt->svcomp);
  if (reject_unsupported(mod, opt) != 0) return -1;
  dpu_pass_spinloops(mod);
  if (dpu_pass_tls(mod, sites) != 0) return -1;
  redirect(mod);
  dpu_pass_atomics(mod, opt); /* after redirect: it reuses the program's renamed declarations */
  add_site(sites,
           (struct dpu_site){dup_str("?", 1), dup_str("?", 1), 0, 0, dup_str("?", 1), DPU_SITE_PLAIN});
  if (opt->races) dpu_pass_accesses(mod, sites);
  number_sites(mod, sites);
  emit_spin_kinds(mod, sites);
  emit_globals_table(mod, sites);
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
  for (size_t i = 0; i < t->nglobals; i++) free(t->globals[i]);
  free(t->globals);
  for (size_t i = 0; i < t->nmembers; i++) free(t->members[i].name);
  free(t->members);
  free(t->types);
  free(t->global_type);
  for (size_t i = 0; i < t->ntls; i++) free(t->tls[i]);
  free(t->tls);
  memset(t, 0, sizeof *t);
}
