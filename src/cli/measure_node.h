/* gpuroof measure --all-gpus and --compare: the GPUs of a host side by side,
 * as text, and the node acceptance check's verdict.  Needs no CUDA. */
#ifndef GPUROOF_MEASURE_NODE_H
#define GPUROOF_MEASURE_NODE_H

#include <stddef.h>
#include "gpuroof_results.h"

/* Compares the results (the core's gr_node_compare, and each GPU's label),
 * then prints that result: each GPU (its label, name, PCI bus id, UUID and
 * file), their measured ceilings side by side with the spread, and the
 * verdict.
 * Returns EXIT_OK, or EXIT_INPUT with one line on stderr where a GPU is
 * flagged. */
int measure_node_check(const gr_results *const *r, size_t count, double limit_pct);

/* The same for results files read back: measure --compare FILE... */
int measure_compare_files(char **paths, size_t count, double limit_pct);

#endif
