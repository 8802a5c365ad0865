/* The limits a launch configuration alone decides, for each configuration
 * of a trace's kernels (gpuroof trace's table): the grid's waves and tail
 * and a grid of fewer blocks than SMs (grid_shape.h), launches a few
 * launch floors long (the profile's empty kernel's time: back to back,
 * the launch's own cost is their time), and a resource holding occupancy
 * down, with the change that lifts it (occupancy_lift.h).  No counter
 * says how the kernel uses the SMs: these are what its configuration
 * decides, the rest is Nsight Compute's (gpuroof trace --ncu). */
#ifndef GPUROOF_TRACE_LIMITS_H
#define GPUROOF_TRACE_LIMITS_H

#include <stdbool.h>
#include "gpuroof_occupancy.h"
#include "trace_kernels.h"

/* A launch shorter than this many launch floors is named launch-bound. */
#define GR_TRACE_FLOORS_THAT_BIND 3.0

typedef struct {
    bool known;             /* the configuration has an occupancy */
    gr_grid_shape shape;    /* the longest launch's grid: the configuration's */
    double floors;          /* the mean launch's time in launch floors; NaN without a floor */
    bool launch_bound;      /* floors < GR_TRACE_FLOORS_THAT_BIND */
    bool occupancy_held;    /* a resource other than the SM's threads holds it below the most */
    gr_occupancy_lift lift; /* the change that lifts it, where one does */
} gr_trace_config_limits;

/* c's limits on the device k was held to; floor_ns the profile's launch
 * floor (0: unknown). */
void gr_trace_config_limits_of(const gr_trace_kernels *k, const gr_trace_config *c, double floor_ns,
                               gr_trace_config_limits *out);

#endif
