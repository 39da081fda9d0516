/* Exhaustive exploration (--por=none): depth-first search over every interleaving of visible
 * operations, counting distinct Mazurkiewicz traces by fingerprint (docs/design.md §6). It is the
 * oracle the QPOR explorer is tested against. */
#ifndef DPU_DFS_H
#define DPU_DFS_H

#include "explore.h"

/* Explores every interleaving, running the program through exec. Each trace goes to o->sink
 * when it is first seen (once per trace); counts go to res->counts. */
enum dpu_explore_status dpu_explore_dfs(struct dpu_executor *exec,
                                        const struct dpu_explore_options *o,
                                        struct dpu_explore_result *res);

#endif
