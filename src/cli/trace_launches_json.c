/* gpuroof trace --launches --json (trace_output.h): each launch from its
 * table (out_fields.h), printed one at a time as the run's launches
 * array, so that memory holds one launch's JSON, never the run's. */
#include <string.h>
#include "cli.h"
#include "out_fields.h"
#include "output.h"
#include "trace_output.h"

/* A launch shown: its record and its figures on the device. */
typedef struct {
    const gr_trace_kernel_launch *launch;
    gr_trace_launch_figures figures;
} launch_shown;

static const out_field launch_fields[] = {
    OUT_TEXT_ROW(gr_trace_kernel_launch, kernel, "kernel"),
    OUT_INT64_ROW(gr_trace_kernel_launch, start_ns, "start_ns"),
    OUT_INT64_ROW(gr_trace_kernel_launch, time_ns, "time_ns"),
    OUT_INT_ROW(gr_trace_kernel_launch, device, "device"),
    OUT_INT_ROW(gr_trace_kernel_launch, stream, "stream"),
    OUT_END,
};

static bool has_occupancy(const void *record)
{
    return ((const gr_trace_launch_figures *)record)->config.has_occupancy;
}

static const out_field occupancy_fields[] = {
    OUT_QUANTITY_ROW(gr_trace_launch_figures, config.occupancy.occupancy, "theoretical", .when = has_occupancy),
    OUT_QUANTITY_ROW(gr_trace_launch_figures, estimated_achieved, "estimated_achieved"),
    OUT_QUANTITY_ROW(gr_trace_launch_figures, kineto_achieved, "kineto_estimated_achieved"),
    OUT_END,
};

static const out_field shown_fields[] = {
    OUT_SPLICE_PTR_ROW(launch_shown, launch, launch_fields),
    OUT_SPLICE_ROW(launch_shown, figures.config, trace_config_shape_fields),
    OUT_OBJECT_ROW(launch_shown, figures, "occupancy", occupancy_fields),
    OUT_MEMBER_ROW(launch_shown, figures.config, "limited_by", trace_limited_by),
    OUT_OBJECT_ROW(launch_shown, figures.limits, "limits", trace_limits_fields),
    OUT_END,
};

typedef struct {
    const gr_trace_run *run;
    size_t next;
} launch_cursor;

static bool next_launch(void *state, json_t **item)
{
    launch_cursor *c = state;
    const gr_trace_launch_bin *kept = c->run->launches.kept;
    if (c->next == kept->count)
        return false;
    launch_shown s = {.launch = &kept->items[c->next++]};
    gr_trace_launch_figures_of(&c->run->kernels, s.launch, c->run->has_device ? c->run->device.launch_floor_ns : 0,
                               &s.figures);
    *item = out_fields_json(shown_fields, &s);
    return true;
}

int trace_put_json(const trace_options *o, const gr_trace_run *run, json_t **dest)
{
    if (!o->launches)
        return cli_put_json(trace_json(o, run), dest);
    launch_cursor launches = {run, 0};
    return cli_put_json_streamed(trace_json(o, run), "launches", next_launch, &launches, dest);
}
