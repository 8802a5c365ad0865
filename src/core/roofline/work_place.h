/* Where some work sits under a device's roofs: a kernel model's FLOPs and
 * bytes at each level it counts, or an intensity at DRAM alone, held to
 * the roofs as gpuroof bound holds them (the one engine, the one policy
 * for a level the device cannot roof) and placed as a roofline chart
 * draws it.  bound, model and plot read the same answer. */
#ifndef GPUROOF_WORK_PLACE_H
#define GPUROOF_WORK_PLACE_H

#include <stdbool.h>
#include "roofline_levels.h"
#include "roofs.h"

typedef struct {
    double intensity; /* FLOP/B at DRAM: all there is without counts */
    bool has_counts;
    double flops;
    bool given[GR_MEMORY_LEVELS]; /* the levels the work counts bytes at (DRAM always) */
    double bytes[GR_MEMORY_LEVELS];
} gr_work_counts;

/* Where it is drawn: at the attainable rate (FP32's peak, every level it
 * counts that the device roofs), at its intensity at the binding level
 * where the chart draws that level, else at DRAM's. */
typedef struct {
    double gflops;     /* NaN without an FP32 peak */
    double intensity;  /* where it is drawn */
    gr_level binding;  /* a memory level, or GR_LEVEL_COMPUTE */
    gr_level drawn_at; /* the level whose intensity x is */
} gr_work_place;

/* w's bandwidths from roofs, then the one policy for a level they cannot
 * roof (gr_level_work_leave_unroofed): its bytes left out, in
 * unroofed_bytes. */
void gr_level_work_under_roofs(gr_level_work *w, const gr_roofs *roofs, double unroofed_bytes[GR_MEMORY_LEVELS]);

/* The counts as work under roofs, by that policy. */
void gr_work_counts_under_roofs(const gr_work_counts *c, const gr_roofs *roofs, gr_level_work *w,
                                double unroofed_bytes[GR_MEMORY_LEVELS]);

/* c's place under roofs; levels_drawn (NULL: none) says which levels the
 * chart draws.  False where the engine refuses the counts. */
bool gr_work_place_on(const gr_roofs *roofs, const gr_work_counts *c, const bool levels_drawn[GR_MEMORY_LEVELS],
                      gr_work_place *out);

#endif
