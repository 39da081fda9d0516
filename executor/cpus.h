/* The CPUs dpu may use: what -j defaults to, and what decides whether the explorer/runner pairs
 * share cores (executor.c). */
#ifndef DPU_EXECUTOR_CPUS_H
#define DPU_EXECUTOR_CPUS_H

#include <sched.h>

/* Fills *set with the CPUs the calling thread may run on (sched_getaffinity: taskset, cpusets)
 * and returns how many of them dpu should keep busy at once: that count, lowered to the
 * cgroup v2 CPU quota when the process has one (cpu.max "QUOTA PERIOD", rounded up: a
 * container started with --cpus=2 on a 64-CPU host gives 2). Always at least 1; set may be
 * NULL. Reads /proc/self/cgroup and /sys/fs/cgroup; a file it cannot read means no quota. */
unsigned dpu_cpus_available(cpu_set_t *set);

#endif
