/* The roofs a launch of an Nsight Compute report is held against (the
 * device's, gr_roofs), and the level that binds it. */
#ifndef GPUROOF_NCU_ROOFS_H
#define GPUROOF_NCU_ROOFS_H

#include <stdbool.h>
#include "ncu_figures.h"
#include "gpuroof_profile.h"
#include "gpuroof_results.h"

/* The roof of one of the report's precisions (its FLOPs' counters) among
 * the device's (gr_roofs, by the precision's one name). */
gr_roof gr_ncu_peak(const gr_roofs *roofs, gr_ncu_precision p);
/* Its index in gr_roofs' peaks (gr_precision_table's). */
int gr_ncu_peak_index(gr_ncu_precision p);

/* The binding level of a launch, by the one rule (gr_level_bind): each
 * level's least time, bytes / bandwidth, of those with both known, and the
 * compute's, each precision's FLOPs at its peak summed (gr_compute_roof_of;
 * the compute roof is the total FLOPs over that time).  A level whose
 * bytes or roof are unknown is left out, as compute is where the report
 * lacks the FLOPs' counters. */
typedef struct {
    bool known;
    char why_unknown[160];
    /* where known of some levels only (the report lacks the metrics of the
     * others, or of the FLOPs): which were left out, for the caveat; "" */
    char left_out[160];
    double compute_time_ns;               /* FLOPs at their peaks; NaN where unknown */
    double compute_gflops;                /* total FLOPs / compute time */
    double level_time_ns[GR_NCU_LEVEL_COUNT]; /* bytes / bandwidth; NaN where left out */
    double roof_gflops[GR_NCU_LEVEL_COUNT];   /* min(compute roof, intensity x bandwidth) */
    double memory_roof_gflops[GR_NCU_LEVEL_COUNT]; /* intensity x bandwidth; NaN where left out */
    double binding_roof_gflops, binding_time_ns;  /* the primary binding level's; NaN where unknown */
    double achieved_fraction;             /* the achieved GFLOP/s of the binding roof; NaN where unknown */
    gr_level_binding binding;             /* where known */
} gr_ncu_binding;

void gr_ncu_bind(const gr_ncu_figures *f, const gr_roofs *roofs, gr_ncu_binding *out);

/* The precision whose FLOPs take longest at its peak: the one doing the
 * work a compute roof counts, so the roof a kernel works against (the
 * Tensor Cores' bf16 in a bf16 GEMM); -1 where no FLOPs meet a known peak. */
int gr_ncu_slowest_precision(const gr_ncu_figures *f, const gr_roofs *roofs);

#endif
