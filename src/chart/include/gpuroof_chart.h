/* The chart layer's public interface: charts as data (chart.h), the
 * roofline, its levels, occupancy, bank-conflict and latency charts, the
 * figures and checks behind them, kernels' labels and gnuplot's script.
 * The command line includes this header alone, never the per-file headers
 * it gathers (its include path does not reach them). */
#ifndef GPUROOF_PUBLIC_CHART_H
#define GPUROOF_PUBLIC_CHART_H

#include "../chart.h"
#include "../chart_banks.h"
#include "../chart_latency.h"
#include "../chart_levels.h"
#include "../chart_occupancy.h"
#include "../chart_roofline.h"
#include "../gnuplot_script.h"
#include "../kernel_label.h"
#include "../roofline_check.h"
#include "../roofline_csv.h"
#include "../roofline_figures.h"

#endif
