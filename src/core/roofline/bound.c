/* gpuroof bound's one result (bound.h). */
#include <math.h>
#include "bound.h"

bool gr_bound_compute(const gr_level_work *w, int word_bytes, double achieved_gflops, gr_bound *out, gr_error *err)
{
    *out = (gr_bound){0};
    if (!gr_roofline_levels_compute(w, &out->levels, err))
        return false;
    if (!isnan(achieved_gflops) && !gr_roofline_levels_add_achieved(&out->levels, achieved_gflops, err))
        return false;
    const gr_roofline *dram = &out->levels.level[GR_LEVEL_DRAM];
    out->hierarchical = gr_roofline_levels_beyond_dram(&out->levels);
    out->no_dram_bytes = w->has_counts && w->bytes[GR_LEVEL_DRAM] == 0;
    out->one_sided = w->has_counts && (w->flops == 0 || w->bytes[GR_LEVEL_DRAM] == 0);
    out->ridge_per_word = word_bytes * dram->ridge;
    out->dram_ns_per_byte = 1 / dram->bandwidth_gbs;
    return true;
}
