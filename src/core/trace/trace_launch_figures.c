/* One launch's figures (trace_launch_figures.h). */
#include <math.h>
#include "trace_launch_figures.h"

/* A figure the record could not keep is the trace's unknown, -1. */
static int64_t widen(int32_t v)
{
    return v == GR_TRACE_LAUNCH_UNKNOWN ? -1 : v;
}

void gr_trace_launch_figures_of(const gr_trace_kernels *k, const gr_trace_kernel_launch *l, double floor_ns,
                                gr_trace_launch_figures *out)
{
    gr_trace_config *c = &out->config;
    *c = (gr_trace_config){.registers_per_thread = widen(l->registers_per_thread),
                           .shared_bytes = widen(l->shared_bytes), .launches = 1, .time_ns = l->time_ns,
                           .kineto_pct = l->kineto_pct};
    bool grid_known = true;
    for (int i = 0; i < 3; i++) {
        c->grid[i] = widen(l->grid[i]);
        c->block[i] = widen(l->block[i]);
        grid_known = grid_known && c->grid[i] >= 1;
    }
    if (k->has_limits)
        gr_trace_config_occupancy(k, c);
    gr_trace_config_limits_of(k, c, floor_ns, &out->limits);
    out->estimated_achieved = c->has_occupancy && grid_known && k->sms > 0
                                  ? gr_trace_estimated_occupancy_pct(&c->occupancy, c->grid, k->sms) / 100
                                  : NAN;
    out->kineto_achieved = l->kineto_pct / 100;
}
