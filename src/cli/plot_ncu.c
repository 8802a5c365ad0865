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
#include "plot_json.h"
#include "plot_levels.h"

typedef struct {
    char shown[4200];
    gr_ncu_report report;
    gr_ncu_figures *figures;
    gr_ncu_group *groups;
    size_t group_count;
} ncu_read;

static bool ends_with(const char *text, const char *end)
{
    size_t n = strlen(text), k = strlen(end);
    return n >= k && strcmp(text + n - k, end) == 0;
}

/* The report's text: the file, standard input, or an .ncu-rep's raw page. */
static bool read_text(const char *file, char *shown, size_t size, cli_buffer *csv)
{
    char ncu[4096];
    if (ends_with(file, ".ncu-rep")) {
        snprintf(shown, size, "%s's raw page", file);
        return ncu_find(ncu, sizeof ncu, "reading an .ncu-rep (ncu --import)") && ncu_import(ncu, file, csv);
    }
    snprintf(shown, size, "%s", strcmp(file, "-") == 0 ? "standard input" : file);
    return cli_read_input(file, shown, GR_LIMIT_NCU_CSV, csv);
}

static bool read_report(const char *file, ncu_read *r)
{
    cli_buffer csv = {0};
    gr_error err;
    if (!read_text(file, r->shown, sizeof r->shown, &csv)) {
        free(csv.bytes);
        return false;
    }
    bool read = gr_ncu_read(r->shown, (const char *)csv.bytes, csv.size, &r->report, &err);
    free(csv.bytes);
    if (!read)
        return cli_error("%s", err.text);
    r->figures = malloc((r->report.count ? r->report.count : 1) * sizeof *r->figures);
    if (!r->figures)
        return cli_error("%s: out of memory", r->shown);
    for (size_t i = 0; i < r->report.count; i++)
        gr_ncu_figures_of_launch(&r->report.launches[i], &r->figures[i]);
    if (!gr_ncu_group_launches(&r->report, r->figures, &r->groups, &r->group_count, &err))
        return cli_error("%s: %s", r->shown, err.text);
    return true;
}

static void free_report(ncu_read *r)
{
    gr_ncu_report_free(&r->report);
    free(r->figures);
    free(r->groups);
}

/* The device: the first --device, else the shipped profile of the
 * report's GPU, which joins the chart. */
static bool choose_device(const plot_options *o, const ncu_read *r, plot_devices *d, size_t *index)
{
    const gr_gpu_info *gpu = &r->report.gpu;
    *index = 0;
    if (d->given > 0)
        return true;
    if (gpu->name[0] == '\0' || gpu->sm_count == 0)
        return cli_error("%s does not say which GPU it ran on (Nsight Compute's raw page does): give --device NAME",
                         r->shown);
    gr_profile_list list;
    const gr_profile *found = cli_find_gpu_profile(o->profiles, gpu, &list);
    if (found) {
        d->items[d->count] = *found;
        *index = d->count++;
    }
    gr_profile_list_free(&list);
    if (!found)
        return cli_error("%s ran on %s (compute capability %d.%d, %d SMs), which no device profile is: give "
                         "--device NAME", r->shown, gpu->name, gpu->cc_major, gpu->cc_minor, gpu->sm_count);
    return true;
}

/* "a, b, c and 2 more": the first names of a list, for the note. */
static void add_name(char *list, size_t size, size_t *count, const char *name)
{
    char label[96];
    gr_kernel_short_name(name, 0, label, sizeof label);
    if (*count < 3)
        snprintf(list + strlen(list), size - strlen(list), "%s%s", *count ? ", " : "", label);
    (*count)++;
}

static void name_rest(char *list, size_t size, size_t count)
{
    if (count > 3)
        snprintf(list + strlen(list), size - strlen(list), " and %zu more", count - 3);
}

/* A note too long for its line ends in "...", so that a reader sees it was cut. */
static void mark_cut(char *note, size_t size)
{
    memcpy(note + size - 4, "...", 4);
}

/* Why groups were left out: on the chart's note and standard error. */
static void note_left_out(const ncu_read *r, gr_roofline_inputs *in, json_t *warnings, size_t top,
                          const char *no_flops, size_t no_flops_count, size_t beyond)
{
    char note[sizeof in->level_kernels_note] = "";
    if (no_flops_count) {
        if (snprintf(note, sizeof note, "Not drawn: %zu kernel%s without FLOPs (%s).", no_flops_count,
                     no_flops_count == 1 ? "" : "s", no_flops) >= (int)sizeof note)
            mark_cut(note, sizeof note);
        plot_warn(warnings, "%s: %zu kernel%s without FLOPs, so without an intensity, not drawn: %s", r->shown,
                  no_flops_count, no_flops_count == 1 ? "" : "s", no_flops);
    }
    if (beyond) {
        size_t used = strlen(note);
        if (snprintf(note + used, sizeof note - used, "%s%zu more kernel%s past the top %zu by time.",
                     note[0] ? " " : "Not drawn: ", beyond, beyond == 1 ? "" : "s", top) >= (int)(sizeof note - used))
            mark_cut(note, sizeof note);
        plot_warn(warnings, "%s: %zu more kernel%s past the top %zu by time, not drawn (--top N draws more)",
                  r->shown, beyond, beyond == 1 ? "" : "s", top);
    }
    snprintf(in->level_kernels_note, sizeof in->level_kernels_note, "%s", note);
}

static json_t *kernel_json(const gr_ncu_group *g, const gr_chart_level_kernel *k)
{
    json_t *j = json_object(), *intensity = json_object();
    for (gr_level l = GR_LEVEL_DRAM; k && l <= GR_LEVEL_SHARED; l++)
        json_object_set_new(intensity, gr_level_key(l), plot_json_number(k->intensity[l]));
    if (k)
        json_object_set_new(j, "label", json_string(k->label));
    json_object_set_new(j, "kernel", json_string(g->kernel));
    json_object_set_new(j, "launches", json_integer((json_int_t)g->launches));
    json_object_set_new(j, "time_share", plot_json_number(g->time_share));
    if (k) {
        json_object_set_new(j, "gflops", plot_json_number(k->gflops));
        json_object_set_new(j, "intensity", intensity);
    } else {
        json_decref(intensity);
    }
    return j;
}

/* The top ones by time with FLOPs into in; the others counted. */
static bool pick(const ncu_read *r, size_t top, gr_roofline_inputs *in, json_t *warnings, json_t *json)
{
    const char *names[GR_CHART_MAX_ITEMS];
    char no_flops[160] = "", labels[GR_CHART_MAX_ITEMS][96];
    size_t no_flops_count = 0, beyond = 0;
    json_t *drawn = json_array(), *without = json_array(), *past = json_array();
    for (size_t i = 0; i < r->group_count; i++) {
        gr_chart_level_kernel k;
        if (!gr_chart_ncu_kernel(&r->groups[i].figures, "", &k)) {
            add_name(no_flops, sizeof no_flops, &no_flops_count, r->groups[i].kernel);
            json_array_append_new(without, kernel_json(&r->groups[i], NULL));
        } else if (in->level_kernel_count < top) {
            names[in->level_kernel_count] = r->groups[i].kernel;
            in->level_kernels[in->level_kernel_count++] = k;
        } else {
            beyond++;
            json_array_append_new(past, kernel_json(&r->groups[i], NULL));
        }
    }
    gr_kernel_labels(names, in->level_kernel_count, labels);
    for (size_t i = 0, g = 0; i < in->level_kernel_count; i++, g++) {
        while (r->groups[g].kernel != names[i])
            g++;
        memcpy(in->level_kernels[i].label, labels[i], sizeof labels[i]);
        json_array_append_new(drawn, kernel_json(&r->groups[g], &in->level_kernels[i]));
    }
    name_rest(no_flops, sizeof no_flops, no_flops_count);
    note_left_out(r, in, warnings, top, no_flops, no_flops_count, beyond);
    json_object_set_new(json, "drawn", drawn);
    json_object_set_new(json, "without_flops", without);
    json_object_set_new(json, "past_top", past);
    return true;
}

bool plot_ncu_load(const plot_options *o, plot_devices *d, gr_roofline_inputs *in, json_t *warnings,
                   json_t **json)
{
    int64_t top = o->top.given ? o->top.value : PLOT_NCU_TOP; /* 1..PLOT_NCU_TOP_MAX */
    ncu_read r = {0};
    bool ok = read_report(o->ncu, &r) && choose_device(o, &r, d, &in->level_kernels_device);
    if (ok) {
        *json = json_object();
        json_object_set_new(*json, "file", json_string(r.shown));
        json_object_set_new(*json, "device", json_string(d->items[in->level_kernels_device].name));
        json_object_set_new(*json, "launches", json_integer((json_int_t)r.report.count));
        json_object_set_new(*json, "kernels", json_integer((json_int_t)r.group_count));
        json_object_set_new(*json, "top", json_integer(top));
        ok = pick(&r, (size_t)top, in, warnings, *json);
    }
    free_report(&r);
    return ok;
}
