#include <math.h>
#include <stdlib.h>
#include "cli.h"
#include "gpuroof_chart.h"
#include "out_fields.h"
#include "output.h"
#include "plot_json.h"
#include "plot_latency.h"

/* A point the chart draws, and Little's law's figure for it. */
typedef struct {
    const grc_latency_inputs *in;
    const gr_result_latency_curve *point;
} point_shown;

static const out_field curve_fields[] = {
    OUT_LLONG_ROW(gr_result_latency_curve, load_bytes, "load_bytes"),
    OUT_LLONG_ROW(gr_result_latency_curve, loads_in_flight, "loads_in_flight"),
    OUT_LLONG_ROW(gr_result_latency_curve, warps_per_sm, "warps_per_sm"),
    OUT_REAL_ROW(gr_result_latency_curve, gbs, "gbs"),
    OUT_END,
};

static json_t *model_gbs(const void *record)
{
    const point_shown *s = record;
    const gr_result_latency_curve *p = s->point;
    return out_json_number(grc_latency_model_gbs(s->in, (double)p->load_bytes, (double)p->loads_in_flight,
                                                (double)p->warps_per_sm));
}

static const out_field point_fields[] = {
    OUT_SPLICE_PTR_ROW(point_shown, point, curve_fields),
    OUT_GET_ROW("model_gbs", model_gbs),
    OUT_END,
};

/* The chart of a results file: the file, and the figures it is drawn with. */
typedef struct {
    const gr_results *results;
    const grc_latency_inputs *in;
} latency_shown;

static json_t *points_json(const void *record)
{
    const latency_shown *shown = record;
    const gr_results *r = shown->results;
    json_t *points = json_array();
    for (size_t i = 0; i < r->latency_curve_count; i++) {
        point_shown point = {shown->in, &r->latency_curves[i]};
        if (r->latency_curves[i].verified)
            json_array_append_new(points, out_fields_json(point_fields, &point));
    }
    return points;
}

static const out_field results_fields[] = {
    OUT_TEXT_ROW(gr_results, path, "results"),
    OUT_TEXT_ROW(gr_results, device.name, "gpu"),
    OUT_END,
};

static json_t *sm_count(const void *record)
{
    return json_integer((json_int_t)((const grc_latency_inputs *)record)->sms);
}

static json_t *ceiling_source(const void *record)
{
    return json_string(((const grc_latency_inputs *)record)->ceiling_measured ? "dram_read_gbs" : "best point");
}

static const out_field inputs_fields[] = {
    OUT_GET_ROW("sm_count", sm_count),
    OUT_NUMBER_ROW(grc_latency_inputs, clock_mhz, "sm_clock_mhz"),
    OUT_REAL_ROW(grc_latency_inputs, dram_ns, "dram_ns"),
    OUT_REAL_ROW(grc_latency_inputs, ceiling_gbs, "ceiling_gbs"),
    OUT_GET_ROW("ceiling", ceiling_source),
    OUT_END,
};

static json_t *no_warnings(const void *record)
{
    (void)record;
    return json_array();
}

static const out_field latency_fields[] = {
    OUT_SPLICE_PTR_ROW(latency_shown, results, results_fields),
    OUT_SPLICE_PTR_ROW(latency_shown, in, inputs_fields),
    OUT_GET_ROW("points", points_json),
    OUT_GET_ROW("warnings", no_warnings),
    OUT_END,
};

static json_t *latency_json(const gr_results *r, const grc_latency_inputs *in)
{
    json_t *j = plot_json_chart("latency");
    latency_shown shown = {r, in};
    out_fields_add(j, latency_fields, &shown);
    return j;
}

bool plot_latency_chart(const char *path, grc_figure *fig, json_t **what, gr_error *err)
{
    gr_results r;
    grc_latency_inputs in;
    if (!gr_results_load(path, &r, err))
        return false;
    bool ok = grc_latency_inputs_of(&r, &in, err) &&
              grc_latency_chart(&r, &in, fig->width_in, fig->height_in, &fig->charts[0], err);
    if (ok && what)
        *what = latency_json(&r, &in);
    gr_results_free(&r);
    return ok;
}
