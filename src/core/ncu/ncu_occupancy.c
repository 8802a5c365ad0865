/* gpuroof's occupancy prediction for a profiled launch (ncu_occupancy.h). */
#include <math.h>
#include <stdio.h>
#include "ncu_occupancy.h"

/* A figure the launch needs: a whole number the occupancy computation can
 * take, or false with why_unknown naming its metric. */
static bool figure(const gr_ncu_figures *f, gr_ncu_quantity q, double value, double max, long long *out,
                   gr_ncu_prediction *p)
{
    if (isnan(value) && (f->varies[q] || (q == GR_NCU_Q_BLOCK_THREADS && f->varies[GR_NCU_Q_BLOCK_X]))) {
        snprintf(p->why_unknown, sizeof p->why_unknown, "its launches differ in %s", gr_ncu_quantity_of(q)->name);
        return false;
    }
    if (isnan(value)) {
        snprintf(p->why_unknown, sizeof p->why_unknown, "the report has no %s (%s)", gr_ncu_quantity_of(q)->name,
                 gr_ncu_quantity_metric(q, f->chip));
        return false;
    }
    if (value < 0 || value > max || value != floor(value)) {
        snprintf(p->why_unknown, sizeof p->why_unknown, "its %s (%g) is no launch's", gr_ncu_quantity_of(q)->name,
                 value);
        return false;
    }
    *out = (long long)value;
    return true;
}

void gr_ncu_predict(const gr_profile *profile, const gr_ncu_figures *f, gr_ncu_prediction *out)
{
    long long threads, regs, smem_static, smem_dynamic;
    gr_error err;
    gr_sm_limits limits;
    *out = (gr_ncu_prediction){.carveout_bytes = -1};
    if (!figure(f, GR_NCU_Q_BLOCK_THREADS, f->threads_per_block, 1 << 20, &threads, out) ||
        !figure(f, GR_NCU_Q_REGISTERS, f->q[GR_NCU_Q_REGISTERS], 1 << 20, &regs, out) ||
        !figure(f, GR_NCU_Q_SMEM_STATIC, f->q[GR_NCU_Q_SMEM_STATIC], 1e12, &smem_static, out) ||
        !figure(f, GR_NCU_Q_SMEM_DYNAMIC, f->q[GR_NCU_Q_SMEM_DYNAMIC], 1e12, &smem_dynamic, out))
        return;
    double config = f->q[GR_NCU_Q_SMEM_CONFIG];
    if (config >= 0 && config <= 1e12 && config == floor(config))
        out->carveout_bytes = (long long)config;
    out->launch = (gr_launch){(int)threads, (int)regs, smem_static + smem_dynamic};
    if (!gr_limits_from_profile(profile, out->carveout_bytes, &limits, &err) ||
        !gr_occupancy_compute(&limits, &out->launch, &out->occ, &err)) {
        snprintf(out->why_unknown, sizeof out->why_unknown, "%s", err.text);
        return;
    }
    out->known = true;
    double theoretical = f->occupancy_theoretical;
    if (isnan(theoretical))
        return;
    out->compared = true;
    out->agrees = fabs(out->occ.occupancy - theoretical) <= 0.5 / out->occ.max_warps_sm;
}
