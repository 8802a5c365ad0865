#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "gpuroof_chart.h"
#include "output.h"
#include "plot_json.h"

static json_t *chart_object(const char *kind)
{
    json_t *j = json_object();
    json_object_set_new(j, "chart", json_string(kind));
    json_object_set_new(j, "chart_file", json_null());
    json_object_set_new(j, "script_file", json_null());
    return j;
}

void plot_json_files(json_t *what, const char *chart_file, const char *script_file)
{
    json_object_set_new(what, "chart_file", chart_file ? cli_json_text(chart_file) : json_null());
    json_object_set_new(what, "script_file", script_file ? cli_json_text(script_file) : json_null());
}

/* Ceilings by precision, in the order the figures hold them. */
static json_t *ceilings_json(const gr_roofline_ceilings *c)
{
    json_t *ceilings = json_object();
    for (size_t k = 0; k < c->count; k++)
        json_object_set_new(ceilings, c->items[k].precision, json_real(c->items[k].gflops));
    return ceilings;
}

/* --levels: each level drawn and its bandwidth (null where unknown). */
static json_t *level_roofs_json(const gr_roofline_inputs *in, const double gbs[GR_MEMORY_LEVELS])
{
    json_t *roofs = json_object();
    for (gr_level l = GR_LEVEL_DRAM; l <= GR_LEVEL_SHARED; l++)
        if (in->levels[l])
            json_object_set_new(roofs, gr_level_key(l), out_json_number(gbs[l]));
    return roofs;
}

static json_t *devices_json(const gr_roofline_inputs *in, const gr_roofline_figures *f)
{
    json_t *list = json_array();
    for (size_t i = 0; i < in->device_count; i++) {
        const gr_profile *p = in->devices[i];
        const gr_roofline_device_figures *fig = &f->devices[i];
        json_t *d = json_object();
        json_object_set_new(d, "name", cli_json_text(p->name));
        json_object_set_new(d, "full_name", cli_json_text(p->full_name));
        json_object_set_new(d, "bandwidth_gbs", json_real(p->bandwidth_gbs));
        json_object_set_new(d, "ridge", out_json_number(fig->ridge_flop_per_byte));
        json_object_set_new(d, "ceilings_gflops", ceilings_json(&fig->ceilings));
        if (in->has_levels)
            json_object_set_new(d, "level_bandwidths_gbs", level_roofs_json(in, fig->level_bandwidth_gbs));
        json_array_append_new(list, d);
    }
    return list;
}

/* Each model, and where it sits on each device's roof. */
static json_t *models_json(const gr_roofline_inputs *in, const gr_roofline_figures *f)
{
    json_t *list = json_array();
    for (size_t m = 0; m < in->model_count; m++) {
        json_t *model = json_object(), *roofs = json_array();
        json_object_set_new(model, "label", cli_json_text(in->models[m].label));
        json_object_set_new(model, "intensity", json_real(in->models[m].intensity));
        for (size_t i = 0; i < in->device_count; i++) {
            json_t *roof = json_object();
            json_object_set_new(roof, "device", cli_json_text(in->devices[i]->name));
            const gr_work_place *place = &f->devices[i].models[m];
            /* gpuroof bound's figure, and the level whose roof gives it */
            json_object_set_new(roof, "gflops", out_json_number(place->gflops));
            json_object_set_new(roof, "binding_level", json_string(gr_level_key(place->binding)));
            json_object_set_new(roof, "drawn_at", json_string(gr_level_key(place->drawn_at)));
            json_object_set_new(roof, "intensity", json_real(place->intensity));
            json_array_append_new(roofs, roof);
        }
        json_object_set_new(model, "roofs", roofs);
        json_array_append_new(list, model);
    }
    return list;
}

static json_t *points_json(const gr_roofline_inputs *in)
{
    json_t *list = json_array();
    for (size_t i = 0; i < in->point_count; i++) {
        json_t *point = json_object();
        json_object_set_new(point, "label", cli_json_text(in->points[i].label));
        json_object_set_new(point, "intensity", json_real(in->points[i].intensity));
        json_object_set_new(point, "gflops", json_real(in->points[i].gflops));
        json_array_append_new(list, point);
    }
    return list;
}

/* The kernels drawn: the verified ones. */
static json_t *kernels_json(const gr_roofline_inputs *in, const gr_results *r, const gr_roofline_results_figures *f)
{
    json_t *list = json_array();
    for (size_t i = 0; i < r->kernel_count; i++) {
        const gr_result_kernel *k = &r->kernels[i];
        if (!k->verified)
            continue;
        json_t *kernel = json_object();
        json_object_set_new(kernel, "name", cli_json_text(k->name));
        json_object_set_new(kernel, "params", cli_json_text(k->params));
        json_object_set_new(kernel, "intensity", out_json_number(k->intensity));
        json_object_set_new(kernel, "gflops", out_json_number(k->gflops));
        if (f->kernels[i].has_level_intensity)
            json_object_set_new(kernel, "level_intensity", level_roofs_json(in, f->kernels[i].level_intensity));
        json_array_append_new(list, kernel);
    }
    return list;
}

static json_t *sweep_json(const gr_results *r)
{
    json_t *list = json_array();
    for (size_t i = 0; i < r->sweep_count; i++) {
        json_t *point = json_object();
        json_object_set_new(point, "intensity", out_json_number(r->sweep[i].intensity));
        json_object_set_new(point, "gflops", out_json_number(r->sweep[i].gflops));
        json_array_append_new(list, point);
    }
    return list;
}

static json_t *results_json(const gr_roofline_inputs *in, const gr_roofline_figures *f)
{
    json_t *list = json_array();
    for (size_t i = 0; i < in->results_count; i++) {
        const gr_results *r = in->results[i];
        const gr_roofline_results_figures *fig = &f->results[i];
        json_t *file = json_object();
        json_object_set_new(file, "file", cli_json_text(r->path));
        json_object_set_new(file, "device", cli_json_text(in->devices[in->results_device[i]]->name));
        json_object_set_new(file, "gpu", cli_json_text(r->device.name));
        json_object_set_new(file, "measured_bandwidth_gbs", out_json_number(fig->best_bandwidth_gbs));
        json_object_set_new(file, "measured_fp32_gflops", out_json_number(r->ceilings.fp32_gflops));
        if (in->has_levels)
            json_object_set_new(file, "measured_level_bandwidths_gbs", level_roofs_json(in, fig->measured_level_bandwidth_gbs));
        json_object_set_new(file, "measured_ceilings_gflops", ceilings_json(&fig->measured_ceilings));
        json_object_set_new(file, "kernels", kernels_json(in, r, fig));
        json_object_set_new(file, "sweep", sweep_json(r));
        json_array_append_new(list, file);
    }
    return list;
}

void plot_warn(json_t *warnings, const char *fmt, ...)
{
    out_buf line = OUT_BUF_INIT; /* paths and names: any length */
    va_list ap;
    va_start(ap, fmt);
    out_vaddf(&line, fmt, ap);
    va_end(ap);
    json_array_append_new(warnings, cli_json_text(out_buf_text(&line)));
    out_buf_free(&line);
}

void plot_print_warnings(const json_t *warnings)
{
    size_t i;
    const json_t *line;
    json_array_foreach(warnings, i, line)
        fprintf(stderr, "gpuroof: warning: %s\n", json_string_value(line) ? json_string_value(line) : "");
}

static json_t *levels_json(const gr_roofline_inputs *in)
{
    json_t *levels = json_array();
    for (gr_level l = GR_LEVEL_DRAM; in->has_levels && l <= GR_LEVEL_SHARED; l++)
        if (in->levels[l])
            json_array_append_new(levels, json_string(gr_level_key(l)));
    return levels;
}

json_t *plot_json_roofline(const gr_roofline_inputs *in, const gr_roofline_figures *f, json_t *warnings, json_t *ncu)
{
    json_t *j = chart_object("roofline");
    json_object_set_new(j, "levels", levels_json(in));
    json_object_set_new(j, "wavefront_bytes", json_integer(GR_WAVEFRONT_BYTES));
    json_object_set_new(j, "devices", devices_json(in, f));
    json_object_set_new(j, "models", models_json(in, f));
    json_object_set_new(j, "points", points_json(in));
    json_object_set_new(j, "results", results_json(in, f));
    json_object_set_new(j, "ncu", ncu ? json_incref(ncu) : json_null());
    json_object_set(j, "warnings", warnings);
    return j;
}

json_t *plot_json_occupancy(const char *device, const gr_launch *launch, const gr_occupancy *occ)
{
    json_t *j = chart_object("occupancy"), *panels = json_array();
    json_object_set_new(j, "device", device ? cli_json_text(device) : json_null());
    json_object_set_new(j, "threads_per_block", json_integer(launch->threads_per_block));
    json_object_set_new(j, "regs_per_thread", json_integer(launch->regs_per_thread));
    json_object_set_new(j, "smem_per_block_bytes", json_integer(launch->smem_per_block_bytes));
    json_object_set_new(j, "blocks_per_sm", json_integer(occ->blocks_per_sm));
    json_object_set_new(j, "occupancy", json_real(occ->occupancy));
    json_array_append_new(panels, json_string("threads"));
    json_array_append_new(panels, json_string("regs"));
    json_array_append_new(panels, json_string("smem"));
    json_object_set_new(j, "panels", panels);
    json_object_set_new(j, "warnings", json_array());
    return j;
}

json_t *plot_json_banks(const plot_banks_result *b)
{
    json_t *j = chart_object("banks"), *points = json_array();
    json_object_set_new(j, "results", cli_json_text(b->results->path));
    json_object_set_new(j, "gpu", cli_json_text(b->results->device.name));
    for (size_t i = 0; i < b->point_count; i++) {
        const gr_result_bank *bank = b->points[i].bank;
        json_t *point = json_object();
        json_object_set_new(point, "kernel", cli_json_text(bank->kernel));
        json_object_set_new(point, "block", json_sprintf("%dx%d", bank->block.x, bank->block.y));
        json_object_set_new(point, "pad", json_integer(bank->pad));
        json_object_set_new(point, "wavefronts", json_real(b->points[i].wavefronts));
        /* which figure that is: never a prediction passed off as a count */
        json_object_set_new(point, "wavefronts_from", json_string(gr_banks_counted(bank) ? "ncu" : "predicted"));
        json_object_set_new(point, "ns_per_rep", json_real(bank->ns_per_rep));
        json_array_append_new(points, point);
    }
    json_object_set_new(j, "points", points);
    json_object_set_new(j, "warnings", json_array());
    return j;
}
