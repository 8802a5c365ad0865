/* Choosing among the kernels of a file: the architecture a GPU would run,
 * and the kernels a name pattern picks (kernels --kernel, occupancy --from
 * FILE --kernel). */
#ifndef GPUROOF_KERNEL_SELECT_H
#define GPUROOF_KERNEL_SELECT_H

#include <stdbool.h>
#include <stddef.h>
#include "gpuroof_text.h"
#include "kernel_names.h"
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
 * pattern picks, for the architecture sm (NULL: the list's only one): the
 * one that matches in the strongest way any kernel does (kernel_names.h:
 * the whole name in either spelling, else the glob, else a part of it).
 * No match, several (listed), an architecture the list lacks (its own
 * named), several architectures and sm NULL: false, with err. */
bool gr_kernel_find(const gr_kernel_list *list, const char *file, const gr_name_pattern *pattern, const gr_sm *sm,
                    size_t *index, gr_error *err);

/* Every kernel of the list, of every architecture, that pattern picks
 * (kernels --kernel): those that match in the strongest way any kernel
 * does, each marked in selected (list->count of them); *count says how
 * many, 0 where none matches.  False only where memory runs out. */
bool gr_kernel_select(const gr_kernel_list *list, const gr_name_pattern *pattern, bool *selected, size_t *count,
                      gr_error *err);

/* Of count names as a tool shows them (Nsight Compute's spelling or the
 * demangler's: no mangled name), those pattern picks as gr_kernel_select
 * does: those that match in the strongest way any does, each marked in
 * selected; *picked says how many, 0 where none matches (ncu --kernel).
 * False only where memory runs out. */
bool gr_name_select(const gr_name_pattern *pattern, const char *const *names, size_t count, bool *selected,
                    size_t *picked, gr_error *err);

#endif
