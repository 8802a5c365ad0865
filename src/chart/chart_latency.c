#include <math.h>
#include <stdio.h>
#include <string.h>
#include "chart_latency.h"
#include "chart_layout.h"
#include "gpuroof_roofline.h"

/* A curve's colour is its bytes in flight a thread (load bytes x loads in
 * flight: 4 to 64 B), for curves of equal bytes in flight lie on one
 * Little's-law line; its marker is its load size. */
#define MODEL_STEPS 96

static int bytes_color(long long bytes_in_flight)
{
    int c = 1;
    while (bytes_in_flight > 4 && c < 8)
        bytes_in_flight /= 2, c++;
    return c;
}

static int size_marker(long long load_bytes)
{
    return load_bytes == 4 ? 7 : load_bytes == 8 ? 5 : 9; /* a disc, a square, a triangle */
}

bool grc_latency_inputs_of(const gr_results *r, grc_latency_inputs *in, gr_error *err)
{
    *in = (grc_latency_inputs){.dram_ns = r->latency.dram_ns, .sms = (double)r->device.sm_count};
    if (isnan(in->dram_ns))
        return gr_error_set(err, "%s has no latency.dram_ns: gpuroof measure --only latency records it", r->path);
    if (r->device.sm_count < 1)
        return gr_error_set(err, "%s has no device.sm_count: the Little's-law curves need it", r->path);
    double best = 0;
    for (size_t i = 0; i < r->latency_curve_count; i++)
        if (r->latency_curves[i].verified) {
            best = fmax(best, r->latency_curves[i].gbs);
            if (r->latency_curves[i].warps_per_sm > in->max_warps)
                in->max_warps = (int)fmin((double)r->latency_curves[i].warps_per_sm, 1e6);
        }
    if (in->max_warps < 1 || !(best > 0))
        return gr_error_set(err, "%s has no verified latency_curves: gpuroof measure --only latency records them",
                            r->path);
    /* a chart of loads: its ceiling is the read kernel's, not the DRAM
     * roof (gr_results_best_bandwidth), which a write or copy may set */
    in->ceiling_measured = !isnan(r->ceilings.dram_read_gbs);
    in->ceiling_gbs = in->ceiling_measured ? r->ceilings.dram_read_gbs : best;
    in->clock_mhz = !isnan(r->latency.sm_clock_mhz) ? r->latency.sm_clock_mhz
                    : r->device.sm_clock_mhz > 0    ? (double)r->device.sm_clock_mhz
                                                    : NAN;
    return true;
}

double grc_latency_model_gbs(const grc_latency_inputs *in, double load_bytes, double loads_in_flight, double warps)
{
    gr_littles_law law = {warps, in->sms, 32 * load_bytes, loads_in_flight, in->dram_ns};
    return fmin(in->ceiling_gbs, gr_littles_bandwidth_gbs(&law));
}

/* The measured points of one (load bytes, loads in flight), verified only. */
static bool add_measured(const gr_results *r, long long bytes, long long loads, grc_chart *c, double *lowest)
{
    grc_series *s =
        grc_chart_series_f(c, GRC_DRAW_POINTS, bytes_color(bytes * loads), "%lld B x %lld in flight, measured", bytes, loads);
    if (!s)
        return false;
    s->marker = size_marker(bytes);
    for (size_t i = 0; i < r->latency_curve_count; i++) {
        const gr_result_latency_curve *p = &r->latency_curves[i];
        if (p->verified && p->load_bytes == bytes && p->loads_in_flight == loads && p->gbs > 0) {
            if (!grc_series_add(s, (double)p->warps_per_sm, p->gbs, ""))
                return false;
            *lowest = fmin(*lowest, p->gbs);
        }
    }
    return true;
}

/* Little's law for bytes_in_flight bytes a thread (as 4-byte loads: only
 * the product counts), from one warp to the most measured. */
static bool add_model(const grc_latency_inputs *in, long long bytes_in_flight, grc_chart *c, double *lowest)
{
    grc_series *s = grc_chart_series_f(c, GRC_DRAW_LINES, bytes_color(bytes_in_flight),
                                     "Little's law, %lld B in flight a thread", bytes_in_flight);
    if (!s)
        return false;
    s->dashed = true;
    s->thin = true;
    for (int i = 0; i <= MODEL_STEPS; i++) {
        double warps = pow(in->max_warps, (double)i / MODEL_STEPS);
        double gbs = grc_latency_model_gbs(in, 4, (double)bytes_in_flight / 4, warps);
        if (!grc_series_add(s, warps, gbs, ""))
            return false;
        *lowest = fmin(*lowest, gbs);
    }
    return true;
}

static bool add_ceiling(const grc_latency_inputs *in, grc_chart *c)
{
    grc_series *s = grc_chart_series_f(c, GRC_DRAW_LINES, 8,
                                     in->ceiling_measured ? "DRAM read ceiling, measured: %.0f GB/s"
                                                          : "DRAM ceiling: the best point measured, %.0f GB/s",
                                     in->ceiling_gbs);
    return s && grc_series_add(s, c->xmin, in->ceiling_gbs, "") && grc_series_add(s, c->xmax, in->ceiling_gbs, "");
}

static bool add_series(const gr_results *r, const grc_latency_inputs *in, grc_chart *c)
{
    static const long long sizes[] = {4, 8, 16}, loads[] = {1, 2, 4}, in_flight[] = {4, 8, 16, 32, 64};
    double lowest = INFINITY;
    for (size_t b = 0; b < 3; b++)
        for (size_t k = 0; k < 3; k++)
            if (!add_measured(r, sizes[b], loads[k], c, &lowest))
                return false;
    for (size_t i = 0; i < 5; i++)
        if (!add_model(in, in_flight[i], c, &lowest))
            return false;
    c->ymin = lowest / 1.6;
    return add_ceiling(in, c);
}

static void set_title(const gr_results *r, const grc_latency_inputs *in, grc_chart *c)
{
    if (isnan(in->clock_mhz))
        snprintf(c->title, sizeof c->title, "Latency roofs: DRAM read against resident warps, %.150s", r->device.name);
    else
        snprintf(c->title, sizeof c->title, "Latency roofs: DRAM read against resident warps, %.120s at %.0f MHz",
                 r->device.name, in->clock_mhz);
}

bool grc_latency_chart(const gr_results *r, const grc_latency_inputs *in, double width_in, double height_in,
                      grc_chart *c, gr_error *err)
{
    grc_chart_init(c);
    set_title(r, in, c);
    snprintf(c->xlabel, sizeof c->xlabel, "resident warps an SM (of %.0f SMs)", in->sms);
    snprintf(c->ylabel, sizeof c->ylabel, "DRAM read bandwidth (GB/s)");
    snprintf(c->note, sizeof c->note,
             "Markers: measured, every word read checked. Dashed: min(ceiling, warps x SMs x 32 threads x bytes in "
             "flight a thread / %.0f ns, the DRAM latency measured). Made by gpuroof.",
             in->dram_ns);
    c->log_x = c->log_y = true;
    c->key_bottom_right = true;
    c->xmin = 0.8;
    c->xmax = in->max_warps * 1.25;
    c->ymax = in->ceiling_gbs * 2.5;
    grc_plot_area area = grc_figure_plot_area(0, 1, grc_note_lines(c->note, width_in, NULL, NULL, 0), height_in);
    grc_chart_set_plot_size(c, &area, width_in, height_in);
    if (!add_series(r, in, c)) {
        grc_chart_free(c);
        return gr_error_set(err, "out of memory");
    }
    return true;
}
