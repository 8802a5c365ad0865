#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "chart_layout.h"
#include "chart_levels.h"
#include "roofline_figures.h"
#include "chart_roofline.h"
#include "gpuroof_text.h"
#include "gpuroof_results.h"

gr_num grc_rate_of(double gflops)
{
    static const char *const units[] = {"GFLOP/s", "TFLOP/s", "PFLOP/s", "EFLOP/s"};
    double value = gflops;
    int unit = 0;
    /* the unit in which it reads below 1000 once rounded */
    for (; unit < 3 && atof(GR_NUM(value)) >= 1000; unit++)
        value /= 1000;
    gr_num rate;
    snprintf(rate.text, sizeof rate.text, "%.*s %s", GR_NUM_TEXT_LONGEST, GR_NUM(value), units[unit]);
    return rate;
}

void grc_precision_words(gr_buf *b, const char *precision)
{
    for (const char *p = precision; *p; p++)
        gr_buf_addf(b, "%c", *p == '_' ? ' ' : (char)(*p >= 'a' && *p <= 'z' ? *p - 32 : *p));
}

void grc_roofline_add_device(grc_roofline_inputs *in, const gr_profile *p)
{
    gr_roofs_fill(p, NULL, NULL, &in->device_roofs[in->device_count]);
    in->devices[in->device_count++] = p;
}

void grc_roofline_add_results(grc_roofline_inputs *in, const gr_results *r, size_t device)
{
    gr_roofs_fill(NULL, r, NULL, &in->results_roofs[in->results_count]);
    in->results_device[in->results_count] = device;
    in->results[in->results_count++] = r;
}

/* How many other peaks the chart draws. */
static size_t precision_count(const grc_roofline_inputs *in)
{
    size_t n = 0;
    while (n < GRC_CHART_MAX_ITEMS && in->precisions[n])
        n++;
    return n;
}

/* Whether precision k adds a ceiling: not FP32 or FP64, drawn anyway, nor
 * one named before it. */
static bool adds_ceiling(const grc_roofline_inputs *in, size_t k)
{
    const char *p = in->precisions[k];
    for (size_t j = 0; j < k; j++)
        if (strcmp(in->precisions[j], p) == 0)
            return false;
    return strcmp(p, "fp32") != 0 && strcmp(p, "fp64") != 0;
}

/* ---- axis ranges: around everything drawn -------------------------------- */

typedef struct {
    double xlo, xhi, ylo, yhi;
    bool points; /* a point is drawn, not only roofs */
} extent;

static void include(extent *e, double x, double y)
{
    if (x > 0 && isfinite(x)) {
        e->xlo = fmin(e->xlo, x);
        e->xhi = fmax(e->xhi, x);
    }
    if (y > 0 && isfinite(y)) {
        e->ylo = fmin(e->ylo, y);
        e->yhi = fmax(e->yhi, y);
    }
}

/* A kernel's points at the levels drawn. */
static void include_levels(const grc_roofline_inputs *in, extent *e, const grc_chart_level_kernel *k)
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        if (in->levels[l])
            include(e, k->intensity[l], k->gflops);
}

static void include_kernel(const grc_roofline_inputs *in, extent *e, const gr_results *r, size_t i)
{
    const gr_result_kernel *k = &r->kernels[i];
    grc_chart_level_kernel levels;
    if (grc_levels_draws_result_kernel(in, k)) {
        if (grc_levels_shows_result_kernel(in, r, i) && grc_chart_result_kernel(k, &levels))
            include_levels(in, e, &levels);
    } else if (k->verified)
        include(e, k->intensity, k->gflops);
}

/* The 1, 2 or 5 times a power of ten at or below v (above, where up). */
static double nice(double v, bool up)
{
    double decade = pow(10, floor(log10(v))), steps[] = {1, 2, 5, 10};
    if (up) {
        for (size_t i = 0; i < 4; i++)
            if (steps[i] * decade >= v * (1 - 1e-12))
                return steps[i] * decade;
        return 10 * decade;
    }
    for (size_t i = 3; i-- > 0;)
        if (steps[i] * decade <= v * (1 + 1e-12))
            return steps[i] * decade;
    return decade;
}

static void set_ranges(const grc_roofline_inputs *in, grc_chart *c)
{
    extent e = {INFINITY, 0, INFINITY, 0, false};
    for (size_t i = 0; i < in->device_count; i++) {
        const gr_roofs *p = &in->device_roofs[i];
        double fp32 = gr_roofs_peak_gflops(p, "fp32"), dram = gr_roofs_dram_gbs(p);
        include(&e, fp32 / dram, fp32);
        include(&e, gr_roofs_peak_gflops(p, "fp64") / dram, gr_roofs_peak_gflops(p, "fp64"));
        for (size_t k = 0; k < precision_count(in); k++)
            include(&e, gr_roofs_peak_gflops(p, in->precisions[k]) / dram, gr_roofs_peak_gflops(p, in->precisions[k]));
    }
    e.points = in->model_count || in->point_count || (in->has_levels && in->level_kernel_count);
    for (size_t r = 0; r < in->results_count; r++)
        e.points = e.points || in->results[r]->kernel_count || in->results[r]->sweep_count;
    for (size_t i = 0; i < in->model_count; i++)
        for (size_t d = 0; d < in->device_count; d++) {
            gr_work_place at;
            if (grc_model_place_on(in, d, &in->models[i], &at))
                include(&e, at.intensity, at.gflops);
        }
    for (size_t i = 0; i < in->point_count; i++)
        include(&e, in->points[i].intensity, in->points[i].gflops);
    for (size_t i = 0; in->has_levels && i < in->level_kernel_count; i++)
        include_levels(in, &e, &in->level_kernels[i]);
    for (size_t r = 0; r < in->results_count; r++) {
        for (size_t i = 0; i < in->results[r]->kernel_count; i++)
            include_kernel(in, &e, in->results[r], i);
        for (size_t i = 0; i < in->results[r]->sweep_count; i++)
            include(&e, in->results[r]->sweep[i].intensity, in->results[r]->sweep[i].gflops);
    }
    if (e.points) { /* the points and the ridges, a little room round them */
        c->xmin = nice(e.xlo / 3, false);
        c->xmax = nice(e.xhi * 3, true);
        c->ymin = nice(e.ylo / 4, false); /* room for the slopes' labels under the lowest points */
        c->ymax = nice(e.yhi * 2, true);
        return;
    }
    /* the roofs alone: whole decades, each slope drawn from the left edge */
    c->xmin = pow(10, floor(log10(e.xlo / 4)));
    c->xmax = pow(10, ceil(log10(e.xhi * 8)));
    double lowest_roof = INFINITY;
    for (size_t i = 0; i < in->device_count; i++)
        lowest_roof = fmin(lowest_roof, gr_roofs_dram_gbs(&in->device_roofs[i]) * c->xmin);
    c->ymin = pow(10, floor(log10(fmin(lowest_roof, e.ylo) / 1.5)));
    c->ymax = pow(10, ceil(log10(e.yhi * 2)));
}

/* ---- the roofs ----------------------------------------------------------- */

static bool add_roof(const grc_roofline_inputs *in, grc_chart *c, size_t i)
{
    const gr_profile *p = in->devices[i];
    const gr_roofs *roofs = &in->device_roofs[i];
    double dram = gr_roofs_dram_gbs(roofs), fp32 = gr_roofs_peak_gflops(roofs, "fp32"), ridge = fp32 / dram;
    grc_series *roof = grc_chart_series_f(c, GRC_DRAW_LINES, (int)i + 1,
                                        "%.100s: %s GB/s, FP32 %s, ridge %s FLOP/B (datasheet)", p->full_name,
                                        GR_NUM(dram), GRC_RATE(fp32), GR_NUM(ridge));
    if (!roof || !grc_series_add(roof, c->xmin, dram * c->xmin, NULL) ||
        !grc_series_add(roof, ridge, fp32, NULL) || !grc_series_add(roof, c->xmax, fp32, NULL))
        return false;
    grc_series *ridge_mark = grc_chart_series(c, GRC_DRAW_POINTS, (int)i + 1, NULL);
    if (!ridge_mark || !grc_series_add_f(ridge_mark, ridge, fp32, "ridge %s FLOP/B", GR_NUM(ridge)))
        return false;
    ridge_mark->marker = in->has_levels ? 12 : 7; /* with levels, a filled circle is a kernel's DRAM point */
    if (in->device_count > 1) /* the key says it */
        return true;
    /* the label says what the marker's point says */
    const char *text = ridge_mark->points[ridge_mark->count - 1].label;
    grc_label *l = grc_chart_label_beside(c, GRC_PLACE_POINT, ridge, fp32, 0, text);
    if (l)
        l->small = true;
    return l != NULL;
}

/* A ceiling below or above FP32: dashed, from where it meets the memory
 * slope to the right edge. */
static bool add_ceiling(const grc_roofline_inputs *in, grc_chart *c, size_t i, const char *precision)
{
    const gr_roofs *roofs = &in->device_roofs[i];
    double peak = gr_roofs_peak_gflops(roofs, precision), fp32 = gr_roofs_peak_gflops(roofs, "fp32");
    double dram = gr_roofs_dram_gbs(roofs);
    if (isnan(peak))
        return true;
    grc_series *s = grc_chart_series(c, GRC_DRAW_LINES, (int)i + 1, NULL);
    if (!s || !grc_series_add(s, peak / dram, peak, NULL) || !grc_series_add(s, c->xmax, peak, NULL))
        return false;
    s->dashed = true;
    if (peak > fp32) { /* the slope continues up to it */
        grc_series *up = grc_chart_series(c, GRC_DRAW_LINES, (int)i + 1, NULL);
        if (!up || !grc_series_add(up, fp32 / dram, fp32, NULL) || !grc_series_add(up, peak / dram, peak, NULL))
            return false;
        up->dashed = true;
    }
    return true;
}

/* One label per ceiling value, beside its line: devices with the same
 * figure share it ("FP32 66.91 TFLOP/s: h100, h200"), drawn by the first of
 * them along the stretch where the line is theirs all. */
static bool ceiling_label(const grc_roofline_inputs *in, grc_chart *c, size_t i, const char *precision,
                          const char *source)
{
    const gr_roofs *roofs = &in->device_roofs[i];
    double peak = gr_roofs_peak_gflops(roofs, precision), knee = peak / gr_roofs_dram_gbs(roofs);
    if (isnan(peak))
        return true;
    for (size_t k = 0; k < i; k++)
        if (gr_roofs_peak_gflops(&in->device_roofs[k], precision) == peak)
            return true;
    gr_buf text = GR_BUF_INIT;
    grc_precision_words(&text, precision);
    gr_buf_addf(&text, " %s%s", GRC_RATE(peak), source);
    for (size_t k = i; in->device_count > 1 && k < in->device_count; k++)
        if (gr_roofs_peak_gflops(&in->device_roofs[k], precision) == peak) {
            gr_buf_addf(&text, "%s%s", k == i ? ": " : ", ", in->devices[k]->name);
            knee = fmax(knee, peak / gr_roofs_dram_gbs(&in->device_roofs[k]));
        }
    grc_label *l = gr_buf_failed(&text) ? NULL
                                       : grc_chart_label_beside(c, GRC_PLACE_LEVEL, knee, peak, c->xmax, gr_buf_text(&text));
    gr_buf_free(&text);
    if (!l)
        return false;
    l->color = strchr(l->text, ',') ? 0 : (int)i + 1; /* shared by several devices: no one's colour */
    return true;
}

/* A bandwidth, along its slope from the left edge up to where the roof
 * turns (at ridge): whose ("" for the one device's) and what. */
static bool bandwidth_label(grc_chart *c, double bandwidth, double ridge, const char *whose, const char *what,
                            int color)
{
    grc_label *l = grc_chart_label_beside_f(c, GRC_PLACE_SLOPE, c->xmin, bandwidth, ridge, "%s%s %s GB/s", whose, what,
                                          GR_NUM(bandwidth));
    if (l)
        l->color = color;
    return l != NULL;
}

static bool add_device(const grc_roofline_inputs *in, grc_chart *c, size_t i)
{
    const char *source = in->results_count ? " (datasheet)" : "";
    bool ok = add_roof(in, c, i) && add_ceiling(in, c, i, "fp64");
    for (size_t k = 0; ok && k < precision_count(in); k++)
        ok = !adds_ceiling(in, k) || add_ceiling(in, c, i, in->precisions[k]);
    ok = ok && ceiling_label(in, c, i, "fp32", source) && ceiling_label(in, c, i, "fp64", source);
    for (size_t k = 0; ok && k < precision_count(in); k++)
        ok = !adds_ceiling(in, k) || ceiling_label(in, c, i, in->precisions[k], source);
    const gr_roofs *roofs = &in->device_roofs[i];
    double dram = gr_roofs_dram_gbs(roofs);
    return ok && (in->device_count > 1 || /* several: the key gives each bandwidth */
                  bandwidth_label(c, dram, gr_roofs_peak_gflops(roofs, "fp32") / dram, "", "DRAM", (int)i + 1)) &&
           grc_levels_add_device_roofs(in, c, i);
}

/* ---- points -------------------------------------------------------------- */

static bool point_label(grc_chart *c, double x, double y, const char *text)
{
    grc_label *l = grc_chart_label_beside(c, GRC_PLACE_POINT, x, y, 0, text);
    if (l)
        l->small = true;
    return l != NULL;
}

/* A model's point, named (where named) by its name and where it is
 * drawn; where the level that binds it is not the one its intensity is
 * drawn at, that level too. */
static bool add_model_point(grc_series *s, const grc_chart_point *m, const gr_work_place *at, bool named)
{
    if (!named)
        return grc_series_add(s, at->intensity, at->gflops, "");
    if (at->binding == at->drawn_at || at->binding == GR_LEVEL_COMPUTE)
        return grc_series_add_f(s, at->intensity, at->gflops, "%.50s (%s FLOP/B%s%s)", m->label, GR_NUM(at->intensity),
                               at->drawn_at == GR_LEVEL_DRAM ? "" : " at ",
                               at->drawn_at == GR_LEVEL_DRAM ? "" : gr_level_name(at->drawn_at));
    return grc_series_add_f(s, at->intensity, at->gflops, "%.40s (%s FLOP/B; %s binds: %s)", m->label,
                           GR_NUM(at->intensity), gr_level_name(at->binding), GRC_RATE(at->gflops));
}

static bool add_models(const grc_roofline_inputs *in, grc_chart *c)
{
    if (in->model_count == 0)
        return true;
    grc_series *s = grc_chart_series(c, GRC_DRAW_POINTS, 8, "kernel models, at their binding roof (gpuroof bound)");
    if (!s)
        return false;
    s->marker = 9;
    for (size_t m = 0; m < in->model_count; m++)
        for (size_t i = 0; i < in->device_count; i++) {
            gr_work_place at;
            if (!grc_model_place_on(in, i, &in->models[m], &at))
                at = (gr_work_place){NAN, in->models[m].intensity, GR_LEVEL_DRAM, GR_LEVEL_DRAM};
            if (!add_model_point(s, &in->models[m], &at, i == 0) ||
                (i == 0 && !point_label(c, at.intensity, at.gflops, s->points[s->count - 1].label))) /* labelled once */
                return false;
        }
    return true;
}

static bool add_points(const grc_roofline_inputs *in, grc_chart *c)
{
    if (in->point_count == 0)
        return true;
    grc_series *s = grc_chart_series(c, GRC_DRAW_POINTS, 7, "points given");
    if (!s)
        return false;
    s->marker = 5;
    for (size_t i = 0; i < in->point_count; i++) {
        const grc_chart_point *p = &in->points[i];
        if (!grc_series_add(s, p->intensity, p->gflops, p->label) ||
            (p->label[0] && !point_label(c, p->intensity, p->gflops, p->label)))
            return false;
    }
    return true;
}

/* ---- measured results ------------------------------------------------------ */

/* How the chart names one results file among several (with one, nothing:
 * its keys stay as they were): full, its GPU's name, for the roof's key;
 * brief, its profile's name where it has one, for the keys of its points.
 * Where another file's GPU has the same name, what tells them apart is
 * added: "GPU 1" (or "#2"); or the file's name in place of the brief one,
 * since a file's name most often names its GPU already. */
typedef struct {
    char full[160], brief[100]; /* each ends in ": " */
    /* Beyond GR_KEYED_RESULTS files, a key entry a kernel a file would
     * cover the plot: compact, the first file's points are keyed alone,
     * unnamed, every file's points take its roof's colour (the chart's note
     * says so), and the roofs' bandwidths are in their keys only. */
    bool compact, keyed;
} result_names;

/* More results files than the key has room for, each with its kernels. */
#define GR_KEYED_RESULTS 2

static const char *brief_name(const gr_results *r)
{
    const char *profile = r->device.profile;
    return profile[0] && strcmp(profile, "none") != 0 ? profile : r->device.name;
}

static void name_result(const grc_roofline_inputs *in, size_t i, result_names *n)
{
    char labels[GRC_CHART_MAX_ITEMS][GR_NODE_LABEL_SIZE];
    const gr_results *r = in->results[i];
    bool shared = false;
    n->full[0] = n->brief[0] = '\0';
    n->compact = in->results_count > GR_KEYED_RESULTS;
    n->keyed = !n->compact || i == 0;
    if (in->results_count < 2)
        return;
    for (size_t j = 0; j < in->results_count; j++)
        shared = shared || (j != i && (strcmp(in->results[j]->device.name, r->device.name) == 0 ||
                                       strcmp(brief_name(in->results[j]), brief_name(r)) == 0));
    snprintf(n->full, sizeof n->full, "%.100s: ", r->device.name);
    snprintf(n->brief, sizeof n->brief, "%.60s: ", brief_name(r));
    if (!shared)
        return;
    gr_node_labels(in->results, in->results_count, labels);
    const char *label = labels[i];
    if (strncmp(label, "GPU ", 4) == 0 || label[0] == '#') {
        snprintf(n->full, sizeof n->full, "%.100s %s: ", r->device.name, label);
        snprintf(n->brief, sizeof n->brief, "%.60s %s: ", brief_name(r), label);
    } else {
        snprintf(n->full, sizeof n->full, "%.100s (%s): ", r->device.name, label);
        snprintf(n->brief, sizeof n->brief, "%s: ", label);
    }
}

/* The spread of the best DRAM figure and of FP32, as the key gives them
 * with plot --spread: "; 5 runs within 0.1% and 0.3%". */
static void roof_spread_words(const gr_results *r, gr_buf *out)
{
    const char *key = gr_results_dram_roof_key(r);
    const gr_result_spread *dram = key ? gr_results_spread_of(r, key) : NULL;
    const gr_result_spread *fp32 = gr_results_spread_of(r, "fp32_gflops");
    if (dram && fp32)
        gr_buf_addf(out, "; %lld runs within %.1f%% and %.1f%%", dram->repeats, gr_results_spread_width_pct(dram),
                    gr_results_spread_width_pct(fp32));
}

/* The measured roof's line, its key naming the file's GPU. */
static grc_series *measured_roof_series(const grc_roofline_inputs *in, grc_chart *c, size_t i, const result_names *n,
                                       int color)
{
    const gr_results *r = in->results[i];
    double bw = gr_roofs_dram_gbs(&in->results_roofs[i]), fp32 = gr_roofs_peak_gflops(&in->results_roofs[i], "fp32");
    gr_buf range = GR_BUF_INIT;
    if (in->spread)
        roof_spread_words(r, &range);
    grc_series *roof;
    if (gr_buf_failed(&range))
        roof = NULL; /* out of memory for the range's words */
    else if (n->full[0]) /* "NVIDIA H200 GPU 1: ", its colon included */
        roof = grc_chart_series_f(c, GRC_DRAW_LINES, color, "%.120s%.31s GB/s, FP32 %.31s (measured%.47s)", n->full,
                                 GR_NUM(bw), GRC_RATE(fp32), gr_buf_text(&range));
    else
        roof = grc_chart_series_f(c, GRC_DRAW_LINES, color, "%.100s: %.31s GB/s, FP32 %.31s (measured%.47s)",
                                 r->device.name, GR_NUM(bw), GRC_RATE(fp32), gr_buf_text(&range));
    gr_buf_free(&range);
    return roof;
}

static bool add_measured_roof(const grc_roofline_inputs *in, grc_chart *c, size_t i, const result_names *n, int color)
{
    double bw = gr_roofs_dram_gbs(&in->results_roofs[i]), fp32 = gr_roofs_peak_gflops(&in->results_roofs[i], "fp32");
    if (isnan(bw) || isnan(fp32))
        return true;
    grc_series *roof = measured_roof_series(in, c, i, n, color);
    if (!roof || !grc_series_add(roof, c->xmin, bw * c->xmin, NULL) || !grc_series_add(roof, fp32 / bw, fp32, NULL) ||
        !grc_series_add(roof, c->xmax, fp32, NULL))
        return false;
    roof->dashed = true; /* its FP32 figure is in the key: a label would cover the datasheet ones */
    return n->compact || bandwidth_label(c, bw, fp32 / bw, n->brief, "measured DRAM", color);
}

/* A verified kernel drawn at its one intensity, not at its levels. */
static bool drawn_alone(const grc_roofline_inputs *in, const gr_result_kernel *k)
{
    return k->verified && !grc_levels_draws_result_kernel(in, k);
}

/* Measured kernels: one series (a colour and a key entry) per kernel name,
 * since kernels of one width share an intensity and their labels would
 * pile up; unverified results are never drawn.  With several results
 * files, each file's kernels take its roof's colour (a marker a kernel),
 * so that the colour says which GPU a point is of. */
static bool add_measured_kernels(const grc_roofline_inputs *in, grc_chart *c, const gr_results *r,
                                 const result_names *n, int first_color)
{
    /* open square, circle, triangles, diamond, pentagon, then filled ones */
    static const int markers[] = {4, 6, 8, 10, 12, 14, 5, 7, 9, 11, 13, 15};
    int color = first_color, kinds = 0, device_colors = (int)in->device_count;
    for (size_t i = 0; i < r->kernel_count; i++) {
        bool seen = false;
        for (size_t j = 0; j < i; j++)
            seen = seen || (drawn_alone(in, &r->kernels[j]) && strcmp(r->kernels[j].name, r->kernels[i].name) == 0);
        if (seen || !drawn_alone(in, &r->kernels[i]))
            continue;
        grc_series *s = n->keyed ? grc_chart_series_f(c, GRC_DRAW_POINTS, color, "%s%.90s (measured)",
                                                    n->compact ? "" : n->brief, r->kernels[i].name)
                                : grc_chart_series(c, GRC_DRAW_POINTS, color, "");
        if (!s)
            return false;
        s->marker = markers[kinds++ % 12];
        if (!n->brief[0])
            do /* the devices' colours belong to their roofs */
                color = color % 8 + 1;
            while (color <= device_colors && device_colors < 8);
        for (size_t j = i; j < r->kernel_count; j++)
            if (drawn_alone(in, &r->kernels[j]) && strcmp(r->kernels[j].name, r->kernels[i].name) == 0 &&
                !grc_series_add(s, r->kernels[j].intensity, r->kernels[j].gflops, NULL))
                return false;
    }
    return true;
}

static bool add_results(const grc_roofline_inputs *in, grc_chart *c, size_t i, int color)
{
    const gr_results *r = in->results[i];
    result_names n;
    name_result(in, i, &n);
    grc_series *sweep = r->sweep_count && n.keyed
                           ? grc_chart_series_f(c, GRC_DRAW_POINTS, color, "%sintensity sweep (measured)",
                                               n.compact ? "" : n.brief)
                           : grc_chart_series(c, GRC_DRAW_POINTS, color, "");
    if (!sweep)
        return false;
    sweep->marker = 6;
    sweep->thin = true;
    for (size_t k = 0; k < r->sweep_count; k++)
        if (!grc_series_add(sweep, r->sweep[k].intensity, r->sweep[k].gflops, NULL))
            return false;
    int next = color % 8 + 1 <= (int)in->device_count ? (int)in->device_count + 1 : color % 8 + 1;
    return add_measured_roof(in, c, i, &n, color) && grc_levels_add_measured(in, c, i, color, n.brief) &&
           add_measured_kernels(in, c, r, &n, n.brief[0] ? color : next);
}

static void set_title_and_note(const grc_roofline_inputs *in, grc_chart *c)
{
    const char *kind = in->has_levels ? "Hierarchical roofline" : "Roofline";
    if (in->device_count == 1)
        snprintf(c->title, sizeof c->title, "%s of %s", kind, in->devices[0]->full_name);
    else
        for (size_t i = 0; i < in->device_count; i++)
            snprintf(c->title + strlen(c->title), sizeof c->title - strlen(c->title), "%s%s%s", i ? ", " : kind,
                     i ? "" : "s of ", in->devices[i]->name);
    if (in->level_kernels_note[0]) /* what was left out: the reader must not miss it */
        snprintf(c->note, sizeof c->note, "%.319s Ceilings: datasheet%s. Made by gpuroof.", in->level_kernels_note,
                 in->results_count ? "; dashed: measured" : "");
    else
        snprintf(c->note, sizeof c->note, "Ceilings: datasheet figures of the device profiles%s%s. Made by gpuroof.",
                 in->results_count ? "; dashed: measured by gpuroof measure" : "",
                 in->results_count > GR_KEYED_RESULTS ? ", each GPU's points in its roof's colour" : "");
}

/* The names of the kernels labelled by number, at the note's end from
 * its first base bytes, in the order of their numbers. */
static void note_numbers(grc_chart *c, size_t base)
{
    c->note[base] = '\0';
    for (unsigned last = 0;;) {
        size_t next = SIZE_MAX;
        for (size_t i = 0; i < c->label_count; i++)
            if (c->labels[i].name[0] && c->labels[i].number > last &&
                (next == SIZE_MAX || c->labels[i].number < c->labels[next].number))
                next = i;
        if (next == SIZE_MAX)
            break;
        size_t at = strlen(c->note);
        snprintf(c->note + at, sizeof c->note - at, "%s[%u] %s", last ? "; " : " Numbered kernels (rank by time): ",
                 c->labels[next].number, c->labels[next].name);
        last = c->labels[next].number;
    }
    if (c->note[base] && strlen(c->note) + 1 < sizeof c->note)
        strcat(c->note, ".");
}

/* Places the labels on a plot area whose foot leaves room for the note,
 * which names the kernels labelled by number: where naming them takes
 * more lines than there was room for, the area shrinks and all are placed
 * again (each time with more room: a numbered label stays so or is named). */
static void place_labels(const grc_roofline_inputs *in, grc_chart *c)
{
    size_t base = strlen(c->note), room = grc_note_lines(c->note, in->width_in, NULL, NULL, 0);
    for (int round = 0; round < 2 * GRC_CHART_MAX_ITEMS; round++) {
        for (size_t i = 0; i < c->label_count; i++)
            if (c->labels[i].name[0]) {
                snprintf(c->labels[i].text, sizeof c->labels[i].text, "%s", c->labels[i].name);
                c->labels[i].name[0] = '\0';
            }
        c->note_room = room;
        grc_plot_area area = grc_figure_plot_area(0, 1, room, in->height_in);
        grc_chart_set_plot_size(c, &area, in->width_in, in->height_in);
        grc_chart_choose_key_corner(c);
        grc_chart_place_labels_numbered(c);
        note_numbers(c, base);
        size_t lines = grc_note_lines(c->note, in->width_in, NULL, NULL, 0);
        if (lines <= room)
            return;
        room = lines;
    }
}

bool grc_roofline_chart(const grc_roofline_inputs *in, grc_chart *c, gr_error *err)
{
    grc_chart_init(c);
    if (in->device_count == 0)
        return gr_error_set(err, "a roofline chart needs at least one device");
    c->log_x = c->log_y = true;
    snprintf(c->xlabel, sizeof c->xlabel, "arithmetic intensity (FLOP/B)");
    snprintf(c->ylabel, sizeof c->ylabel, "performance (GFLOP/s)");
    set_title_and_note(in, c);
    set_ranges(in, c);
    c->key_bottom_right = in->results_count > 0; /* measured kernels fill the top */
    bool ok = true;
    for (size_t i = 0; ok && i < in->device_count; i++)
        ok = add_device(in, c, i);
    ok = ok && add_models(in, c) && add_points(in, c);
    for (size_t r = 0; ok && r < in->results_count; r++)
        ok = add_results(in, c, r, (int)(in->device_count + r) % 8 + 1);
    ok = ok && grc_levels_add_kernels(in, c);
    if (!ok) {
        grc_chart_free(c);
        return gr_error_set(err, "out of memory");
    }
    place_labels(in, c);
    return true;
}
