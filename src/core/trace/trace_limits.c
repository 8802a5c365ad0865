/* The limits a launch configuration decides (trace_limits.h). */
#include <math.h>
#include "trace_limits.h"

void gr_trace_config_limits_of(const gr_trace_kernels *k, const gr_trace_config *c, double floor_ns,
                               gr_trace_config_limits *out)
{
    *out = (gr_trace_config_limits){.floors = NAN, .lift.limit = GR_LIMIT_COUNT};
    double mean_ns = c->launches ? (double)c->time_ns / (double)c->launches : NAN;
    if (floor_ns > 0 && mean_ns >= 0) {
        out->floors = mean_ns / floor_ns;
        out->launch_bound = out->floors < GR_TRACE_FLOORS_THAT_BIND;
    }
    if (!c->has_occupancy)
        return;
    out->known = true;
    double blocks = (double)c->grid[0] * (double)c->grid[1] * (double)c->grid[2];
    gr_grid_shape_of(blocks, c->occupancy.blocks_per_sm, k->sms, &out->shape);
    /* the threads an SM holds are the most: nothing lifts that */
    out->occupancy_held = c->occupancy.warps_per_sm < c->occupancy.max_warps_sm &&
                          !(c->occupancy.limiters & (1u << GR_LIMIT_THREADS));
    if (!out->occupancy_held)
        return;
    gr_launch l;
    if (gr_trace_config_launch(c, &l)) /* it is: the configuration has an occupancy */
        gr_occupancy_lift_of(&k->limits, &l, &c->occupancy, &out->lift);
}
