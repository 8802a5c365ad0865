#include <math.h>
#include <stdio.h>
#include <string.h>
#include "chart_banks.h"

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

bool gr_banks_chart(const gr_results *r, gr_chart *c, gr_error *err)
{
    int colors = 0;
    double slowest = 0, fastest = INFINITY;
    gr_chart_init(c);
    snprintf(c->title, sizeof c->title, "Shared-memory bank conflicts on %.127s", r->device.name);
    snprintf(c->xlabel, sizeof c->xlabel, "store + load wavefronts per request (Nsight Compute; 2: none)");
    snprintf(c->ylabel, sizeof c->ylabel, "time per store and load (ns)");
    snprintf(c->note, sizeof c->note, "Each point: one layout kernel, tile and padding, its store and load repeated in "
                                      "the kernel. Made by gpuroof.");
    c->log_x = c->log_y = true;
    for (size_t i = 0; i < r->bank_count; i++) {
        const gr_result_bank *b = &r->banks[i];
        double ways = gr_banks_wavefronts(b);
        if (isnan(ways))
            continue;
        char label[96];
        snprintf(label, sizeof label, "%dx%d pad %lld", b->block.x, b->block.y, b->pad);
        gr_series *s = series_for(c, b->kernel, &colors);
        if (!s || !gr_series_add(s, ways, b->ns_per_rep, label)) {
            gr_chart_free(c);
            return gr_error_set(err, "out of memory");
        }
        slowest = fmax(slowest, b->ns_per_rep);
        fastest = fmin(fastest, b->ns_per_rep);
    }
    if (c->series_count == 0)
        return gr_error_set(err, "%s has no timed bank checks (gpuroof measure records them)", r->path);
    c->xmin = 1;
    c->xmax = 100;
    c->ymin = pow(10, floor(log10(fastest / 1.5)));
    c->ymax = pow(10, ceil(log10(slowest * 1.5)));
    c->key_bottom_right = true;
    return true;
}
