/* gpuroof plot latency: the latency roofs of a results file (chart_latency.h),
 * and with --json what the chart shows. */
#ifndef GPUROOF_PLOT_LATENCY_H
#define GPUROOF_PLOT_LATENCY_H

#include <jansson.h>
#include <stdbool.h>
#include "chart.h"

/* The chart of the results file at path into fig; with what, its JSON.
 * False where the file does not read or lacks what the chart needs
 * (printed). */
bool plot_latency_build(const char *path, gr_figure *fig, json_t **what);

#endif
