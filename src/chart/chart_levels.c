#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chart_levels.h"
#include "kernel_label.h"
#include "gpuroof_text.h"

/* ---- the figures ------------------------------------------------------------ */

static double per_byte(double flops, double bytes)
{
    return isfinite(flops) && flops > 0 && isfinite(bytes) && bytes > 0 ? flops / bytes : NAN;
}

static bool any_level(const grc_chart_level_kernel *k)
{
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        if (!isnan(k->intensity[l]))
            return true;
    return false;
}

bool grc_chart_result_kernel(const gr_result_kernel *k, grc_chart_level_kernel *out)
{
    memset(out, 0, sizeof *out);
    snprintf(out->label, sizeof out->label, "%s", k->name);
    out->gflops = k->gflops;
    out->intensity[GR_LEVEL_DRAM] = per_byte(k->flops, k->levels.dram_bytes);
    out->intensity[GR_LEVEL_L2] = per_byte(k->flops, k->levels.l2_bytes);
    out->intensity[GR_LEVEL_SHARED] = per_byte(k->flops, k->levels.shared_wavefronts * GRC_WAVEFRONT_BYTES);
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        out->roof_gflops[l] = NAN;
    return isfinite(k->gflops) && k->gflops > 0 && any_level(out);
}

/* The precisions with FLOPs in w's work. */
static int precisions_used(const gr_ncu_work *w)
{
    int n = 0;
    for (int p = 0; p < GR_NCU_PRECISION_COUNT; p++)
        n += w->figures.flops[p] > 0;
    return n;
}

static const char *roof_name(const gr_ncu_work *w, gr_ncu_level level)
{
    const gr_ncu_binding *b = &w->binding;
    if (isnan(b->roof_gflops[level]))
        return NULL;
    if (isnan(b->compute_gflops) || b->memory_roof_gflops[level] <= b->compute_gflops)
        return gr_level_key((gr_level)level);
    return precisions_used(w) == 1 && w->precision >= 0 ? gr_ncu_precision_name((gr_ncu_precision)w->precision)
                                                        : "compute";
}

bool grc_chart_ncu_kernel(const gr_ncu_work *w, const char *label, grc_chart_level_kernel *out)
{
    static const gr_ncu_level from[GR_MEMORY_LEVELS] = {GR_NCU_DRAM, GR_NCU_L2, GR_NCU_L1};
    const gr_ncu_figures *f = &w->figures;
    memset(out, 0, sizeof *out);
    snprintf(out->label, sizeof out->label, "%s", label);
    out->gflops = f->gflops;
    out->precision = w->precision >= 0 ? gr_ncu_precision_name((gr_ncu_precision)w->precision) : NULL;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++) {
        out->intensity[l] = per_byte(f->flops_total, f->bytes[from[l]]);
        out->roof_gflops[l] = w->binding.roof_gflops[from[l]];
        out->roof[l] = roof_name(w, from[l]);
    }
    return w->kind == GR_NCU_WORK_FLOPS && isfinite(f->gflops) && f->gflops > 0 && any_level(out);
}

/* A tensor core's sustained rate is its measured ceiling's twin
 * (gr_results_sustained_key): a figure beside the roof, not one. */
double grc_measured_sustained_gflops(const gr_results *r, const char *precision)
{
    return gr_results_ceiling(r, gr_results_sustained_key(gr_results_precision_key(precision)));
}

const gr_result_spread *grc_measured_peak_spread(const gr_results *r, const char *precision, bool sustained)
{
    const char *key = gr_results_precision_key(precision);
    if (key && sustained)
        key = gr_results_sustained_key(key);
    return key ? gr_results_spread_of(r, key) : NULL;
}

/* ---- the roofs --------------------------------------------------------------- */

/* The highest compute roof drawn for a device: a level's slope rises to it. */
static double top_peak(const grc_roofline_inputs *in, const gr_roofs *p)
{
    double top = fmax(gr_roofs_peak_gflops(p, "fp32"), gr_roofs_peak_gflops(p, "fp64"));
    for (size_t k = 0; k < GRC_CHART_MAX_ITEMS && in->precisions[k]; k++)
        if (!isnan(gr_roofs_peak_gflops(p, in->precisions[k])))
            top = fmax(top, gr_roofs_peak_gflops(p, in->precisions[k]));
    return top;
}

/* A slope bandwidth x intensity from the left edge up to fp32 and along
 * it to the right edge (the level's roof), then on, thinner, up to the
 * top roof; labelled along it with whose it is, the joint after that, and
 * the level. */
static bool add_slope(grc_chart *c, double bandwidth, double fp32, double top, int color, bool dashed,
                      const char *whose, const char *joint, const char *level)
{
    grc_series *s = grc_chart_series(c, GRC_DRAW_LINES, color, NULL);
    if (!s || !grc_series_add(s, c->xmin, bandwidth * c->xmin, NULL) ||
        !grc_series_add(s, fp32 / bandwidth, fp32, NULL) || !grc_series_add(s, c->xmax, fp32, NULL))
        return false;
    s->dashed = dashed;
    if (top > fp32) {
        grc_series *up = grc_chart_series(c, GRC_DRAW_LINES, color, NULL);
        if (!up || !grc_series_add(up, fp32 / bandwidth, fp32, NULL) || !grc_series_add(up, top / bandwidth, top, NULL))
            return false;
        up->dashed = true; /* a ceiling's, as the DRAM slope's rise to it is */
        up->thin = true;
    }
    grc_label *l = grc_chart_label_beside_f(c, GRC_PLACE_SLOPE, c->xmin, bandwidth, fp32 / bandwidth, "%s%s%s %s GB/s",
                                          whose, joint, level, GR_NUM(bandwidth));
    if (l)
        l->color = color;
    return l != NULL;
}

bool grc_levels_add_device_roofs(const grc_roofline_inputs *in, grc_chart *c, size_t i)
{
    const gr_profile *p = in->devices[i];
    const gr_roofs *roofs = &in->device_roofs[i];
    for (gr_level l = GR_LEVEL_L2; l <= GR_LEVEL_SHARED; l++) {
        double bandwidth = roofs->bandwidth_gbs[l].value;
        if (!in->has_levels || !in->levels[l] || !(bandwidth > 0))
            continue;
        if (!add_slope(c, bandwidth, gr_roofs_peak_gflops(roofs, "fp32"), top_peak(in, roofs), (int)i + 1, false,
                       in->device_count > 1 ? p->name : "", in->device_count > 1 ? " " : "", gr_level_name(l)))
            return false;
    }
    return true;
}

/* "; 5 runs within 0.7%" where asked for and known, else nothing. */
static void spread_words(bool wanted, const gr_result_spread *s, gr_buf *out)
{
    if (wanted && s)
        gr_buf_addf(out, "; %lld runs within %.1f%%", s->repeats, gr_results_spread_width_pct(s));
}

/* A line at gflops from where it meets the measured DRAM slope to the
 * right edge, labelled where text is given. */
static bool ceiling_line(grc_chart *c, double gflops, double bandwidth, const char *text, int color, bool thin)
{
    grc_series *s = grc_chart_series(c, GRC_DRAW_LINES, color, NULL);
    if (!s || !grc_series_add(s, gflops / bandwidth, gflops, NULL) || !grc_series_add(s, c->xmax, gflops, NULL))
        return false;
    s->dashed = true;
    s->thin = thin;
    if (!text)
        return true;
    grc_label *l = grc_chart_label_beside(c, GRC_PLACE_LEVEL, gflops / bandwidth, gflops, c->xmax, text);
    if (l)
        l->color = color;
    return l != NULL;
}

/* A measured compute ceiling asked for by --precision: dashed, from where
 * it meets the measured DRAM slope to the right edge; a tensor core's is
 * its burst, and its sustained rate (at the power limit) runs below it,
 * thin, named in the same label; with spread, the label gives how far the
 * repeats spread. */
static bool add_measured_ceiling(const grc_roofline_inputs *in, grc_chart *c, size_t r, double bandwidth,
                                 const char *precision, const char *brief, int color)
{
    const gr_results *res = in->results[r];
    double peak = gr_roofs_peak_gflops(&in->results_roofs[r], precision);
    double sustained = grc_measured_sustained_gflops(res, precision);
    gr_buf text = GR_BUF_INIT, range = GR_BUF_INIT;
    spread_words(in->spread, grc_measured_peak_spread(res, precision, false), &range);
    gr_buf_addf(&text, "%.100s", brief);
    grc_precision_words(&text, precision);
    gr_buf_addf(&text, " %.31s (measured", GRC_RATE(peak));
    if (!isnan(sustained))
        gr_buf_addf(&text, " burst, %s sustained", GRC_RATE(sustained));
    gr_buf_addf(&text, "%.47s)", gr_buf_text(&range));
    bool ok = !gr_buf_failed(&text) && !gr_buf_failed(&range) &&
              ceiling_line(c, peak, bandwidth, gr_buf_text(&text), color, false);
    gr_buf_free(&text);
    gr_buf_free(&range);
    return ok && (isnan(sustained) || ceiling_line(c, sustained, bandwidth, NULL, color, true));
}

bool grc_levels_add_measured(const grc_roofline_inputs *in, grc_chart *c, size_t r, int color, const char *brief)
{
    const gr_roofs *measured = &in->results_roofs[r];
    double fp32 = gr_roofs_peak_gflops(measured, "fp32");
    if (isnan(fp32))
        fp32 = gr_roofs_peak_gflops(&in->device_roofs[in->results_device[r]], "fp32");
    double dram = gr_roofs_dram_gbs(measured);
    for (gr_level l = GR_LEVEL_L2; l <= GR_LEVEL_SHARED; l++) {
        double bandwidth = measured->bandwidth_gbs[l].value;
        if (!in->has_levels || !in->levels[l] || !(bandwidth > 0))
            continue;
        if (!add_slope(c, bandwidth, fp32, fp32, color, true, brief, "measured ", gr_level_name(l)))
            return false;
    }
    for (size_t k = 0; k < GRC_CHART_MAX_ITEMS && in->precisions[k]; k++) {
        const char *precision = in->precisions[k];
        double peak = gr_roofs_peak_gflops(measured, precision);
        bool seen = false;
        for (size_t j = 0; j < k; j++)
            seen = seen || strcmp(in->precisions[j], precision) == 0;
        if (seen || strcmp(precision, "fp32") == 0 || isnan(peak) || !(dram > 0))
            continue;
        if (!add_measured_ceiling(in, c, r, dram, precision, brief, color))
            return false;
    }
    return true;
}

/* ---- the kernels --------------------------------------------------------------- */

/* One marker shape a level: filled circle, square, triangle. */
static const int level_markers[GR_MEMORY_LEVELS] = {7, 5, 9};

typedef struct {
    grc_chart_level_kernel k;
    int color;
    bool from_results;
} drawn_kernel;

bool grc_levels_draws_result_kernel(const grc_roofline_inputs *in, const gr_result_kernel *k)
{
    grc_chart_level_kernel drawn;
    return in->has_levels && k->verified && grc_chart_result_kernel(k, &drawn);
}

/* The n of a "width=n" among a kernel's parameters; -1 where none. */
static double width_of(const gr_result_kernel *k)
{
    for (const char *p = strstr(k->params, "width="); p; p = strstr(p + 1, "width="))
        if (p == k->params || p[-1] == ' ' || p[-1] == ',') {
            char *end;
            double width = strtod(p + 6, &end);
            return end > p + 6 && isfinite(width) ? width : -1;
        }
    return -1;
}

/* Whether kernel j of r is a run of the same kernel as i at a larger
 * width (or the same width, named earlier), which is then drawn in its
 * place. */
static bool wider_run(const grc_roofline_inputs *in, const gr_results *r, size_t i, size_t j)
{
    const gr_result_kernel *a = &r->kernels[i], *b = &r->kernels[j];
    if (j == i || strcmp(a->name, b->name) != 0 || !grc_levels_draws_result_kernel(in, b))
        return false;
    return width_of(b) > width_of(a) || (width_of(b) == width_of(a) && j < i);
}

bool grc_levels_shows_result_kernel(const grc_roofline_inputs *in, const gr_results *r, size_t i)
{
    if (!grc_levels_draws_result_kernel(in, &r->kernels[i]))
        return false;
    for (size_t j = 0; j < r->kernel_count; j++)
        if (wider_run(in, r, i, j))
            return false;
    return true;
}

/* Whether kernel i of r has a run at a smaller width, left out. */
static bool narrower_left_out(const grc_roofline_inputs *in, const gr_results *r, size_t i)
{
    for (size_t j = 0; j < r->kernel_count; j++)
        if (j != i && grc_levels_draws_result_kernel(in, &r->kernels[j]) &&
            strcmp(r->kernels[j].name, r->kernels[i].name) == 0)
            return true;
    return false;
}

/* Says under the chart at which width the kernels are drawn, where a
 * kernel run at several is drawn at one: "4096", or each width drawn. */
static void note_widths(const grc_roofline_inputs *in, grc_chart *c)
{
    double widths[8];
    size_t n = 0;
    for (size_t r = 0; r < in->results_count; r++)
        for (size_t i = 0; i < in->results[r]->kernel_count; i++) {
            const gr_results *res = in->results[r];
            double width = width_of(&res->kernels[i]);
            bool seen = false;
            for (size_t w = 0; w < n; w++)
                seen = seen || widths[w] == width;
            if (!seen && n < 8 && width >= 0 && grc_levels_shows_result_kernel(in, res, i) &&
                narrower_left_out(in, res, i))
                widths[n++] = width;
        }
    for (size_t w = 0; w < n; w++)
        snprintf(c->note + strlen(c->note), sizeof c->note - strlen(c->note), "%s%s%s",
                 w ? ", " : " Each kernel at its largest width: ", GR_NUM(widths[w]), w + 1 < n ? "" : ".");
}

/* Every kernel to draw: Nsight Compute's, then each results file's; *out
 * is the caller's to free. */
static bool collect(const grc_roofline_inputs *in, drawn_kernel **out, size_t *count)
{
    size_t n = in->level_kernel_count;
    for (size_t r = 0; r < in->results_count; r++)
        n += in->results[r]->kernel_count;
    *count = 0;
    *out = calloc(n ? n : 1, sizeof **out);
    if (!*out)
        return false;
    for (size_t i = 0; i < in->level_kernel_count; i++)
        (*out)[(*count)++].k = in->level_kernels[i];
    for (size_t r = 0; r < in->results_count; r++)
        for (size_t i = 0; i < in->results[r]->kernel_count; i++) {
            const gr_result_kernel *k = &in->results[r]->kernels[i];
            if (!grc_levels_shows_result_kernel(in, in->results[r], i))
                continue;
            (*out)[*count].from_results = true;
            grc_chart_result_kernel(k, &(*out)[(*count)++].k);
        }
    return true;
}

/* The faster first, so that their labels, placed in this order, stack
 * downward as their chains do. */
static int faster_first(const void *a, const void *b)
{
    double x = ((const drawn_kernel *)a)->k.gflops, y = ((const drawn_kernel *)b)->k.gflops;
    return (x < y) - (x > y);
}

/* Colours the roofs do not use, in turn; all of them again past eight.
 * Those of the keyed points (a results file's kernels drawn alone) too,
 * where enough are left for one a kernel: two chains of one colour would
 * be harder to tell apart than a chain and a point of another marker. */
static int free_colors(const grc_roofline_inputs *in, const grc_chart *c, bool skip_keyed, int out[8])
{
    bool taken[9] = {false};
    int n = 0;
    for (size_t i = 0; i < in->device_count; i++)
        taken[i % 8 + 1] = true;
    for (size_t r = 0; r < in->results_count; r++)
        taken[(in->device_count + r) % 8 + 1] = true;
    for (size_t i = 0; skip_keyed && i < c->series_count; i++)
        if (c->series[i]->draw == GRC_DRAW_POINTS && c->series[i]->key[0] && c->series[i]->color >= 1 &&
            c->series[i]->color <= 8)
            taken[c->series[i]->color] = true;
    for (int color = 1; color <= 8; color++)
        if (!taken[color])
            out[n++] = color;
    return n;
}

static void give_colors(const grc_roofline_inputs *in, const grc_chart *c, drawn_kernel *k, size_t count)
{
    int colors[8], n = free_colors(in, c, true, colors);
    if ((size_t)n < count)
        n = free_colors(in, c, false, colors);
    for (size_t i = 0; i < count; i++)
        k[i].color = n ? colors[i % (size_t)n] : (int)(i % 8) + 1;
}

/* The legend: each level's marker, in black, at a point off the plot. */
static bool add_legend(const grc_roofline_inputs *in, grc_chart *c, const drawn_kernel *k, size_t count)
{
    static const char *const keys[GR_MEMORY_LEVELS] = {"DRAM", "L2", NULL};
    bool ncu = in->level_kernel_count > 0, results = count > in->level_kernel_count;
    const char *shared = ncu ? "L1 / shared memory" : "shared memory",
               *counted = results ? (ncu ? " (results: wavefronts x 128 B)" : " (wavefronts x 128 B)") : "";
    for (int l = 0; l < GR_MEMORY_LEVELS; l++) {
        bool used = false;
        for (size_t i = 0; i < count; i++)
            used = used || !isnan(k[i].k.intensity[l]);
        if (!used || !in->levels[l])
            continue;
        grc_series *s = keys[l] ? grc_chart_series(c, GRC_DRAW_POINTS, 7, keys[l])
                               : grc_chart_series_f(c, GRC_DRAW_POINTS, 7, "%s%s", shared, counted);
        if (!s || !grc_series_add(s, c->xmin / 1000, c->ymin / 1000, NULL))
            return false;
        s->marker = level_markers[l];
        if (l == GR_LEVEL_SHARED && results) /* what the key's "x 128 B" means */
            snprintf(c->note + strlen(c->note), sizeof c->note - strlen(c->note), "%s",
                     " Shared memory: at most 128 B a wavefront, so its intensity is a lower bound.");
    }
    return true;
}

/* A kernel: the line joining its points, drawn first so that the markers
 * lie on it, then one marker a level, and its label by the DRAM point (or
 * the innermost one counted); a results kernel's at either end of its
 * chain, left of it first, level with it where there is room: the
 * kernels of one program run close together, their markers crowd and
 * a label among them could be read as any chain's. */
static bool add_kernel_lines(const grc_roofline_inputs *in, grc_chart *c, const drawn_kernel *d)
{
    grc_series *line = grc_chart_series(c, GRC_DRAW_LINES, d->color, NULL);
    if (!line)
        return false;
    line->thin = true;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++)
        if (in->levels[l] && !isnan(d->k.intensity[l]) && !grc_series_add(line, d->k.intensity[l], d->k.gflops, NULL))
            return false;
    return true;
}

/* An SVG chart's tooltip of a kernel's point: its name, the level, its
 * intensity and rate, and the roof it is held against where known. */
static void point_tooltip(grc_series *s, const drawn_kernel *d, gr_level l)
{
    if (d->k.roof[l] && !isnan(d->k.roof_gflops[l]))
        grc_series_tooltip_f(s, "%.150s\n%s: %s FLOP/B, %s\nroof: %s %s", d->k.label, gr_level_name(l),
                            GR_NUM(d->k.intensity[l]), GRC_RATE(d->k.gflops), d->k.roof[l], GRC_RATE(d->k.roof_gflops[l]));
    else
        grc_series_tooltip_f(s, "%.150s\n%s: %s FLOP/B, %s", d->k.label, gr_level_name(l), GR_NUM(d->k.intensity[l]),
                            GRC_RATE(d->k.gflops));
}

static bool add_kernel_points(const grc_roofline_inputs *in, grc_chart *c, const drawn_kernel *d)
{
    int labelled = -1;
    double rightmost = 0;
    for (int l = 0; l < GR_MEMORY_LEVELS; l++) {
        if (!in->levels[l] || isnan(d->k.intensity[l]))
            continue;
        grc_series *s = grc_chart_series(c, GRC_DRAW_POINTS, d->color, NULL);
        if (!s || !grc_series_add(s, d->k.intensity[l], d->k.gflops, d->k.label))
            return false;
        point_tooltip(s, d, (gr_level)l);
        s->marker = level_markers[l];
        if (labelled < 0 || (d->from_results && d->k.intensity[l] < d->k.intensity[labelled]))
            labelled = l;
        rightmost = fmax(rightmost, d->k.intensity[l]);
    }
    if (labelled < 0)
        return true;
    grc_label *label =
        grc_chart_label_beside(c, GRC_PLACE_POINT, d->k.intensity[labelled], d->k.gflops, rightmost, d->k.label);
    if (label) {
        label->small = true;
        label->color = d->color;
        label->chain = d->from_results;
        label->number = d->from_results ? 0 : d->k.rank;
    }
    return label != NULL;
}

bool grc_levels_add_kernels(const grc_roofline_inputs *in, grc_chart *c)
{
    drawn_kernel *k;
    size_t count;
    if (!in->has_levels)
        return true;
    if (!collect(in, &k, &count))
        return false;
    char (*labels)[sizeof k->k.label] = malloc((count ? count : 1) * sizeof *labels);
    bool ok = labels != NULL;
    for (size_t i = 0; ok && i < count; i++)
        memcpy(labels[i], k[i].k.label, sizeof labels[i]);
    if (ok)
        grc_kernel_labels_unique(labels, count);
    for (size_t i = 0; ok && i < count; i++)
        memcpy(k[i].k.label, labels[i], sizeof labels[i]);
    qsort(k + in->level_kernel_count, count - in->level_kernel_count, sizeof *k, faster_first);
    give_colors(in, c, k, count);
    note_widths(in, c);
    ok = ok && add_legend(in, c, k, count);
    for (size_t i = 0; ok && i < count; i++)
        ok = add_kernel_lines(in, c, &k[i]);
    for (size_t i = 0; ok && i < count; i++)
        ok = add_kernel_points(in, c, &k[i]);
    free(labels);
    free(k);
    return ok;
}
