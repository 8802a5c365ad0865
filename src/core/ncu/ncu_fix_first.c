/* What to fix first (ncu_fix_first.h). */
#include <math.h>
#include "ncu_fix_first.h"

static gr_ncu_fix fix_of(const gr_ncu_limits *lim, double time_ns, double total_ns, size_t index)
{
    gr_ncu_fix fix = {.index = index, .time_share = time_ns / total_ns, .speedup = lim->expected};
    if (lim->call_expected > fix.speedup || (isnan(fix.speedup) && !isnan(lim->call_expected)))
        fix.speedup = lim->call_expected, fix.by_call = true;
    fix.saving_share = fix.speedup > 1 ? fix.time_share * (1 - 1 / fix.speedup) : 0;
    return fix;
}

/* Puts fix into out (n kept so far, the largest saving first). */
static size_t place(gr_ncu_fix out[GR_NCU_FIX_FIRST_MOST], size_t n, gr_ncu_fix fix)
{
    size_t at = n < GR_NCU_FIX_FIRST_MOST ? n : GR_NCU_FIX_FIRST_MOST;
    while (at > 0 && out[at - 1].saving_share < fix.saving_share) {
        if (at < GR_NCU_FIX_FIRST_MOST)
            out[at] = out[at - 1];
        at--;
    }
    if (at < GR_NCU_FIX_FIRST_MOST)
        out[at] = fix;
    return n < GR_NCU_FIX_FIRST_MOST ? n + 1 : n;
}

size_t gr_ncu_fix_first(const gr_ncu_limits *limits, const double *times, size_t count, double total_ns,
                        gr_ncu_fix out[GR_NCU_FIX_FIRST_MOST])
{
    size_t n = 0;
    if (!(total_ns > 0))
        return 0;
    for (size_t i = 0; i < count; i++) {
        if (!limits[i].known || isnan(times[i]))
            continue;
        gr_ncu_fix fix = fix_of(&limits[i], times[i], total_ns, i);
        if (fix.saving_share > 0)
            n = place(out, n, fix);
    }
    return n;
}
