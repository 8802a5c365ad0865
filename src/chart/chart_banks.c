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

/* One series per kernel name: the launches of one kernel share a colour. */
static gr_series *series_for(gr_chart *c, const char *kernel, int *colors)
{
    for (size_t i = 0; i < c->series_count; i++)
        if (strncmp(c->series[i]->key, kernel, strlen(kernel)) == 0 && c->series[i]->key[strlen(kernel)] == ' ')
            return c->series[i];
    char key[128];
    snprintf(key, sizeof key, "%s (measured)", kernel);
    gr_series *s = gr_chart_series(c, GR_DRAW_POINTS, *colors % 8 + 1, key);
    if (s)
        s->marker = 4 + 2 * (*colors)++ % 12;
    return s;
}

double gr_banks_wavefronts(const gr_result_bank *b)
{
    double ways = !isnan(b->measured_load) ? b->measured_load + b->measured_store
                                           : b->predicted_load + b->predicted_store;
    return b->ns_per_rep > 0 && ways > 0 ? ways : NAN;
}

/* The axes: each a little wider than the figures it shows, so that the
 * markers set aside (below) stay inside. */
static bool set_axes(const gr_results *r, gr_chart *c)
{
    double slowest = 0, fastest = INFINITY, most = 0, fewest = INFINITY;
    for (size_t i = 0; i < r->bank_count; i++) {
        double ways = gr_banks_wavefronts(&r->banks[i]);
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
static double set_aside(const gr_chart *c, double ways, double ns, double (*placed)[2], size_t count)
{
    double x = gr_page_x(c, ways), y = gr_page_y(c, ns), inches_per_decade = c->plot_width_in / log10(c->xmax / c->xmin);
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

static bool add_checks(const gr_results *r, gr_chart *c)
{
    int colors = 0;
    size_t count = 0;
    double (*placed)[2] = malloc((r->bank_count ? r->bank_count : 1) * sizeof *placed);
    bool ok = placed != NULL;
    for (size_t i = 0; ok && i < r->bank_count; i++) {
        const gr_result_bank *b = &r->banks[i];
        double ways = gr_banks_wavefronts(b);
        if (isnan(ways))
            continue;
        char label[96];
        snprintf(label, sizeof label, "%dx%d pad %lld", b->block.x, b->block.y, b->pad);
        gr_series *s = series_for(c, b->kernel, &colors);
        ok = s && gr_series_add(s, set_aside(c, ways, b->ns_per_rep, placed, count++), b->ns_per_rep, label);
    }
    free(placed);
    return ok;
}

bool gr_banks_chart(const gr_results *r, double width_in, double height_in, gr_chart *c, gr_error *err)
{
    gr_chart_init(c);
    snprintf(c->title, sizeof c->title, "Shared-memory bank conflicts on %.127s", r->device.name);
    snprintf(c->xlabel, sizeof c->xlabel, "store + load wavefronts per request (Nsight Compute; 2: none)");
    snprintf(c->ylabel, sizeof c->ylabel, "time per store and load (ns)");
    snprintf(c->note, sizeof c->note, "Each point: one layout kernel, tile and padding, its store and load repeated in "
                                      "the kernel; markers of one count and time are set side by side. Made by gpuroof.");
    c->log_x = c->log_y = true;
    c->key_bottom_right = true;
    if (!set_axes(r, c))
        return gr_error_set(err, "%s has no timed bank checks (gpuroof measure records them)", r->path);
    gr_plot_area area = gr_figure_plot_area(0, 1);
    gr_chart_set_plot_size(c, &area, width_in, height_in);
    if (!add_checks(r, c)) {
        gr_chart_free(c);
        return gr_error_set(err, "out of memory");
    }
    return true;
}
