/* The CPUs dpu may use (cpus.h). */
#include "cpus.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The CPU quota of the cgroup v2 file at path, rounded up; 0 when none or unreadable. */
static unsigned quota_of(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char max[32] = "";
  unsigned long long period = 0;
  int got = fscanf(f, "%31s %llu", max, &period);
  fclose(f);
  if (got != 2 || period == 0 || strcmp(max, "max") == 0) return 0;
  unsigned long long quota = 0;
  if (sscanf(max, "%llu", &quota) != 1 || quota == 0) return 0;
  unsigned long long n = (quota + period - 1) / period;
  return n > 65536 ? 65536 : (unsigned)n;
}

/* The quota of this process's cgroup (its own cpu.max, else the namespace root's). */
static unsigned cgroup_quota(void) {
  FILE *f = fopen("/proc/self/cgroup", "r");
  char line[4096], path[4200];
  unsigned q = 0;
  while (f && fgets(line, sizeof line, f)) {
    if (strncmp(line, "0::", 3) != 0) continue; /* the v2 hierarchy's line */
    line[strcspn(line, "\n")] = 0;
    snprintf(path, sizeof path, "/sys/fs/cgroup%s/cpu.max", line + 3);
    q = quota_of(path);
    break;
  }
  if (f) fclose(f);
  return q ? q : quota_of("/sys/fs/cgroup/cpu.max");
}

unsigned dpu_cpus_available(cpu_set_t *set) {
  cpu_set_t own;
  if (!set) set = &own;
  unsigned n = 0;
  if (sched_getaffinity(0, sizeof *set, set) == 0) {
    n = (unsigned)CPU_COUNT(set);
  } else {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    CPU_ZERO(set);
    for (long c = 0; c < online && c < CPU_SETSIZE; c++) CPU_SET((int)c, set);
    n = online > 0 ? (unsigned)CPU_COUNT(set) : 1;
  }
  unsigned quota = cgroup_quota();
  if (quota && quota < n) n = quota;
  return n ? n : 1;
}
