/* Defects with one root cause (issue 37): a use after free shows as the memory error at the
 * access, and, in other traces, as a data race between that access and the free, or as an
 * assertion that the freed memory's value broke. dpu reports each as found (their traces
 * differ, and each has its own replay); this groups them at the end of the exploration, so that
 * a user reads one bug, not three.
 *
 * Invariant: a defect is grouped under at most one root, the root is a memory error
 * (DPU_END_MEMORY), and no root is itself grouped. */
#ifndef DPU_REPORT_GROUPS_H
#define DPU_REPORT_GROUPS_H

#include <stdio.h>

#include "defects.h"

/* Sets every defect's root (dpu_defect.root: the id of the memory error it follows from, 0 for
 * none) in t: a data race one of whose accesses frees a heap block and whose other access is at
 * a memory error's source line, and an assertion failure at a memory error's source line, are
 * that memory error's consequences. The first memory error at a line (in t's order) is the
 * root. Idempotent; t's defects keep their ids and order. */
void dpu_defect_groups(struct dpu_defects *t);

/* Prints one line per root with consequences, "dpu: defects 1 and 3 follow from defect 2 (the
 * memory error at prog.c:11): one bug seen three ways", on f. Nothing when none. */
void dpu_defect_groups_print(const struct dpu_defects *t, FILE *f);

#endif
