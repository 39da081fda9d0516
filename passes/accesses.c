/* Memory accesses for the race detector (issue #9, docs/design.md §3); see steps.h. */
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>
#include <stdlib.h>
#include <string.h>

#include "steps.h"

/* Whether the address of alloca `a` (or of a pointer derived from it by GEP or cast) can reach
 * another thread. It cannot when every use only loads from it, stores to it (as the address,
 * never as the value stored), compares it, or passes it to a lifetime, debug or memory
 * intrinsic: then no pointer to it is ever written to memory, returned, passed to a function
 * or turned into an integer, so no other thread can name that memory and every access to it is
 * made by the thread that owns the frame. Conservative: anything else (a call, a phi, a select,
 * ptrtoint, a store of the pointer itself) counts as escaping. */
static bool escapes(LLVMValueRef p, int depth) {
  if (depth > 8) return true;
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) return true;
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMLoad:
    case LLVMICmp:
      continue;
    case LLVMStore:
      if (LLVMGetOperand(user, 0) == p) return true; /* the pointer is the value stored */
      continue;
    case LLVMGetElementPtr:
    case LLVMBitCast:
      if (escapes(user, depth + 1)) return true;
      continue;
    case LLVMCall: {
      LLVMValueRef callee = LLVMGetCalledValue(user);
      size_t n = 0;
      const char *name = LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : "";
      if (strncmp(name, "llvm.lifetime.", 14) == 0 || strncmp(name, "llvm.dbg.", 9) == 0 ||
          strncmp(name, "llvm.memcpy.", 12) == 0 || strncmp(name, "llvm.memmove.", 13) == 0 ||
          strncmp(name, "llvm.memset.", 12) == 0)
        continue;
      return true;
    }
    default:
      return true;
    }
  }
  return false;
}

/* Strips GEPs and casts (instructions or constant expressions) off a pointer. */
static LLVMValueRef base_of(LLVMValueRef p) {
  for (int i = 0; i < 16; i++) {
    if ((LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p)) ||
        (LLVMIsAConstantExpr(p) && (LLVMGetConstOpcode(p) == LLVMGetElementPtr ||
                                    LLVMGetConstOpcode(p) == LLVMBitCast)))
      p = LLVMGetOperand(p, 0);
    else
      break;
  }
  return p;
}

/* Whether an access through pointer p cannot be part of a race: memory of a non-escaping
 * alloca (see escapes), a constant global (never written), or dpu's own variables. */
static bool unshared(LLVMValueRef p) {
  LLVMValueRef b = base_of(p);
  if (LLVMIsAAllocaInst(b)) return !escapes(b, 0);
  if (LLVMIsAGlobalVariable(b)) {
    if (LLVMIsGlobalConstant(b)) return true;
    size_t n;
    const char *name = LLVMGetValueName2(b, &n);
    return strncmp(name, "__dpu_", 6) == 0;
  }
  return false;
}

struct hooks {
  LLVMTypeRef ty;        /* void (ptr, i64, i32): __dpu_load */
  LLVMTypeRef sty;       /* void (ptr, i64, i32, i64): __dpu_store, with the value stored */
  LLVMValueRef load, store;
  LLVMTypeRef fence_ty;  /* void (i32) */
  LLVMValueRef fence;
  LLVMTypeRef i32, i64;
};

static LLVMValueRef declare(LLVMModuleRef mod, const char *name, LLVMTypeRef ty) {
  LLVMValueRef f = LLVMGetNamedFunction(mod, name);
  return f ? f : LLVMAddFunction(mod, name, ty);
}

/* The value v (of a store) as an i64 for the runtime's reports: integers, pointers and
 * floating-point values of up to 8 bytes, zero-extended (a float by its bits); 0 for others. */
static LLVMValueRef value_bits(LLVMBuilderRef b, const struct hooks *h, LLVMTargetDataRef td,
                               LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  unsigned long long bits = LLVMSizeOfTypeInBits(td, t);
  if (k == LLVMPointerTypeKind) return LLVMBuildPtrToInt(b, v, h->i64, "");
  if (bits > 64) return LLVMConstInt(h->i64, 0, 0);
  if (k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind || k == LLVMHalfTypeKind) {
    v = LLVMBuildBitCast(b, v, LLVMIntTypeInContext(LLVMGetTypeContext(t), (unsigned)bits), "");
    k = LLVMIntegerTypeKind;
  }
  if (k == LLVMIntegerTypeKind) return LLVMBuildZExtOrBitCast(b, v, h->i64, "");
  return LLVMConstInt(h->i64, 0, 0);
}

/* Puts `call hook(ptr, size, site)` (a load) or `call hook(ptr, size, site, value)` (a store,
 * value not NULL) before inst, with inst's debug location. */
static void call_hook(LLVMBuilderRef b, const struct hooks *h, LLVMValueRef hook,
                      LLVMValueRef inst, LLVMValueRef ptr, LLVMValueRef size, unsigned site,
                      LLVMValueRef value) {
  LLVMPositionBuilderBefore(b, inst);
  if (LLVMTypeOf(size) != h->i64) size = LLVMBuildZExtOrBitCast(b, size, h->i64, "");
  LLVMValueRef args[4] = {ptr, size, LLVMConstInt(h->i32, site, 0), value};
  LLVMValueRef c = LLVMBuildCall2(b, value ? h->sty : h->ty, hook, args, value ? 4 : 3, "");
  LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(inst));
}

/* The intrinsic an instruction calls, e.g. "llvm.memcpy.p0.p0.i64", or NULL. */
static const char *intrinsic(LLVMValueRef i) {
  if (!LLVMIsACallInst(i)) return NULL;
  LLVMValueRef callee = LLVMGetCalledValue(i);
  if (!LLVMIsAFunction(callee)) return NULL;
  size_t n;
  const char *name = LLVMGetValueName2(callee, &n);
  return strncmp(name, "llvm.", 5) == 0 ? name : NULL;
}

void dpu_pass_accesses(LLVMModuleRef mod, struct dpu_site_table *sites) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  struct hooks h;
  h.i32 = LLVMInt32TypeInContext(ctx);
  h.i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  h.ty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), (LLVMTypeRef[]){ptr, h.i64, h.i32}, 3, 0);
  h.sty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), (LLVMTypeRef[]){ptr, h.i64, h.i32, h.i64},
                           4, 0);
  h.load = declare(mod, "__dpu_load", h.ty);
  h.store = declare(mod, "__dpu_store", h.sty);
  h.fence_ty = LLVMFunctionType(LLVMVoidTypeInContext(ctx), (LLVMTypeRef[]){h.i32}, 1, 0);
  h.fence = declare(mod, "__dpu_fence", h.fence_ty);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        LLVMOpcode opc = LLVMGetInstructionOpcode(i);
        if (opc == LLVMFence) {
          /* atomic_signal_fence (syncscope("singlethread")) orders a thread against its own
           * signal handlers only (C11 7.17.4p2 and 7.17.4.2): nothing between threads. */
          if (LLVMIsAtomicSingleThread(i)) continue;
          LLVMPositionBuilderBefore(b, i);
          LLVMValueRef c = LLVMBuildCall2(
              b, h.fence_ty, h.fence,
              (LLVMValueRef[]){LLVMConstInt(h.i32, (unsigned)LLVMGetOrdering(i), 0)}, 1, "");
          LLVMInstructionSetDebugLoc(c, LLVMInstructionGetDebugLoc(i));
          continue;
        }
        if ((opc == LLVMLoad || opc == LLVMStore) &&
            LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic) {
          /* Atomic loads and stores are the atomics pass's (runtime/models/atomic.c records
           * them). */
          bool store = opc == LLVMStore;
          LLVMValueRef p = LLVMGetOperand(i, store ? 1 : 0);
          if (unshared(p)) continue;
          LLVMTypeRef vty = store ? LLVMTypeOf(LLVMGetOperand(i, 0)) : LLVMTypeOf(i);
          unsigned long long size = LLVMStoreSizeOfType(td, vty);
          unsigned site = dpu_pass_add_site(sites, i, store ? "store" : "load");
          LLVMValueRef value = NULL;
          if (store) {
            LLVMPositionBuilderBefore(b, i);
            value = value_bits(b, &h, td, LLVMGetOperand(i, 0));
          }
          call_hook(b, &h, store ? h.store : h.load, i, p, LLVMConstInt(h.i64, size, 0), site,
                    value);
          continue;
        }
        const char *in = intrinsic(i);
        if (!in) continue;
        bool cpy = strncmp(in, "llvm.memcpy.", 12) == 0 || strncmp(in, "llvm.memmove.", 13) == 0 ||
                   strncmp(in, "llvm.memcpy.inline.", 19) == 0;
        bool set = strncmp(in, "llvm.memset.", 12) == 0;
        if (!cpy && !set) continue;
        LLVMValueRef dst = LLVMGetOperand(i, 0), len = LLVMGetOperand(i, 2);
        const char *what = set ? "memset" : strncmp(in, "llvm.memmove.", 13) == 0 ? "memmove" : "memcpy";
        unsigned site = 0;
        if (cpy && !unshared(LLVMGetOperand(i, 1))) {
          site = dpu_pass_add_site(sites, i, what);
          call_hook(b, &h, h.load, i, LLVMGetOperand(i, 1), len, site, NULL);
        }
        if (!unshared(dst)) {
          if (!site) site = dpu_pass_add_site(sites, i, what);
          call_hook(b, &h, h.store, i, dst, len, site, LLVMConstInt(h.i64, 0, 0));
        }
      }
    }
  }
  LLVMDisposeBuilder(b);
}
