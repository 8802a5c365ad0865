/* The figures a roofline chart shows, worked out once from its inputs
 * before anything is printed: each device's ridge, ceilings and level
 * bandwidths, each model's roof on each device, each results file's
 * measured roofs and each of its kernels' level intensities.  The JSON
 * printer (plot --json) only reads them. */
#ifndef GPUROOF_ROOFLINE_FIGURES_H
#define GPUROOF_ROOFLINE_FIGURES_H

#include <stdbool.h>
#include "chart_roofline.h"

/* A kernel model's place on one device's chart (the core's
 * gr_work_place_on, the levels the chart draws). */
bool grc_model_place_on(const grc_roofline_inputs *in, size_t device, const grc_chart_point *m, gr_work_place *out);

/* Model m's work under a device's roofs (the core's
 * gr_work_counts_under_roofs): its bytes at a level the roofs cannot
 * bound left out, in unroofed_bytes, which the chart's warnings name. */
void grc_model_point_work(const gr_roofs *roofs, const grc_chart_point *m, gr_level_work *w,
                         double unroofed_bytes[GR_MEMORY_LEVELS]);

/* FP32, FP64 and the chart's other precisions, each once. */
#define GRC_ROOFLINE_MAX_PRECISIONS (GRC_CHART_MAX_ITEMS + 2)

typedef struct {
    const char *precision; /* the inputs' name, or "fp32", "fp64" */
    double gflops;
} grc_roofline_ceiling;

typedef struct {
    size_t count;
    grc_roofline_ceiling items[GRC_ROOFLINE_MAX_PRECISIONS];
} grc_roofline_ceilings;

typedef struct {
    double dram_gbs;                  /* the device's DRAM roof (gr_roofs) */
    double ridge_flop_per_byte;       /* FP32 peak / DRAM bandwidth; NaN without an FP32 peak */
    grc_roofline_ceilings ceilings;    /* the precisions drawn that the profile has, in the chart's order */
    double level_bandwidth_gbs[GR_MEMORY_LEVELS]; /* the profile's; NaN where unknown */
    gr_work_place models[GRC_CHART_MAX_ITEMS]; /* where model m sits here: gpuroof bound's FP32 bound */
} grc_roofline_device_figures;

typedef struct {
    bool has_level_intensity;                /* drawn by the levels, with something counted */
    double level_intensity[GR_MEMORY_LEVELS]; /* FLOP/B; NaN where not counted */
} grc_roofline_kernel_figures;

typedef struct {
    double best_bandwidth_gbs;                 /* the measured DRAM roof (gr_roofs) */
    double fp32_gflops;                        /* the measured FP32 roof (gr_roofs); NaN where absent */
    double measured_level_bandwidth_gbs[GR_MEMORY_LEVELS]; /* NaN where absent */
    grc_roofline_ceilings measured_ceilings;    /* the precisions drawn that the file measured */
    grc_roofline_kernel_figures *kernels;       /* one a results kernel (its kernel_count); set for the verified ones */
} grc_roofline_results_figures;

typedef struct {
    grc_roofline_device_figures devices[GRC_CHART_MAX_ITEMS];    /* one an inputs device */
    grc_roofline_results_figures results[GRC_CHART_MAX_ITEMS];   /* one an inputs results file */
    size_t results_count;
} grc_roofline_figures;

/* Fills out from in; false with err only when out of memory.  Free with
 * grc_roofline_figures_free, built or not. */
bool grc_roofline_figures_build(const grc_roofline_inputs *in, grc_roofline_figures *out, gr_error *err);
void grc_roofline_figures_free(grc_roofline_figures *f);

#endif
