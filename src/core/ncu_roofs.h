/* The roofs a launch of an Nsight Compute report is held against, and the
 * level that binds it.  One struct holds every roof, filled by one
 * function from a device profile and, where given, a results file of
 * ceilings measured on the GPU, which win over the profile's. */
#ifndef GPUROOF_NCU_ROOFS_H
#define GPUROOF_NCU_ROOFS_H

#include <stdbool.h>
#include "ncu_figures.h"
#include "profile.h"
#include "results.h"

typedef enum { GR_NCU_ROOF_NONE, GR_NCU_ROOF_PROFILE, GR_NCU_ROOF_MEASURED } gr_ncu_roof_source;

typedef struct {
    double value; /* GB/s or GFLOP/s; NaN where unknown */
    gr_ncu_roof_source source;
} gr_ncu_roof;

typedef struct {
    gr_ncu_roof bandwidth_gbs[GR_NCU_LEVEL_COUNT]; /* the L1 level's is shared memory's (L1 is the same array) */
    gr_ncu_roof peak_gflops[GR_NCU_PRECISION_COUNT];
} gr_ncu_roofs;

/* Every roof from the profile p (NULL: none), then from the measured
 * ceilings of results (NULL: none) where they have one. */
void gr_ncu_roofs_fill(const gr_profile *p, const gr_results *results, gr_ncu_roofs *out);

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

void gr_ncu_bind(const gr_ncu_figures *f, const gr_ncu_roofs *roofs, gr_ncu_binding *out);

/* The precision whose FLOPs take longest at its peak: the one doing the
 * work a compute roof counts, so the roof a kernel works against (the
 * Tensor Cores' bf16 in a bf16 GEMM); -1 where no FLOPs meet a known peak. */
int gr_ncu_slowest_precision(const gr_ncu_figures *f, const gr_ncu_roofs *roofs);

#endif
