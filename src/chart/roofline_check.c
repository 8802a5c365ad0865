#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gpuroof_text.h"
#include "gpuroof_roofline.h"
#include "roofline_check.h"
#include "roofline_figures.h"

/* A point is above a roof when it tops it by more than rounding: a point
 * given exactly on the roof is not. */
#define ROUNDING 1e-9

typedef struct {
    const gr_profile *device;
    double dram_gbs;     /* the device's DRAM roof */
    double gflops;       /* the roof at the point's intensity */
    const char *ceiling; /* the precision whose peak it is, or NULL on the memory slope */
} roof_at;

/* The highest ceiling drawn for a device: FP32, FP64 or another
 * --precision (its name as the profile spells it); NULL where none. */
static const char *highest_ceiling(const grc_roofline_inputs *in, const gr_roofs *roofs)
{
    const char *best = NULL;
    double best_gflops = 0;
    for (size_t k = 0; k < 2 + GRC_CHART_MAX_ITEMS; k++) {
        const char *precision = k == 0 ? "fp32" : k == 1 ? "fp64" : in->precisions[k - 2];
        if (!precision)
            break;
        double peak = gr_roofs_peak_gflops(roofs, precision);
        if (!isnan(peak) && (!best || peak > best_gflops))
            best = precision, best_gflops = peak;
    }
    return best;
}

static roof_at roof_of(const grc_roofline_inputs *in, size_t device, double intensity)
{
    const gr_roofs *roofs = &in->device_roofs[device];
    const char *ceiling = highest_ceiling(in, roofs);
    double dram = gr_roofs_dram_gbs(roofs), slope = intensity * dram;
    double peak = ceiling ? gr_roofs_peak_gflops(roofs, ceiling) : NAN;
    if (ceiling && peak < slope)
        return (roof_at){in->devices[device], dram, peak, ceiling};
    return (roof_at){in->devices[device], dram, slope, NULL};
}

/* "3110 GFLOP/s (1555 GB/s x 2 FLOP/B)", "19500 GFLOP/s (the FP32 peak)" */
static void add_roof_text(gr_buf *b, const roof_at *r, double intensity)
{
    if (!r->ceiling) {
        gr_buf_addf(b, "%s GFLOP/s (%s GB/s x %s FLOP/B)", GR_NUM(r->gflops), GR_NUM(r->dram_gbs), GR_NUM(intensity));
        return;
    }
    gr_buf_addf(b, "%s GFLOP/s (the ", GR_NUM(r->gflops));
    grc_precision_words(b, r->ceiling);
    gr_buf_addf(b, " peak)");
}

/* Adds the line b holds, taking its text over (b is empty after). */
static bool add_text(grc_chart_warnings *w, gr_buf *b, gr_error *err)
{
    char **grown = realloc(w->lines, (w->count + 1) * sizeof *grown);
    if (grown)
        w->lines = grown;
    char *line = grown ? gr_buf_take(b) : NULL;
    gr_buf_free(b);
    if (!line)
        return gr_error_set(err, "out of memory");
    w->lines[w->count++] = line;
    return true;
}

static bool add_line(grc_chart_warnings *w, const char *what, double intensity, double gflops, const roof_at *r,
                     bool several, gr_error *err)
{
    gr_buf line = GR_BUF_INIT;
    if (several)
        gr_buf_addf(&line, "%s (%s FLOP/B, %s GFLOP/s) is above every roof there, the highest being %s's: ", what,
                    GR_NUM(intensity), GR_NUM(gflops), r->device->name);
    else
        gr_buf_addf(&line, "%s (%s FLOP/B, %s GFLOP/s) is above %s's roof there: ", what, GR_NUM(intensity),
                    GR_NUM(gflops), r->device->name);
    add_roof_text(&line, r, intensity);
    return add_text(w, &line, err);
}

/* A --point belongs to no device: above the highest roof only is it
 * above every roof. */
static bool check_points(const grc_roofline_inputs *in, grc_chart_warnings *w, gr_error *err)
{
    for (size_t i = 0; i < in->point_count; i++) {
        const grc_chart_point *p = &in->points[i];
        roof_at highest = roof_of(in, 0, p->intensity);
        for (size_t d = 1; d < in->device_count; d++) {
            roof_at r = roof_of(in, d, p->intensity);
            if (r.gflops > highest.gflops)
                highest = r;
        }
        if (!(p->gflops > (1 + ROUNDING) * highest.gflops))
            continue;
        gr_buf what = GR_BUF_INIT;
        gr_buf_addf(&what, "point '%.100s'", p->label);
        bool ok = gr_buf_failed(&what) ? gr_error_set(err, "out of memory")
                                       : add_line(w, gr_buf_text(&what), p->intensity, p->gflops, &highest,
                                                  in->device_count > 1, err);
        gr_buf_free(&what);
        if (!ok)
            return false;
    }
    return true;
}

/* A measured kernel or sweep point, against its own device's roof. */
static bool check_measured(const grc_roofline_inputs *in, size_t device, const char *what, double intensity,
                           double gflops, grc_chart_warnings *w, gr_error *err)
{
    roof_at r = roof_of(in, device, intensity);
    return !(gflops > (1 + ROUNDING) * r.gflops) || add_line(w, what, intensity, gflops, &r, false, err);
}

static bool check_results(const grc_roofline_inputs *in, size_t f, grc_chart_warnings *w, gr_error *err)
{
    const gr_results *r = in->results[f];
    size_t p = in->results_device[f];
    bool ok = true;
    gr_buf what = GR_BUF_INIT;
    for (size_t i = 0; ok && i < r->kernel_count; i++) {
        const gr_result_kernel *k = &r->kernels[i];
        if (!k->verified)
            continue;
        gr_buf_free(&what);
        gr_buf_addf(&what, "%.150s: kernel %.90s%s%.100s%s", r->path, k->name, k->params[0] ? " (" : "", k->params,
                    k->params[0] ? ")" : "");
        ok = !gr_buf_failed(&what) && check_measured(in, p, gr_buf_text(&what), k->intensity, k->gflops, w, err);
    }
    gr_buf_free(&what);
    gr_buf_addf(&what, "%.150s: sweep point", r->path);
    for (size_t i = 0; ok && i < r->sweep_count; i++)
        ok = !gr_buf_failed(&what) &&
             check_measured(in, p, gr_buf_text(&what), r->sweep[i].intensity, r->sweep[i].gflops, w, err);
    if (!ok && gr_buf_failed(&what))
        gr_error_set(err, "out of memory");
    gr_buf_free(&what);
    return ok;
}

/* A model's bytes at a level a device cannot roof, left out of its place
 * there (the one policy bound and model follow), named. */
static bool check_models(const grc_roofline_inputs *in, grc_chart_warnings *w, gr_error *err)
{
    for (size_t d = 0; d < in->device_count; d++)
        for (size_t m = 0; m < in->model_count; m++) {
            gr_level_work work;
            double unroofed[GR_MEMORY_LEVELS];
            char why[250];
            if (!in->models[m].has_counts)
                continue;
            grc_model_point_work(&in->device_roofs[d], &in->models[m], &work, unroofed);
            for (int l = 0; l < GR_MEMORY_LEVELS; l++) {
                if (!(unroofed[l] > 0))
                    continue;
                gr_level_unroofed_text(in->devices[d], (gr_level)l, unroofed[l], NULL, why, sizeof why);
                gr_buf line = GR_BUF_INIT;
                gr_buf_addf(&line, "model '%.60s' on %.40s: %s", in->models[m].label, in->devices[d]->name, why);
                if (!add_text(w, &line, err))
                    return false;
            }
        }
    return true;
}

bool grc_roofline_check(const grc_roofline_inputs *in, grc_chart_warnings *out, gr_error *err)
{
    memset(out, 0, sizeof *out);
    bool ok = in->device_count == 0 || (check_points(in, out, err) && check_models(in, out, err));
    for (size_t f = 0; ok && f < in->results_count; f++)
        ok = check_results(in, f, out, err);
    if (!ok)
        grc_chart_warnings_free(out);
    return ok;
}

void grc_chart_warnings_free(grc_chart_warnings *w)
{
    for (size_t i = 0; i < w->count; i++)
        free(w->lines[i]);
    free(w->lines);
    memset(w, 0, sizeof *w);
}
