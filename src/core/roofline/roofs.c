/* A device's roofs, filled by one rule a figure (roofs.h). */
#include <math.h>
#include "roofs.h"

static void set(gr_roof *roof, double value, gr_roof_source source)
{
    if (value > 0 && isfinite(value))
        *roof = (gr_roof){value, source};
}

void gr_roof_options_none(gr_roof_options *o)
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        o->bandwidth_gbs[l] = NAN;
    for (int i = 0; i < GR_MAX_PEAKS; i++)
        o->peak_gflops[i] = NAN;
}

static void from_profile(const gr_profile *p, gr_roofs *out)
{
    set(&out->bandwidth_gbs[GR_LEVEL_DRAM], p->bandwidth_gbs, GR_ROOF_PROFILE);
    set(&out->bandwidth_gbs[GR_LEVEL_L2], p->l2_bandwidth_gbs, GR_ROOF_PROFILE);
    set(&out->bandwidth_gbs[GR_LEVEL_SHARED], p->shared_bandwidth_gbs, GR_ROOF_PROFILE);
    for (size_t i = 0; i < gr_precision_count; i++) {
        const gr_peak *peak = gr_profile_peak(p, gr_precision_table[i].name);
        if (peak)
            set(&out->peak_gflops[i], peak->gflops, GR_ROOF_PROFILE);
    }
}

static void from_results(const gr_results *r, gr_roofs *out)
{
    set(&out->bandwidth_gbs[GR_LEVEL_DRAM], gr_results_best_bandwidth(r), GR_ROOF_MEASURED);
    set(&out->bandwidth_gbs[GR_LEVEL_L2], r->ceilings.l2_gbs, GR_ROOF_MEASURED);
    set(&out->bandwidth_gbs[GR_LEVEL_SHARED], r->ceilings.shared_gbs, GR_ROOF_MEASURED);
    for (size_t i = 0; i < gr_precision_count; i++)
        set(&out->peak_gflops[i], gr_results_ceiling(r, gr_results_precision_key(gr_precision_table[i].name)),
            GR_ROOF_MEASURED);
}

static void from_options(const gr_roof_options *o, gr_roofs *out)
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        set(&out->bandwidth_gbs[l], o->bandwidth_gbs[l], GR_ROOF_OPTION);
    for (size_t i = 0; i < gr_precision_count; i++)
        set(&out->peak_gflops[i], o->peak_gflops[i], GR_ROOF_OPTION);
}

void gr_roofs_fill(const gr_profile *p, const gr_results *results, const gr_roof_options *options, gr_roofs *out)
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        out->bandwidth_gbs[l] = (gr_roof){NAN, GR_ROOF_NONE};
    for (int i = 0; i < GR_MAX_PEAKS; i++)
        out->peak_gflops[i] = (gr_roof){NAN, GR_ROOF_NONE};
    if (p)
        from_profile(p, out);
    if (results)
        from_results(results, out);
    if (options)
        from_options(options, out);
}

gr_roof gr_roofs_peak(const gr_roofs *roofs, const char *precision)
{
    const gr_precision_info *info = gr_precision_find(precision);
    if (!info)
        return (gr_roof){NAN, GR_ROOF_NONE};
    return roofs->peak_gflops[info - gr_precision_table];
}

double gr_roofs_peak_gflops(const gr_roofs *roofs, const char *precision)
{
    return gr_roofs_peak(roofs, precision).value;
}

double gr_roofs_dram_gbs(const gr_roofs *roofs)
{
    return roofs->bandwidth_gbs[GR_LEVEL_DRAM].value;
}

void gr_roofs_level_bandwidths(const gr_roofs *roofs, double bandwidth_gbs[GR_MEMORY_LEVELS])
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        bandwidth_gbs[l] = isnan(roofs->bandwidth_gbs[l].value) ? 0 : roofs->bandwidth_gbs[l].value;
}

const char *gr_roof_source_name(gr_roof_source source)
{
    static const char *const names[] = {"none", "profile", "measured", "option"};
    return source <= GR_ROOF_OPTION ? names[source] : "none";
}
