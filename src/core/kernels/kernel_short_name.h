/* A kernel's name shortened for people: on a chart's label, in a
 * table's column (the core's one shortener; the chart and the command line
 * show what it gives). */
#ifndef GPUROOF_KERNEL_SHORT_NAME_H
#define GPUROOF_KERNEL_SHORT_NAME_H

#include <stddef.h>

/* Above this many characters, a label's template arguments are left out. */
#define GR_KERNEL_LABEL_LONG 28

/* The name without its return type "void ", its parameter list and what
 * follows it; its template arguments written "<...>" where the name is
 * longer than GR_KERNEL_LABEL_LONG (full: never). */
void gr_kernel_short_name(const char *demangled, int full, char *out, size_t size);

/* A name shortened to fit size - 1 columns: without return type and
 * parameters, whole where it fits, else with its template arguments
 * "<...>", else also without its namespaces and then those "<...>", else
 * cut in the middle: names of one family differ at their ends
 * (nvjet_sm90_tst_..._bias_TNT). */
void gr_kernel_name_fit(const char *kernel, char *name, size_t size);

#endif
