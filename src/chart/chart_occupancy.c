#include <stdio.h>
#include <string.h>
#include "chart_layout.h"
#include "chart_occupancy.h"
#include "gpuroof_text.h"
#include "gpuroof_occupancy.h"

static const struct {
    const char *title, *xlabel;
    double x_scale; /* shared memory in KiB */
} axes[] = {
    {"threads per block", "threads per block", 1},
    {"registers per thread", "registers per thread", 1},
    {"shared memory per block", "shared memory per block (KiB)", 1.0 / 1024},
};

static double axis_value(const gr_launch *l, gr_sweep_axis axis)
{
    return axis == GR_SWEEP_THREADS ? l->threads_per_block
           : axis == GR_SWEEP_REGS  ? l->regs_per_thread
                                    : (double)l->smem_per_block_bytes;
}

static bool add_panel(grc_chart *c, const gr_sm_limits *lim, const gr_launch *l, const gr_occupancy *now,
                      gr_sweep_axis axis, gr_error *err)
{
    gr_sweep sweep;
    grc_chart_init(c);
    if (!gr_occupancy_sweep(lim, l, axis, &sweep, err))
        return false;
    snprintf(c->title, sizeof c->title, "%s", axes[axis].title);
    snprintf(c->xlabel, sizeof c->xlabel, "%s", axes[axis].xlabel);
    snprintf(c->ylabel, sizeof c->ylabel, "%s", axis == GR_SWEEP_THREADS ? "occupancy" : "");
    c->y_percent = true;
    c->ymin = 0;
    c->ymax = 1.1;
    c->xmin = 0;
    c->xmax = (double)sweep.points[sweep.count - 1].x * axes[axis].x_scale;
    grc_series *curve = grc_chart_series(c, GRC_DRAW_STEPS, 1, "");
    grc_series *mark = grc_chart_series(c, GRC_DRAW_POINTS, 2, "");
    bool ok = curve && mark;
    for (size_t i = 0; ok && i < sweep.count; i++)
        ok = grc_series_add(curve, (double)sweep.points[i].x * axes[axis].x_scale,
                           sweep.points[i].valid ? sweep.points[i].occ.occupancy : 0, NULL);
    gr_sweep_free(&sweep);
    static const char *const units[] = {" threads", " registers", " KiB"};
    double x = axis_value(l, axis);
    grc_label *label = NULL;
    ok = ok &&
         grc_series_add_f(mark, x * axes[axis].x_scale, now->occupancy, "%s%s: %s%%", GR_NUM(x * axes[axis].x_scale),
                         units[axis], GR_NUM(100 * now->occupancy)) &&
         (label = grc_chart_label_beside(c, GRC_PLACE_POINT, x * axes[axis].x_scale, now->occupancy, 0,
                                        mark->points[mark->count - 1].label));
    if (!ok)
        return gr_error_set(err, "out of memory");
    mark->marker = 7;
    label->small = true;
    return true;
}

bool grc_occupancy_figure(const gr_sm_limits *lim, const gr_launch *launch, const char *device_title,
                         grc_figure *out, gr_error *err)
{
    gr_occupancy now;
    memset(out, 0, sizeof *out);
    if (!gr_occupancy_compute(lim, launch, &now, err))
        return false;
    snprintf(out->title, sizeof out->title,
             "Occupancy on %s: %d threads, %d registers, %s KiB of shared memory per block: %d blocks, %s%%",
             device_title, launch->threads_per_block, launch->regs_per_thread,
             GR_NUM((double)launch->smem_per_block_bytes / 1024), now.blocks_per_sm, GR_NUM(100 * now.occupancy));
    out->width_in = 11; /* three panels side by side */
    out->height_in = 3.6;
    for (int axis = 0; axis < 3; axis++, out->chart_count++)
        if (!add_panel(&out->charts[axis], lim, launch, &now, (gr_sweep_axis)axis, err)) {
            grc_figure_free(out);
            return false;
        }
    snprintf(out->charts[0].note, sizeof out->charts[0].note,
             "Each panel varies one resource, the others as given; the point is the configuration. Made by gpuroof.");
    for (size_t i = 0; i < out->chart_count; i++) {
        grc_plot_area area = grc_figure_plot_area(i, out->chart_count, grc_note_lines(out->charts[i].note, out->width_in, NULL, NULL, 0), out->height_in);
        grc_chart_set_plot_size(&out->charts[i], &area, out->width_in, out->height_in);
        grc_chart_place_labels(&out->charts[i]);
    }
    return true;
}
