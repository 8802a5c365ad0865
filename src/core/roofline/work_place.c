/* Some work under a device's roofs, and its place on a chart (work_place.h). */
#include <math.h>
#include <string.h>
#include "work_place.h"

void gr_level_work_under_roofs(gr_level_work *w, const gr_roofs *roofs, double unroofed_bytes[GR_MEMORY_LEVELS])
{
    gr_roofs_level_bandwidths(roofs, w->bandwidth_gbs);
    gr_level_work_leave_unroofed(w, unroofed_bytes);
}

void gr_work_counts_under_roofs(const gr_work_counts *c, const gr_roofs *roofs, gr_level_work *w,
                                double unroofed_bytes[GR_MEMORY_LEVELS])
{
    memset(w, 0, sizeof *w);
    w->has_counts = true;
    w->flops = c->flops;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++) {
        w->given[l] = l == GR_LEVEL_DRAM || c->given[l];
        w->bytes[l] = c->bytes[l];
    }
    gr_level_work_under_roofs(w, roofs, unroofed_bytes);
}

/* The DRAM roof at an intensity: the lower of the slope and FP32's peak. */
static double dram_roof(const gr_roofs *roofs, double intensity)
{
    double peak = gr_roofs_peak_gflops(roofs, "fp32");
    return isnan(peak) ? NAN : fmin(intensity * gr_roofs_dram_gbs(roofs), peak);
}

bool gr_work_place_on(const gr_roofs *roofs, const gr_work_counts *c, const bool levels_drawn[GR_MEMORY_LEVELS],
                      gr_work_place *out)
{
    double fp32 = gr_roofs_peak_gflops(roofs, "fp32");
    *out = (gr_work_place){dram_roof(roofs, c->intensity), c->intensity, GR_LEVEL_DRAM, GR_LEVEL_DRAM};
    if (!c->has_counts || isnan(fp32))
        return true;
    gr_level_work w;
    gr_roofline_levels r;
    gr_error err;
    double unroofed[GR_MEMORY_LEVELS];
    gr_work_counts_under_roofs(c, roofs, &w, unroofed);
    w.peak_gflops = fp32;
    if (!gr_roofline_levels_compute(&w, &r, &err))
        return false;
    out->gflops = r.attainable_gflops;
    out->binding = r.binding;
    if (r.binding != GR_LEVEL_COMPUTE && r.binding != GR_LEVEL_DRAM && levels_drawn && levels_drawn[r.binding] &&
        r.level[r.binding].intensity > 0) {
        out->drawn_at = r.binding;
        out->intensity = r.level[r.binding].intensity;
    }
    return true;
}
