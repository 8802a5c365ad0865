/* Choosing among the kernels of a file: the architecture a GPU would run,
 * and the kernel a name pattern picks (occupancy --from FILE --kernel). */
#ifndef GPUROOF_KERNEL_SELECT_H
#define GPUROOF_KERNEL_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include "error.h"
#include "kernel_resources.h"

/* The architecture of the list's code a GPU of compute capability
 * major.minor runs: its own, or else the newest of its major version below
 * it (a cubin runs on the later minor versions of its major one; an sm_XXa
 * cubin on its own only).  False where the list has none. */
bool gr_kernel_sm_for_device(const gr_kernel_list *list, int major, int minor, gr_sm *out);

/* The one kernel of the list (read from file, named in errors) that
 * pattern picks, for the architecture sm (NULL: the list's only one).
 * Names match case-insensitively, in three rounds, the first that matches
 * any kernel deciding:
 *   1. the whole name: mangled, demangled, or demangled without its return
 *      type and parameters, with or without its namespaces and classes
 *      (sample::scale<float, 4>, scale<float, 4>, transpose_tile);
 *   2. where pattern holds *, ? or [, a glob over the mangled or demangled name;
 *   3. otherwise, a part of the mangled or demangled name.
 * No match, several (listed), an architecture the list lacks (its own
 * named), several architectures and sm NULL: false, with err. */
bool gr_kernel_find(const gr_kernel_list *list, const char *file, const char *pattern, const gr_sm *sm,
                    size_t *index, gr_error *err);

#endif
