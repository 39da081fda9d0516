/* A byte of a global as the program names it, from the globals' types in the site table
 * (passes/sites.h: struct dpu_field_type): `acct[1].lock`, `stats.misses`, `buf[4]`. */
#ifndef DPU_REPORT_FIELDS_H
#define DPU_REPORT_FIELDS_H

#include <stddef.h>
#include <stdint.h>

#include "../passes/sites.h"

/* Writes into buf (of size bytes, NUL-terminated, truncated if need be) the name of byte
 * `offset` of global `global` (an index of sites->globals): the global's name, then for each
 * struct or union member and array element that holds the byte, `.member` or `[index]`, down to
 * a leaf (a scalar, a pointer, a type of a system header). Returns how many bytes into what it
 * names the byte is (the whole offset without the global's type: no debug info). An anonymous
 * struct or union member adds nothing to the name; a union names, of its members that hold
 * the byte, the first that names it exactly (the offset cannot tell which one the program
 * used); a bit-field is never named (its byte holds its neighbours). */
uint64_t dpu_field_name(const struct dpu_site_table *sites, size_t global, uint64_t offset,
                        char *buf, size_t size);

#endif
