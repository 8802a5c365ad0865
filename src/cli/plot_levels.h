/* gpuroof plot --levels and --ncu: the memory levels a roofline draws, and
 * the kernels of a Nsight Compute report placed at each. */
#ifndef GPUROOF_PLOT_LEVELS_H
#define GPUROOF_PLOT_LEVELS_H

#include <jansson.h>
#include <stdbool.h>
#include "commands.h"
#include "gpuroof_chart.h"
#include "plot_results.h"

/* How many kernels --ncu draws without --top, and at most. */
#define PLOT_NCU_TOP 8
#define PLOT_NCU_TOP_MAX GRC_CHART_MAX_ITEMS

/* --levels LIST: "dram,l2,shared" in any order and case, into levels;
 * a usage error (2, printed) for an empty item, an unknown name (with
 * the closest offered) or one named twice. */
int plot_parse_levels(const char *text, bool levels[GR_MEMORY_LEVELS]);

/* --ncu FILE: reads the report (a CSV, '-', or an .ncu-rep through
 * ncu --import), groups its launches by kernel and puts the top ones by
 * time into in's level kernels, against the first --device or, without
 * one, the shipped profile of the report's GPU (added to d).  Kernels
 * without FLOPs, and those past the top, are named in in's note and on
 * standard error (warnings).  *json: what was drawn and left out.  False:
 * printed. */
bool plot_ncu_load(const plot_options *o, plot_devices *d, grc_roofline_inputs *in, json_t *warnings,
                   json_t **json);

#endif
