/* Time against bank conflict: each layout launch of a results file, its
 * time per repetition of its store and load against its n-way conflict. */
#ifndef GPUROOF_CHART_BANKS_H
#define GPUROOF_CHART_BANKS_H

#include "chart.h"
#include "results.h"

bool gr_banks_chart(const gr_results *r, gr_chart *out, gr_error *err);

#endif
