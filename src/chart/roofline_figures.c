#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "chart_levels.h"
#include "roofline_figures.h"

/* FP32, FP64 and the other precisions drawn, in the chart's order; a
 * name may come twice (fp32 asked again): the ceilings keep the first. */
static size_t drawn_precisions(const grc_roofline_inputs *in, const char *drawn[GRC_ROOFLINE_MAX_PRECISIONS])
{
    size_t count = 0;
    drawn[count++] = "fp32";
    drawn[count++] = "fp64";
    for (size_t k = 0; k < GRC_CHART_MAX_ITEMS && in->precisions[k]; k++)
        drawn[count++] = in->precisions[k];
    return count;
}

static bool has_ceiling(const grc_roofline_ceilings *c, const char *precision)
{
    for (size_t k = 0; k < c->count; k++)
        if (strcmp(c->items[k].precision, precision) == 0)
            return true;
    return false;
}

static void add_ceiling(grc_roofline_ceilings *c, const char *precision, double gflops)
{
    if (has_ceiling(c, precision))
        return;
    c->items[c->count].precision = precision;
    c->items[c->count++].gflops = gflops;
}

/* A chart point's work, as the core holds it. */
static gr_work_counts counts_of(const grc_chart_point *m)
{
    gr_work_counts c = {.intensity = m->intensity, .has_counts = m->has_counts, .flops = m->flops};
    memcpy(c.given, m->given, sizeof c.given);
    memcpy(c.bytes, m->bytes, sizeof c.bytes);
    return c;
}

void grc_model_point_work(const gr_roofs *roofs, const grc_chart_point *m, gr_level_work *w,
                         double unroofed_bytes[GR_MEMORY_LEVELS])
{
    gr_work_counts c = counts_of(m);
    gr_work_counts_under_roofs(&c, roofs, w, unroofed_bytes);
}

bool grc_model_place_on(const grc_roofline_inputs *in, size_t device, const grc_chart_point *m, gr_work_place *out)
{
    gr_work_counts c = counts_of(m);
    return gr_work_place_on(&in->device_roofs[device], &c, in->has_levels ? in->levels : NULL, out);
}

static void device_figures(const grc_roofline_inputs *in, size_t i, grc_roofline_device_figures *d)
{
    const gr_roofs *roofs = &in->device_roofs[i];
    d->dram_gbs = gr_roofs_dram_gbs(roofs);
    d->ridge_flop_per_byte = gr_roofs_peak_gflops(roofs, "fp32") / d->dram_gbs;
    const char *drawn[GRC_ROOFLINE_MAX_PRECISIONS];
    size_t count = drawn_precisions(in, drawn);
    for (size_t k = 0; k < count; k++) {
        double peak = gr_roofs_peak_gflops(roofs, drawn[k]);
        if (!isnan(peak))
            add_ceiling(&d->ceilings, drawn[k], peak);
    }
    for (gr_level l = GR_LEVEL_DRAM; l <= GR_LEVEL_SHARED; l++)
        d->level_bandwidth_gbs[l] = roofs->bandwidth_gbs[l].value;
    for (size_t m = 0; m < in->model_count; m++)
        if (!grc_model_place_on(in, i, &in->models[m], &d->models[m]))
            d->models[m] = (gr_work_place){NAN, in->models[m].intensity, GR_LEVEL_DRAM, GR_LEVEL_DRAM};
}

/* The verified kernels' intensities at each level, where the levels draw them. */
static bool kernel_figures(const grc_roofline_inputs *in, const gr_results *r, grc_roofline_results_figures *f, gr_error *err)
{
    f->kernels = calloc(r->kernel_count ? r->kernel_count : 1, sizeof *f->kernels);
    if (!f->kernels)
        return gr_error_set(err, "out of memory");
    for (size_t i = 0; i < r->kernel_count; i++) {
        const gr_result_kernel *k = &r->kernels[i];
        grc_chart_level_kernel levels;
        if (!k->verified || !grc_levels_draws_result_kernel(in, k) || !grc_chart_result_kernel(k, &levels))
            continue;
        f->kernels[i].has_level_intensity = true;
        memcpy(f->kernels[i].level_intensity, levels.intensity, sizeof levels.intensity);
    }
    return true;
}

static bool results_figures(const grc_roofline_inputs *in, size_t i, grc_roofline_results_figures *f, gr_error *err)
{
    const gr_results *r = in->results[i];
    const gr_roofs *measured = &in->results_roofs[i];
    f->best_bandwidth_gbs = gr_roofs_dram_gbs(measured);
    f->fp32_gflops = gr_roofs_peak_gflops(measured, "fp32");
    for (gr_level l = GR_LEVEL_DRAM; l <= GR_LEVEL_SHARED; l++)
        f->measured_level_bandwidth_gbs[l] = measured->bandwidth_gbs[l].value;
    const char *drawn[GRC_ROOFLINE_MAX_PRECISIONS];
    size_t count = drawn_precisions(in, drawn);
    for (size_t k = 0; k < count; k++) {
        double gflops = gr_roofs_peak_gflops(measured, drawn[k]);
        if (!isnan(gflops))
            add_ceiling(&f->measured_ceilings, drawn[k], gflops);
    }
    return kernel_figures(in, r, f, err);
}

bool grc_roofline_figures_build(const grc_roofline_inputs *in, grc_roofline_figures *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < in->device_count; i++)
        device_figures(in, i, &out->devices[i]);
    for (size_t i = 0; i < in->results_count; i++, out->results_count++)
        if (!results_figures(in, i, &out->results[i], err)) {
            out->results_count++; /* its kernels, if any, are freed with the rest */
            return false;
        }
    return true;
}

void grc_roofline_figures_free(grc_roofline_figures *f)
{
    for (size_t i = 0; i < f->results_count; i++) {
        free(f->results[i].kernels);
        f->results[i].kernels = NULL;
    }
    f->results_count = 0;
}
