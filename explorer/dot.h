/* The unfolding as a Graphviz digraph (--dot FILE). */
#ifndef DPU_DOT_H
#define DPU_DOT_H

#include <stdio.h>

#include "unfold.h"

/* Writes u to f: one node per event ("e<id>", labelled with its id, thread, operation and
 * object), solid arrows from each immediate cause, and dotted undirected edges between
 * siblings of a thread or object tree (immediate conflicts). Returns 0, -1 on a write error. */
int dpu_unf_write_dot(const struct dpu_unfolding *u, FILE *f);

#endif
