/* A device's roofs: each memory level's bandwidth and each precision's
 * peak, with where each figure came from.  One function fills them, from a
 * device profile, a results file of ceilings measured on the GPU and the
 * figures a command's options give; every command that holds work against
 * a roof (bound, model, plot, ncu, measure's summary, profile show) reads
 * them here and looks up no peak or bandwidth of its own.
 *
 * The rule of each figure, later sources winning over earlier ones:
 * - the profile's: DRAM `memory.bandwidth_gbs`, the L2's
 *   `memory.l2_bandwidth_gbs`, shared memory's (the L1/shared-memory data
 *   path: one array) `shared_memory_banks.shared_bandwidth_gbs`, and each
 *   precision's `peak_gflops`;
 * - the results file's: the measured DRAM roof is the best of the read,
 *   copy, triad and write streams (gr_results_best_bandwidth: the most the
 *   DRAM was seen to move, whichever stream moved it), the L2's `l2_gbs`,
 *   shared memory's `shared_gbs`, each precision's ceiling;
 * - an option's figure (`--bandwidth`, `--peak`, `--level-bandwidth`).
 * A figure that is not a positive number is no roof: it leaves the one
 * before it in place. */
#ifndef GPUROOF_ROOFS_H
#define GPUROOF_ROOFS_H

#include <stdbool.h>
#include "gpuroof_profile.h"
#include "gpuroof_results.h"
#include "roofline_levels.h"

typedef enum { GR_ROOF_NONE, GR_ROOF_PROFILE, GR_ROOF_MEASURED, GR_ROOF_OPTION } gr_roof_source;

typedef struct {
    double value; /* GB/s or GFLOP/s; NaN where unknown */
    gr_roof_source source;
} gr_roof;

typedef struct {
    gr_roof bandwidth_gbs[GR_MEMORY_LEVELS]; /* by gr_level: DRAM, L2, shared memory */
    gr_roof peak_gflops[GR_MAX_PEAKS];       /* by the index of gr_precision_table */
} gr_roofs;

/* The figures a command's options give; NaN where not given. */
typedef struct {
    double bandwidth_gbs[GR_MEMORY_LEVELS];
    double peak_gflops[GR_MAX_PEAKS];
} gr_roof_options;

/* Options that give nothing. */
void gr_roof_options_none(gr_roof_options *o);

/* Every roof from the profile p, then the results file's measured
 * ceilings, then the options' figures; each may be NULL. */
void gr_roofs_fill(const gr_profile *p, const gr_results *results, const gr_roof_options *options, gr_roofs *out);

/* The roof of a precision by its name ("fp32", "tensor_bf16"); one whose
 * value is NaN where the name is no precision gpuroof knows. */
gr_roof gr_roofs_peak(const gr_roofs *roofs, const char *precision);

/* A precision's peak, GFLOP/s, and the DRAM roof, GB/s; NaN where none. */
double gr_roofs_peak_gflops(const gr_roofs *roofs, const char *precision);
double gr_roofs_dram_gbs(const gr_roofs *roofs);

/* Each memory level's bandwidth, 0 where none: as gr_level_work holds
 * them, a level without a roof left out of its bound. */
void gr_roofs_level_bandwidths(const gr_roofs *roofs, double bandwidth_gbs[GR_MEMORY_LEVELS]);

/* "profile", "measured", "option"; "none". */
const char *gr_roof_source_name(gr_roof_source source);

#endif
