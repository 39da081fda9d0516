/* Checks of dpu's invariants, for every part (issue #14, issue 38): the explorer's where the
 * paper states them (configurations causally closed and conflict-free, Theorem 6; D ∩ C = ∅,
 * Alg. 1 line 7; the trees' depths and skip pointers, Sec. 5.1-5.2; the comb's spikes and the
 * alternative they give, Sec. 5, steps 2-5), the runtime's at its scheduler and models (a
 * thread's state machine, a lock's holder, a condition variable's wait set, the arena's free
 * lists). Compiled into the debug build (the ASan build of scripts/test.sh) and out of the
 * release build (NDEBUG), like Lua's lua_assert.
 *
 * DPU_ASSERT(cond): in the debug build, when cond is false, prints "dpu: internal error:
 * invariant `cond` broken at FILE:LINE" on stderr and aborts (a bug of dpu, never of the
 * program under test). cond must have no side effect: the release build does not evaluate it.
 * DPU_CHECKS: 1 in the debug build, 0 in the release build, for checks that need code of their
 * own (`#if DPU_CHECKS`). */
#ifndef DPU_INVARIANT_H
#define DPU_INVARIANT_H

#ifdef NDEBUG
#define DPU_CHECKS 0
#define DPU_ASSERT(cond) ((void)0)
#else
#define DPU_CHECKS 1
#define DPU_ASSERT(cond) ((cond) ? (void)0 : dpu_invariant_broken(#cond, __FILE__, __LINE__))
#endif

/* Reports a broken invariant (the expression's text, where) on dpu_invariant_fd and aborts. */
_Noreturn void dpu_invariant_broken(const char *cond, const char *file, int line);

/* Where dpu_invariant_broken writes: 2 (stderr), but in a runner, whose stderr is the program's
 * and goes nowhere, dpu's own descriptor (runtime/init.c). */
extern int dpu_invariant_fd;

#endif
