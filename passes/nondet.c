/* SV-COMP's __VERIFIER_nondet_* functions; see steps.h. Each call becomes a choice point of the
 * explorer over a finite domain of values (issue #12): the whole type for bool and the 8-bit
 * types, a range the user gives for the others, or by default the constants the program
 * compares with and their neighbours. A domain of one value (--nondet=VALUE) is a constant. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../protocol/protocol.h"
#include "steps.h"

/* A domain: sorted distinct values. whole: every value of the call's type. */
struct domain {
  long long v[DPU_NONDET_MAX_VALUES];
  unsigned n;
  bool whole;
};

static LLVMValueRef constant(LLVMTypeRef ty, long long v) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind:
    return LLVMConstInt(ty, (unsigned long long)v, 1);
  case LLVMHalfTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
  case LLVMX86_FP80TypeKind:
  case LLVMFP128TypeKind:
    return LLVMConstReal(ty, (double)v);
  case LLVMPointerTypeKind:
    return LLVMConstIntToPtr(LLVMConstInt(LLVMInt64TypeInContext(LLVMGetTypeContext(ty)),
                                          (unsigned long long)v, 1),
                             ty);
  default:
    return NULL;
  }
}

/* The i64 value v converted to type ty at builder b (NULL for a type without a conversion). */
static LLVMValueRef convert(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ty) {
  switch (LLVMGetTypeKind(ty)) {
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(ty);
    if (w == 64) return v;
    return w < 64 ? LLVMBuildTrunc(b, v, ty, "") : LLVMBuildSExt(b, v, ty, "");
  }
  case LLVMHalfTypeKind:
  case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind:
  case LLVMX86_FP80TypeKind:
  case LLVMFP128TypeKind:
    return LLVMBuildSIToFP(b, v, ty, "");
  case LLVMPointerTypeKind:
    return LLVMBuildIntToPtr(b, v, ty, "");
  default:
    return NULL;
  }
}

static int cmp_ll(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

/* Sorts v[0, n) and drops repeated values; returns the new n. */
static unsigned sort_unique(long long *v, unsigned n) {
  qsort(v, n, sizeof *v, cmp_ll);
  unsigned k = 0;
  for (unsigned i = 0; i < n; i++)
    if (k == 0 || v[k - 1] != v[i]) v[k++] = v[i];
  return k;
}

static void range(struct domain *d, long long lo, long long hi, bool whole) {
  d->n = 0;
  for (long long x = lo; x <= hi && d->n < DPU_NONDET_MAX_VALUES; x++) d->v[d->n++] = x;
  d->whole = whole;
}

/* The constants the program compares with (icmp and switch operands), each with its
 * neighbours, and 0: the default domain of a wide type. At most DPU_NONDET_MAX_VALUES, those
 * nearest to 0 first. */
struct compared {
  long long *v;
  unsigned n, cap;
  bool truncated;
};

static void add_compared(struct compared *c, long long x) {
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->v = realloc(c->v, c->cap * sizeof *c->v);
    if (!c->v) abort();
  }
  c->v[c->n++] = x;
}

static void add_constant(struct compared *c, LLVMValueRef k) {
  if (!k || !LLVMIsAConstantInt(k)) return;
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(k));
  if (w < 2 || w > 64) return; /* a flag, or too wide to name */
  long long x = LLVMConstIntGetSExtValue(k);
  add_compared(c, x);
  if (x > -0x7fffffffffffffffLL) add_compared(c, x - 1);
  if (x < 0x7fffffffffffffffLL) add_compared(c, x + 1);
}

static int by_magnitude(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  unsigned long long mx = x < 0 ? 0ull - (unsigned long long)x : (unsigned long long)x;
  unsigned long long my = y < 0 ? 0ull - (unsigned long long)y : (unsigned long long)y;
  if (mx != my) return mx < my ? -1 : 1;
  return (x > y) - (x < y);
}

static void collect_compared(LLVMModuleRef mod, struct compared *c) {
  add_compared(c, 0);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (LLVMIsAICmpInst(i)) {
          add_constant(c, LLVMGetOperand(i, 0));
          add_constant(c, LLVMGetOperand(i, 1));
        } else if (LLVMIsASwitchInst(i)) {
          int n = LLVMGetNumOperands(i);
          for (int k = 2; k < n; k += 2) add_constant(c, LLVMGetOperand(i, (unsigned)k));
        }
      }
  c->n = sort_unique(c->v, c->n);
  if (c->n > DPU_NONDET_MAX_VALUES) { /* keep those nearest to 0 */
    qsort(c->v, c->n, sizeof *c->v, by_magnitude);
    c->n = DPU_NONDET_MAX_VALUES;
    c->truncated = true;
  }
}

/* The suffix of a nondet function's name says its C type (SV-COMP's rules list them). */
static bool is_unsigned(const char *suffix) {
  return suffix[0] == 'u' || strcmp(suffix, "size_t") == 0 || strcmp(suffix, "sector_t") == 0 ||
         strcmp(suffix, "pointer") == 0 || strcmp(suffix, "pchar") == 0;
}

/* The domain of a call of __VERIFIER_nondet_<suffix> returning ty. */
static void domain_of(const char *suffix, LLVMTypeRef ty, const struct dpu_instrument_options *o,
                      const struct compared *cmp, struct domain *d) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  unsigned w = k == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(ty) : 0;
  if (o->nondet_fixed) {
    d->v[0] = o->nondet, d->n = 1, d->whole = false;
  } else if (strcmp(suffix, "bool") == 0 || w == 1) {
    range(d, 0, 1, true);
  } else if (w == 8) { /* char is signed on the targets dpu runs on */
    if (is_unsigned(suffix)) range(d, 0, 255, true);
    else range(d, -128, 127, true);
  } else if (o->nondet_range) {
    range(d, o->nondet_lo, o->nondet_hi, false);
  } else if (k == LLVMIntegerTypeKind) {
    d->n = 0;
    d->whole = false;
    for (unsigned i = 0; i < cmp->n; i++) {
      long long x = cmp->v[i];
      if (is_unsigned(suffix) && x < 0) continue;
      if (w < 64 && (x < -(1ll << (w - 1)) || x > (long long)((1ull << w) - 1))) continue;
      d->v[d->n++] = x;
    }
    d->n = sort_unique(d->v, d->n);
  } else { /* a pointer or a floating-point value: 0 unless a range is given */
    d->v[0] = 0, d->n = 1, d->whole = false;
  }
}

static void describe(const struct domain *d, char *buf, size_t size) {
  size_t len = 0;
  if (d->n > 8 && d->v[d->n - 1] - d->v[0] == (long long)d->n - 1) {
    snprintf(buf, size, "%lld..%lld", d->v[0], d->v[d->n - 1]);
    return;
  }
  for (unsigned i = 0; i < d->n && len < size; i++) {
    if (i == 6 && d->n > 8) {
      len += (size_t)snprintf(buf + len, size - len, ", ... (%u values)", d->n);
      break;
    }
    len += (size_t)snprintf(buf + len, size - len, "%s%lld", i ? ", " : "", d->v[i]);
  }
}

/* The constant array of d's values (one global per distinct domain). */
static LLVMValueRef domain_global(LLVMModuleRef mod, const struct domain *d) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef k[DPU_NONDET_MAX_VALUES];
  for (unsigned i = 0; i < d->n; i++) k[i] = LLVMConstInt(i64, (unsigned long long)d->v[i], 1);
  LLVMValueRef arr = LLVMConstArray2(i64, k, d->n);
  LLVMValueRef g = LLVMAddGlobal(mod, LLVMTypeOf(arr), "__dpu_nondet_domain");
  LLVMSetInitializer(g, arr);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  return g;
}

int dpu_pass_nondet(LLVMModuleRef mod, const struct dpu_instrument_options *o,
                    struct dpu_site_table *sites) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef params[] = {ptr, i32};
  LLVMTypeRef fty = LLVMFunctionType(i64, params, 2, 0);
  LLVMValueRef choose = NULL;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  struct compared cmp = {0};
  bool have_cmp = false;
  unsigned noted = 0;
  int rc = 0;
  static struct domain d; /* large: not on the stack */
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && rc == 0; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMIsDeclaration(f) || strncmp(name, "__VERIFIER_nondet_", 18) != 0) continue;
    const char *suffix = name + 18;
    for (LLVMUseRef u = LLVMGetFirstUse(f), next; u && rc == 0; u = next) {
      next = LLVMGetNextUse(u);
      LLVMValueRef call = LLVMGetUser(u);
      if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f) continue;
      LLVMTypeRef ty = LLVMTypeOf(call);
      if (LLVMGetTypeKind(ty) == LLVMVoidTypeKind) { /* its value is not used */
        LLVMInstructionEraseFromParent(call);
        continue;
      }
      if (!have_cmp && !o->nondet_fixed && !o->nondet_range) collect_compared(mod, &cmp);
      have_cmp = true;
      domain_of(suffix, ty, o, &cmp, &d);
      char *file, *fn;
      unsigned line, col;
      dpu_pass_describe(call, &file, &line, &col, &fn);
      LLVMValueRef value = NULL;
      if (d.n == 1) {
        value = constant(ty, d.v[0]);
      } else if (d.n > 1) {
        if (!choose) choose = LLVMAddFunction(mod, "__dpu_nondet", fty);
        LLVMPositionBuilderBefore(b, call);
        LLVMValueRef args[] = {domain_global(mod, &d), LLVMConstInt(i32, d.n, 0)};
        value = convert(b, LLVMBuildCall2(b, fty, choose, args, 2, ""), ty);
      }
      if (!value) {
        fprintf(stderr, "dpu: error: dpu cannot choose a value of the type of '%s' (%s:%u in %s)%s\n",
                name, file, line, fn, d.n ? "" : ": its domain is empty");
        rc = -1;
      } else {
        if (!d.whole) sites->nondet_bounded++;
        if (!d.whole && !o->nondet_fixed && !o->nondet_range && noted++ < 4) {
          char vals[160];
          describe(&d, vals, sizeof vals);
          dpu_pass_note(o, "nondet-domain", file, fn, line, 0,
                        "%s at %s:%u in %s takes the values %s (%s; --nondet=range:A..B sets a "
                        "range)", name, file, line, fn, vals,
                        LLVMGetTypeKind(ty) != LLVMIntegerTypeKind ? "not an integer"
                        : cmp.truncated ? "0, the constants the program compares with and "
                                          "their neighbours, the 256 nearest to 0"
                                        : "0, the constants the program compares with and "
                                          "their neighbours");
        }
        LLVMReplaceAllUsesWith(call, value);
        LLVMInstructionEraseFromParent(call);
      }
      free(file);
      free(fn);
    }
  }
  if (noted > 4)
    dpu_pass_note(o, "nondet-domain", NULL, NULL, 0, 0,
                  "%u more __VERIFIER_nondet_* calls take a bounded domain", noted - 4);
  LLVMDisposeBuilder(b);
  free(cmp.v);
  return rc;
}
