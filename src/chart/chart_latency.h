/* The latency roofs: DRAM read bandwidth against resident warps an SM, a
 * curve for each load size and loads in flight a thread, measured, and over
 * them Little's law at the measured DRAM latency, held under the DRAM
 * ceiling:
 *     min(ceiling, warps x SMs x 32 x load bytes x loads in flight / latency)
 * (gr_littles_bandwidth_gbs). */
#ifndef GPUROOF_CHART_LATENCY_H
#define GPUROOF_CHART_LATENCY_H

#include <stdbool.h>
#include "chart.h"
#include "gpuroof_results.h"

/* What the chart is drawn from, worked out once for the chart and --json. */
typedef struct {
    double dram_ns;        /* latency.dram_ns */
    double sms;            /* device.sm_count */
    double ceiling_gbs;    /* ceilings.dram_read_gbs, else the best verified point of the curves */
    bool ceiling_measured; /* from dram_read_gbs (the STREAM-like read) */
    double clock_mhz;      /* latency.sm_clock_mhz, else device.sm_clock_mhz; NaN if neither */
    int max_warps;         /* the most warps of any verified point */
} grc_latency_inputs;

/* Checks that r has what the chart needs (each error names r's file and
 * the key missing) and fills in. */
bool grc_latency_inputs_of(const gr_results *r, grc_latency_inputs *in, gr_error *err);

/* Little's law for a point of the curves, under the ceiling. */
double grc_latency_model_gbs(const grc_latency_inputs *in, double load_bytes, double loads_in_flight, double warps);

bool grc_latency_chart(const gr_results *r, const grc_latency_inputs *in, double width_in, double height_in,
                      grc_chart *out, gr_error *err);

#endif
