#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "chart_banks.h"
#include "chart_layout.h"

/* How much wider than its figures each axis is (a third: room for the
 * markers set aside), and how far apart markers are set (a marker is
 * 0.075 in wide: neighbours overlap by little). */
#define MARGIN 1.35
#define SPREAD_IN 0.07

/* Whether a check's wavefronts are Nsight Compute's count (else gpuroof's
 * prediction, where the file has no count): the chart names each as what
 * it is, in its key and by its marker (filled: counted; open: predicted). */
bool grc_banks_counted(const gr_result_bank *b)
{
    return !isnan(b->measured_load);
}

/* One series per kernel name and source of its wavefronts: the launches of
 * one kernel share a colour, counted ones a filled marker, predicted ones
 * the same shape open. */
/* Whether key is "KERNEL: SOURCE", the kernel's name cut as the key cuts it. */
static bool is_key(const char *key, const char *kernel, const char *source)
{
    size_t n = strlen(kernel);
    n = n > 100 ? 100 : n;
    return strncmp(key, kernel, n) == 0 && strncmp(key + n, ": ", 2) == 0 && strcmp(key + n + 2, source) == 0;
}

static grc_series *series_for(grc_chart *c, const char *kernel, bool counted, int *colors)
{
    const char *source = counted ? "Nsight Compute's count" : "gpuroof's prediction";
    for (size_t i = 0; i < c->series_count; i++)
        if (is_key(c->series[i]->key, kernel, source))
            return c->series[i];
    int color = *colors, marker = 4 + 2 * color % 12;
    for (size_t i = 0; i < c->series_count; i++) /* the kernel's other source: its colour and shape */
        if (strncmp(c->series[i]->key, kernel, strlen(kernel)) == 0 && c->series[i]->key[strlen(kernel)] == ':') {
            color = c->series[i]->color - 1;
            marker = c->series[i]->marker & ~1;
        }
    grc_series *s = grc_chart_series_f(c, GRC_DRAW_POINTS, color % 8 + 1, "%.100s: %s", kernel, source);
    if (s)
        s->marker = counted ? marker + 1 : marker;
    if (color == *colors)
        (*colors)++;
    return s;
}

double grc_banks_wavefronts(const gr_result_bank *b)
{
    double ways = grc_banks_counted(b) ? b->measured_load + b->measured_store : b->predicted_load + b->predicted_store;
    return b->ns_per_rep > 0 && ways > 0 ? ways : NAN;
}

/* The axes: each a little wider than the figures it shows, so that the
 * markers set aside (below) stay inside. */
static bool set_axes(const gr_results *r, grc_chart *c)
{
    double slowest = 0, fastest = INFINITY, most = 0, fewest = INFINITY;
    for (size_t i = 0; i < r->bank_count; i++) {
        double ways = grc_banks_wavefronts(&r->banks[i]);
        if (isnan(ways))
            continue;
        slowest = fmax(slowest, r->banks[i].ns_per_rep);
        fastest = fmin(fastest, r->banks[i].ns_per_rep);
        most = fmax(most, ways);
        fewest = fmin(fewest, ways);
    }
    c->xmin = fewest / MARGIN;
    c->xmax = most * MARGIN;
    c->ymin = fastest / MARGIN;
    c->ymax = slowest * MARGIN;
    return slowest > 0;
}

/* Where a check's marker goes: at its wavefronts, or beside them, the
 * nearest slot (0, +1, -1, +2, ...) clear of the markers set before, whose
 * page positions are placed[]. */
static double set_aside(const grc_chart *c, double ways, double ns, double (*placed)[2], size_t count)
{
    double x = grc_page_x(c, ways), y = grc_page_y(c, ns), inches_per_decade = c->plot_width_in / log10(c->xmax / c->xmin);
    for (int k = 0;; k = k > 0 ? -k : 1 - k) {
        bool clear = true;
        for (size_t i = 0; clear && i < count; i++)
            clear = fabs(x + k * SPREAD_IN - placed[i][0]) > SPREAD_IN - 1e-9 || fabs(y - placed[i][1]) > SPREAD_IN - 1e-9;
        if (clear) {
            placed[count][0] = x + k * SPREAD_IN;
            placed[count][1] = y;
            return ways * pow(10, k * SPREAD_IN / inches_per_decade);
        }
    }
}

static bool add_checks(const gr_results *r, grc_chart *c)
{
    int colors = 0;
    size_t count = 0;
    double (*placed)[2] = malloc((r->bank_count ? r->bank_count : 1) * sizeof *placed);
    bool ok = placed != NULL;
    for (size_t i = 0; ok && i < r->bank_count; i++) {
        const gr_result_bank *b = &r->banks[i];
        double ways = grc_banks_wavefronts(b);
        if (isnan(ways))
            continue;
        grc_series *s = series_for(c, b->kernel, grc_banks_counted(b), &colors);
        ok = s && grc_series_add_f(s, set_aside(c, ways, b->ns_per_rep, placed, count++), b->ns_per_rep, "%dx%d pad %lld",
                                  b->block.x, b->block.y, b->pad);
    }
    free(placed);
    return ok;
}

bool grc_banks_chart(const gr_results *r, double width_in, double height_in, grc_chart *c, gr_error *err)
{
    grc_chart_init(c);
    snprintf(c->title, sizeof c->title, "Shared-memory bank conflicts on %.127s", r->device.name);
    snprintf(c->xlabel, sizeof c->xlabel, "store + load wavefronts per request (2: none)");
    snprintf(c->ylabel, sizeof c->ylabel, "time per store and load (ns)");
    snprintf(c->note, sizeof c->note, "One point a layout kernel, tile and padding, timed by gpuroof measure; wavefronts "
                                      "filled: Nsight Compute's count, open: gpuroof's prediction; markers at one place "
                                      "set side by side. Made by gpuroof.");
    c->log_x = c->log_y = true;
    c->key_bottom_right = true;
    if (!set_axes(r, c))
        return gr_error_set(err, "%s has no timed bank checks (gpuroof measure records them)", r->path);
    grc_plot_area area = grc_figure_plot_area(0, 1, grc_note_lines(c->note, width_in, NULL, NULL, 0), height_in);
    grc_chart_set_plot_size(c, &area, width_in, height_in);
    if (!add_checks(r, c)) {
        grc_chart_free(c);
        return gr_error_set(err, "out of memory");
    }
    return true;
}
