/* Time against bank conflict: each layout launch of a results file, its
 * time per repetition of its store and load against its n-way conflict. */
#ifndef GPUROOF_CHART_BANKS_H
#define GPUROOF_CHART_BANKS_H

#include "chart.h"
#include "gpuroof_results.h"

/* Where a bank check sits on the chart: its store and load wavefronts per
 * request (Nsight Compute's where counted, else gpuroof's); NaN for a check
 * the chart leaves out (untimed, or without wavefronts). */
double grc_banks_wavefronts(const gr_result_bank *b);
/* Whether those wavefronts are Nsight Compute's count (the file's
 * measured_load and measured_store), not gpuroof's prediction. */
bool grc_banks_counted(const gr_result_bank *b);

/* The chart, for a page of width_in x height_in: markers that would fall
 * on one another are set side by side, off their wavefronts by a little. */
bool grc_banks_chart(const gr_results *r, double width_in, double height_in, grc_chart *out, gr_error *err);

#endif
