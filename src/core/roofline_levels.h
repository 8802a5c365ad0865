/* The hierarchical roofline: one kernel's work against the roof of each
 * memory level it moves bytes through (DRAM, the L2, shared memory) and the
 * compute roof.  Each level has its own intensity (FLOPs / that level's
 * bytes) and roof (min(peak, bandwidth x intensity)); the lowest roof binds.
 * PMPP's tiled matrix multiplication is the example: 8 FLOP/B at DRAM with
 * 32x32 tiles, but 0.25 FLOP/B at shared memory, which binds. */
#ifndef GPUROOF_ROOFLINE_LEVELS_H
#define GPUROOF_ROOFLINE_LEVELS_H

#include <stdbool.h>
#include "error.h"
#include "roofline.h"

/* The memory levels, from the DRAM in, then the compute roof. */
typedef enum { GR_LEVEL_DRAM, GR_LEVEL_L2, GR_LEVEL_SHARED, GR_LEVEL_COMPUTE } gr_level;
#define GR_MEMORY_LEVELS 3 /* the levels that have bytes: DRAM, L2, shared */

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
    gr_level binding;                   /* the lowest roof: a memory level, or GR_LEVEL_COMPUTE */
    gr_bound_kind bound;                /* memory (a level binds), compute, or balanced (the
                                           binding level's roof meets the peak) */
    double attainable_gflops;           /* the binding roof */
    double fraction_of_peak;
    bool has_achieved;
    double achieved_gflops;
    double efficiency;                  /* achieved / attainable */
} gr_roofline_levels;

/* Every given level's roofline and the binding one.  Without FLOPs the
 * level that takes the longest to move its bytes binds.  A tie, within
 * GR_BALANCED_TOLERANCE, goes to the level farther from the SMs, and to a
 * memory level over the compute roof (then "balanced").  Errors: a level
 * given without its bandwidth, a negative or non-finite count, no FLOPs and
 * no bytes at any level. */
bool gr_roofline_levels_compute(const gr_level_work *w, gr_roofline_levels *out, gr_error *err);

/* Adds a measured rate: efficiency = achieved / attainable (the binding
 * roof); an error where nothing is attainable (no FLOPs). */
bool gr_roofline_levels_add_achieved(gr_roofline_levels *r, double achieved_gflops, gr_error *err);

/* True where an L2 or shared-memory level is given: the bound is
 * hierarchical, not DRAM's alone. */
bool gr_roofline_levels_beyond_dram(const gr_roofline_levels *r);

/* "dram", "l2", "shared", "compute": JSON's names. */
const char *gr_level_key(gr_level level);
/* "DRAM", "L2", "shared memory", "compute": for people. */
const char *gr_level_name(gr_level level);

#endif
