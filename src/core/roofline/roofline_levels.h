/* The hierarchical roofline, gpuroof's one engine of it: one kernel's work
 * against the roof of each memory level it moves bytes through (DRAM, the
 * L2, shared memory) and the compute roof.  Each level has its own
 * intensity (FLOPs / that level's bytes) and roof (min(peak, bandwidth x
 * intensity)); the lowest roof binds.  PMPP's tiled matrix multiplication
 * is the example: 8 FLOP/B at DRAM with 32x32 tiles, but 0.25 FLOP/B at
 * shared memory, which binds.  Every command that names a binding level
 * (bound, model, ncu) decides it with gr_level_bind; Nsight Compute's
 * figures come in through gr_ncu_bind (ncu_roofs.h). */
#ifndef GPUROOF_ROOFLINE_LEVELS_H
#define GPUROOF_ROOFLINE_LEVELS_H

#include <stdbool.h>
#include "gpuroof_text.h"
#include "roofline.h"

/* The memory levels, from the DRAM in, then the compute roof: the order
 * of a tie's levels, and the first of them is the primary.  Shared memory
 * is the L1/shared-memory level: one array with one data path. */
typedef enum { GR_LEVEL_DRAM, GR_LEVEL_L2, GR_LEVEL_SHARED, GR_LEVEL_COMPUTE, GR_LEVEL_COUNT } gr_level;
#define GR_MEMORY_LEVELS 3 /* the levels that have bytes: DRAM, L2, shared */

/* The levels that bind: every one whose least time is the longest, or
 * within GR_BALANCED_TOLERANCE of it (gr_balanced: a tie), in gr_level's
 * order.  primary is levels[0]: the one farthest from the SMs, a memory
 * level before compute. */
typedef struct {
    gr_level primary;
    int count; /* 1, or more at a tie */
    gr_level levels[GR_LEVEL_COUNT];
} gr_level_binding;

/* The one binding rule.  time[level] is each level's least time, its
 * bytes / its bandwidth, and compute's the FLOPs at their peaks (any one
 * unit: ns, or ns a FLOP); NaN leaves a level out (its bytes or roof are
 * unknown).  The longest time is the lowest roof, and binds; without FLOPs
 * (compute's time 0) the level that takes longest to move its bytes.
 * False where no time is known, or every one known is 0. */
bool gr_level_bind(const double time[GR_LEVEL_COUNT], gr_level_binding *out);

/* Whether compute is among the binding levels. */
bool gr_level_binding_has(const gr_level_binding *b, gr_level level);

/* The compute roof of work in several precisions, each at its own peak:
 * the least time is the sum of each one's FLOPs over its peak (GFLOP/s is
 * FLOP/ns), the roof the total FLOPs over that time (one precision's is its
 * peak; no FLOPs has none: NaN).  A term without FLOPs (0 or NaN: not
 * counted, and left out of the total too) is passed over. */
typedef struct {
    double flops;
    double peak_gflops; /* NaN or 0: the device has none */
} gr_compute_term;

typedef struct {
    double time_ns;
    double roof_gflops;
    double flops;       /* the terms' total */
    int lacking_peak;   /* the first term with FLOPs and no peak (time and roof NaN), or -1 */
} gr_compute_roof;

void gr_compute_roof_of(const gr_compute_term *terms, int count, gr_compute_roof *out);

/* What is known of the work and the device.  DRAM is always given, by its
 * bytes or (without counts) by its intensity alone; the L2 and shared
 * memory where their bytes are. */
typedef struct {
    bool has_counts;                        /* flops and bytes[]; false: dram_intensity */
    double flops;
    double dram_intensity;                  /* FLOP/B, without counts */
    bool given[GR_MEMORY_LEVELS];           /* given[GR_LEVEL_DRAM] is taken as true */
    double bytes[GR_MEMORY_LEVELS];
    double bandwidth_gbs[GR_MEMORY_LEVELS]; /* 0: unknown, an error for a level given */
    double peak_gflops;
} gr_level_work;

typedef struct {
    bool given[GR_MEMORY_LEVELS];
    bool has_counts;
    double bytes[GR_MEMORY_LEVELS];     /* where given with counts */
    /* each given level's roofline: its intensity, ridge (peak / bandwidth),
     * memory roof (intensity x bandwidth), roof (attainable_gflops: the
     * lower of the memory roof and the peak), bound, and with counts its
     * least memory time */
    gr_roofline level[GR_MEMORY_LEVELS];
    double peak_gflops;
    double compute_time_ns;             /* with counts: flops / peak */
    gr_level_binding binds;             /* the lowest roofs, by gr_level_bind */
    gr_level binding;                   /* binds.primary: a memory level, or GR_LEVEL_COMPUTE */
    gr_bound_kind bound;                /* memory (memory levels bind), compute (it alone), or
                                           balanced (compute ties with a memory level) */
    double attainable_gflops;           /* the binding roof */
    double fraction_of_peak;
    /* what the verdict says next: the roof that would bind were the binding
     * levels' raised (the lowest memory roof of the other levels, or the
     * peak: GR_LEVEL_COMPUTE), the level whose memory roof is the lowest
     * (what feeds the least), and how many times its intensity the binding
     * memory level needs to reach the peak (ridge / intensity; NaN where
     * compute binds alone) */
    gr_level next_level;
    double next_roof_gflops;
    gr_level least_fed;
    double intensity_to_peak;
    bool has_achieved;
    double achieved_gflops;
    double efficiency;                  /* achieved / attainable */
} gr_roofline_levels;

/* Every given level's roofline and the binding ones (gr_level_bind on
 * each level's least time, or without counts its time a FLOP: 1 / its
 * roof).  Errors: a level
 * given without its bandwidth, a negative or non-finite count, no FLOPs and
 * no bytes at any level. */
bool gr_roofline_levels_compute(const gr_level_work *w, gr_roofline_levels *out, gr_error *err);

/* The one policy for a level the device cannot roof: a level inside the
 * GPU whose bytes are given and whose bandwidth is unknown (0) is left
 * out of w, its bytes put in unroofed_bytes (0 at every other level), so
 * that a question with a DRAM roof alone keeps its DRAM answer and names
 * the level it could not bound; bound, model and plot alike. */
void gr_level_work_leave_unroofed(gr_level_work *w, double unroofed_bytes[GR_MEMORY_LEVELS]);

/* Adds a measured rate: efficiency = achieved / attainable (the binding
 * roof); an error where nothing is attainable (no FLOPs). */
bool gr_roofline_levels_add_achieved(gr_roofline_levels *r, double achieved_gflops, gr_error *err);

/* True where an L2 or shared-memory level is given: the bound is
 * hierarchical, not DRAM's alone. */
bool gr_roofline_levels_beyond_dram(const gr_roofline_levels *r);

/* "dram", "l2", "shared", "compute": JSON's names, a published interface
 * (binding_level, binding_levels, levels[].level of every command). */
const char *gr_level_key(gr_level level);
/* "DRAM", "L2", "shared memory", "compute": for people, in every command. */
const char *gr_level_name(gr_level level);

#endif
