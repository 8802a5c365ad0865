/* Choosing among the kernels of a file: the architecture a GPU would run,
 * and the kernel a name pattern picks (occupancy --from FILE --kernel). */
#ifndef GPUROOF_KERNEL_SELECT_H
#define GPUROOF_KERNEL_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include "error.h"
#include "kernel_resources.h"

/* Whether machine code for sm runs on a GPU of compute capability
 * major.minor: sm_XY and sm_XYf code on X.Y and the later minor versions
 * of X, sm_XYa code on X.Y alone. */
bool gr_sm_runs_on(gr_sm sm, int major, int minor);

/* The architecture of the list's code a GPU of compute capability
 * major.minor runs (gr_sm_runs_on): the newest, and of one number the
 * driver's choice, its architecture-specific code first (sm_90a before
 * sm_90 on the H100), then family code.  False where the list has none. */
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
