/* gpuroof plot latency: the latency roofs of a results file (chart_latency.h),
 * and with --json what the chart shows. */
#ifndef GPUROOF_PLOT_LATENCY_H
#define GPUROOF_PLOT_LATENCY_H

#include <jansson.h>
#include <stdbool.h>
#include "gpuroof_chart.h"

/* The chart of the results file at path into fig->charts[0]; with what,
 * its JSON (NULL where memory ran out).  False, with err, where the file
 * does not read or lacks what the chart needs. */
bool plot_latency_chart(const char *path, grc_figure *fig, json_t **what, gr_error *err);

#endif
