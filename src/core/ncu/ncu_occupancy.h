/* gpuroof's occupancy of a launch Nsight Compute profiled, from what the
 * report says of it (block size, registers per thread, static and dynamic
 * shared memory, the shared memory configured per SM), beside Nsight
 * Compute's own theoretical occupancy. */
#ifndef GPUROOF_NCU_OCCUPANCY_H
#define GPUROOF_NCU_OCCUPANCY_H

#include <stdbool.h>
#include "ncu_figures.h"
#include "gpuroof_occupancy.h"
#include "gpuroof_profile.h"

typedef struct {
    bool known;
    char why_unknown[1100]; /* a missing figure, or the occupancy's own error */
    gr_launch launch;
    long long carveout_bytes; /* launch__shared_mem_config_size, or -1: the driver's default */
    gr_occupancy occ;
    bool compared; /* Nsight Compute's theoretical occupancy is known */
    bool agrees;   /* within half a warp of it */
} gr_ncu_prediction;

void gr_ncu_predict(const gr_profile *p, const gr_ncu_figures *f, gr_ncu_prediction *out);

#endif
