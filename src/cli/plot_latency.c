#include <math.h>
#include <stdlib.h>
#include "cli.h"
#include "gpuroof_chart.h"
#include "output.h"
#include "plot_latency.h"

/* Each point the chart draws, and Little's law's figure for it. */
static json_t *points_json(const gr_results *r, const gr_latency_inputs *in)
{
    json_t *points = json_array();
    for (size_t i = 0; i < r->latency_curve_count; i++) {
        const gr_result_latency_curve *p = &r->latency_curves[i];
        if (!p->verified)
            continue;
        json_t *point = json_object();
        json_object_set_new(point, "load_bytes", json_integer(p->load_bytes));
        json_object_set_new(point, "loads_in_flight", json_integer(p->loads_in_flight));
        json_object_set_new(point, "warps_per_sm", json_integer(p->warps_per_sm));
        json_object_set_new(point, "gbs", json_real(p->gbs));
        json_object_set_new(point, "model_gbs", out_json_number(gr_latency_model_gbs(
                                                    in, (double)p->load_bytes, (double)p->loads_in_flight,
                                                    (double)p->warps_per_sm)));
        json_array_append_new(points, point);
    }
    return points;
}

static json_t *latency_json(const gr_results *r, const gr_latency_inputs *in)
{
    json_t *j = json_object();
    json_object_set_new(j, "chart", json_string("latency"));
    json_object_set_new(j, "chart_file", json_null());
    json_object_set_new(j, "script_file", json_null());
    json_object_set_new(j, "results", cli_json_text(r->path));
    json_object_set_new(j, "gpu", cli_json_text(r->device.name));
    json_object_set_new(j, "sm_count", json_integer((json_int_t)in->sms));
    json_object_set_new(j, "sm_clock_mhz", out_json_number(in->clock_mhz));
    json_object_set_new(j, "dram_ns", json_real(in->dram_ns));
    json_object_set_new(j, "ceiling_gbs", json_real(in->ceiling_gbs));
    json_object_set_new(j, "ceiling", json_string(in->ceiling_measured ? "dram_read_gbs" : "best point"));
    json_object_set_new(j, "points", points_json(r, in));
    json_object_set_new(j, "warnings", json_array());
    return j;
}

bool plot_latency_chart(const char *path, gr_figure *fig, json_t **what, gr_error *err)
{
    gr_results r;
    gr_latency_inputs in;
    if (!gr_results_load(path, &r, err))
        return false;
    bool ok = gr_latency_inputs_of(&r, &in, err) &&
              gr_latency_chart(&r, &in, fig->width_in, fig->height_in, &fig->charts[0], err);
    if (ok && what)
        *what = latency_json(&r, &in);
    gr_results_free(&r);
    return ok;
}
