/* gpuroof plot --ncu (plot_levels.h): the kernels of a Nsight Compute
 * report on the hierarchical roofline, grouped as gpuroof ncu --group
 * groups them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "cli_process.h"
#include "chart_levels.h"
#include "kernel_label.h"
#include "ncu_output.h"
#include "output.h"
#include "plot_json.h"
#include "plot_levels.h"

static bool ends_with(const char *text, const char *end)
{
    size_t n = strlen(text), k = strlen(end);
    return n >= k && strcmp(text + n - k, end) == 0;
}

/* The report's text: the file, standard input, or an .ncu-rep's raw page. */
static bool read_text(const char *file, out_buf *shown, cli_buffer *csv)
{
    char ncu[4096];
    if (ends_with(file, ".ncu-rep")) {
        out_addf(shown, "%s's raw page", file);
        return ncu_find(ncu, sizeof ncu, "reading an .ncu-rep (ncu --import)") && ncu_import(ncu, file, csv);
    }
    out_addf(shown, "%s", strcmp(file, "-") == 0 ? "standard input" : file);
    return cli_read_input(file, out_buf_text(shown), GR_LIMIT_NCU_CSV, csv);
}

/* The report, its launches grouped as ncu --group groups them, held
 * against the first --device, else the shipped profile of the report's
 * GPU, which joins the chart; no device is an error. */
static bool analyse(const plot_options *o, const char *shown, const cli_buffer *csv, plot_devices *d,
                    gr_ncu_analysis *a, size_t *index)
{
    gr_error err;
    gr_profile_list list = {0};
    gr_ncu_request rq = {.group = true, .device_required = true, .device_hint = "--device NAME"};
    if (!gr_ncu_analysis_read(shown, (const char *)csv->bytes, csv->size, a, &err))
        return cli_error("%s", err.text);
    if (d->given > 0)
        rq.device = &d->items[0];
    else if (gr_ncu_analysis_needs_profiles(a))
        rq.profiles = cli_load_profiles(o->profiles, &list) ? &list : NULL;
    bool ok = gr_ncu_analysis_work_out(a, shown, &rq, &err);
    gr_profile_list_free(&list);
    if (!ok)
        return cli_error("%s", err.text);
    *index = 0;
    if (a->device_source == GR_NCU_DEVICE_FOUND) {
        d->items[d->count] = a->device;
        *index = d->count++;
    }
    return true;
}

/* "a, b, c and 2 more": the first names of a list, for the note. */
static void add_name(out_buf *list, size_t *count, const char *name)
{
    char label[96]; /* gr_kernel_short_name's: a label for the chart, cut to fit it */
    gr_kernel_short_name(name, 0, label, sizeof label);
    if (*count < 3)
        out_addf(list, "%s%s", *count ? ", " : "", label);
    (*count)++;
}

static void name_rest(out_buf *list, size_t count)
{
    if (count > 3)
        out_addf(list, " and %zu more", count - 3);
}

/* The chart's note, which is of fixed size: a note too long for it ends
 * in "...", so that a reader sees it was cut. */
static void set_note(gr_roofline_inputs *in, const out_buf *note)
{
    size_t size = sizeof in->level_kernels_note;
    snprintf(in->level_kernels_note, size, "%s", out_buf_text(note));
    if (strlen(out_buf_text(note)) >= size)
        memcpy(in->level_kernels_note + size - 4, "...", 4);
}

/* Why groups were left out: on the chart's note and standard error. */
static void note_left_out(const char *shown, gr_roofline_inputs *in, json_t *warnings, size_t top,
                          const char *no_flops, size_t no_flops_count, size_t beyond)
{
    out_buf note = OUT_BUF_INIT;
    if (no_flops_count) {
        out_addf(&note, "Not drawn: %zu kernel%s without FLOPs (%s).", no_flops_count, out_plural((long long)no_flops_count),
                 no_flops);
        plot_warn(warnings, "%s: %zu kernel%s without FLOPs, so without an intensity, not drawn: %s", shown,
                  no_flops_count, out_plural((long long)no_flops_count), no_flops);
    }
    if (beyond) {
        out_addf(&note, "%s%zu more kernel%s past the top %zu by time.", note.length ? " " : "Not drawn: ", beyond,
                 out_plural((long long)beyond), top);
        plot_warn(warnings, "%s: %zu more kernel%s past the top %zu by time, not drawn (--top N draws more)", shown,
                  beyond, out_plural((long long)beyond), top);
    }
    set_note(in, &note);
    out_buf_free(&note);
}

static json_t *kernel_json(const gr_ncu_group *g, const gr_chart_level_kernel *k)
{
    json_t *j = json_object(), *intensity = json_object();
    for (gr_level l = GR_LEVEL_DRAM; k && l <= GR_LEVEL_SHARED; l++)
        json_object_set_new(intensity, gr_level_key(l), out_json_number(k->intensity[l]));
    if (k)
        json_object_set_new(j, "label", json_string(k->label));
    json_object_set_new(j, "kernel", json_string(g->kernel));
    json_object_set_new(j, "launches", json_integer((json_int_t)g->launches));
    json_object_set_new(j, "time_share", out_json_number(g->time_share));
    if (k) {
        json_object_set_new(j, "gflops", out_json_number(k->gflops));
        json_object_set_new(j, "intensity", intensity);
    } else {
        json_decref(intensity);
    }
    return j;
}

/* The top ones by time with FLOPs into in; the others counted. */
static bool pick(const gr_ncu_analysis *a, const char *shown, size_t top, gr_roofline_inputs *in, json_t *warnings,
                 json_t *json)
{
    const char *names[GR_CHART_MAX_ITEMS];
    char labels[GR_CHART_MAX_ITEMS][96]; /* gr_kernel_labels' */
    out_buf no_flops = OUT_BUF_INIT;
    size_t no_flops_count = 0, beyond = 0;
    json_t *drawn = json_array(), *without = json_array(), *past = json_array();
    for (size_t i = 0; i < a->group_count; i++) {
        gr_chart_level_kernel k;
        if (!gr_chart_ncu_kernel(&a->groups[i].figures, "", &k)) {
            add_name(&no_flops, &no_flops_count, a->groups[i].kernel);
            json_array_append_new(without, kernel_json(&a->groups[i], NULL));
        } else if (in->level_kernel_count < top) {
            names[in->level_kernel_count] = a->groups[i].kernel;
            in->level_kernels[in->level_kernel_count++] = k;
        } else {
            beyond++;
            json_array_append_new(past, kernel_json(&a->groups[i], NULL));
        }
    }
    gr_kernel_labels(names, in->level_kernel_count, labels);
    for (size_t i = 0, g = 0; i < in->level_kernel_count; i++, g++) {
        while (a->groups[g].kernel != names[i])
            g++;
        memcpy(in->level_kernels[i].label, labels[i], sizeof labels[i]);
        json_array_append_new(drawn, kernel_json(&a->groups[g], &in->level_kernels[i]));
    }
    name_rest(&no_flops, no_flops_count);
    note_left_out(shown, in, warnings, top, out_buf_text(&no_flops), no_flops_count, beyond);
    out_buf_free(&no_flops);
    json_object_set_new(json, "drawn", drawn);
    json_object_set_new(json, "without_flops", without);
    json_object_set_new(json, "past_top", past);
    return true;
}

bool plot_ncu_load(const plot_options *o, plot_devices *d, gr_roofline_inputs *in, json_t *warnings,
                   json_t **json)
{
    int64_t top = o->top.given ? o->top.value : PLOT_NCU_TOP; /* 1..PLOT_NCU_TOP_MAX */
    out_buf shown = OUT_BUF_INIT;
    cli_buffer csv = {0};
    gr_ncu_analysis a = {0};
    bool ok = read_text(o->ncu, &shown, &csv) && analyse(o, out_buf_text(&shown), &csv, d, &a,
                                                         &in->level_kernels_device);
    free(csv.bytes);
    if (ok) {
        *json = json_object();
        json_object_set_new(*json, "file", json_string(out_buf_text(&shown)));
        json_object_set_new(*json, "device", json_string(d->items[in->level_kernels_device].name));
        json_object_set_new(*json, "launches", json_integer((json_int_t)a.report.count));
        json_object_set_new(*json, "kernels", json_integer((json_int_t)a.group_count));
        json_object_set_new(*json, "top", json_integer(top));
        ok = pick(&a, out_buf_text(&shown), (size_t)top, in, warnings, *json);
    }
    gr_ncu_analysis_free(&a);
    out_buf_free(&shown);
    return ok;
}
