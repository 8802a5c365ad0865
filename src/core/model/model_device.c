#include <math.h>
#include <stdio.h>
#include "gpuroof_roofline.h"
#include "model_device.h"

bool gr_model_beyond_dram(const gr_model *m)
{
    return m->shared.given || m->l2.given;
}

void gr_model_level_counts(const gr_model *m, gr_level_work *w)
{
    const gr_model_level_bytes *inner[GR_MEMORY_LEVELS] = {NULL, &m->l2, &m->shared};
    w->has_counts = true;
    w->flops = gr_value_as_double(m->flops);
    w->given[GR_LEVEL_DRAM] = true;
    w->bytes[GR_LEVEL_DRAM] = gr_value_as_double(m->bytes);
    for (int i = GR_LEVEL_L2; i < GR_MEMORY_LEVELS; i++) {
        w->given[i] = inner[i]->given;
        w->bytes[i] = inner[i]->given ? gr_value_as_double(inner[i]->bytes) : 0;
    }
}

static void bound_on(const gr_model *m, const gr_roofs *roofs, double peak_gflops, gr_model_on_device *out)
{
    gr_level_work w = {.peak_gflops = peak_gflops};
    gr_model_level_counts(m, &w);
    gr_level_work_under_roofs(&w, roofs, out->unroofed_bytes);
    gr_error unbound; /* no bound is a figure of the result: has_bound says so */
    out->has_bound = (gr_model_beyond_dram(m) ? w.flops > 0 : m->has_intensity) &&
                     gr_roofline_levels_compute(&w, &out->levels, &unbound);
}

/* A launch of more than 2^20 threads a block is refused by the occupancy
 * rules as any block past the device's limit is; clamped, it fits an int. */
static void occupancy_on(const gr_model *m, const gr_profile *device, gr_model_on_device *out)
{
    gr_error why;
    gr_sm_limits lim;
    gr_launch l = {(int)(m->threads_per_block > 1 << 20 ? 1 << 20 : m->threads_per_block), m->registers,
                   m->shared_bytes_per_block};
    if (!gr_limits_from_profile(device, -1, &lim, &why) ||
        !(out->has_occupancy = gr_occupancy_compute(&lim, &l, &out->occupancy, &why)))
        snprintf(out->launch_error, sizeof out->launch_error, "%s", why.text);
}

bool gr_model_on_device_compute(const gr_model *m, const gr_profile *device, const char *precision,
                                gr_model_on_device *out, gr_error *err)
{
    gr_roofs roofs;
    gr_roofs_fill(device, NULL, NULL, &roofs);
    const gr_peak *peak = gr_profile_peak(device, precision);
    if (!peak || isnan(gr_roofs_peak_gflops(&roofs, peak->precision)))
        return gr_error_set(err, "%s: no %s peak", device->name, precision);
    /* a level without a roof is a figure of the result, no failure */
    *out = (gr_model_on_device){.precision = peak->precision};
    bound_on(m, &roofs, gr_roofs_peak_gflops(&roofs, peak->precision), out);
    if (m->has_registers)
        occupancy_on(m, device, out);
    return true;
}
