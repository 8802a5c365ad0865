#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "gpuroof_chart.h"
#include "out_fields.h"
#include "output.h"
#include "plot_json.h"

/* The chart kinds' objects, one table each (out_fields.h): what was
 * drawn, in the keys' order of plot_json.h. */
typedef struct {
    const char *chart, *chart_file, *script_file;
} chart_files;

static const out_field chart_fields[] = {
    OUT_STRING_ROW(chart_files, chart, "chart"),
    OUT_TEXT_ROW(chart_files, chart_file, "chart_file"),
    OUT_TEXT_ROW(chart_files, script_file, "script_file"),
    OUT_END,
};

json_t *plot_json_chart(const char *kind)
{
    chart_files files = {kind, NULL, NULL};
    return out_fields_json(chart_fields, &files);
}

void plot_json_files(json_t *what, const char *chart_file, const char *script_file)
{
    chart_files files = {NULL, chart_file, script_file};
    out_fields_add(what, chart_fields + 1, &files);
}

/* Ceilings by precision, in the order the figures hold them. */
static int ceiling_count(const void *record)
{
    return (int)((const grc_roofline_ceilings *)record)->count;
}

static const char *ceiling_precision(const void *record, int k)
{
    return ((const grc_roofline_ceilings *)record)->items[k].precision;
}

static json_t *ceiling_gflops(const void *record, int k)
{
    return json_real(((const grc_roofline_ceilings *)record)->items[k].gflops);
}

static const out_field ceilings_row =
    {.kind = OUT_KEYED, .count_of = ceiling_count, .key_of = ceiling_precision, .value_of = ceiling_gflops};

/* --levels: each level drawn and its bandwidth (null where unknown). */
typedef struct {
    const grc_roofline_inputs *in;
    const double *gbs; /* one a level */
} level_values;

static const char *level_key(const void *record, int l)
{
    (void)record;
    return gr_level_key((gr_level)l);
}

static json_t *level_value(const void *record, int l)
{
    const level_values *v = record;
    return v->in->levels[l] ? out_json_number(v->gbs[l]) : NULL;
}

static const out_field level_roofs_row = OUT_KEYED_ROW(NULL, GR_LEVEL_SHARED + 1, level_key, level_value);

static json_t *level_roofs_json(const grc_roofline_inputs *in, const double gbs[GR_MEMORY_LEVELS])
{
    level_values v = {in, gbs};
    return out_fields_value(&level_roofs_row, &v);
}

typedef struct {
    const grc_roofline_inputs *in;
    const gr_profile *profile;
    const grc_roofline_device_figures *figures;
} device_shown;

static const out_field profile_fields[] = {
    OUT_CHARS_TEXT_ROW(gr_profile, name, "name"),
    OUT_CHARS_TEXT_ROW(gr_profile, full_name, "full_name"),
    OUT_END,
};

static json_t *device_ceilings(const void *record)
{
    return out_fields_value(&ceilings_row, &((const grc_roofline_device_figures *)record)->ceilings);
}

static const out_field device_figure_fields[] = {
    OUT_REAL_ROW(grc_roofline_device_figures, dram_gbs, "bandwidth_gbs"),
    OUT_NUMBER_ROW(grc_roofline_device_figures, ridge_flop_per_byte, "ridge"),
    OUT_GET_ROW("ceilings_gflops", device_ceilings),
    OUT_END,
};

static bool device_has_levels(const void *record)
{
    return ((const device_shown *)record)->in->has_levels;
}

static json_t *device_level_roofs(const void *record)
{
    const device_shown *d = record;
    return level_roofs_json(d->in, d->figures->level_bandwidth_gbs);
}

static const out_field device_fields[] = {
    OUT_SPLICE_PTR_ROW(device_shown, profile, profile_fields),
    OUT_SPLICE_PTR_ROW(device_shown, figures, device_figure_fields),
    OUT_GET_ROW("level_bandwidths_gbs", device_level_roofs, .when = device_has_levels, .omit = true),
    OUT_END,
};

static json_t *devices_json(const grc_roofline_inputs *in, const grc_roofline_figures *f)
{
    json_t *list = json_array();
    for (size_t i = 0; i < in->device_count; i++) {
        device_shown d = {in, in->devices[i], &f->devices[i]};
        json_array_append_new(list, out_fields_json(device_fields, &d));
    }
    return list;
}

/* Where a model sits on a device's roof: gpuroof bound's figure, and the
 * level whose roof gives it. */
typedef struct {
    const char *device;
    const gr_work_place *place;
} model_roof;

static json_t *binding_level(const void *record)
{
    return json_string(gr_level_key(((const gr_work_place *)record)->binding));
}

static json_t *drawn_at(const void *record)
{
    return json_string(gr_level_key(((const gr_work_place *)record)->drawn_at));
}

static const out_field place_fields[] = {
    OUT_NUMBER_ROW(gr_work_place, gflops, "gflops"),
    OUT_GET_ROW("binding_level", binding_level),
    OUT_GET_ROW("drawn_at", drawn_at),
    OUT_REAL_ROW(gr_work_place, intensity, "intensity"),
    OUT_END,
};

static const out_field model_roof_fields[] = {
    OUT_TEXT_ROW(model_roof, device, "device"),
    OUT_SPLICE_PTR_ROW(model_roof, place, place_fields),
    OUT_END,
};

static const out_field point_fields[] = {
    OUT_CHARS_TEXT_ROW(grc_chart_point, label, "label"),
    OUT_REAL_ROW(grc_chart_point, intensity, "intensity"),
    OUT_REAL_ROW(grc_chart_point, gflops, "gflops"),
    OUT_END,
};

/* Each model, and where it sits on each device's roof. */
typedef struct {
    const grc_roofline_inputs *in;
    const grc_roofline_figures *figures;
    size_t index;
    const grc_chart_point *model;
} model_shown;

static const out_field model_point_fields[] = {
    OUT_CHARS_TEXT_ROW(grc_chart_point, label, "label"),
    OUT_REAL_ROW(grc_chart_point, intensity, "intensity"),
    OUT_END,
};

static json_t *model_roofs(const void *record)
{
    const model_shown *m = record;
    json_t *roofs = json_array();
    for (size_t i = 0; i < m->in->device_count; i++) {
        model_roof roof = {m->in->devices[i]->name, &m->figures->devices[i].models[m->index]};
        json_array_append_new(roofs, out_fields_json(model_roof_fields, &roof));
    }
    return roofs;
}

static const out_field model_fields[] = {
    OUT_SPLICE_PTR_ROW(model_shown, model, model_point_fields),
    OUT_GET_ROW("roofs", model_roofs),
    OUT_END,
};

static json_t *models_json(const grc_roofline_inputs *in, const grc_roofline_figures *f)
{
    json_t *list = json_array();
    for (size_t m = 0; m < in->model_count; m++) {
        model_shown shown = {in, f, m, &in->models[m]};
        json_array_append_new(list, out_fields_json(model_fields, &shown));
    }
    return list;
}

static json_t *points_json(const grc_roofline_inputs *in)
{
    json_t *list = json_array();
    for (size_t i = 0; i < in->point_count; i++)
        json_array_append_new(list, out_fields_json(point_fields, &in->points[i]));
    return list;
}

/* A verified kernel drawn, and the figures it is drawn with. */
typedef struct {
    const grc_roofline_inputs *in;
    const gr_result_kernel *kernel;
    const grc_roofline_kernel_figures *figures;
} kernel_shown;

static const out_field result_kernel_fields[] = {
    OUT_TEXT_ROW(gr_result_kernel, name, "name"),
    OUT_TEXT_ROW(gr_result_kernel, params, "params"),
    OUT_NUMBER_ROW(gr_result_kernel, intensity, "intensity"),
    OUT_NUMBER_ROW(gr_result_kernel, gflops, "gflops"),
    OUT_END,
};

static bool has_level_intensity(const void *record)
{
    return ((const kernel_shown *)record)->figures->has_level_intensity;
}

static json_t *kernel_level_intensity(const void *record)
{
    const kernel_shown *k = record;
    return level_roofs_json(k->in, k->figures->level_intensity);
}

static const out_field kernel_fields[] = {
    OUT_SPLICE_PTR_ROW(kernel_shown, kernel, result_kernel_fields),
    OUT_GET_ROW("level_intensity", kernel_level_intensity, .when = has_level_intensity, .omit = true),
    OUT_END,
};

/* The kernels drawn: the verified ones. */
static json_t *kernels_json(const grc_roofline_inputs *in, const gr_results *r, const grc_roofline_results_figures *f)
{
    json_t *list = json_array();
    for (size_t i = 0; i < r->kernel_count; i++) {
        kernel_shown k = {in, &r->kernels[i], &f->kernels[i]};
        if (r->kernels[i].verified)
            json_array_append_new(list, out_fields_json(kernel_fields, &k));
    }
    return list;
}

static const out_field sweep_fields[] = {
    OUT_NUMBER_ROW(gr_result_point, intensity, "intensity"),
    OUT_NUMBER_ROW(gr_result_point, gflops, "gflops"),
    OUT_END,
};

/* A results file drawn, against the device of the chart it is drawn on. */
typedef struct {
    const grc_roofline_inputs *in;
    const gr_results *results;
    const char *device;
    const grc_roofline_results_figures *figures;
} results_shown;

static json_t *measured_bandwidth(const void *record)
{
    return out_json_number(((const results_shown *)record)->figures->best_bandwidth_gbs);
}

static json_t *measured_level_roofs(const void *record)
{
    const results_shown *r = record;
    return level_roofs_json(r->in, r->figures->measured_level_bandwidth_gbs);
}

static json_t *measured_ceilings(const void *record)
{
    return out_fields_value(&ceilings_row, &((const results_shown *)record)->figures->measured_ceilings);
}

static json_t *results_kernels(const void *record)
{
    const results_shown *r = record;
    return kernels_json(r->in, r->results, r->figures);
}

static json_t *sweep_json(const void *record)
{
    const gr_results *r = ((const results_shown *)record)->results;
    json_t *list = json_array();
    for (size_t i = 0; i < r->sweep_count; i++)
        json_array_append_new(list, out_fields_json(sweep_fields, &r->sweep[i]));
    return list;
}

static const out_field results_head_fields[] = {
    OUT_TEXT_ROW(gr_results, path, "file"),
    OUT_END,
};

static const out_field results_gpu_fields[] = {
    OUT_TEXT_ROW(gr_results, device.name, "gpu"),
    OUT_END,
};

static const out_field results_fp32_fields[] = {
    OUT_NUMBER_ROW(grc_roofline_results_figures, fp32_gflops, "measured_fp32_gflops"),
    OUT_END,
};

static bool results_has_levels(const void *record)
{
    return ((const results_shown *)record)->in->has_levels;
}

static const out_field results_fields[] = {
    OUT_SPLICE_PTR_ROW(results_shown, results, results_head_fields),
    OUT_TEXT_ROW(results_shown, device, "device"),
    OUT_SPLICE_PTR_ROW(results_shown, results, results_gpu_fields),
    OUT_GET_ROW("measured_bandwidth_gbs", measured_bandwidth),
    OUT_SPLICE_PTR_ROW(results_shown, figures, results_fp32_fields),
    OUT_GET_ROW("measured_level_bandwidths_gbs", measured_level_roofs, .when = results_has_levels, .omit = true),
    OUT_GET_ROW("measured_ceilings_gflops", measured_ceilings),
    OUT_GET_ROW("kernels", results_kernels),
    OUT_GET_ROW("sweep", sweep_json),
    OUT_END,
};

static json_t *results_json(const grc_roofline_inputs *in, const grc_roofline_figures *f)
{
    json_t *list = json_array();
    for (size_t i = 0; i < in->results_count; i++) {
        results_shown r = {in, in->results[i], in->devices[in->results_device[i]]->name, &f->results[i]};
        json_array_append_new(list, out_fields_json(results_fields, &r));
    }
    return list;
}

void plot_warn(json_t *warnings, const char *fmt, ...)
{
    gr_buf line = GR_BUF_INIT; /* paths and names: any length */
    va_list ap;
    va_start(ap, fmt);
    gr_buf_vaddf(&line, fmt, ap);
    va_end(ap);
    json_array_append_new(warnings, cli_json_text(gr_buf_text(&line)));
    gr_buf_free(&line);
}

void plot_print_warnings(const json_t *warnings)
{
    size_t i;
    const json_t *line;
    json_array_foreach(warnings, i, line)
        fprintf(stderr, "gpuroof: warning: %s\n", json_string_value(line) ? json_string_value(line) : "");
}

/* What a roofline chart drew. */
typedef struct {
    const grc_roofline_inputs *in;
    const grc_roofline_figures *figures;
    json_t *warnings, *ncu;
} roofline_shown;

static json_t *levels_json(const void *record)
{
    const grc_roofline_inputs *in = ((const roofline_shown *)record)->in;
    json_t *levels = json_array();
    for (gr_level l = GR_LEVEL_DRAM; in->has_levels && l <= GR_LEVEL_SHARED; l++)
        if (in->levels[l])
            json_array_append_new(levels, json_string(gr_level_key(l)));
    return levels;
}

static json_t *wavefront_bytes(const void *record)
{
    (void)record;
    return json_integer(GRC_WAVEFRONT_BYTES);
}

static json_t *roofline_devices(const void *record)
{
    const roofline_shown *r = record;
    return devices_json(r->in, r->figures);
}

static json_t *roofline_models(const void *record)
{
    const roofline_shown *r = record;
    return models_json(r->in, r->figures);
}

static json_t *roofline_points(const void *record)
{
    return points_json(((const roofline_shown *)record)->in);
}

static json_t *roofline_results(const void *record)
{
    const roofline_shown *r = record;
    return results_json(r->in, r->figures);
}

static json_t *ncu_object(const void *record)
{
    json_t *ncu = ((const roofline_shown *)record)->ncu;
    return ncu ? json_incref(ncu) : json_null();
}

static json_t *warnings_list(const void *record)
{
    return json_incref(((const roofline_shown *)record)->warnings);
}

static const out_field roofline_fields[] = {
    OUT_GET_ROW("levels", levels_json),
    OUT_GET_ROW("wavefront_bytes", wavefront_bytes),
    OUT_GET_ROW("devices", roofline_devices),
    OUT_GET_ROW("models", roofline_models),
    OUT_GET_ROW("points", roofline_points),
    OUT_GET_ROW("results", roofline_results),
    OUT_GET_ROW("ncu", ncu_object),
    OUT_GET_ROW("warnings", warnings_list),
    OUT_END,
};

json_t *plot_json_roofline(const grc_roofline_inputs *in, const grc_roofline_figures *f, json_t *warnings, json_t *ncu)
{
    json_t *j = plot_json_chart("roofline");
    roofline_shown shown = {in, f, warnings, ncu};
    out_fields_add(j, roofline_fields, &shown);
    return j;
}

/* An occupancy chart: its launch, and where the SM's limits put it. */
typedef struct {
    const char *device;
    const gr_launch *launch;
    const gr_occupancy *occupancy;
} occupancy_shown;

static const out_field launch_fields[] = {
    OUT_INT_ROW(gr_launch, threads_per_block, "threads_per_block"),
    OUT_INT_ROW(gr_launch, regs_per_thread, "regs_per_thread"),
    OUT_INT64_ROW(gr_launch, smem_per_block_bytes, "smem_per_block_bytes"),
    OUT_END,
};

static const out_field occupancy_result_fields[] = {
    OUT_INT_ROW(gr_occupancy, blocks_per_sm, "blocks_per_sm"),
    OUT_REAL_ROW(gr_occupancy, occupancy, "occupancy"),
    OUT_END,
};

/* the chart's three panels, left to right */
static json_t *panels(const void *record)
{
    (void)record;
    json_t *list = json_array();
    json_array_append_new(list, json_string("threads"));
    json_array_append_new(list, json_string("regs"));
    json_array_append_new(list, json_string("smem"));
    return list;
}

static json_t *no_warnings(const void *record)
{
    (void)record;
    return json_array();
}

static const out_field occupancy_fields[] = {
    OUT_TEXT_ROW(occupancy_shown, device, "device"),
    OUT_SPLICE_PTR_ROW(occupancy_shown, launch, launch_fields),
    OUT_SPLICE_PTR_ROW(occupancy_shown, occupancy, occupancy_result_fields),
    OUT_GET_ROW("panels", panels),
    OUT_GET_ROW("warnings", no_warnings),
    OUT_END,
};

json_t *plot_json_occupancy(const char *device, const gr_launch *launch, const gr_occupancy *occ)
{
    json_t *j = plot_json_chart("occupancy");
    occupancy_shown shown = {device, launch, occ};
    out_fields_add(j, occupancy_fields, &shown);
    return j;
}

static json_t *bank_block(const void *record)
{
    const gr_result_bank *bank = ((const plot_bank_point *)record)->bank;
    return json_sprintf("%dx%d", bank->block.x, bank->block.y);
}

/* which figure that is: never a prediction passed off as a count */
static json_t *wavefronts_from(const void *record)
{
    return json_string(grc_banks_counted(((const plot_bank_point *)record)->bank) ? "ncu" : "predicted");
}

static const out_field bank_kernel_fields[] = {
    OUT_TEXT_ROW(gr_result_bank, kernel, "kernel"),
    OUT_END,
};

static const out_field bank_pad_fields[] = {
    OUT_LLONG_ROW(gr_result_bank, pad, "pad"),
    OUT_END,
};

static const out_field bank_time_fields[] = {
    OUT_REAL_ROW(gr_result_bank, ns_per_rep, "ns_per_rep"),
    OUT_END,
};

static const out_field bank_point_fields[] = {
    OUT_SPLICE_PTR_ROW(plot_bank_point, bank, bank_kernel_fields),
    OUT_GET_ROW("block", bank_block),
    OUT_SPLICE_PTR_ROW(plot_bank_point, bank, bank_pad_fields),
    OUT_REAL_ROW(plot_bank_point, wavefronts, "wavefronts"),
    OUT_GET_ROW("wavefronts_from", wavefronts_from),
    OUT_SPLICE_PTR_ROW(plot_bank_point, bank, bank_time_fields),
    OUT_END,
};

static json_t *bank_points(const void *record)
{
    const plot_banks_result *b = record;
    json_t *points = json_array();
    for (size_t i = 0; i < b->point_count; i++)
        json_array_append_new(points, out_fields_json(bank_point_fields, &b->points[i]));
    return points;
}

static const out_field bank_results_fields[] = {
    OUT_TEXT_ROW(gr_results, path, "results"),
    OUT_TEXT_ROW(gr_results, device.name, "gpu"),
    OUT_END,
};

static const out_field banks_fields[] = {
    OUT_SPLICE_PTR_ROW(plot_banks_result, results, bank_results_fields),
    OUT_GET_ROW("points", bank_points),
    OUT_GET_ROW("warnings", no_warnings),
    OUT_END,
};

json_t *plot_json_banks(const plot_banks_result *b)
{
    json_t *j = plot_json_chart("banks");
    out_fields_add(j, banks_fields, b);
    return j;
}
