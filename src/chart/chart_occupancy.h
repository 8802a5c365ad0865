/* The occupancy chart: occupancy against threads per block, registers per
 * thread and shared memory per block, the configuration marked on each, as
 * NVIDIA's occupancy calculator draws it. */
#ifndef GPUROOF_CHART_OCCUPANCY_H
#define GPUROOF_CHART_OCCUPANCY_H

#include "chart.h"
#include "gpuroof_occupancy.h"

bool grc_occupancy_figure(const gr_sm_limits *lim, const gr_launch *launch, const char *device_title,
                         grc_figure *out, gr_error *err);

#endif
