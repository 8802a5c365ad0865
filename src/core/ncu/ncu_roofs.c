/* The roofs of a report's launches, and the level that binds each (ncu_roofs.h). */
#include <math.h>
#include <stdio.h>
#include "ncu_roofs.h"

gr_roof gr_ncu_peak(const gr_roofs *roofs, gr_ncu_precision p)
{
    return gr_roofs_peak(roofs, gr_ncu_precision_name(p));
}

int gr_ncu_peak_index(gr_ncu_precision p)
{
    const gr_precision_info *info = gr_precision_find(gr_ncu_precision_name(p));
    return info ? (int)(info - gr_precision_table) : 0;
}

/* The FLOPs' least time at their peaks; false where a precision that
 * has FLOPs has no peak. */
static bool compute_time(const gr_ncu_figures *f, const gr_roofs *roofs, gr_ncu_binding *out)
{
    gr_compute_term terms[GR_NCU_PRECISION_COUNT];
    gr_compute_roof roof;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        terms[p] = (gr_compute_term){f->flops[p], gr_ncu_peak(roofs, p).value};
    gr_compute_roof_of(terms, GR_NCU_PRECISION_COUNT, &roof);
    out->compute_time_ns = roof.time_ns;
    out->compute_gflops = roof.roof_gflops;
    if (roof.lacking_peak >= 0) {
        const char *lacking = gr_ncu_precision_name(roof.lacking_peak);
        snprintf(out->why_unknown, sizeof out->why_unknown, "it has %s FLOPs and the device no %s peak", lacking,
                 lacking);
    }
    return roof.lacking_peak < 0;
}

/* Each level's least time and roof; the number of levels with both known. */
static int level_times(const gr_ncu_figures *f, const gr_roofs *roofs, gr_ncu_binding *out)
{
    int known = 0;
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++) {
        double bytes = f->bytes[level], bandwidth = roofs->bandwidth_gbs[level].value;
        out->level_time_ns[level] = out->roof_gflops[level] = out->memory_roof_gflops[level] = NAN;
        if (isnan(bytes) || isnan(bandwidth))
            continue;
        known++;
        out->level_time_ns[level] = bytes / bandwidth; /* GB/s is B/ns */
        double memory_roof = isinf(f->intensity[level]) ? INFINITY : f->intensity[level] * bandwidth;
        out->memory_roof_gflops[level] = f->intensity[level] * bandwidth;
        out->roof_gflops[level] = isnan(out->compute_gflops) ? memory_roof : fmin(memory_roof, out->compute_gflops);
    }
    return known;
}

void gr_ncu_bind(const gr_ncu_figures *f, const gr_roofs *roofs, gr_ncu_binding *out)
{
    *out = (gr_ncu_binding){.compute_time_ns = NAN, .compute_gflops = NAN, .binding_roof_gflops = NAN,
                            .binding_time_ns = NAN, .achieved_fraction = NAN};
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        out->level_time_ns[level] = out->roof_gflops[level] = out->memory_roof_gflops[level] = NAN;
    /* a report without the FLOPs' counters, or without any memory level's,
     * is still bound by the longest of the times it has, and says which
     * were left out: a missing counter blanks no more than it must */
    bool flops_known = !isnan(f->flops_total);
    if (flops_known && !compute_time(f, roofs, out))
        return;
    int levels_known = level_times(f, roofs, out);
    if (!flops_known && levels_known == 0) {
        snprintf(out->why_unknown, sizeof out->why_unknown, "neither its FLOPs nor any memory level's bytes are counted");
        return;
    }
    if (!flops_known)
        snprintf(out->left_out, sizeof out->left_out, "compute (its FLOPs are not all counted)");
    else if (levels_known == 0)
        snprintf(out->left_out, sizeof out->left_out, "every memory level (none has both its bytes and a roof)");
    double time[GR_LEVEL_COUNT];
    for (int level = 0; level < GR_NCU_LEVEL_COUNT; level++)
        time[level] = out->level_time_ns[level];
    time[GR_LEVEL_COMPUTE] = out->compute_time_ns;
    out->known = gr_level_bind(time, &out->binding);
    if (!out->known) {
        snprintf(out->why_unknown, sizeof out->why_unknown, "it has neither FLOPs nor bytes");
        return;
    }
    gr_level primary = out->binding.primary;
    out->binding_roof_gflops = primary != GR_LEVEL_COMPUTE ? out->roof_gflops[primary] : out->compute_gflops;
    out->binding_time_ns = primary != GR_LEVEL_COMPUTE ? out->level_time_ns[primary] : out->compute_time_ns;
    if (out->binding_roof_gflops > 0 && !isnan(f->gflops))
        out->achieved_fraction = f->gflops / out->binding_roof_gflops;
}

int gr_ncu_slowest_precision(const gr_ncu_figures *f, const gr_roofs *roofs)
{
    int slowest = -1;
    double longest_ns = 0;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++) {
        double peak = gr_ncu_peak(roofs, p).value, ns = f->flops[p] / peak;
        if (f->flops[p] > 0 && peak > 0 && ns > longest_ns) {
            slowest = p;
            longest_ns = ns;
        }
    }
    return slowest;
}
