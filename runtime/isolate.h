/* Run isolation for files (issue #13, docs/design.md §4): a run cannot see what an earlier run
 * wrote.
 *
 * The mechanism is the kernel's. The zygote enters a mount namespace of its own (through a user
 * namespace when it lacks CAP_SYS_ADMIN) whose mounts do not propagate out. Each runner then
 * enters a mount namespace of its own, copied from the zygote's, and mounts an overlay
 * (overlayfs) over each directory a program commonly writes to: the working directory, /tmp
 * and /dev/shm (outer ones first: the working directory may lie under /tmp). An overlay's lower layer is the real directory, which it never modifies; its
 * upper layer is a directory of a tmpfs private to the runner that no path names (a detached
 * mount, from the new mount API: fsopen/fsmount). A run's writes, creations and deletions land
 * in the upper layer.
 *
 * After each run the runner checks whether each upper layer is still empty (one fstat each).
 * When all a run left is new files in the top directory (a log, a temporary file), it unlinks
 * them through the overlay, which empties the upper layer again (about 10 us). Otherwise (a
 * real file changed or deleted, a directory made) it mounts a fresh overlay on top of the old
 * one, and on top of it the overlays of the directories inside it (the working directory
 * under /tmp): the old one stays mounted, hidden, since unmounting costs an RCU grace period
 * (0.25-1.7 ms here) and mounting 0.1-0.3 ms (bench/README.md). When 256 overlays are
 * stacked, or the runner's tmpfs holds more than 64 MiB, the runner retires: it exits between
 * two runs, the zygote forks a new one, and the kernel drops the old namespace with
 * everything in it at once.
 *
 * What is not isolated: writes to other directories (e.g. $HOME or an absolute path elsewhere).
 * fopen and open for writing outside the isolated directories print a warning naming the file
 * (once per exploration). */
#ifndef DPU_ISOLATE_H
#define DPU_ISOLATE_H

#include <stdbool.h>
#include <stddef.h>

/* In the zygote, while it has one thread (a user namespace requires it): enters the namespace,
 * chooses the directories and checks that an overlay can be mounted over them. Returns 0, or
 * -1 with why (a system call and its error) in why[0..n): the caller warns and runs without
 * isolation, which the functions below then treat as "nothing isolated". */
int dpu_iso_setup(char *why, size_t n);

/* In each runner, before its first run: enters a mount namespace of its own and mounts the
 * overlays, and changes to the working directory inside them. The descriptors it keeps are
 * opened here (the runner's own, not the program's: sched.c closes those above them). Returns
 * 0, or -1 with why in why[0..n) (isolation is then off for this runner and its successors). */
int dpu_iso_runner_start(char *why, size_t n);

/* In the runner, after each run: gives every overlay a run left something in a fresh one.
 * Returns 0; 1 when the runner should retire (see above) before its next run; -1 with why in
 * why[0..n) if a mount failed (isolation is then off). */
int dpu_iso_after_run(char *why, size_t n);

/* Stops isolating: later calls do nothing, and dpu_iso_dirs is "". The mounts stay. */
void dpu_iso_off(void);

/* True when path (as the program passed it to open/fopen, relative to the working directory)
 * lies in an isolated directory. Paths are compared lexically after making them absolute; a
 * symbolic link out of an isolated directory is not followed (the answer is then "isolated",
 * a false negative of the warning, never a wrong isolation). */
bool dpu_iso_covers(const char *path);

/* Human-readable list of the isolated directories, e.g. "/work/x, /tmp, /dev/shm" ("" when
 * isolation is off). Owned by the module. */
const char *dpu_iso_dirs(void);

#endif
