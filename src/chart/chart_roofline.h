/* The roofline chart: devices' ceilings, kernel models, explicit and
 * measured points, as a grc_chart. */
#ifndef GPUROOF_CHART_ROOFLINE_H
#define GPUROOF_CHART_ROOFLINE_H

#include "chart.h"
#include "gpuroof_profile.h"
#include "gpuroof_results.h"
#include "gpuroof_roofline.h"

#define GRC_CHART_MAX_ITEMS 16

/* A kernel drawn at its intensity at each memory level it has counts for
 * (chart_levels.h), all at its achieved rate. */
typedef struct {
    char label[96];
    double gflops;
    double intensity[GR_MEMORY_LEVELS]; /* FLOP/B; NaN where the level was not counted */
    /* Nsight Compute's kernels: the roof each point is held against (the
     * core's gr_ncu_bind of its work: min(compute roof of its mix,
     * intensity x the level's bandwidth)), NaN where unknown or for a
     * results kernel; the precision doing most of its work, as a profile
     * names its peak ("tensor_bf16"), or NULL */
    double roof_gflops[GR_MEMORY_LEVELS];
    const char *precision;
    /* what that roof is: the level's key ("dram") where its slope is the
     * lower, else the compute roof's precision (or "compute" for a mix of
     * several); NULL where unknown */
    const char *roof[GR_MEMORY_LEVELS];
    unsigned rank; /* by time, 1: the longest, as gpuroof ncu's table numbers it; 0: none */
} grc_chart_level_kernel;

typedef struct {
    char label[96];
    double intensity;
    double gflops; /* explicit points only */
    /* kernel models with counts: their FLOPs and each level's bytes (given
     * where the model counts that level), held against the device's roofs
     * by the core's gr_roofline_levels_compute, as gpuroof bound holds
     * them; without counts, the DRAM roof at intensity */
    bool has_counts;
    double flops;
    bool given[GR_MEMORY_LEVELS];
    double bytes[GR_MEMORY_LEVELS];
} grc_chart_point;


typedef struct {
    size_t device_count;
    const gr_profile *devices[GRC_CHART_MAX_ITEMS];
    gr_roofs device_roofs[GRC_CHART_MAX_ITEMS]; /* each device's, from its profile (grc_roofline_add_device) */
    /* Other peaks to draw beside FP32 and FP64, up to the first NULL;
     * precision names the first, for the charts that draw one. */
    union {
        const char *precision;
        const char *precisions[GRC_CHART_MAX_ITEMS];
    };
    size_t model_count;      /* kernel models: drawn on each roof at their intensity */
    grc_chart_point models[GRC_CHART_MAX_ITEMS];
    size_t point_count;      /* measured elsewhere: LABEL:INTENSITY:GFLOPS */
    grc_chart_point points[GRC_CHART_MAX_ITEMS];
    size_t results_count;
    const gr_results *results[GRC_CHART_MAX_ITEMS];
    gr_roofs results_roofs[GRC_CHART_MAX_ITEMS]; /* each file's measured ones alone (grc_roofline_add_results) */
    size_t results_device[GRC_CHART_MAX_ITEMS]; /* the device each is drawn against, an index of devices */
    /* The hierarchical roofline (--levels): each level asked for has its
     * bandwidth roofs, the profile's and the results files' measured ones;
     * none asked for: the DRAM roof alone, and kernels as measured. */
    bool has_levels;
    bool levels[GR_MEMORY_LEVELS];
    /* Kernels from Nsight Compute, drawn against devices[level_kernels_device];
     * their innermost level is L1's bytes, held against the shared-memory
     * (L1) roof. */
    size_t level_kernel_count;
    grc_chart_level_kernel level_kernels[GRC_CHART_MAX_ITEMS];
    size_t level_kernels_device;
    char level_kernels_note[320]; /* a line under the chart: what was left out of them, or "" */
    double width_in, height_in; /* the page, for label angles and spacing */
    bool spread; /* measured ceilings' labels give the range of their repeats (plot --spread) */
} grc_roofline_inputs;


/* A device drawn, and a results file drawn (against devices[device]):
 * each with its roofs, which every figure of the chart reads. */
void grc_roofline_add_device(grc_roofline_inputs *in, const gr_profile *p);
void grc_roofline_add_results(grc_roofline_inputs *in, const gr_results *r, size_t device);

bool grc_roofline_chart(const grc_roofline_inputs *in, grc_chart *out, gr_error *err);

/* "19.5 TFLOP/s", "388.8 GFLOP/s": the figure as gr_num_text writes it, in the
 * unit that keeps it below 1000; GRC_RATE(x) is its text, for the
 * expression it is in (as GR_NUM's). */
gr_num grc_rate_of(double gflops);
#define GRC_RATE(x) (grc_rate_of(x).text)

/* "TENSOR BF16" of "tensor_bf16", added to b: a precision as a ceiling's
 * label names it. */
void grc_precision_words(gr_buf *b, const char *precision);

#endif
