/* Symmetric threads, the runner's side (docs/design.md §6, "Symmetry reduction"; the explorer's
 * side is explorer/symmetry.h).
 *
 * A thread t is the symmetric successor of p, its symmetric predecessor, when one creator made
 * both with the same start routine, argument and detach state, p just before t: the creator's
 * visible operation before t's create was p's create, and its virtual time did not move. Such
 * threads begin in the same state but for the creator's plain stores between the two creates
 * (a loop's counter, `pool->started++`), and p can tell those only by a data race: p's access
 * to such a location is ordered after the store only through a later release of the creator,
 * after which p sees what t sees; any access of p not so ordered races with the store, and the
 * race is reported (with --races=on the racing sites become visible operations and the
 * exploration starts again, where the store, now visible, leaves the two threads in no group).
 * So in a race-free program they run the same code on the same data. The run says so in t's
 * start record (aux = p + 1), and the explorer makes p perform its ordered operation (its first
 * on an object that is not a read nor a choice of its own) before t performs its own, which
 * keeps one trace of each class that differs only by renaming such threads.
 *
 * That is sound only while nothing tells the threads apart by their identity. This file
 * watches for what does, and says so in the run's response (dpu_shm.sym_told): the explorer
 * then explores again without symmetry. What tells them apart:
 *  - a member of a group asks its own identity (pthread_self, thrd_current), or another thread
 *    names a member by its handle for anything but a join or a detach (pthread_equal,
 *    pthread_kill, names, scheduling parameters, attributes);
 *  - a join that reads a member's return value when another member returns another value;
 *  - a deadlock of joins alone in which a thread waits to join a member (the sites of such a
 *    deadlock's joins are its identity, report/defects.c);
 *  - the window of a joiner: from its first join of a member of a group while another member
 *    is alive, until every member has exited (after which all of them ran their course, and
 *    the order of the joins is immaterial), the joiner may only join threads (members of that
 *    group, or threads in no group, whose joins are independent of the members' operations):
 *    any other visible operation, any store to memory, and any load of memory another thread
 *    wrote (or whose shadow lost track of its writers) tells which member it joined first.
 * Identities that leak through addresses (each thread's stack and heap arena lie elsewhere) are
 * not seen: a program that compares or hashes the addresses of different threads' memory needs
 * --no-symmetry (docs/design.md §6). */
#ifndef DPU_RT_SYMMETRY_H
#define DPU_RT_SYMMETRY_H

#include <stdbool.h>
#include <stdint.h>

#include "../protocol/tset.h"

/* Whether this run watches symmetric threads (dpu_shm.symmetry, read at the run's start). */
extern bool dpu_sym_on;

/* Non-zero while a joiner's window is open (see above): the visible operations and memory
 * accesses of the program then call dpu_sym_visible and dpu_sym_access. */
extern uint8_t dpu_sym_watch;

/* Start of a run: forgets every group, window and creator. */
void dpu_sym_reset(void);

/* Called by a create (pthread_create, thrd_create) before its visible operation, with whether
 * the new thread starts detached. */
void dpu_sym_before_create(bool detached);

/* Called by thrd_create before it calls pthread_create with a routine and block of its own:
 * the thread's symmetry is that of the C11 routine fn and argument arg. */
void dpu_sym_key(const void *fn, const void *arg);

/* At thread tid's creation by parent (-1 for main) with routine fn and argument arg. Returns
 * tid's symmetric predecessor, or -1. */
int dpu_sym_created(int parent, int tid, const void *fn, const void *arg);

/* Whether this run has a symmetric group so far (a thread with a predecessor). */
extern bool dpu_sym_groups;

/* The scheduler's policy past the replay chose thread tid, whose ordered operation
 * (explorer/symmetry.h: its first after its start that is not free) is next (enabled set en,
 * or *ws in a run with thread ids of 64 or more): the thread to run instead, so that the run
 * stays in E_sym rather than being redirected there: tid's predecessor (or its predecessor,
 * ...) when it has not made its own ordered operation and can move (its start, a free
 * operation of its prefix, or its ordered operation). */
int dpu_sym_first(int tid, uint64_t en, const struct dpu_tset *ws);

/* The running thread asks its own identity (pthread_self, thrd_current); `what` names the
 * call for the message. */
void dpu_sym_self(const char *what);

/* The running thread names thread tid by its handle in the call `what` (not a join or a
 * detach, not of itself). */
void dpu_sym_target(int tid, const char *what);

/* After the running thread joined thread tid (which has exited), reading its return value ret
 * when reads_ret (the join's pointer is not NULL). */
void dpu_sym_joined_slow(int tid, bool reads_ret, const void *ret);
static inline void dpu_sym_joined(int tid, bool reads_ret, const void *ret) {
  if (__builtin_expect(dpu_sym_groups, 0)) dpu_sym_joined_slow(tid, reads_ret, ret);
}

/* Thread tid exits (returns or calls pthread_exit) with return value ret. */
void dpu_sym_exited_slow(int tid, const void *ret);
static inline void dpu_sym_exited(int tid, const void *ret) {
  if (__builtin_expect(dpu_sym_groups, 0)) dpu_sym_exited_slow(tid, ret);
}

/* The run ends in a deadlock: when every blocked thread waits in a join, one that waits for ever
 * to join a member of a group tells which member it joins (such a deadlock is known by its
 * joins' sites, which the same deadlock with the members exchanged has otherwise). */
void dpu_sym_deadlock(void);

/* A visible operation (op, obj) of the running thread while dpu_sym_watch is set. */
void dpu_sym_visible(uint8_t op, uint64_t obj);

/* A memory access of `size` bytes at a by the running thread (write: a store) while
 * dpu_sym_watch is set (the race detector's accesses call it). */
void dpu_sym_access(uintptr_t a, uint64_t size, bool write);

#endif
