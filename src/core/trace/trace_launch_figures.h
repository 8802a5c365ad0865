/* One launch of a trace (gpuroof trace --launches) held to the device the
 * kernels are: its configuration's theoretical occupancy with its
 * limiter, gpuroof's estimate of its achieved occupancy beside Kineto's
 * figure for it, and the limits its configuration alone decides, each as
 * the kernels' table works them out for a configuration of one launch. */
#ifndef GPUROOF_TRACE_LAUNCH_FIGURES_H
#define GPUROOF_TRACE_LAUNCH_FIGURES_H

#include "trace_kernel_launches.h"
#include "trace_kernels.h"
#include "trace_limits.h"

typedef struct {
    gr_trace_config config;        /* the launch as a configuration of one launch, its occupancy on the device */
    gr_trace_config_limits limits; /* what that configuration decides */
    double estimated_achieved;     /* gpuroof's estimate of its achieved occupancy, 0..1; NaN without
                                      occupancy or grid */
    double kineto_achieved;        /* the trace's figure of it, 0..1; NaN where absent */
} gr_trace_launch_figures;

/* l's figures on the device k is held to (none: no occupancy, no
 * limits); floor_ns the profile's launch floor (0: unknown). */
void gr_trace_launch_figures_of(const gr_trace_kernels *k, const gr_trace_kernel_launch *l, double floor_ns,
                                gr_trace_launch_figures *out);

#endif
