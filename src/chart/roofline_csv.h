/* plot --csv: the points a roofline chart draws, one row a point, for
 * people who chart elsewhere. */
#ifndef GPUROOF_ROOFLINE_CSV_H
#define GPUROOF_ROOFLINE_CSV_H

#include <stdio.h>
#include "chart_roofline.h"

/* The header row, then a row for each point drawn: Nsight Compute's
 * kernels and results kernels at each level counted (as --levels draws
 * them), and the --point points (at DRAM).  Columns: label, level (a
 * level's key: dram, l2, shared), intensity_flop_per_byte, gflops, roof
 * (what the point is held against: a level's key or a precision, as
 * grc_chart_ncu_kernel names it; empty where the chart does not know it),
 * roof_gflops (empty likewise).  Text in double quotes, quotes doubled
 * (RFC 4180).  False where out reports a write error. */
bool grc_roofline_csv_write(const grc_roofline_inputs *in, FILE *out);

#endif
